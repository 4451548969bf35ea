export * from './money.ts';
export * from './catalogue.ts';
export * from './pricing.ts';
export * from './order-status.ts';
export * from './order.ts';
export * from './cart/index.ts';
