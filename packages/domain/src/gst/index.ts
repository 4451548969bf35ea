/** GST for the shop's tax invoices (issue 21): pure rules, no I/O. */
export * from './amount-in-words.ts';
export * from './apportion.ts';
export * from './credit-note.ts';
export * from './gstin.ts';
export * from './invoice.ts';
export * from './states.ts';
export * from './numbering.ts';
export * from './tax-identity.ts';
export * from './report.ts';
export * from './api.ts';
