'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useUI } from '@modules/common/ui-store';
import { modalTitleId } from '@modules/common/modal/ids';
import { EmailLoginForm } from './email-login-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleButton } from './google-button';
import { OtpLoginForm } from './otp-login-form';
import { SignUpForm } from './sign-up-form';
import type { AuthFormProps, AuthView } from './types';

const forms: Record<AuthView, (props: AuthFormProps) => ReactNode> = {
  OTP_LOGIN_VIEW: OtpLoginForm,
  LOGIN_VIEW: EmailLoginForm,
  SIGN_UP_VIEW: SignUpForm,
  FORGET_PASSWORD: ForgotPasswordForm,
};

const titleKey = { OTP_LOGIN_VIEW: 'otp', LOGIN_VIEW: 'login', SIGN_UP_VIEW: 'signUp', FORGET_PASSWORD: 'forgot' } as const;

interface FlowBodyProps {
  view: AuthView;
  onNavigate: (view: AuthView) => void;
  next: string | null;
  heading: 'h1' | 'h2';
  headingId?: string;
  autoFocus: boolean;
}

function FlowBody({ view, onNavigate, next, heading: Heading, headingId, autoFocus }: FlowBodyProps) {
  const t = useTranslations('auth');
  const Form = forms[view];
  const showGoogle = view !== 'FORGET_PASSWORD';
  return (
    <div className="flex flex-col gap-5" data-auth-view={view}>
      <div>
        <Heading id={headingId} className="font-display text-2xl font-semibold text-ink">
          {t(`${titleKey[view]}.title`)}
        </Heading>
        <p className="mt-1 text-sm text-muted">{t(`${titleKey[view]}.subtitle`)}</p>
      </div>
      {showGoogle ? <GoogleButton next={next} /> : null}
      <Form key={view} onNavigate={onNavigate} next={next} autoFocus={autoFocus} />
    </div>
  );
}

/** The four views inside the modal host: the view name lives in the UI store (spec §2). */
export function ModalAuthFlow({ view }: { view: AuthView }) {
  const setModalView = useUI((s) => s.setModalView);
  const next = useUI((s) => (typeof s.modalData?.next === 'string' ? s.modalData.next : null));
  return (
    <div className="p-5 pt-12 sm:p-8 sm:pt-12">
      <div className="mx-auto max-w-md">
        <FlowBody view={view} onNavigate={setModalView} next={next} heading="h2" headingId={modalTitleId} autoFocus />
      </div>
    </div>
  );
}

/** The same views full-page (/signin, /signup, /forget-password); switching views stays on the page. */
export function PageAuthFlow({ initialView, next }: { initialView: AuthView; next: string | null }) {
  const [view, setView] = useState(initialView);
  // The first view is the page's own (focus stays where the page put it); a view switched to takes the focus.
  const [switched, setSwitched] = useState(false);
  return (
    <FlowBody
      view={view}
      onNavigate={(target) => {
        setSwitched(true);
        setView(target);
      }}
      next={next}
      heading="h1"
      autoFocus={switched}
    />
  );
}
