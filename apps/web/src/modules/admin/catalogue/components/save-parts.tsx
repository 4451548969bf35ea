'use client';

import { FormMessage, SubmitButton } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { applyErrors } from './fields';

/**
 * What the catalogue forms (categories, brands, sliders, coupons) share around a save: a refused save puts the API's
 * field errors beside their fields, its message above the button and a toast; the footer shows that message and the
 * submit button.
 */
export function showRefusal(
  refusal: { message: string; errors: Record<string, string> },
  options: { fields: readonly string[]; setError: (field: never, error: { message: string }) => void; setFailure: (message: string) => void; toast: string },
) {
  applyErrors(refusal.errors, options.fields, options.setError);
  options.setFailure(refusal.message);
  void showToast('error', options.toast);
}

export function SaveFooter({ failure, busy, label }: { failure: string | null; busy: boolean; label: string }) {
  return (
    <>
      {failure ? (
        <div className="sm:col-span-2">
          <FormMessage tone="error">{failure}</FormMessage>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} className="sm:w-auto">
          {label}
        </SubmitButton>
      </div>
    </>
  );
}
