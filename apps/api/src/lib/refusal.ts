/**
 * A refusal the caller can act on: the status to answer and `{ message, errors }` naming the field (`items.1.quantity`,
 * `files`, `slug`…). Thrown inside a transaction it also rolls the transaction back. Each area names its own subclass
 * (OrderError, CustomisationError, AdminError…) so its routes answer only the refusals they expect.
 */
export class Refusal<Status extends number = number> extends Error {
  constructor(
    readonly statusCode: Status,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  get body(): { message: string; errors?: Record<string, string> } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
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
