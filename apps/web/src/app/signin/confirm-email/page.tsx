import { EmailLinkPage, emailLinkPageMetadata } from '@modules/auth/templates/email-link-page';

export const generateMetadata = () => emailLinkPageMetadata('verify-email');

/** The mailed verification link lands here (`?next=…#token=…`): the address, and a button that confirms it (decision 145). */
export default async function Page({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  return <EmailLinkPage kind="verify-email" next={next} />;
}
