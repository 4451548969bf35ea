/**
 * Every status an order can have, in the order of its normal path (order-status.ts has the rules). Its own module,
 * without zod, so the storefront's browser code can check an answer's status against it without shipping zod.
 */
export const orderStatuses = ['placed', 'confirmed', 'in_production', 'packed', 'shipped', 'delivered', 'cancelled', 'returned', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
