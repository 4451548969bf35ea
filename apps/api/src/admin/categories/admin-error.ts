import type { FastifyReply } from 'fastify';
import { Refusal } from '../../lib/refusal.ts';

/** A back-office refusal of the catalogue areas (categories, brands, sliders, menus, coupons, settings; see Refusal). */
export class AdminError extends Refusal {}

export const fieldRefusal = (statusCode: AdminError['statusCode'], field: string, message: string) =>
  new AdminError(statusCode, message, { [field]: message });

/** Runs a handler; an AdminError becomes its answer, anything else goes to the app's error handler. */
export async function answer<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AdminError) {
      return reply.code(error.statusCode).send(error.body);
    }
    throw error;
  }
}

export { isForeignKeyViolation, isUniqueViolation } from '../../lib/refusal.ts';
