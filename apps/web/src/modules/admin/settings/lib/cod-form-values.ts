import { paiseToRupees, rupeesToPaise } from '@shop/domain/admin/catalogue';
import type { CodSettings } from '@shop/domain/cod/cod-rules';
import type { FieldRefusal } from '@shop/domain/refusals/index';

/**
 * The COD settings form's values (text inputs, rupees) to and from the API's (paise, nulls). Empty means "none" for the
 * maximum, the open-orders cap (the server's default then) and the prepaid saving (off). Pincodes are typed one per
 * line or separated by commas or spaces.
 */
export interface CodFormValues {
  fee: string;
  maxOrderValue: string;
  blockedPincodes: string;
  maxOpenOrders: string;
  prepaidPercent: string;
  prepaidCap: string;
  confirmation: CodSettings['confirmation'];
  confirmWithinHours: string;
}

export const codFormFields = [
  'fee',
  'maxOrderValue',
  'blockedPincodes',
  'maxOpenOrders',
  'prepaidPercent',
  'prepaidCap',
  'confirmation',
  'confirmWithinHours',
] as const;

export function codFormValuesOf(cod: CodSettings): CodFormValues {
  return {
    fee: paiseToRupees(cod.fee),
    maxOrderValue: cod.maxOrderValue === null ? '' : paiseToRupees(cod.maxOrderValue),
    blockedPincodes: cod.blockedPincodes.join('\n'),
    maxOpenOrders: cod.maxOpenOrders === null ? '' : String(cod.maxOpenOrders),
    prepaidPercent: cod.prepaidDiscount ? String(cod.prepaidDiscount.percent) : '',
    prepaidCap: cod.prepaidDiscount ? paiseToRupees(cod.prepaidDiscount.cap) : '',
    confirmation: cod.confirmation,
    confirmWithinHours: String(cod.confirmWithinHours),
  };
}

/** A number the API's schema then judges; text that is not one becomes NaN so the schema refuses it by its code. */
const whole = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const paise = (text: string): number => rupeesToPaise(text) ?? -1;

/** The API's `cod` body from the form. */
export function codBodyOf(values: CodFormValues): Record<string, unknown> {
  const percent = values.prepaidPercent.trim();
  return {
    fee: values.fee.trim() === '' ? 0 : paise(values.fee),
    maxOrderValue: values.maxOrderValue.trim() === '' ? null : paise(values.maxOrderValue),
    blockedPincodes: values.blockedPincodes.split(/[\s,]+/).filter(Boolean),
    maxOpenOrders: values.maxOpenOrders.trim() === '' ? null : whole(values.maxOpenOrders),
    prepaidDiscount: percent === '' ? null : { percent: whole(percent), cap: paise(values.prepaidCap) },
    confirmation: values.confirmation,
    confirmWithinHours: whole(values.confirmWithinHours),
  };
}

/** The API's (or the schema's) errors under `cod.…` as the form's fields ("cod.blockedPincodes.3" → blockedPincodes). */
export function codFieldErrors(errors: Record<string, FieldRefusal> | undefined): Record<string, FieldRefusal> {
  const mapped: Record<string, FieldRefusal> = {};
  for (const [path, error] of Object.entries(errors ?? {})) {
    const parts = path.replace(/^cod\./, '').split('.');
    const field = parts[0] === 'prepaidDiscount' ? (parts[1] === 'cap' ? 'prepaidCap' : 'prepaidPercent') : (parts[0] ?? '');
    mapped[field] ??= error;
  }
  return mapped;
}
