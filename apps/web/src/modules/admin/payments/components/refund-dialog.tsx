'use client';

import type { AdminPaymentDetail } from '@shop/domain/admin/payments';
import { formatInr } from '@shop/domain/money';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { refundOrder } from '../actions';

export interface RefundTexts {
  open: string;
  title: string;
  left: string;
  kind: string;
  full: string;
  lines: string;
  amount: string;
  /** With {name} and {max}. */
  line: string;
  amountLabel: string;
  reason: string;
  reasonHint: string;
  restock: string;
  submit: string;
  cancel: string;
  /** With {amount}. */
  done: string;
  failed: string;
}

type Kind = 'full' | 'lines' | 'amount';
const field = 'min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2 text-base';
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * The refund dialog of the back office (issue 20): in full, some items (how many of each), or an amount in rupees;
 * a reason, and whether the refunded items go back to stock. A native modal <dialog>: it keeps keyboard focus inside
 * while open, Escape closes it and focus returns to the button that opened it. The API checks everything again and
 * refuses with its codes (shown by the field they name); the refund then settles by the provider's webhook.
 * Items already back in stock (the order cancelled, or its returned parcel put on sale) cannot be put back again: the
 * API refuses it (`refund_restock_already_returned`, decision 142), so the dialog says why instead of offering it.
 */
export function RefundDialog({
  orderId,
  refundable,
  lines,
  restockUnavailable,
  texts,
}: {
  orderId: string;
  refundable: number;
  lines: AdminPaymentDetail['lines'];
  /** Why the items cannot go back to stock (they are back already, by the API's answer); null: it may be offered. */
  restockUnavailable: string | null;
  texts: RefundTexts;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [kind, setKind] = useState<Kind>('full');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const open = () => {
    setErrors({});
    setFailure(null);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    const chosen = Object.entries(quantities)
      .map(([lineId, quantity]) => ({ lineId, quantity: Number(quantity) }))
      .filter((line) => line.quantity > 0);
    const rupees = Number(amount.replace(/[,\s₹]/g, ''));
    const body = {
      kind,
      reason,
      restock: kind === 'amount' || restockUnavailable !== null ? false : restock,
      ...(kind === 'amount' ? { amount: Number.isFinite(rupees) && amount.trim() !== '' ? Math.round(rupees * 100) : undefined } : {}),
      ...(kind === 'lines' ? { lines: chosen } : {}),
    };
    const result = await refundOrder(orderId, body);
    setBusy(false);
    if (!result.ok) {
      const byField = Object.fromEntries(Object.entries(result.errors ?? {}).map(([name, error]) => [name.split('.')[0] as string, error.message]));
      setErrors(byField);
      setFailure(result.message);
      void showToast('error', texts.failed);
      return;
    }
    void showToast('success', fill(texts.done, { amount: formatInr(result.value.amount) }));
    setQuantities({});
    setAmount('');
    setReason('');
    setRestock(false);
    close();
    router.refresh();
  };

  const describe = (name: string, hint?: string) => [hint, errors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;

  return (
    <>
      <button
        type="button"
        onClick={open}
        disabled={!hydrated || refundable <= 0}
        className="inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:bg-surface disabled:opacity-50"
        data-testid="refund-open"
      >
        {texts.open}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-xl border border-line bg-white p-0 text-ink backdrop:bg-ink/40"
        data-testid="refund-dialog"
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
          <div>
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {texts.title}
            </h2>
            <p className="text-sm text-muted">{fill(texts.left, { amount: formatInr(refundable) })}</p>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{texts.kind}</legend>
            {(
              [
                ['full', fill(texts.full, { amount: formatInr(refundable) })],
                ['lines', texts.lines],
                ['amount', texts.amount],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} className="h-5 w-5 accent-brand" />
                {label}
              </label>
            ))}
          </fieldset>
          {kind === 'lines' ? (
            <fieldset className="flex flex-col gap-3" aria-describedby={describe('lines')}>
              <legend className="sr-only">{texts.lines}</legend>
              {lines.map((line) => (
                <div key={line.lineId} className="flex flex-col gap-1">
                  <label htmlFor={`${id}-line-${line.lineId}`} className="text-sm">
                    {fill(texts.line, { name: line.name, max: line.refundable })}
                  </label>
                  <input
                    id={`${id}-line-${line.lineId}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.refundable}
                    step={1}
                    disabled={line.refundable === 0}
                    value={quantities[line.lineId] ?? ''}
                    onChange={(event) => setQuantities({ ...quantities, [line.lineId]: event.target.value })}
                    className={`${field} sm:w-32`}
                    data-line={line.lineId}
                  />
                </div>
              ))}
              {fieldError('lines')}
            </fieldset>
          ) : null}
          {kind === 'amount' ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-amount`} className="text-sm font-medium">
                {texts.amountLabel}
              </label>
              <input
                id={`${id}-amount`}
                type="text"
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={describe('amount')}
                className={`${field} sm:w-48`}
              />
              {fieldError('amount')}
            </div>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-reason`} className="text-sm font-medium">
              {texts.reason}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={describe('reason', `${id}-reason-hint`)}
              className={field}
            />
            <p id={`${id}-reason-hint`} className="text-xs text-muted">
              {texts.reasonHint}
            </p>
            {fieldError('reason')}
          </div>
          {kind === 'amount' ? null : restockUnavailable !== null ? (
            <p className="text-sm text-muted" data-testid="refund-restock-unavailable">
              {restockUnavailable}
            </p>
          ) : (
            <label className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} className="h-5 w-5 accent-brand" />
              {texts.restock}
            </label>
          )}
          {fieldError('restock')}
          {failure && Object.keys(errors).length === 0 ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              onClick={close}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-5 py-2 font-semibold hover:bg-surface"
            >
              {texts.cancel}
            </button>
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy || undefined}
              className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
            >
              {texts.submit}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
