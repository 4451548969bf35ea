/**
 * A refusal the customer can act on: the status to answer and `{ message, errors }` naming the field
 * (e.g. `items.1.quantity`). Thrown inside a transaction it also rolls the transaction back.
 */
export class OrderError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 409 | 422,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'OrderError';
  }

  get body(): { message: string; errors?: Record<string, string> } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** A PostgreSQL unique violation on `constraint` (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505' && (current.constraint === undefined || current.constraint === constraint)) return true;
  }
  return false;
}
