import { requestToastContainer } from './toasts';

/**
 * Shows a notification (spec §9: top-right, 5000 ms, draggable) without react-toastify in the page's first load: the
 * library and its container load on the first toast.
 */
export async function showToast(type: 'success' | 'error' | 'info' | 'warning', message: string): Promise<void> {
  requestToastContainer();
  const { toast } = await import('react-toastify');
  toast[type](message);
}
