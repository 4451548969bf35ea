import { describe, expect, it } from 'vitest';
import { hashOtp, protectVerificationValue, submittedOtp } from './otp-hash.ts';

const secret = 's'.repeat(32);

describe('OTP hashing', () => {
  it('hashes the code of sign-in and reset OTP rows, keeping the attempt count', () => {
    const stored = protectVerificationValue(secret, 'phone-number-otp-+919876543210', '123456:0');
    expect(stored).toBe(`${hashOtp(secret, '123456')}:0`);
    expect(stored).not.toContain('123456');
    expect(protectVerificationValue(secret, 'phone-number-reset-+919876543210', '654321:2')).toBe(`${hashOtp(secret, '654321')}:2`);
  });

  it('leaves hashed values and other rows alone', () => {
    const hashed = `${hashOtp(secret, '123456')}:1`;
    expect(protectVerificationValue(secret, 'phone-number-otp-+919876543210', hashed)).toBe(hashed);
    expect(protectVerificationValue(secret, 'reset-password:abc', '123456:0')).toBe('123456:0');
  });

  it('depends on the secret', () => {
    expect(hashOtp(secret, '123456')).not.toBe(hashOtp('t'.repeat(32), '123456'));
  });

  it('turns a submitted code into what the plugin compares, refusing non-digits', () => {
    expect(submittedOtp(secret, '123456')).toBe(hashOtp(secret, '123456'));
    expect(submittedOtp(secret, hashOtp(secret, '123456'))).toBe('invalid');
    expect(submittedOtp(secret, 123456)).toBe('invalid');
  });
});
