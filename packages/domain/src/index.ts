export * from './money.ts';
export * from './catalogue.ts';
export * from './pricing.ts';
