/** Spec §9: notifications auto-close after 5000 ms, top-right, draggable. */
export const toastOptions = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
} as const;
