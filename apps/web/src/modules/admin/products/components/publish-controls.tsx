'use client';

import type { AdminProduct } from '@shop/domain/admin/products';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { deleteProduct, setPublished } from '../actions';
import { textsOf } from '../lib/client-texts';

/** Publish / unpublish (the reversible way to take a product out of the shop) and delete, which asks first. */
export function PublishControls({ product, messages }: { product: Pick<AdminProduct, '_id' | 'name' | 'published'>; messages: Record<string, unknown> }) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const router = useRouter();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    const result = await setPublished(product._id, !product.published);
    setBusy(false);
    if (!result.ok) return void showToast('error', t('publish.failed', { message: result.message }));
    void showToast('success', result.value.published ? t('publish.published') : t('publish.unpublished'));
    router.refresh();
  };

  const remove = async () => {
    if (!window.confirm(t('publish.confirmDelete', { name: product.name }))) return;
    setBusy(true);
    const result = await deleteProduct(product._id);
    setBusy(false);
    if (!result.ok) return void showToast('error', t('publish.failed', { message: result.message }));
    void showToast('success', t('publish.deleted'));
    router.push('/admin/products');
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void toggle()}
        disabled={!hydrated || busy}
        className={`inline-flex min-h-11 items-center rounded-full px-5 font-semibold disabled:opacity-60 ${product.published ? 'border border-line bg-white' : 'bg-brand text-white hover:bg-brand-strong'}`}
      >
        {product.published ? t('publish.unpublish') : t('publish.publish')}
      </button>
      <button
        type="button"
        onClick={() => void remove()}
        disabled={!hydrated || busy}
        className="inline-flex min-h-11 items-center rounded-full border border-line px-5 text-danger disabled:opacity-60"
      >
        {t('publish.delete')}
      </button>
    </>
  );
}
