import { defineRefusals } from './define.ts';

/** Refusals of the admin area (decision 037). */
export const adminRefusals = defineRefusals({});
