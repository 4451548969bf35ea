'use client';

import type { PickupWindow } from '@shop/domain/shipping/pickup-window';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import type { ActionResult } from '@modules/admin/lib/result';
import { textsOf } from '@modules/admin/products/lib/client-texts';
import { cancelShipment, refreshTracking, requestPickup, resolveRto } from '../actions';

const button = 'inline-flex min-h-11 items-center justify-center rounded-full border px-4 text-sm font-semibold disabled:opacity-60';

/** What staff may do with the shipment as it stands (worked out on the server from its status). */
export interface ShipmentAbilities {
  pickup: boolean;
  /** Ask the carrier for the tracking now (a parcel still on its way). */
  track: boolean;
  cancel: boolean;
  rto: boolean;
}

/**
 * The shipment's buttons (issue 22): request the courier's pickup (on a day of the pickup window, or its next slot),
 * cancel before pickup (asked twice), and for a parcel back at the shop, say whether it can be sold again. Each calls
 * a server action; the page re-renders with what the API answered. The date picker offers only the window's days
 * (worked out on the server when the page was drawn); the API judges the day again when asked (decision 147).
 */
export function ShipmentActions({
  orderId,
  can,
  pickupDays,
  messages,
}: {
  orderId: string;
  can: ShipmentAbilities;
  /** The pickup window, and its last day as the back office writes dates (for the hint). */
  pickupDays: PickupWindow & { lastLabel: string };
  messages: Record<string, unknown>;
}) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const router = useRouter();
  const hydrated = useHydrated();
  const dateId = useId();
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run<T>(action: () => Promise<ActionResult<T>>, done: string | ((value: T) => string)) {
    setBusy(true);
    setFailure(null);
    const result = await action();
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setFailure(result.errors ? (Object.values(result.errors)[0]?.message ?? result.message) : result.message);
      void showToast('error', t('actions.failed'));
      return;
    }
    void showToast('success', typeof done === 'string' ? done : done(result.value));
    router.refresh();
  }

  const disabled = busy || !hydrated;
  return (
    <div className="flex flex-col gap-3" data-testid="shipment-actions">
      {can.pickup ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={dateId} className="text-sm font-medium">
              {t('actions.pickupDate')}
            </label>
            <input
              id={dateId}
              type="date"
              min={pickupDays.from}
              max={pickupDays.to}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              aria-describedby={`${dateId}-hint`}
              className="min-h-11 rounded-lg border border-line bg-white px-3 py-2 text-base"
            />
            <p id={`${dateId}-hint`} className="text-xs text-muted">
              {t('actions.pickupHint', { last: pickupDays.lastLabel })}
            </p>
          </div>
          <button
            type="button"
            disabled={disabled}
            onClick={() => void run(() => requestPickup(orderId, date ? { date } : {}), t('actions.pickupDone'))}
            className={`${button} mb-5 border-brand bg-brand text-white hover:bg-brand-strong`}
          >
            {t('actions.pickup')}
          </button>
        </div>
      ) : null}
      {can.track ? (
        <button
          type="button"
          disabled={disabled}
          onClick={() =>
            void run(
              () => refreshTracking(orderId),
              (applied) => t('actions.trackDone', { count: applied }),
            )
          }
          className={`${button} self-start border-line hover:bg-surface`}
        >
          {t('actions.track')}
        </button>
      ) : null}
      {can.cancel ? (
        confirming ? (
          <div role="group" aria-label={t('actions.cancel')} className="flex flex-wrap items-center gap-3 rounded-lg bg-surface p-3">
            <p className="text-sm font-medium">{t('actions.cancelConfirm')}</p>
            <button
              type="button"
              disabled={disabled}
              onClick={() => void run(() => cancelShipment(orderId), t('actions.cancelDone'))}
              className={`${button} border-danger text-danger hover:bg-danger/10`}
            >
              {t('actions.cancelYes')}
            </button>
            <button type="button" disabled={disabled} onClick={() => setConfirming(false)} className={`${button} border-line hover:bg-white`}>
              {t('actions.cancelNo')}
            </button>
          </div>
        ) : (
          <button
            type="button"
            disabled={disabled}
            onClick={() => setConfirming(true)}
            className={`${button} self-start border-line text-danger hover:bg-danger/10`}
          >
            {t('actions.cancel')}
          </button>
        )
      ) : null}
      {can.rto ? (
        <div role="group" aria-labelledby={`${dateId}-rto`} className="flex flex-col gap-3 rounded-lg border border-line p-3" data-testid="rto-resolve">
          <p id={`${dateId}-rto`} className="text-sm font-semibold">
            {t('rto.question')}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              disabled={disabled}
              onClick={() => void run(() => resolveRto(orderId, { resaleable: true }), t('rto.done'))}
              className={`${button} border-brand bg-brand text-white hover:bg-brand-strong`}
            >
              {t('rto.resaleable')}
            </button>
            <button
              type="button"
              disabled={disabled}
              onClick={() => void run(() => resolveRto(orderId, { resaleable: false }), t('rto.done'))}
              className={`${button} border-line hover:bg-surface`}
            >
              {t('rto.notResaleable')}
            </button>
          </div>
        </div>
      ) : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
    </div>
  );
}
