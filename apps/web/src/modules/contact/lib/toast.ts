/**
 * Toasts without loading react-toastify with the page: the library (already split out by modules/common/toasts.tsx,
 * which mounts its container when the page is idle) is imported on first use. Options are the container's (spec §9).
 */
export async function showToast(kind: 'success' | 'error', message: string): Promise<void> {
  const { toast } = await import('react-toastify');
  toast[kind](message);
}

/** Spec §8: a failed request shows the server's answer, or the error's own message when there is none. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : fallback;
}
