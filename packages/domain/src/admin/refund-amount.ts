import type { Paise } from '../money.ts';

/**
 * What a refund by lines gives back (issue 20, decision 063): the units' share of what was paid for the items. An
 * order's items were paid at their prices less the coupon's discount and less the online-payment saving (decision
 * 065), both taken off the items and not off shipping or gift wrap, so both are shared by the units in proportion to
 * their prices. Shipping and gift wrap are not refunded by line.
 *
 * Rounding is done on the running total, not refund by refund: a refund gives the share of every unit refunded by
 * lines once it is done, less what the refunds by lines before it gave (the last one takes the remainder). Shares
 * rounded one refund at a time can add up to a paisa more than was paid (the last refund is then refused) or less (a
 * paisa never given back); this way refunding every unit, in any order and in any number of refunds, gives back
 * exactly what was paid for the items, and each refund is within a paisa of its own share. Counting what earlier
 * refunds gave, rather than their shares, keeps that true when one of them failed and its units are refunded again.
 */
export interface ItemsPaid {
  /** Paise: the items at their prices (orders.total). */
  total: Paise;
  /** The coupon's discount (orders.discount). */
  discount: Paise;
  /** The online-payment saving (orders.prepaid_discount). */
  prepaidDiscount: Paise;
}

/** Paise paid for the items: their prices less the coupon and the online-payment saving. */
export function itemsPaid(order: ItemsPaid): Paise {
  return Math.max(0, order.total - order.discount - order.prepaidDiscount);
}

/**
 * The share of what was paid for the items that units worth `gross` (at their prices) carry, rounded half up. Exact
 * in integers (BigInt): a total of ₹10 lakh times a share of it is past the doubles' exact range.
 */
export function paidShare(order: ItemsPaid, gross: Paise): Paise {
  if (order.total <= 0 || gross <= 0) return 0;
  const paid = BigInt(itemsPaid(order));
  const total = BigInt(order.total);
  return Number((2n * BigInt(gross) * paid + total) / (2n * total));
}

/** The refunds by lines already given or under way: their units' worth at their prices, and the amounts they give. */
export interface RefundedByLines {
  gross: Paise;
  given: Paise;
}

/**
 * The amount of a refund of units worth `gross` at their prices, after the refunds by lines `before`: the running
 * share once it is done, less what those gave (never below nothing).
 */
export function linesRefundAmount(order: ItemsPaid, before: RefundedByLines, gross: Paise): Paise {
  return Math.max(0, paidShare(order, before.gross + gross) - before.given);
}
