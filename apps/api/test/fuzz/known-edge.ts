import type { FuzzRequest, Operation } from './operations.ts';

/**
 * TO BE EMPTIED. 5xx answers the fuzzer tolerates for now, because issue 19's edge guard (finding 6: "one guard turns
 * control characters and non-object bodies into 400 with a code before any handler; malformed multipart is 400") is
 * built on another branch. Each entry recognises a request by the bad input that guard refuses; a 5xx to such a
 * request is counted and printed as "known edge", not failed. Once the guard is merged, empty this list: from then on
 * every 5xx fails the fuzz run (decision 058).
 */
export interface KnownEdge {
  name: string;
  /** Whether a request carries this kind of bad input. */
  matches(request: FuzzRequest, operation: Operation): boolean;
}

/** C0 control characters and DEL, but not the tab and line breaks a text field may hold. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: look at each decodable escape on its own.
    return text.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  }
}

function parsedBody(request: FuzzRequest): { ok: true; value: unknown } | { ok: false } {
  if (request.payload === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(request.payload) };
  } catch {
    return { ok: false };
  }
}

function anyString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (Array.isArray(value)) return value.some((item) => anyString(item, test));
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => test(key) || anyString(item, test));
  return false;
}

export const KNOWN_EDGE: KnownEdge[] = [
  {
    // First: a multipart body is bytes, control characters included.
    name: 'malformed multipart body (issue 19 finding 6: customised-uploads)',
    matches(request) {
      return /^multipart\//i.test(request.headers['content-type'] ?? '');
    },
  },
  {
    name: 'control character in the URL or body (issue 19 finding 6: NUL in a query, coupon code, phoneNumber, name)',
    matches(request) {
      if (CONTROL.test(decoded(request.url))) return true;
      const body = parsedBody(request);
      if (body.ok) return anyString(body.value, (text) => CONTROL.test(text));
      return request.payload !== undefined && CONTROL.test(request.payload);
    },
  },
  {
    name: 'JSON body that is not an object (issue 19 finding 6: non-object body on update-user)',
    matches(request) {
      const body = parsedBody(request);
      return body.ok && (body.value === null || typeof body.value !== 'object' || Array.isArray(body.value));
    },
  },
  {
    // The same fault as the entry above: better-auth's phone-number plugin matches its hook with `'phoneNumber' in
    // body`, which throws when there is no body object at all.
    name: 'update-user with no body (issue 19 finding 6: the non-object body on update-user, by another way)',
    matches(request, operation) {
      return operation.id === 'postAuthUpdateUser' && request.payload === undefined;
    },
  },
];

/** The known edge a request falls under, if any. */
export function knownEdgeOf(operation: Operation, request: FuzzRequest): KnownEdge | undefined {
  return KNOWN_EDGE.find((edge) => edge.matches(request, operation));
}
