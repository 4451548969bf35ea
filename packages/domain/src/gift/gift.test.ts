import { describe, expect, it } from 'vitest';
import { GIFT_MESSAGE_MAX, giftRequestSchema, giftWrapFeeFor, isCalendarDate, occasionIsPast, occasionTiming } from './gift.ts';
import { DEFAULT_GIFT_SETTINGS, giftSettingsOf, giftSettingsSchema, wrapPriceOf } from './gift-settings.ts';

const valid = {
  recipientName: ' Asha Verma ',
  recipientPhone: '+91 98765-43210',
  message: 'Happy birthday!\nLove, Ravi',
  wrap: true,
  occasion: 'birthday',
  occasionDate: '2026-12-05',
};

describe('gift request', () => {
  it('normalises the recipient, keeps the message lines and the occasion', () => {
    expect(giftRequestSchema.parse(valid)).toEqual({
      recipientName: 'Asha Verma',
      recipientPhone: '9876543210',
      message: 'Happy birthday!\nLove, Ravi',
      wrap: true,
      occasion: 'birthday',
      occasionDate: '2026-12-05',
    });
  });

  it('takes blank optional parts as none and wrap as false', () => {
    expect(giftRequestSchema.parse({ recipientName: 'A', recipientPhone: '9876543210', message: '  ', occasion: '', occasionDate: '' })).toMatchObject({
      message: null,
      wrap: false,
      occasion: null,
      occasionDate: null,
    });
  });

  it('refuses each bad part with its own code', () => {
    const codes = (input: object) => giftRequestSchema.safeParse({ ...valid, ...input }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(codes({ recipientName: ' ' })).toEqual([['recipientName', 'gift_recipient_name_required']]);
    expect(codes({ recipientPhone: '12345' })).toEqual([['recipientPhone', 'gift_recipient_phone_invalid']]);
    expect(codes({ message: 'x'.repeat(GIFT_MESSAGE_MAX + 1) })).toEqual([['message', 'gift_message_too_long']]);
    expect(codes({ message: 'x'.repeat(GIFT_MESSAGE_MAX) })).toBeUndefined();
    expect(codes({ message: 'bad\u0000' })).toEqual([['message', 'gift_message_too_long']]);
    expect(codes({ occasion: 'halloween' })).toEqual([['occasion', 'gift_occasion_invalid']]);
    expect(codes({ occasionDate: '2026-02-30' })).toEqual([['occasionDate', 'gift_occasion_date_invalid']]);
  });

  it('knows calendar dates and past occasions', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('5 Dec')).toBe(false);
    expect(occasionIsPast('2026-11-25', '2026-11-26')).toBe(true);
    expect(occasionIsPast('2026-11-26', '2026-11-26')).toBe(false);
  });
});

describe('occasion timing', () => {
  const promise = { earliest: '2026-12-02', latest: '2026-12-04' };
  it('is late when even the earliest delivery is after the occasion', () => {
    expect(occasionTiming(promise, '2026-12-01')).toBe('late');
  });
  it('is at risk when only the latest delivery is after it', () => {
    expect(occasionTiming(promise, '2026-12-02')).toBe('at_risk');
    expect(occasionTiming(promise, '2026-12-03')).toBe('at_risk');
  });
  it('is on time when the latest delivery is on or before it', () => {
    expect(occasionTiming(promise, '2026-12-04')).toBe('on_time');
  });
});

describe('gift wrap and settings', () => {
  it('charges the wrap only when asked for', () => {
    expect(giftWrapFeeFor({ wrap: true }, 4900)).toBe(4900);
    expect(giftWrapFeeFor({ wrap: false }, 4900)).toBe(0);
    expect(giftWrapFeeFor(null, 4900)).toBe(0);
  });
  it('reads stored settings part by part, falling back to defaults', () => {
    expect(giftSettingsOf(null)).toEqual(DEFAULT_GIFT_SETTINGS);
    expect(giftSettingsOf({ wrapFee: 2500, proofWaitDays: 'x' })).toEqual({ ...DEFAULT_GIFT_SETTINGS, wrapFee: 2500 });
    expect(wrapPriceOf({ ...DEFAULT_GIFT_SETTINGS, wrapAvailable: false })).toBeNull();
  });
  it('refuses a fractional fee and a wait out of range', () => {
    expect(giftSettingsSchema.safeParse({ wrapAvailable: true, wrapFee: 49.5, proofWaitDays: null }).error?.issues[0]?.message).toBe(
      'settings_gift_wrap_fee_invalid',
    );
    expect(giftSettingsSchema.safeParse({ wrapAvailable: true, wrapFee: 0, proofWaitDays: 0 }).error?.issues[0]?.message).toBe(
      'settings_proof_wait_days_invalid',
    );
  });
});
