'use client';

import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { askForStockAlert } from '@lib/api/wishlist-browser';
import { chosenVariant, noChosenVariant, subscribeToChosenVariant } from '@modules/catalogue/lib/chosen-variant';
import { useShopLocale } from '@modules/common/locale-context';
import { useUI } from '@modules/common/ui-store';

export interface NotifyMeLabels {
  open: string;
  intro: string;
  channel: string;
  email: string;
  sms: string;
  emailLabel: string;
  phoneLabel: string;
  submit: string;
  done: string;
  failed: string;
  /** The refusals this form can meet, by code, in the shopper's language (the `refusals` namespace, decision 037). */
  refusals: Record<string, string>;
}

type Channel = 'email' | 'sms';

/** The signed-in shopper's address and number, to fill in (the token's claims; the session module loads it). */
async function signedInContact(): Promise<{ email: string | null; mobile: string | null } | null> {
  const { authStore } = await import('@modules/auth/session/auth-store');
  return authStore.getState().user;
}

interface NotifyMeProps {
  productId: string;
  /** The product's options (sizes, colours…) with their stock; empty for a product without options. */
  options?: { _id: string; stock: number }[];
  /** The option the server chose (from ?variant= or the first in stock). */
  initialVariantId?: string;
  labels: NotifyMeLabels;
}

/**
 * "Notify me when it is back" on a product that is out of stock (issue 24, decision 100), or on a sold-out option of
 * it (decision 118): it follows the option picked in the buy box, shows only while that option is sold out, and asks
 * for THAT option. Keyed by the option, so picking another starts afresh.
 */
export function NotifyMe({ productId, options = [], initialVariantId, labels }: NotifyMeProps) {
  const picked = useSyncExternalStore(subscribeToChosenVariant, chosenVariant, noChosenVariant);
  const option = options.find((candidate) => candidate._id === (picked ?? initialVariantId));
  // A product without options (or none picked): the server showed this only when the product is sold out.
  if (options.length > 0 && option && option.stock > 0) return null;
  return <NotifyMeForm key={option?._id ?? productId} productId={productId} variantId={option?._id} labels={labels} />;
}

/**
 * The button that opens a small form, e-mail or SMS. Signed out it asks for the address or number; signed in it fills
 * them in from the account. The API sends one message when the stock returns; asking twice is the same request.
 */
function NotifyMeForm({ productId, variantId, labels }: { productId: string; variantId: string | undefined; labels: NotifyMeLabels }) {
  const id = useId();
  const locale = useShopLocale();
  const signedIn = useUI((s) => s.isAuthorized);
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<Channel>('email');
  const [values, setValues] = useState({ email: '', phone: '' });
  const [error, setError] = useState<{ field: Channel | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The button that opened the form is gone: the keyboard goes on in the field it asks for.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  async function openForm() {
    setOpen(true);
    if (!signedIn) return;
    const user = await signedInContact().catch(() => null);
    if (user) setValues((current) => ({ email: current.email || (user.email ?? ''), phone: current.phone || (user.mobile ?? '') }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await askForStockAlert({
        productId,
        ...(variantId ? { variantId } : {}),
        channel,
        language: locale,
        ...(channel === 'email' ? { email: values.email } : { phone: values.phone }),
      });
      setDone(true);
    } catch (failure) {
      const refusal = failure as { code?: string; errors?: Record<string, { code: string }> };
      const fieldCode = refusal.errors?.email?.code ?? refusal.errors?.phone?.code;
      const code = fieldCode ?? refusal.code ?? '';
      setError({ field: fieldCode ? channel : null, text: labels.refusals[code] ?? labels.failed });
    } finally {
      setBusy(false);
    }
  }

  const field = channel === 'email' ? 'email' : 'phone';
  const errorId = `${id}-error`;
  const opener = (
    <button
      type="button"
      onClick={() => void openForm()}
      className="min-h-11 w-full rounded-full border border-brand px-5 text-base font-semibold text-brand hover:bg-brand-soft sm:w-auto"
    >
      {labels.open}
    </button>
  );
  const form = (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3 rounded-xl border border-line p-4" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="text-sm text-ink">
        {labels.intro}
      </p>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-ink">{labels.channel}</legend>
        {(['email', 'sms'] as const).map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name={`${id}-channel`}
              value={option}
              checked={channel === option}
              onChange={() => {
                setChannel(option);
                setError(null);
              }}
              className="h-4 w-4 accent-brand"
            />
            {option === 'email' ? labels.email : labels.sms}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-${field}`} className="text-sm font-medium text-ink">
          {channel === 'email' ? labels.emailLabel : labels.phoneLabel}
        </label>
        <input
          ref={input}
          id={`${id}-${field}`}
          type={channel === 'email' ? 'email' : 'tel'}
          autoComplete={channel === 'email' ? 'email' : 'tel'}
          dir="ltr"
          value={values[field]}
          onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          aria-invalid={error?.field ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`min-h-11 rounded-lg border bg-white px-3 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/20 ${error?.field ? 'border-danger' : 'border-line'}`}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error.text}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className="min-h-11 rounded-full bg-brand px-5 text-base font-semibold text-white hover:bg-brand-strong disabled:opacity-60 sm:w-fit"
      >
        {labels.submit}
      </button>
    </form>
  );
  return (
    <div>
      {/* One live region for the outcome, there from the start, so the change is announced. */}
      <p role="status" className={done ? 'rounded-lg bg-brand-soft px-4 py-3 text-sm text-ink' : 'sr-only'}>
        {done ? labels.done : ''}
      </p>
      {done ? null : open ? form : opener}
    </div>
  );
}
