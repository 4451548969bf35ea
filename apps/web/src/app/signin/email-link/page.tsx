import { EmailLinkPage, emailLinkPageMetadata } from '@modules/auth/templates/email-link-page';

export const generateMetadata = () => emailLinkPageMetadata('magic-link');

/** The mailed sign-in link lands here (`?next=…#token=…`): the address, and a button that signs in (decision 145). */
export default async function Page({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  return <EmailLinkPage kind="magic-link" next={next} />;
}
