import { isRefusalCode, type RefusalBody, refusalMessage, refusalParams } from '@shop/domain/refusals/index';
import { genericCode } from '../lib/refusal.ts';

/** A sign-in limit's wait (`rate_limited`'s `minutes`): whole minutes, rounded up, at least one. */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/**
 * better-auth's refusals in the API's shape (decision 037). better-auth answers `{ code: "INVALID_OTP", message }`;
 * its code, in lower case, is ours when the catalogue lists it (packages/domain/src/refusals/account.ts: the codes of
 * the flows the storefront offers), with the catalogue's text and fixed params, so the storefront can translate it;
 * any other gets the generic code of its status and keeps better-auth's English text.
 */
export function authRefusal(status: number, text: string): RefusalBody {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    const value = text === '' ? null : (JSON.parse(text) as unknown);
    if (value && typeof value === 'object') parsed = value;
  } catch {
    // Not JSON: the generic answer below.
  }
  const ownCode = typeof parsed.code === 'string' ? parsed.code.toLowerCase() : undefined;
  if (isRefusalCode(ownCode)) {
    const params = refusalParams(ownCode);
    return params ? { message: refusalMessage(ownCode as never), code: ownCode, params } : { message: refusalMessage(ownCode as never), code: ownCode };
  }
  const code = genericCode(status);
  const message = typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : refusalMessage(code as never);
  return { message, code };
}
