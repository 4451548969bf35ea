import { defineRefusals } from './define.ts';

/** Longest synonym term (characters, after normalising) and most terms in one group. */
export const SYNONYM_TERM_MAX = 40;
export const SYNONYM_TERMS_MAX = 20;

/** Refusals of the search synonym table, edited by staff in the back office (issue 25, decision 076). */
export const searchRefusals = defineRefusals({
  synonym_terms_too_few: { status: 400, message: () => 'List at least two different words or phrases, separated by commas' },
  synonym_terms_too_many: {
    status: 400,
    message: (p: { max: number }) => `A group can hold at most ${p.max} words or phrases`,
    fixed: { max: SYNONYM_TERMS_MAX },
  },
  synonym_term_too_long: {
    status: 400,
    message: (p: { max: number }) => `Each word or phrase can be at most ${p.max} characters`,
    fixed: { max: SYNONYM_TERM_MAX },
  },
  synonym_term_empty: { status: 400, message: () => 'Each word or phrase needs at least one letter or digit' },
  synonym_group_not_found: { status: 404, message: () => 'Synonym group not found' },
});
