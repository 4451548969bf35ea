import { z } from 'zod';
import { normaliseIndianMobile } from '@shop/domain/phone';

/**
 * Form rules of the sign-in screens. Each message is a key under `auth.errors`, translated where it
 * is shown, so one schema serves en, hi and ar. Password lengths match the API (8 to 128).
 */
const email = z.string().trim().min(1, 'emailRequired').pipe(z.email('emailInvalid'));
const newPassword = z.string().min(8, 'passwordShort').max(128, 'passwordLong');

export const phoneField = z
  .string()
  .trim()
  .min(1, 'phoneRequired')
  .refine((value) => normaliseIndianMobile(value) !== null, 'phoneInvalid');

export const phoneSchema = z.object({ phone: phoneField });
export const codeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'codeInvalid') });
export const loginSchema = z.object({ email, password: z.string().min(1, 'passwordRequired') });
export const emailOnlySchema = z.object({ email });
export const signUpSchema = z.object({ name: z.string().trim().min(1, 'nameRequired').max(100, 'nameLong'), email, password: newPassword });

export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: 'passwordsDiffer', path: ['confirm'] });

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'passwordRequired'), password: newPassword, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: 'passwordsDiffer', path: ['confirm'] });

export const nameSchema = z.object({ name: z.string().trim().min(1, 'nameRequired').max(100, 'nameLong') });

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
