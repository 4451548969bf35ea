'use client';

import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { forwardRef, useState } from 'react';
import { BrowserApiError } from '@lib/api/browser-client';
import { createAddress, type AddressFields, type SavedAddress } from '@lib/api/addresses';
import type { CodedText } from '@lib/api/refusal';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
import { addressLines } from '@shop/domain/address';
import { withSession } from '../lib/with-session';

// The account module's own form (its rules, messages and zod) loads only when an address is added here.
const AddressForm = dynamic(() => import('@modules/account/components/address-form').then((m) => m.AddressForm), { ssr: false });

interface AddressStepProps {
  addresses: SavedAddress[];
  selected: string | null;
  onSelect: (id: string) => void;
  onAdded: (address: SavedAddress) => void;
  /** Already translated; shown under the legend. */
  error: string | null;
}

/** Choose where the order goes: one of the saved addresses, or a new one (saved to the account as well). */
export const AddressStep = forwardRef<HTMLFieldSetElement, AddressStepProps>(function AddressStep({ addresses, selected, onSelect, onAdded, error }, ref) {
  const t = useTranslations('checkout.address');
  const tRefusal = useTranslations('refusals') as unknown as RefusalTranslator;
  const locale = useLocale();
  const [adding, setAdding] = useState(addresses.length === 0);
  // The form is open from the start without a saved address; it takes focus only when the shopper's click opened it
  // (issue 25: it loads a moment after sign-in, and must not pull focus from a field the shopper is typing in).
  const [openedByClick, setOpenedByClick] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(input: AddressFields): Promise<Record<string, CodedText> | void> {
    setFailure(null);
    try {
      const address = await withSession(() => createAddress(input));
      onAdded(address);
      setAdding(false);
    } catch (caught) {
      // The API's refusals, per field (the address form translates those) and whole, by their codes (decision 037).
      if (caught instanceof BrowserApiError && caught.errors) return caught.errors;
      setFailure(caught instanceof BrowserApiError ? refusalText(caught, tRefusal, locale) : t('saveFailed'));
    }
  }

  return (
    <fieldset
      ref={ref}
      tabIndex={-1}
      aria-describedby={error ? 'checkout-address-error' : undefined}
      className="rounded-xl border border-line bg-white p-4 focus:outline-none sm:p-6"
    >
      <legend className="px-1 text-lg font-semibold">{t('legend')}</legend>
      {error ? (
        <p id="checkout-address-error" role="alert" className="mb-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {addresses.length > 0 ? (
        <ul className="grid gap-3">
          {addresses.map((address) => (
            <li key={address._id}>
              <label
                className={`flex cursor-pointer gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40 ${selected === address._id ? 'border-brand bg-brand-soft/40' : 'border-line'}`}
              >
                <input
                  type="radio"
                  name="addressId"
                  value={address._id}
                  checked={selected === address._id}
                  onChange={() => onSelect(address._id)}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand"
                />
                <span className="min-w-0 text-sm">
                  <span className="block font-semibold text-ink">
                    {address.name}
                    {address.isDefault ? <span className="ms-2 rounded bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">{t('default')}</span> : null}
                  </span>
                  {/* Isolated, its direction from its own text: in Arabic, "12 MG Road" must not read "MG Road 12". */}
                  <span className="block text-ink/90">
                    <bdi>{addressLines(address).join(', ')}</bdi>
                  </span>
                  <span className="block text-muted">
                    <bdi dir="ltr">{address.mobile}</bdi>
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <div className="mt-4">
          <h2 className="mb-3 font-semibold">{t('addTitle')}</h2>
          <AddressForm
            autoFocus={openedByClick}
            onSave={save}
            onCancel={() => {
              setAdding(false);
              setFailure(null);
            }}
            failure={failure}
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => {
            setOpenedByClick(true);
            setAdding(true);
          }}
          className="mt-4 inline-flex min-h-11 items-center rounded-full border border-brand px-5 font-semibold text-brand hover:bg-brand-soft"
        >
          {t('add')}
        </button>
      )}
    </fieldset>
  );
});
