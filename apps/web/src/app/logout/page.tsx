import { AuthCard, AuthMessagesProvider, authPageMetadata } from '@modules/auth/templates/auth-page';
import { SignOutConfirm } from '@modules/auth/components/sign-out-confirm';

export const generateMetadata = () => authPageMetadata('logout');

export default function Page() {
  return (
    <AuthCard>
      <AuthMessagesProvider>
        <SignOutConfirm />
      </AuthMessagesProvider>
    </AuthCard>
  );
}
