import { Refusal } from '../lib/refusal.ts';

export { isUniqueViolation } from '../lib/refusal.ts';

/** A refusal of an order, a coupon or a status change (see Refusal). */
export class OrderError extends Refusal {}
