import { defineRefusals } from './define.ts';

/** Refusals of the account area (decision 037). */
export const accountRefusals = defineRefusals({});
