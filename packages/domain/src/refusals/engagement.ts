import { defineRefusals } from './define.ts';

/** Refusals of the engagement area (decision 037). */
export const engagementRefusals = defineRefusals({});
