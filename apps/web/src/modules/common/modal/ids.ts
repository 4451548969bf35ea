/** id of the heading every modal view renders, so the dialog is labelled by it. */
export const modalTitleId = 'modal-title';
