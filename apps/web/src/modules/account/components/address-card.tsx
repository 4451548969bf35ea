'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { SavedAddress } from '@lib/api/addresses';
import { TextButton } from '@modules/auth/components/form-controls';
import { PostalAddress } from '@modules/common/components/postal-address';

interface AddressCardProps {
  address: SavedAddress;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}

/** One saved address with its actions; deleting asks for a confirmation in place. */
export function AddressCard({ address, busy, onEdit, onDelete, onMakeDefault }: AddressCardProps) {
  const t = useTranslations('account.addresses');
  const [confirming, setConfirming] = useState(false);
  return (
    <article
      aria-label={t('cardLabel', { name: address.name })}
      className={`flex h-full flex-col rounded-xl border bg-white p-4 ${address.isDefault ? 'border-brand' : 'border-line'}`}
    >
      <div className="flex items-start justify-between gap-2">
        {/* h2, looking as before: the cards sit straight under the page's h1 (axe: heading-order). */}
        <h2 className="font-semibold">{address.name}</h2>
        {address.isDefault ? <span className="rounded bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">{t('default')}</span> : null}
      </div>
      <PostalAddress address={address} className="mt-2 flex-1 text-sm not-italic text-ink/90" />
      {confirming ? (
        <div role="group" aria-label={t('confirmDelete')} className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span>{t('confirmDelete')}</span>
          <button
            type="button"
            disabled={busy}
            onClick={onDelete}
            className="min-h-11 rounded-full bg-danger px-4 font-semibold text-white disabled:opacity-60"
          >
            {t('confirmYes')}
          </button>
          <TextButton onClick={() => setConfirming(false)}>{t('confirmNo')}</TextButton>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-x-3 text-sm">
          <TextButton onClick={onEdit} disabled={busy}>
            {t('edit')}
          </TextButton>
          <TextButton onClick={() => setConfirming(true)} disabled={busy}>
            {t('delete')}
          </TextButton>
          {!address.isDefault ? (
            <TextButton onClick={onMakeDefault} disabled={busy}>
              {t('setDefault')}
            </TextButton>
          ) : null}
        </div>
      )}
    </article>
  );
}
