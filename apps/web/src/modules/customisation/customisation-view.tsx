'use client';

// Registers the access-token source, so the dialog's calls carry the bearer token even on a freshly loaded page.
import '@modules/auth/session/session';
import { CustomisationDialog } from './components/customisation-dialog';
import { CustomisationMessages } from './components/customisation-messages';

/** COSTOMIZATION_VIEW in the modal host (spec §2); modal data `{ orderId, productId }`. Loaded on first open. */
export default function CustomisationView() {
  return (
    <CustomisationMessages>
      <CustomisationDialog />
    </CustomisationMessages>
  );
}
