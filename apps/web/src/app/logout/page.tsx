import { AuthCard, AuthMessagesProvider, authPageMetadata } from '@modules/auth/templates/auth-page';
import { SignOutRunner } from '@modules/auth/components/sign-out-runner';

export const generateMetadata = () => authPageMetadata('logout');

export default function Page() {
  return (
    <AuthCard>
      <AuthMessagesProvider>
        <SignOutRunner />
      </AuthMessagesProvider>
    </AuthCard>
  );
}
