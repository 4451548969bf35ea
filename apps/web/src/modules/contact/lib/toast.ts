/** Toasts through the shell's on-demand container (decision 018): react-toastify loads with the first toast. */
export { showToast } from '@modules/common/show-toast';

/** Spec §8: a failed request shows the server's answer, or the error's own message when there is none. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : fallback;
}
