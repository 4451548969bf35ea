import { AuthPage, authPageMetadata } from '@modules/auth/templates/auth-page';

export const generateMetadata = () => authPageMetadata('otp');

export default async function Page({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  return <AuthPage view="OTP_LOGIN_VIEW" next={next} />;
}
