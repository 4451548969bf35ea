'use client';

import { AuthMessages } from '@modules/auth/components/auth-messages';
import { ModalAuthFlow } from '@modules/auth/components/auth-flow';

/** LOGIN_VIEW in the modal host: the sign-in flow opened at this view (spec §2). */
export default function View() {
  return (
    <AuthMessages>
      <ModalAuthFlow view="LOGIN_VIEW" />
    </AuthMessages>
  );
}
