import type { CodedText } from '@lib/api/refusal';
import { BrowserApiError } from '@lib/api/browser-client';

/** Toasts through the shell's on-demand container (decision 018): react-toastify loads with the first toast. */
export { showToast } from '@modules/common/show-toast';

/**
 * Spec §8: a failed request shows the server's answer, here in the visitor's language: the API's refusal through
 * `text` (refusalText, decision 037); a call that got no answer at all shows `fallback`.
 */
export function failureText(error: unknown, text: (refusal: CodedText) => string, fallback: string): string {
  return error instanceof BrowserApiError ? text(error) : fallback;
}
