export type AuthView = 'OTP_LOGIN_VIEW' | 'LOGIN_VIEW' | 'SIGN_UP_VIEW' | 'FORGET_PASSWORD';

export interface AuthFormProps {
  /** Move to another view of the flow. */
  onNavigate: (view: AuthView) => void;
  /** Where to go after signing in (already checked to be a same-origin path), or null to stay. */
  next: string | null;
  /** Focus the first field on mount (when the visitor switched views). */
  autoFocus?: boolean;
}
