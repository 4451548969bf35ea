export * from './money.ts';
export * from './catalogue.ts';
