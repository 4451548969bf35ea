import type { OrderGiftValue } from '@shop/db';
import { type GiftValues, giftWrapFeeFor, occasionIsPast } from '@shop/domain/gift/gift';
import { type GiftSettings, wrapPriceOf } from '@shop/domain/gift/gift-settings';
import { indiaClock } from '@shop/domain/delivery/delivery-estimate';
import { fieldRefusal } from '../lib/refusal.ts';

/**
 * What placing an order (orders/place-order.ts) asks of gifting (issue 24): the gift as stored on the order and the
 * gift-wrap line, priced here from the shop's settings (a client never sends a price). An occasion already past in
 * India is refused (the shopper typed a wrong year); wrap asked for where the shop offers none is refused too, rather
 * than silently dropped, so the shopper never pays for something other than what they saw.
 */
export function giftAtPlacement(gift: GiftValues | null | undefined, settings: GiftSettings, now: Date): { gift: OrderGiftValue | null; giftWrapFee: number } {
  if (!gift) return { gift: null, giftWrapFee: 0 };
  if (gift.occasionDate && occasionIsPast(gift.occasionDate, indiaClock(now).date)) throw fieldRefusal('gift.occasionDate', 'gift_occasion_date_invalid');
  const price = wrapPriceOf(settings);
  if (gift.wrap && price === null) throw fieldRefusal('gift.wrap', 'gift_wrap_unavailable');
  return { gift: { ...gift }, giftWrapFee: giftWrapFeeFor(gift, price ?? 0) };
}
