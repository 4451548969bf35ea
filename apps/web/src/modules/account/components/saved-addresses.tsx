'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress, type AddressFields, type SavedAddress } from '@lib/api/addresses';
import { BrowserApiError } from '@lib/api/browser-client';
import type { CodedText } from '@lib/api/refusal';
import { FormMessage } from '@modules/auth/components/form-controls';
import { useRefusalText } from '@modules/auth/components/use-refusal-text';
// Registers the access-token source, so even the first call of a freshly loaded page carries the bearer token.
import '@modules/auth/session/session';
import { AddressCard } from './address-card';
import { AddressForm } from './address-form';

const queryKey = ['addresses'];

type Editing = { mode: 'add' } | { mode: 'edit'; address: SavedAddress } | null;

/** /my-account/saved-address: list, add, edit, delete, set default; every call carries the bearer token. */
export function SavedAddresses() {
  const t = useTranslations('account.addresses');
  const refusals = useRefusalText();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const { data, isPending, isError } = useQuery({ queryKey, queryFn: listAddresses });

  const refresh = () => queryClient.invalidateQueries({ queryKey });
  // An API refusal by its code (address_not_found, address_limit_reached, …); anything else (no answer) the generic text.
  const describe = (error: unknown) => (error instanceof BrowserApiError ? refusals.text(error) : t('error'));

  const action = useMutation({
    mutationFn: async (run: () => Promise<unknown>) => run(),
    onSuccess: refresh,
  });

  async function save(input: AddressFields): Promise<Record<string, CodedText> | void> {
    setFailure(null);
    try {
      if (editing?.mode === 'edit') await updateAddress(editing.address._id, input);
      else await createAddress(input);
    } catch (error) {
      if (error instanceof BrowserApiError && error.errors) return error.errors;
      setFailure(describe(error));
      return;
    }
    setStatus(editing?.mode === 'edit' ? t('updated') : t('added'));
    setEditing(null);
    await refresh();
  }

  async function run(kind: 'deleted' | 'defaultSet', call: () => Promise<unknown>) {
    setFailure(null);
    setStatus(null);
    try {
      await action.mutateAsync(call);
      setStatus(t(kind));
    } catch (error) {
      setFailure(describe(error));
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <p role="status" className="sr-only">
        {status}
      </p>
      {status && !editing ? <FormMessage tone="success">{status}</FormMessage> : null}
      {editing ? (
        <section className="rounded-xl border border-line bg-white p-4 sm:p-6" aria-labelledby="address-form-title">
          <h2 id="address-form-title" className="mb-4 text-lg font-semibold">
            {editing.mode === 'edit' ? t('editTitle') : t('addTitle')}
          </h2>
          <AddressForm
            key={editing.mode === 'edit' ? editing.address._id : 'new'}
            address={editing.mode === 'edit' ? editing.address : undefined}
            onSave={save}
            onCancel={() => {
              setEditing(null);
              setFailure(null);
            }}
            failure={failure}
          />
        </section>
      ) : (
        <div>
          <button
            type="button"
            onClick={() => {
              setStatus(null);
              setFailure(null);
              setEditing({ mode: 'add' });
            }}
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong"
          >
            {t('add')}
          </button>
        </div>
      )}
      {failure && !editing ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {isPending ? (
        <p className="text-muted" aria-busy="true">
          {t('loading')}
        </p>
      ) : isError ? (
        <FormMessage tone="error">{t('error')}</FormMessage>
      ) : data.length === 0 ? (
        <p className="text-muted">{t('empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('listLabel')}>
          {data.map((address) => (
            <li key={address._id}>
              <AddressCard
                address={address}
                busy={action.isPending}
                onEdit={() => {
                  setStatus(null);
                  setFailure(null);
                  setEditing({ mode: 'edit', address });
                }}
                onDelete={() => void run('deleted', () => deleteAddress(address._id))}
                onMakeDefault={() => void run('defaultSet', () => setDefaultAddress(address._id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
