import { describe, expect, it } from 'vitest';
import { fieldRefusalsOf, firstFieldErrors } from './field-errors.ts';
import { newsletterRequestSchema, newsletterTokenSchema } from './newsletter.ts';

const errorsOf = (input: unknown) => {
  const result = newsletterRequestSchema.safeParse(input);
  return result.success ? {} : firstFieldErrors(result.error);
};

describe('newsletter form (spec §5)', () => {
  it('stores the address in lower case, trimmed', () => {
    expect(newsletterRequestSchema.parse({ email: '  Asha.Verma@Example.COM ' })).toEqual({ email: 'asha.verma@example.com' });
  });

  it('says "Email is required" for a missing or blank address', () => {
    expect(errorsOf({})).toEqual({ email: 'Email is required' });
    expect(errorsOf({ email: '  ' })).toEqual({ email: 'Email is required' });
  });

  it('says "Please provide valid email address." (with its full stop) for anything else', () => {
    for (const email of ['asha', 'asha@', '@example.com', 'asha@example', 'a b@example.com']) {
      expect(errorsOf({ email }), email).toEqual({ email: 'Please provide valid email address.' });
    }
    expect(errorsOf({ email: `${'a'.repeat(250)}@example.com` })).toEqual({ email: 'Please provide valid email address.' });
  });

  it('accepts only tokens of the form it mails out', () => {
    expect(newsletterTokenSchema.safeParse({ token: 'A'.repeat(43) }).success).toBe(true);
    expect(newsletterTokenSchema.safeParse({ token: 'A'.repeat(42) }).success).toBe(false);
    expect(newsletterTokenSchema.safeParse({ token: `${'A'.repeat(42)}=` }).success).toBe(false);
    expect(newsletterTokenSchema.safeParse({}).success).toBe(false);
    expect(fieldRefusalsOf(newsletterTokenSchema.safeParse({ token: 'x' }).error!)).toEqual({
      token: { code: 'newsletter_token_invalid', message: 'This link is not valid or has expired.' },
    });
    expect(fieldRefusalsOf(newsletterTokenSchema.safeParse({ token: ' ' }).error!).token?.code).toBe('newsletter_token_required');
  });

  it('names its own code for the full-stop text', () => {
    expect(fieldRefusalsOf(newsletterRequestSchema.safeParse({ email: 'x' }).error!).email?.code).toBe('newsletter_email_invalid');
    expect(fieldRefusalsOf(newsletterRequestSchema.safeParse({}).error!).email?.code).toBe('email_required');
  });
});
