import { requestToastContainer } from '@modules/common/toasts';

/**
 * Toasts of the dialog (spec §8) through the shell's on-demand container, like `showToast`, but with an id: the same
 * refusal raised twice shows once, and a refusal the shopper has since fixed (a unit's photo count) is taken away
 * rather than left on screen next to 'Details added successfully'.
 */
export async function showDialogToast(type: 'success' | 'error', message: string, id?: string): Promise<void> {
  requestToastContainer();
  const { toast } = await import('react-toastify');
  toast[type](message, id ? { toastId: id } : undefined);
}

export async function dismissDialogToast(id: string): Promise<void> {
  const { toast } = await import('react-toastify');
  toast.dismiss(id);
}

/** The id of a unit's photo-count refusal. */
export const photoCountToastId = (unit: number) => `customisation-photos-${unit}`;
