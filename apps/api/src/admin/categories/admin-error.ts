import type { FastifyReply } from 'fastify';

/**
 * A back-office refusal the staff member can act on: the status and `{ message, errors }` naming the field. Thrown
 * inside a transaction it also rolls the change (and its audit record) back. Shared by the catalogue areas
 * (categories, brands, sliders, menus, coupons, settings).
 */
export class AdminError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409 | 413 | 415,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

export const fieldRefusal = (statusCode: AdminError['statusCode'], field: string, message: string) =>
  new AdminError(statusCode, message, { [field]: message });

/** Runs a handler; an AdminError becomes its answer, anything else goes to the app's error handler. */
export async function answer<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AdminError) {
      return reply.code(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    throw error;
  }
}

/** A PostgreSQL unique violation (drizzle wraps the driver's error in `cause`), optionally on one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505' && (constraint === undefined || current.constraint === undefined || current.constraint === constraint)) return true;
  }
  return false;
}

/** A PostgreSQL foreign-key violation: a row still refers to the one being deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23503') return true;
  }
  return false;
}
