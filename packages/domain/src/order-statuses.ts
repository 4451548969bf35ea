/**
 * Every status an order can have, in the order of its normal path (order-status.ts has the rules). Its own module,
 * without zod, so the storefront's browser code can check an answer's status against it without shipping zod.
 */
export const orderStatuses = ['placed', 'confirmed', 'in_production', 'packed', 'shipped', 'delivered', 'cancelled', 'returned', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * An order still on its way to the customer: placed and neither delivered nor cancelled (issue 19 limits how many
 * cash-on-delivery orders one customer may have open). Returned and refunded come only after delivery.
 */
export const OPEN_ORDER_STATUSES = ['placed', 'confirmed', 'in_production', 'packed', 'shipped'] as const satisfies readonly OrderStatus[];
