import { describe, expect, it } from 'vitest';
import { decodeClaims, userFromToken } from './jwt-claims';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${encode({ alg: 'EdDSA', kid: 'k' })}.${encode(payload)}.c2lnbmF0dXJl`;

describe('token claims', () => {
  it('reads name, email and phone_number into the signed-in user', () => {
    const token = jwt({ sub: 'u1', exp: 2_000_000_000, name: 'प्रिया शर्मा', email: 'p@example.com', phone_number: '+919876543210', role: 'customer' });
    expect(userFromToken(token)).toEqual({
      id: 'u1',
      name: 'प्रिया शर्मा',
      email: 'p@example.com',
      mobile: '+919876543210',
      role: 'customer',
      token,
    });
  });

  it('a phone-only user has no email', () => {
    expect(userFromToken(jwt({ sub: 'u2', exp: 2_000_000_000, name: 'Asha', phone_number: '+919876543210' }))?.email).toBeNull();
  });

  it('refuses tokens that are not JWTs or lack sub and exp', () => {
    expect(decodeClaims('nonsense')).toBeNull();
    expect(decodeClaims('a.b.c')).toBeNull();
    expect(decodeClaims(jwt({ exp: 1 }))).toBeNull();
    expect(decodeClaims(jwt({ sub: 'u' }))).toBeNull();
  });
});
