import { describe, expect, it } from 'vitest';
import { fieldRefusalsOf } from './field-errors.ts';
import { MAX_WISHLIST_ITEMS, stockAlertRequestSchema, wishlistMergeSchema } from './wishlist.ts';

const id = '0b8a3c52-2f7e-4d8e-9a51-3c1f0e7d9b21';

describe('wishlist merge', () => {
  it('keeps product ids once, lower-cased, and drops what cannot be one', () => {
    const parsed = wishlistMergeSchema.parse({ productIds: [id, id.toUpperCase(), 'not-an-id', 42, null] });
    expect(parsed.productIds).toEqual([id]);
  });

  it('refuses a list far longer than a wishlist holds', () => {
    const many = Array.from({ length: MAX_WISHLIST_ITEMS * 2 + 1 }, () => id);
    expect(wishlistMergeSchema.safeParse({ productIds: many }).success).toBe(false);
  });
});

describe('back-in-stock request', () => {
  it('stores an e-mail address in lower case and a phone number in E.164', () => {
    expect(stockAlertRequestSchema.parse({ productId: id, channel: 'email', email: ' Asha@Example.COM ' })).toEqual({
      productId: id,
      variantId: null,
      channel: 'email',
      recipient: 'asha@example.com',
      language: 'en',
    });
    expect(stockAlertRequestSchema.parse({ productId: id, channel: 'sms', phone: '098765 43210', language: 'hi' })).toMatchObject({
      recipient: '+919876543210',
      language: 'hi',
    });
  });

  it('carries the option waited for, when one is named', () => {
    expect(stockAlertRequestSchema.parse({ productId: id, variantId: id, channel: 'email', email: 'a@b.in' })).toMatchObject({ variantId: id });
    expect(fieldRefusalsOf(stockAlertRequestSchema.safeParse({ productId: id, variantId: 7, channel: 'email', email: 'a@b.in' }).error!).variantId?.code).toBe(
      'stock_alert_option_not_found',
    );
  });

  it('names the field the channel needs when it is missing or wrong', () => {
    const noEmail = stockAlertRequestSchema.safeParse({ productId: id, channel: 'email', phone: '9876543210' });
    expect(fieldRefusalsOf(noEmail.error!).email?.code).toBe('email_required');
    const badEmail = stockAlertRequestSchema.safeParse({ productId: id, channel: 'email', email: 'asha@' });
    expect(fieldRefusalsOf(badEmail.error!).email?.code).toBe('email_invalid');
    const badPhone = stockAlertRequestSchema.safeParse({ productId: id, channel: 'sms', phone: '12345' });
    expect(fieldRefusalsOf(badPhone.error!).phone?.code).toBe('phone_invalid');
    const badChannel = stockAlertRequestSchema.safeParse({ productId: id, channel: 'pigeon', email: 'a@b.in' });
    expect(fieldRefusalsOf(badChannel.error!).channel?.code).toBe('stock_alert_channel_invalid');
  });
});
