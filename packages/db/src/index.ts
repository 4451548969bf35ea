export * from './client.ts';
export * from './migrate.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
