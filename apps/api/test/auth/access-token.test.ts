import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokenVerifier } from '../../src/auth/access-token.ts';

/** The access-token verifier remembers verified tokens (decision 026); what it answers must not change by that. */

const SITE = 'http://localhost:3000';

async function signer() {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' };
  let loads = 0;
  const verify = createAccessTokenVerifier({
    issuer: SITE,
    audience: SITE,
    loadKeys: () => {
      loads++;
      return Promise.resolve({ keys: [jwk] });
    },
  });
  const sign = (claims: Record<string, unknown>, expiresAt: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setIssuer(SITE)
      .setAudience(SITE)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  return { verify, sign, loads: () => loads };
}

describe('access-token verifier', () => {
  it('answers a remembered token until it expires, and null from then on', async () => {
    const { verify, sign } = await signer();
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = await sign({ sub: 'c0ffee00-0000-4000-8000-000000000001', role: 'customer' }, expiresAt);
    expect(await verify(token)).toMatchObject({ sub: 'c0ffee00-0000-4000-8000-000000000001', role: 'customer' });
    expect(await verify(token)).toMatchObject({ sub: 'c0ffee00-0000-4000-8000-000000000001' });
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    expect(await verify(token)).toBeNull();
  });

  it('still refuses a changed token after the genuine one was remembered', async () => {
    const { verify, sign, loads } = await signer();
    const token = await sign({ sub: 'c0ffee00-0000-4000-8000-000000000002', role: 'customer' }, Math.floor(Date.now() / 1000) + 600);
    expect(await verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' })).toString('base64url');
    expect(await verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await verify(`${token}x`)).toBeNull();
    expect(await verify(token)).toMatchObject({ role: 'customer' });
    expect(loads()).toBe(1);
  });

  it('never remembers an expired token', async () => {
    const { verify, sign } = await signer();
    const token = await sign({ sub: 'c0ffee00-0000-4000-8000-000000000003' }, Math.floor(Date.now() / 1000) - 1);
    expect(await verify(token)).toBeNull();
    expect(await verify(token)).toBeNull();
  });
});
