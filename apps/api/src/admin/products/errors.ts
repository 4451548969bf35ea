import type { FastifyReply } from 'fastify';
import { Refusal } from '../../lib/refusal.ts';
import type { RefusalBody } from '@shop/domain/refusals/index';

/**
 * A refusal staff can act on: a status and `{ message, errors }` naming the field (`slug`, `variants.2.sku`, ...).
 * Thrown inside the write's transaction it also rolls the change (and its audit record) back.
 */
export class AdminProductError extends Refusal {
  constructor(
    statusCode: number,
    message: string,
    errors?: Record<string, string>,
    /** CSV import: every problem by row and column. */
    readonly rows?: { row: number; column: string; message: string }[],
  ) {
    super(statusCode, message, errors);
  }

  override get body(): RefusalBody & { rows?: { row: number; column: string; message: string }[] } {
    return { ...super.body, ...(this.rows ? { rows: this.rows } : {}) };
  }
}

/** A refusal naming one field: "slug is already used by another product". */
export function fieldRefusal(statusCode: AdminProductError['statusCode'], field: string, message: string): AdminProductError {
  return new AdminProductError(statusCode, `${field} ${message}`, { [field]: message });
}

/** Runs a route's work and answers an AdminProductError (or the personalisation checks' refusals) as its body. */
export async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminProductError) return reply.code(error.statusCode).send(error.body);
    if (error instanceof Error && error.name === 'CustomisationError') {
      const refusal = error as Error & { statusCode: number; body: unknown };
      return reply.code(refusal.statusCode).send(refusal.body);
    }
    throw error;
  }
}

/** PostgreSQL's unique violation (another write won a race past our own check): the index that refused it. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; constraint_name?: string; message?: string };
    if (pg.code === '23505') return pg.constraint ?? pg.constraint_name ?? pg.message ?? '';
    if ((e as { cause?: unknown }).cause === e) break;
  }
  return null;
}
