import { AuthPage, authPageMetadata } from '@modules/auth/templates/auth-page';

export const generateMetadata = () => authPageMetadata('forgot');

export default function Page() {
  return <AuthPage view="FORGET_PASSWORD" next={undefined} />;
}
