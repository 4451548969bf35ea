'use client';

import { type AdminStatusMove, adminStatusMoveSchema } from '@shop/domain/admin/orders';
import type { OrderStatus } from '@shop/domain/order-status';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { adminResolver } from '@modules/admin/lib/resolver';
import { moveOrderStatus } from '../actions';

export interface StatusMoveTexts {
  to: string;
  choose: string;
  note: string;
  reason: string;
  reasonHint: string;
  carrier: string;
  number: string;
  link: string;
  submit: string;
  done: string;
  failed: string;
  statuses: Record<string, string>;
}

/**
 * The status move: only the moves the status machine allows from here (computed on the server from
 * packages/domain), a reason required to cancel, carrier and number required to ship. The API checks all of it again.
 */
export function StatusMoveForm({ orderId, next, texts }: { orderId: string; next: readonly OrderStatus[]; texts: StatusMoveTexts }) {
  const router = useRouter();
  const selectId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AdminStatusMove>({
    resolver: adminResolver(adminStatusMoveSchema),
    defaultValues: { status: undefined as unknown as OrderStatus, note: '', carrier: '', number: '', link: '' },
  });
  const status = useWatch({ control: form.control, name: 'status' });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await moveOrderStatus(orderId, values);
    if (!result.ok) {
      for (const [field, error] of Object.entries(result.errors ?? {})) {
        if (['status', 'note', 'carrier', 'number', 'link'].includes(field))
          form.setError(field as keyof AdminStatusMove, { type: error.code, message: error.message });
      }
      setFailure(result.message);
      void showToast('error', texts.failed);
      return;
    }
    void showToast('success', texts.done.replace('{status}', texts.statuses[result.value] ?? result.value));
    form.reset({ status: undefined as unknown as OrderStatus, note: '', carrier: '', number: '', link: '' });
    router.refresh();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" data-testid="status-move-form">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-ink">
          {texts.to}
        </label>
        <select
          id={selectId}
          {...form.register('status')}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? `${selectId}-error` : undefined}
          className="min-h-11 rounded-lg border border-line bg-white px-3 py-2 text-base"
        >
          <option value="">{texts.choose}</option>
          {next.map((option) => (
            <option key={option} value={option}>
              {texts.statuses[option] ?? option}
            </option>
          ))}
        </select>
        {errors.status ? (
          <p id={`${selectId}-error`} role="alert" className="text-sm text-danger">
            {errors.status.message}
          </p>
        ) : null}
      </div>
      {status === 'shipped' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={texts.carrier} registration={form.register('carrier')} error={errors.carrier?.message} autoComplete="off" />
          <TextField label={texts.number} registration={form.register('number')} error={errors.number?.message} autoComplete="off" dir="ltr" />
          <TextField label={texts.link} registration={form.register('link')} error={errors.link?.message} type="url" dir="ltr" className="sm:col-span-2" />
        </div>
      ) : null}
      <TextField
        label={status === 'cancelled' ? texts.reason : texts.note}
        hint={status === 'cancelled' ? texts.reasonHint : undefined}
        registration={form.register('note')}
        error={errors.note?.message}
        autoComplete="off"
      />
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
        {texts.submit}
      </SubmitButton>
    </form>
  );
}
