import { z } from 'zod';
import { coded } from '../field-errors.ts';
import { SYNONYM_TERM_MAX, SYNONYM_TERMS_MAX } from '../refusals/search.ts';
import { normaliseTerm } from './search-words.ts';

/**
 * One synonym group as staff write it in the back office (issue 25, decision 076): two or more words or short phrases
 * that a shopper may type for the same thing ("rakhi, raakhi, rakhee"; "nameplate, name plate"). Terms are stored as
 * the search compares them (searchWordsOf: lower case, words joined by one space), without repeats, in any script.
 */
export { SYNONYM_TERM_MAX, SYNONYM_TERMS_MAX };

const term = z
  .string({ error: coded('synonym_terms_too_few') })
  .max(SYNONYM_TERM_MAX * 2, { error: coded('synonym_term_too_long') })
  .transform(normaliseTerm)
  .refine((value) => value.length > 0, { error: coded('synonym_term_empty') })
  .refine((value) => value.length <= SYNONYM_TERM_MAX, { error: coded('synonym_term_too_long') });

export const synonymGroupInputSchema = z.object({
  terms: z
    .array(term, { error: coded('synonym_terms_too_few') })
    .max(SYNONYM_TERMS_MAX, { error: coded('synonym_terms_too_many') })
    .transform((terms) => [...new Set(terms)])
    .refine((terms) => terms.length >= 2, { error: coded('synonym_terms_too_few') }),
});
export type SynonymGroupInput = z.output<typeof synonymGroupInputSchema>;

/** The terms of a comma-separated line, as the back office's field takes them ("rakhi, raakhi, rakhee"). */
export function termsOfLine(line: string): string[] {
  return line
    .split(/[,،\n]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export const synonymGroupSchema = z.object({
  _id: z.string(),
  terms: z.array(z.string()),
  updatedAt: z.string(),
});
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;
