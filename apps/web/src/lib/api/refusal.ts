/**
 * The API's refusal, as every client call reads it (decision 037): `{ message, code, params?, errors? }`. `code` is
 * what the storefront branches on and translates (refusal-text.ts); `message` is the API's English text, shown only
 * when this storefront does not know the code yet.
 */
type RefusalParamValue = string | number | readonly string[];
export type RefusalParamsOf = Record<string, RefusalParamValue>;

export interface CodedText {
  code: string;
  message: string;
  params?: RefusalParamsOf;
}

export interface Refusal extends CodedText {
  status: number;
  errors?: Record<string, CodedText>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

function paramsOf(value: unknown): RefusalParamsOf | undefined {
  if (!isObject(value)) return undefined;
  const params: RefusalParamsOf = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number') params[key] = item;
    else if (isStringList(item)) params[key] = item;
  }
  return params;
}

function codedTextOf(value: unknown, fallback: CodedText): CodedText {
  if (!isObject(value)) return fallback;
  const code = typeof value.code === 'string' && value.code !== '' ? value.code : fallback.code;
  const message = typeof value.message === 'string' && value.message !== '' ? value.message : fallback.message;
  const params = paramsOf(value.params);
  return params ? { code, message, params } : { code, message };
}

/** The generic code of a status, for an answer that came without one (a proxy's error page, a dropped connection). */
function codeOfStatus(status: number): string {
  if (status === 401) return 'not_signed_in';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return status === 503 ? 'service_unavailable' : 'internal';
  return 'bad_request';
}

/** A failed answer's body, checked field by field (never cast): what is missing gets the status's generic code. */
export function refusalFrom(status: number, body: unknown, statusText = ''): Refusal {
  const top = codedTextOf(body, { code: codeOfStatus(status), message: statusText || `Request failed (${status})` });
  const refusal: Refusal = { status, ...top };
  if (isObject(body) && isObject(body.errors)) {
    const errors: Record<string, CodedText> = {};
    for (const [field, value] of Object.entries(body.errors)) {
      // An older API answered plain strings per field.
      errors[field] =
        typeof value === 'string' ? { code: 'invalid_value', message: value } : codedTextOf(value, { code: 'invalid_value', message: 'is invalid' });
    }
    refusal.errors = errors;
  }
  return refusal;
}
