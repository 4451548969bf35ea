/**
 * Order refusals are coded `Refusal`s (lib/refusal.ts, codes in packages/domain refusals/orders.ts; decision 037).
 * This module only keeps the database error check other modules import from here.
 */
export { isUniqueViolation } from '../lib/refusal.ts';
