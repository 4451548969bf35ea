import { type AdminCoupon, couponInputSchema, paiseToRupees, rupeesToPaise } from '@shop/domain/admin/catalogue';
import { fieldRefusalsOf } from '@shop/domain/field-errors';
import { type FieldRefusal, fieldRefusal } from '@shop/domain/refusals/index';

/** The coupon form's values: what the inputs hold (rupees, local date-times, empty for "no limit"). */
export interface CouponFormValues {
  code: string;
  description: string;
  type: 'fixed' | 'percent';
  value: string;
  minimum: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  active: boolean;
}

export const emptyCoupon: CouponFormValues = {
  code: '',
  description: '',
  type: 'percent',
  value: '',
  minimum: '0',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '1',
  active: true,
};

/** "2026-11-23T18:30" in the browser's time zone, as a datetime-local input wants it. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function couponToForm(coupon: AdminCoupon): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description,
    type: coupon.type,
    value: coupon.type === 'fixed' ? paiseToRupees(coupon.value) : String(coupon.value),
    minimum: paiseToRupees(coupon.minimum),
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    maxUsesPerCustomer: coupon.maxUsesPerCustomer === null ? '' : String(coupon.maxUsesPerCustomer),
    active: coupon.active,
  };
}

const count = (value: string) => (value.trim() === '' ? null : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN);
const date = (value: string) => {
  if (value.trim() === '') return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? 'invalid' : parsed.toISOString();
};

/**
 * The API's request from the form (rupees to paise, local times to ISO with the zone), checked with the same schema
 * the API uses, so the form shows the API's messages before sending. Either the body or the field errors.
 */
export function couponFromForm(values: CouponFormValues): { body: unknown; errors: null } | { body: null; errors: Record<string, FieldRefusal> } {
  const errors: Record<string, FieldRefusal> = {};
  const money = (field: 'value' | 'minimum', input: string) => {
    const paise = rupeesToPaise(input.trim() === '' && field === 'minimum' ? '0' : input);
    if (paise === null) errors[field] = fieldRefusal('admin_money_invalid');
    return paise ?? 0;
  };
  const value = values.type === 'fixed' ? money('value', values.value) : /^\d+$/.test(values.value.trim()) ? Number(values.value) : Number.NaN;
  const body = {
    code: values.code,
    description: values.description,
    type: values.type,
    value,
    minimum: money('minimum', values.minimum),
    startsAt: date(values.startsAt),
    endsAt: date(values.endsAt),
    maxUses: count(values.maxUses),
    maxUsesPerCustomer: count(values.maxUsesPerCustomer),
    active: values.active,
  };
  const parsed = couponInputSchema.safeParse(body);
  const all = { ...(parsed.success ? {} : fieldRefusalsOf(parsed.error)), ...errors };
  if (values.type === 'percent' && all.value) all.value = fieldRefusal('coupon_percent_invalid');
  return Object.keys(all).length > 0 ? { body: null, errors: all } : { body: parsed.success ? parsed.data : body, errors: null };
}
