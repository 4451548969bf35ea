import {
  type FieldRefusal,
  fieldRefusal as fieldRefusalOf,
  type ParamsOf,
  type RefusalBody,
  type RefusalCode,
  type RefusalParams,
  refusalMessage,
  refusalParams,
  refusalStatus,
} from '@shop/domain/refusals/index';

interface RefusalOptions {
  params?: RefusalParams;
  errors?: Record<string, FieldRefusal>;
  /** Only where one code answers with another status in one place (e.g. a taken slug is 409 on create, 400 elsewhere). */
  status?: number;
}

/**
 * A refusal the caller can act on (decision 037): a code from packages/domain's catalogue, its params, and per-field
 * refusals. Thrown anywhere (a service, a transaction, which it also rolls back), the one error handler
 * (plugins/error-handler.ts) answers `{ message, code, params?, errors? }` with the code's status.
 */
export class Refusal extends Error {
  readonly code: RefusalCode;
  readonly statusCode: number;
  readonly params?: RefusalParams;
  readonly errors?: Record<string, FieldRefusal>;

  constructor(code: RefusalCode, options: RefusalOptions = {}) {
    const params = refusalParams(code, options.params);
    super(refusalMessage(code as never, params as never));
    this.code = code;
    this.statusCode = options.status ?? refusalStatus(code);
    if (params) this.params = params;
    if (options.errors) this.errors = options.errors;
    this.name = new.target.name;
  }

  get body(): RefusalBody {
    const body: RefusalBody = { message: this.message, code: this.code };
    if (this.params) body.params = this.params;
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

/** A refusal of one field: the code is both the refusal's and the field's (`slug_taken` on `slug`). */
export function fieldRefusal<C extends RefusalCode>(
  field: string,
  code: C,
  ...[params, status]: Record<never, never> extends ParamsOf<C> ? [ParamsOf<C>?, number?] : [ParamsOf<C>, number?]
): Refusal {
  const error = fieldRefusalOf(code as never, params as never);
  return new Refusal(code, { params: error.params, errors: { [field]: error }, ...(status ? { status } : {}) });
}

/** The code an uncoded status answers with. */
export function genericCode(status: number): RefusalCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'not_signed_in';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'bad_request';
    case 429:
      return 'rate_limited';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}

/** PostgreSQL error codes of interest, found however deep drizzle and the driver wrapped them (`cause`). */
function findCode(error: unknown, code: string, constraint?: string): boolean {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === code && (constraint === undefined || current.constraint === undefined || current.constraint === constraint)) return true;
    if (current.cause === current) break;
  }
  return false;
}

/** A unique violation, optionally on one index (another write won a race past our own check). */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => findCode(error, '23505', constraint);

/** A foreign-key violation: a row still refers to the one being deleted. */
export const isForeignKeyViolation = (error: unknown): boolean => findCode(error, '23503');
