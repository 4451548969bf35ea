import { z } from 'zod';
import { coded } from '@shop/domain/field-errors';
import { normaliseIndianMobile } from '@shop/domain/phone';
import { passwordLimits, PROFILE_NAME_MAX } from '@shop/domain/refusals/account';

/**
 * Form rules of the sign-in screens. Each check names a refusal code of the account area (decision 037), the same
 * code the API answers for the same mistake (`invalid_email`, `password_too_short`, `phone_invalid`), translated
 * where it is shown. Password lengths match the API (8 to 128).
 */
const email = z
  .string()
  .trim()
  .min(1, coded('email_required'))
  .pipe(z.email(coded('invalid_email')));
const newPassword = z.string().min(passwordLimits.min, coded('password_too_short')).max(passwordLimits.max, coded('password_too_long'));
const name = z.string().trim().min(1, coded('name_required')).max(PROFILE_NAME_MAX, coded('profile_name_too_long'));

const phoneField = z
  .string()
  .trim()
  .min(1, coded('mobile_required'))
  .refine((value) => normaliseIndianMobile(value) !== null, coded('phone_invalid'));

export const phoneSchema = z.object({ phone: phoneField });
export const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, coded('otp_format_invalid')),
});
export const loginSchema = z.object({ email, password: z.string().min(1, coded('password_required')) });
export const emailOnlySchema = z.object({ email });
export const signUpSchema = z.object({ name, email, password: newPassword });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: coded('passwords_differ'), path: ['confirm'] });

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, coded('password_required')), password: newPassword, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: coded('passwords_differ'), path: ['confirm'] });

export const nameSchema = z.object({ name });

export type PhoneForm = z.infer<typeof phoneSchema>;
export type CodeForm = z.infer<typeof codeSchema>;
export type LoginForm = z.infer<typeof loginSchema>;
export type EmailOnlyForm = z.infer<typeof emailOnlySchema>;
export type SignUpForm = z.infer<typeof signUpSchema>;
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;
export type NameForm = z.infer<typeof nameSchema>;

/** "+919876543210" as people read it: "+91 98765 43210". */
export function formatIndianMobile(e164: string): string {
  const digits = e164.replace(/^\+91/, '');
  return digits.length === 10 ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : e164;
}
