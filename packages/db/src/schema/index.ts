export * from './columns.ts';
export * from './settings.ts';
export * from './catalogue.ts';
export * from './logs.ts';
export * from './rate-limits.ts';
export * from './auth.ts';
export * from './accounts.ts';
export * from './orders.ts';
