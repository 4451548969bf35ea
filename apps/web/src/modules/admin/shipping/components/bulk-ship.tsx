'use client';

import type { BulkShipResponse } from '@shop/domain/shipping/shipment';
import { useRouter } from 'next/navigation';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { textsOf } from '@modules/admin/products/lib/client-texts';
import { bulkShip } from '../actions';

/** The form's id: each shippable row's checkbox joins it with form="bulk-ship", wherever the row is in the page. */
export const BULK_SHIP_FORM = 'bulk-ship';
export const BULK_SHIP_FIELD = 'orderId';

/**
 * Bulk ship from the orders list (issue 22): staff tick the orders to ship (each row's checkbox belongs to this form),
 * and each is shipped with its suggested parcel. The answer is one line per order, in the order sent: its AWB, or
 * why the carrier or the shop refused it; the others are shipped all the same.
 */
export function BulkShip({ numbers, messages }: { numbers: Record<string, string>; messages: Record<string, unknown> }) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const router = useRouter();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [results, setResults] = useState<BulkShipResponse['results'] | null>(null);

  const boxes = () =>
    Array.from(formRef.current?.elements ?? []).filter(
      (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name === BULK_SHIP_FIELD,
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A row is in the phone's cards and the wide screen's table alike: each order once, in the page's order.
    const orderIds = [
      ...new Set(
        boxes()
          .filter((box) => box.checked)
          .map((box) => box.value),
      ),
    ];
    setFailure(null);
    setResults(null);
    if (orderIds.length === 0) {
      setFailure(t('bulk.none'));
      return;
    }
    setBusy(true);
    const result = await bulkShip({ orderIds });
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      return;
    }
    setResults(result.value.results);
    const shipped = result.value.results.filter((entry) => entry.ok).length;
    void showToast(
      shipped === result.value.results.length ? 'success' : 'error',
      t('bulk.summary', { ok: shipped, refused: result.value.results.length - shipped }),
    );
    requestAnimationFrame(() => resultsRef.current?.focus());
    router.refresh();
  }

  return (
    <form id={BULK_SHIP_FORM} ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="mb-4 flex flex-col gap-3" data-testid="bulk-ship">
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => boxes().forEach((box) => (box.checked = true))}
          className="min-h-11 rounded-full border border-line bg-white px-4 text-sm font-medium hover:bg-surface"
        >
          {t('bulk.selectAll')}
        </button>
        <button
          type="submit"
          disabled={busy || !hydrated}
          aria-busy={busy || undefined}
          className="min-h-11 rounded-full bg-brand px-5 text-sm font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
        >
          {busy ? t('bulk.busy') : t('bulk.submit')}
        </button>
      </div>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {results ? (
        <div ref={resultsRef} tabIndex={-1} role="status" className="rounded-lg border border-line bg-white p-3 text-sm focus:outline-none">
          <ul aria-label={t('bulk.results')} className="flex flex-col gap-1" data-testid="bulk-results">
            {results.map((entry) => {
              const number = numbers[entry.orderId] ?? entry.orderId;
              return (
                <li key={entry.orderId} data-ok={entry.ok} className={entry.ok ? 'text-success' : 'text-danger'}>
                  {entry.ok
                    ? entry.shipment.awb
                      ? t('bulk.ok', { number, awb: entry.shipment.awb })
                      : t('bulk.okNoAwb', { number })
                    : t('bulk.refused', { number, message: entry.message })}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
