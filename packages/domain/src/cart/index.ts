export * from './item.ts';
export * from './state.ts';
export * from './actions.ts';
export * from './refresh.ts';
