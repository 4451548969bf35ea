import { defineRefusals } from './define.ts';

/** Refusals of the orders area (decision 037). */
export const orderRefusals = defineRefusals({});
