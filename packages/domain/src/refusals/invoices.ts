import { defineRefusals } from './define.ts';

/** Refusals of the invoices area (issue 21): the shop's tax identity, invoice downloads and the GST report. */
export const invoiceRefusals = defineRefusals({
  tax_legal_name_invalid: { status: 400, message: () => 'Enter the legal name registered for GST (at most 120 characters)' },
  tax_gstin_invalid: { status: 400, message: () => 'Enter a valid GSTIN: 15 characters, state code, PAN and check character' },
  tax_gstin_state_mismatch: { status: 400, message: () => 'The GSTIN must start with the state code of the registered state' },
  tax_address_invalid: { status: 400, message: () => 'Enter the registered address (at most 300 characters)' },
  tax_state_invalid: { status: 400, message: () => 'Choose the state the shop is registered in' },
  tax_invoice_prefix_invalid: { status: 400, message: () => 'Invoice prefix must be 1 to 4 capital letters or digits' },
  tax_signature_name_invalid: { status: 400, message: () => 'Enter the name of the person who signs invoices (at most 80 characters)' },
  /** No invoice was issued for this order (not paid yet, cash on delivery not shipped yet, or the shop has no GSTIN). */
  invoice_not_found: { status: 404, message: () => 'There is no invoice for this order yet' },
  gst_report_month_invalid: { status: 400, message: () => 'Month must look like 2026-04' },
});
