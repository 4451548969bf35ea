import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS, deliverySettingsOf, deliverySettingsSchema, type DeliverySettings } from './delivery-settings.ts';
import { dispatchDate, estimateDelivery, estimateEachLine, indiaClock } from './delivery-estimate.ts';
import { deliveryZoneOf } from './delivery-zones.ts';

/** India time, written as the shop sees it. */
const ist = (local: string) => new Date(`${local}+05:30`);

const settings: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, originCity: 'Jaipur', originState: 'Rajasthan', cutoffHour: 14, personalisationDays: 2 };
const bengaluru = { city: 'Bangalore', state: 'Karnataka', transitDays: null };
const jaipur = { city: 'Jaipur', state: 'Rajasthan', transitDays: null };
const shillong = { city: 'East Khasi Hills', state: 'Meghalaya', transitDays: null };
const ready = { madeToOrderDays: 0, personalisationPending: false };

describe('the India clock', () => {
  it('is UTC+5:30: 20:00 UTC on Thursday is 01:30 on Friday in India', () => {
    expect(indiaClock(new Date('2026-12-03T20:00:00Z'))).toEqual({ date: '2026-12-04', hour: 1 });
  });

  it('names every day from 1900 to 2200 as Date does (dates are made by integer arithmetic, decision 128)', () => {
    const DAY = 86_400_000;
    const wrong: string[] = [];
    for (let day = Date.UTC(1900, 0, 1) / DAY; day <= Date.UTC(2200, 11, 31) / DAY; day++) {
      // 06:00 in India on that day.
      const expected = new Date(day * DAY).toISOString().slice(0, 10);
      const date = indiaClock(new Date(day * DAY + 30 * 60_000)).date;
      if (date !== expected) wrong.push(`${expected}: ${date}`);
    }
    expect(wrong).toEqual([]);
    expect(indiaClock(new Date('2100-02-28T18:30:00Z')).date).toBe('2100-03-01');
    expect(indiaClock(new Date('2000-02-28T18:30:00Z')).date).toBe('2000-02-29');
  });
});

describe('dispatch dates', () => {
  it('ships ready stock the same day before the cut-off', () => {
    expect(dispatchDate(ist('2026-12-04T13:59'), ready, settings)).toBe('2026-12-04');
  });

  it('counts an order at the cut-off hour from the next day', () => {
    expect(dispatchDate(ist('2026-12-04T14:00'), ready, settings)).toBe('2026-12-05');
  });

  it('skips Sunday and a holiday: a Friday order after cut-off, two making days, Monday a holiday, ships Wednesday', () => {
    const withHoliday = { ...settings, holidays: ['2026-12-07'] };
    // Order day Sat 5; making day 1 is Tue 8 (Sun 6 and holiday Mon 7 skipped), day 2 Wed 9.
    expect(dispatchDate(ist('2026-12-04T18:30'), { madeToOrderDays: 2, personalisationPending: false }, withHoliday)).toBe('2026-12-09');
    expect(dispatchDate(ist('2026-12-04T18:30'), { madeToOrderDays: 2, personalisationPending: false }, settings)).toBe('2026-12-08');
  });

  it('adds the personalisation days while the details are missing', () => {
    const line = { madeToOrderDays: 1, personalisationPending: true };
    // Mon 7 before cut-off: 1 + 2 making days → Thu 10.
    expect(dispatchDate(ist('2026-12-07T10:00'), line, settings)).toBe('2026-12-10');
    expect(dispatchDate(ist('2026-12-07T10:00'), { ...line, personalisationPending: false }, settings)).toBe('2026-12-08');
  });

  it('moves an order placed on Sunday to Monday', () => {
    expect(dispatchDate(ist('2026-12-06T09:00'), ready, settings)).toBe('2026-12-07');
  });
});

describe('dispatch weekdays chosen by the shop', () => {
  const weekdaysOnly = { ...settings, dispatchWeekdays: [1, 2, 3, 4, 5] };

  it('dispatches Monday to Saturday by default', () => {
    expect(DEFAULT_DELIVERY_SETTINGS.dispatchWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
    // Friday 4 December after the cut-off: the order day is Saturday 5, a dispatch day by default.
    expect(dispatchDate(ist('2026-12-04T18:30'), ready, settings)).toBe('2026-12-05');
  });

  it('a shop dispatching Monday to Friday: a Friday order after the cut-off leaves on Monday', () => {
    expect(dispatchDate(ist('2026-12-04T18:30'), ready, weekdaysOnly)).toBe('2026-12-07');
    // Before the cut-off it still leaves the same Friday.
    expect(dispatchDate(ist('2026-12-04T13:00'), ready, weekdaysOnly)).toBe('2026-12-04');
  });

  it('counts making days only on dispatch weekdays, and skips a holiday among them', () => {
    const line = { madeToOrderDays: 2, personalisationPending: false };
    // Friday after cut-off: order day Sat 5 → first dispatch day Mon 7; making days Tue 8, Wed 9.
    expect(dispatchDate(ist('2026-12-04T18:30'), line, weekdaysOnly)).toBe('2026-12-09');
    // Monday 7 a holiday: Tue 8 first, then Wed 9, Thu 10.
    expect(dispatchDate(ist('2026-12-04T18:30'), line, { ...weekdaysOnly, holidays: ['2026-12-07'] })).toBe('2026-12-10');
  });

  it('promises delivery from the Monday dispatch for a Friday evening order', () => {
    // Dispatch Mon 7; rest of India 3–6 delivery days: Thu 10 … Mon 14 (Sunday 13 skipped).
    expect(estimateDelivery(ist('2026-12-04T18:30'), [ready], bengaluru, weekdaysOnly)).toEqual({
      dispatch: '2026-12-07',
      earliest: '2026-12-10',
      latest: '2026-12-14',
    });
  });

  it('may dispatch on Sundays when the shop says so', () => {
    expect(dispatchDate(ist('2026-12-06T09:00'), ready, { ...settings, dispatchWeekdays: [0, 1, 2, 3, 4, 5, 6] })).toBe('2026-12-06');
    expect(dispatchDate(ist('2026-12-04T18:30'), ready, { ...settings, dispatchWeekdays: [3] })).toBe('2026-12-09');
  });

  it('refuses no day at all or a day that is not 0–6, and keeps each day once, in order', () => {
    const refusedWith = (dispatchWeekdays: unknown) => {
      const parsed = deliverySettingsSchema.safeParse({ ...DEFAULT_DELIVERY_SETTINGS, dispatchWeekdays });
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(refusedWith([])).toBe('settings_delivery_weekdays_invalid');
    expect(refusedWith([7])).toBe('settings_delivery_weekdays_invalid');
    expect(refusedWith([1.5])).toBe('settings_delivery_weekdays_invalid');
    expect(refusedWith('weekdays')).toBe('settings_delivery_weekdays_invalid');
    expect(deliverySettingsSchema.parse({ ...DEFAULT_DELIVERY_SETTINGS, dispatchWeekdays: [5, 1, 5, 3] }).dispatchWeekdays).toEqual([1, 3, 5]);
  });

  it('reads settings stored before the weekdays existed as Monday to Saturday', () => {
    expect(deliverySettingsOf({ cutoffHour: 11, holidays: [] }).dispatchWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
    expect(deliverySettingsOf({ dispatchWeekdays: [1, 2, 3, 4, 5] }).dispatchWeekdays).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('zones from the shop (Jaipur, Rajasthan)', () => {
  it('tells city, state, north-east, J&K and the rest of India apart', () => {
    const origin = { city: 'Jaipur', state: 'Rajasthan' };
    expect(deliveryZoneOf(origin, { city: 'Jaipur', state: 'Rajasthan' })).toBe('sameCity');
    expect(deliveryZoneOf(origin, { city: 'Udaipur', state: 'Rajasthan' })).toBe('sameState');
    expect(deliveryZoneOf(origin, { city: 'East Khasi Hills', state: 'Meghalaya' })).toBe('northEastJk');
    expect(deliveryZoneOf(origin, { city: 'Srinagar', state: 'Jammu and Kashmir' })).toBe('northEastJk');
    expect(deliveryZoneOf(origin, { city: 'Bangalore', state: 'Karnataka' })).toBe('restOfIndia');
  });

  it('counts metro to metro only when the shop is in a metro, and all of Delhi as one city', () => {
    const delhi = { city: 'Central Delhi', state: 'Delhi' };
    expect(deliveryZoneOf(delhi, { city: 'Bangalore', state: 'Karnataka' })).toBe('metro');
    expect(deliveryZoneOf(delhi, { city: 'South West Delhi', state: 'Delhi' })).toBe('sameCity');
    expect(deliveryZoneOf(delhi, { city: 'Patna', state: 'Bihar' })).toBe('restOfIndia');
  });
});

describe('the promise', () => {
  it('adds the zone transit days, skipping Sundays', () => {
    // Ships Fri 4; rest of India 3–6 days: Sat 5, (Sun) Mon 7, Tue 8 … Fri 11.
    expect(estimateDelivery(ist('2026-12-04T10:00'), [ready], bengaluru, settings)).toEqual({
      dispatch: '2026-12-04',
      earliest: '2026-12-08',
      latest: '2026-12-11',
    });
    expect(estimateDelivery(ist('2026-12-04T10:00'), [ready], jaipur, settings)).toEqual({
      dispatch: '2026-12-04',
      earliest: '2026-12-05',
      latest: '2026-12-07',
    });
  });

  it('takes longer to the north-east', () => {
    const promise = estimateDelivery(ist('2026-12-04T10:00'), [ready], shillong, settings);
    // 5–9 delivery days from Fri 4: Wed 9 … Mon 14.
    expect(promise).toEqual({ dispatch: '2026-12-04', earliest: '2026-12-10', latest: '2026-12-15' });
  });

  it('uses the carrier file transit days for a pincode when it gave them', () => {
    expect(estimateDelivery(ist('2026-12-04T10:00'), [ready], { ...bengaluru, transitDays: 2 }, settings)).toEqual({
      dispatch: '2026-12-04',
      earliest: '2026-12-07',
      latest: '2026-12-08',
    });
  });

  it('promises a cart by its slowest line', () => {
    const slow = { madeToOrderDays: 3, personalisationPending: true };
    const cart = estimateDelivery(ist('2026-12-04T10:00'), [ready, slow], bengaluru, settings);
    const alone = estimateDelivery(ist('2026-12-04T10:00'), [slow], bengaluru, settings);
    expect(cart).toEqual(alone);
    // 5 making days from Fri 4: Sat 5, Mon 7, Tue 8, Wed 9, Thu 10.
    expect(cart.dispatch).toBe('2026-12-10');
  });

  it('promises each line on its own, and the order by the latest of them', () => {
    const slow = { madeToOrderDays: 3, personalisationPending: true };
    const medium = { madeToOrderDays: 2, personalisationPending: false };
    const { lines, order } = estimateEachLine(ist('2026-12-04T10:00'), [ready, slow, medium], bengaluru, settings);
    expect(lines.map((line) => line.dispatch)).toEqual(['2026-12-04', '2026-12-10', '2026-12-07']);
    expect(lines[1]).toEqual(order);
    expect(order.latest).toBe([...lines.map((line) => line.latest)].sort().at(-1));
    expect(lines[0]!.latest < order.latest).toBe(true);
    expect(order).toEqual(estimateDelivery(ist('2026-12-04T10:00'), [ready, slow, medium], bengaluru, settings));
    expect(estimateEachLine(ist('2026-12-04T10:00'), [], bengaluru, settings)).toEqual({
      lines: [],
      order: estimateDelivery(ist('2026-12-04T10:00'), [], bengaluru, settings),
    });
  });
});

describe('stored settings', () => {
  it('fills what is missing from the defaults and ignores what cannot be read', () => {
    expect(deliverySettingsOf({})).toEqual(DEFAULT_DELIVERY_SETTINGS);
    expect(deliverySettingsOf({ cutoffHour: 11, transitDays: { sameCity: { min: 0, max: 1 } } }).transitDays.sameCity).toEqual({ min: 0, max: 1 });
    expect(deliverySettingsOf({ cutoffHour: 11 }).cutoffHour).toBe(11);
    expect(deliverySettingsOf({ cutoffHour: 25 })).toEqual(DEFAULT_DELIVERY_SETTINGS);
  });
});
