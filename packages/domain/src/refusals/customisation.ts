import { defineRefusals } from './define.ts';

/** Refusals of the customisation area (decision 037). */
export const customisationRefusals = defineRefusals({});
