import { AuthPage, authPageMetadata } from '@modules/auth/templates/auth-page';

export const generateMetadata = () => authPageMetadata('signUp');

export default async function Page({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  return <AuthPage view="SIGN_UP_VIEW" next={next} />;
}
