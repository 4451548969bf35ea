import { DEFAULT_DELIVERY_SETTINGS, deliverySettingsSchema } from '@shop/domain/delivery/delivery-settings';
import { fieldRefusalsOf } from '@shop/domain/field-errors';
import { describe, expect, it } from 'vitest';
import { deliveryBodyOf, deliveryFieldErrors, deliveryFormFields, deliveryFormValuesOf } from './delivery-form-values';

describe('delivery settings form values', () => {
  it('round-trips the settings through the form', () => {
    const settings = { ...DEFAULT_DELIVERY_SETTINGS, holidays: ['2026-12-25', '2027-01-26'], cutoffHour: 11 };
    const body = deliveryBodyOf(deliveryFormValuesOf(settings));
    expect(deliverySettingsSchema.parse(body)).toEqual(settings);
  });

  it('reads holidays one per line or separated by commas, and refuses what is not a number by the schema', () => {
    const values = { ...deliveryFormValuesOf(DEFAULT_DELIVERY_SETTINGS), holidays: '2026-12-25, 2026-12-31\n\n2027-01-01', cutoffHour: 'two' };
    const body = deliveryBodyOf(values);
    expect(body.holidays).toEqual(['2026-12-25', '2026-12-31', '2027-01-01']);
    const parsed = deliverySettingsSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(Object.keys(deliveryFieldErrors(fieldRefusalsOf(parsed.error!)))).toEqual(['cutoffHour']);
  });

  it('reads the ticked dispatch weekdays, and refuses none ticked on the weekdays field', () => {
    const values = deliveryFormValuesOf({ ...DEFAULT_DELIVERY_SETTINGS, dispatchWeekdays: [1, 2, 3, 4, 5] });
    expect(values.dispatchWeekdays).toEqual(['1', '2', '3', '4', '5']);
    expect(deliverySettingsSchema.parse(deliveryBodyOf({ ...values, dispatchWeekdays: ['5', '1'] })).dispatchWeekdays).toEqual([1, 5]);
    for (const none of [[], false as unknown as string[]]) {
      const parsed = deliverySettingsSchema.safeParse(deliveryBodyOf({ ...values, dispatchWeekdays: none }));
      expect(parsed.success).toBe(false);
      const errors = deliveryFieldErrors(fieldRefusalsOf(parsed.error!));
      expect(errors.dispatchWeekdays?.code).toBe('settings_delivery_weekdays_invalid');
    }
  });

  it("names the form's field for each refusal: a holiday by its list, a zone's range by its most days", () => {
    const refusal = { code: 'x', message: 'm' };
    const mapped = deliveryFieldErrors({ 'delivery.holidays.1': refusal, 'delivery.transitDays.metro': refusal, 'transitDays.sameCity.min': refusal });
    expect(Object.keys(mapped).sort()).toEqual(['holidays', 'transitDays.metro.max', 'transitDays.sameCity.min']);
    for (const field of Object.keys(mapped)) expect(deliveryFormFields as readonly string[]).toContain(field);
  });
});
