import { z } from 'zod';
import { indianStates } from '../address.ts';
import { GST_RATES } from '../admin/products.ts';
import { coded } from '../field-errors.ts';
import { gstinProblem, normaliseGstin } from './gstin.ts';
import { gstStateCode } from './states.ts';

/**
 * The shop's tax identity (issue 21), set by an admin in the back office: who issues the invoices. Without it the
 * shop is not registered for GST as far as the API knows, and issues no tax invoice (decision 069).
 */

/** 1–4 capital letters or digits: with "/2627/00001" an invoice number stays within GST's 16 characters (numbering.ts). */
export const INVOICE_PREFIX = /^[A-Z0-9]{1,4}$/;

const text = (code: 'tax_legal_name_invalid' | 'tax_address_invalid' | 'tax_signature_name_invalid', max: number) =>
  z
    .string({ error: coded(code) })
    .trim()
    .min(1, { error: coded(code) })
    .max(max, { error: coded(code) })
    .refine((value) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(value), { error: coded(code) });

export const taxIdentityInputSchema = z
  .object({
    legalName: text('tax_legal_name_invalid', 120),
    gstin: z
      .string({ error: coded('tax_gstin_invalid') })
      .transform(normaliseGstin)
      .refine((value) => gstinProblem(value) === null, { error: coded('tax_gstin_invalid') }),
    /** The registered place of business, lines separated by newlines. */
    address: text('tax_address_invalid', 300),
    state: z.enum(indianStates, { error: coded('tax_state_invalid') }),
    invoicePrefix: z
      .string({ error: coded('tax_invoice_prefix_invalid') })
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => INVOICE_PREFIX.test(value), { error: coded('tax_invoice_prefix_invalid') }),
    signatureName: text('tax_signature_name_invalid', 80),
    /** Shipping and the COD fee: null = at the highest rate in the order (the default), else this rate (basis points). */
    chargeRate: z
      .number({ error: coded('gst_rate_invalid') })
      .refine((value) => (GST_RATES as readonly number[]).includes(value), { error: coded('gst_rate_invalid') })
      .nullable()
      .default(null),
  })
  .superRefine((value, context) => {
    // A GSTIN is registered in one state: its first two digits must be the registered address's state.
    if (gstinProblem(value.gstin) === null && value.gstin.slice(0, 2) !== gstStateCode(value.state)) {
      context.addIssue({ code: 'custom', path: ['gstin'], message: coded('tax_gstin_state_mismatch') });
    }
  });

export type TaxIdentity = z.output<typeof taxIdentityInputSchema>;

export const taxIdentitySchema = z.object({
  legalName: z.string(),
  gstin: z.string(),
  address: z.string(),
  state: z.string(),
  invoicePrefix: z.string(),
  signatureName: z.string(),
  chargeRate: z.number().int().nullable(),
});

/** GET answer: null until an admin has saved one. */
export const taxIdentityViewSchema = z.object({ taxIdentity: taxIdentitySchema.nullable() });
