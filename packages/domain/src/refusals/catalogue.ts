import { defineRefusals } from './define.ts';

/** Refusals of the catalogue area (decision 037). */
export const catalogueRefusals = defineRefusals({});
