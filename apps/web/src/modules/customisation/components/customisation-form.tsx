'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { checkSelectedFileCount, MAX_UPLOAD_BYTES, mediaLimitOf, type UploadedImage } from '@shop/domain/customisation';
import type { ProductCustomisation } from '@shop/domain/catalogue';
import type { OrderLine } from '@shop/domain/order';
import { fieldRefusal } from '@shop/domain/refusals/index';
import { BrowserApiError } from '@lib/api/browser-client';
import { addCustomisation, UploadAbortedError, uploadCustomisationImages, UploadNetworkError } from '@lib/api/customisation-browser';
import type { CodedText } from '@lib/api/refusal';
import { refusalText } from '@lib/api/refusal-text';
import { customisationFormSchema, formFieldOf, initialUnits, toRequest, type CustomisationFormValues } from '../lib/form-schema';
import { dismissDialogToast, photoCountToastId, showDialogToast } from '../lib/toast';
import { ordersQueryKey } from '../lib/use-order-line';
import { UnitFields } from './unit-fields';

export type CustomisableLine = OrderLine & { product_customization: ProductCustomisation };

/** Spec §4: editing, then uploading (while any unit's photos are on their way), then submitted. */
type DialogState = 'editing' | 'uploading' | 'submitted';

type UnitPath = `units.${number}.text` | `units.${number}.images`;
/** One unit's errors in the form's error tree. */
type UnitErrors = FieldErrors<CustomisationFormValues['units'][number]>;

/**
 * The personalisation form for one order line: one block per ordered unit, photos uploaded as soon as they are chosen
 * (with progress), the spec §5 rules checked before sending (the API checks them again). On success: the toast
 * 'Details added successfully', the form resets, the order data is refreshed and `onSent` closes the dialog.
 */
export function CustomisationForm({ orderId, line, onSent }: { orderId: string; line: CustomisableLine; onSent: () => void }) {
  const t = useTranslations('customisation');
  const tRefusals = useTranslations('refusals');
  const locale = useLocale();
  // Every refusal, the rules' here and the API's, is shown by its code and params in the shopper's language.
  const say = useCallback((refusal: CodedText & { errors?: Record<string, CodedText> }) => refusalText(refusal, tRefusals, locale), [tRefusals, locale]);
  const router = useRouter();
  const queryClient = useQueryClient();
  const customization = line.product_customization;
  const { type } = customization;
  const mediaLimit = mediaLimitOf(customization);
  const quantity = line.quantity;
  const schema = useMemo(() => customisationFormSchema(customization, quantity, say), [customization, quantity, say]);
  const form = useForm<CustomisationFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { units: initialUnits(quantity, line.customisation?.units) },
    // Focus goes to the first invalid field in page order, photos included (see focusFirstError).
    shouldFocusError: false,
  });
  const units = useWatch({ control: form.control, name: 'units' });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const [progress, setProgress] = useState<(number | null)[]>(() => Array.from({ length: quantity }, () => null));
  const [submitted, setSubmitted] = useState(false);
  const uploads = useRef(new Map<number, AbortController>());
  const formRef = useRef<HTMLFormElement>(null);
  const uploading = progress.some((value) => value !== null);
  const state: DialogState = submitted ? 'submitted' : uploading ? 'uploading' : 'editing';

  // Closing the dialog stops the uploads still on their way.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const setUnitProgress = (index: number, value: number | null) => setProgress((current) => current.map((old, i) => (i === index ? value : old)));

  function focusFirstError() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function failure(error: unknown): string {
    if (error instanceof UploadNetworkError) return t('network');
    if (error instanceof BrowserApiError) return say(error);
    return t('failed');
  }

  async function onFiles(index: number, files: File[]) {
    const path = `units.${index}.images` as const;
    // Spec §5: a choice whose count differs from mediaLimit uploads nothing. A file above the server's size limit
    // would only be refused after travelling, so it is refused here with the server's own refusal.
    const refusal =
      checkSelectedFileCount(customization, files.length) ?? (files.some((file) => file.size > MAX_UPLOAD_BYTES) ? fieldRefusal('file_too_large') : null);
    if (refusal) {
      const text = say(refusal);
      form.setError(path, { type: 'choice', message: text });
      void showDialogToast('error', text, photoCountToastId(index));
      return;
    }
    form.clearErrors(path);
    void dismissDialogToast(photoCountToastId(index));
    uploads.current.get(index)?.abort();
    const controller = new AbortController();
    uploads.current.set(index, controller);
    setUnitProgress(index, 0);
    try {
      const images = await uploadCustomisationImages(
        files,
        { orderId, productId: line.productId, lineId: line.id },
        { onProgress: (fraction) => setUnitProgress(index, fraction), signal: controller.signal },
      );
      form.setValue(path, images, { shouldDirty: true, shouldValidate: isSubmitted });
    } catch (error) {
      if (error instanceof UploadAbortedError) return;
      const message = failure(error);
      form.setError(path, { type: 'upload', message });
      void showDialogToast('error', message);
    } finally {
      if (uploads.current.get(index) === controller) {
        uploads.current.delete(index);
        if (!controller.signal.aborted) setUnitProgress(index, null);
      }
    }
  }

  function onRemove(index: number, imageIndex: number) {
    const images: UploadedImage[] = form.getValues(`units.${index}.images`).filter((_, i) => i !== imageIndex);
    form.setValue(`units.${index}.images`, images, { shouldDirty: true, shouldValidate: isSubmitted });
    // The removed button took the focus with it: give it to the unit's photo picker.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-unit="${index + 1}"] input[type="file"]`)?.focus());
  }

  function onInvalid(invalid: FieldErrors<CustomisationFormValues>) {
    const units = Array.isArray(invalid.units) ? (invalid.units as (UnitErrors | undefined)[]) : [];
    const index = units.findIndex((unit) => typeof unit?.images?.message === 'string');
    const message = units[index]?.images?.message;
    // Spec §8: the image-count mismatch is also a toast.
    if (typeof message === 'string') void showDialogToast('error', message, photoCountToastId(index));
    focusFirstError();
  }

  async function send(values: CustomisationFormValues) {
    try {
      await addCustomisation(toRequest({ orderId, productId: line.productId, lineId: line.id }, type, values));
      setSubmitted(true);
      for (let index = 0; index < quantity; index++) void dismissDialogToast(photoCountToastId(index));
      void showDialogToast('success', t('success'));
      form.reset({ units: initialUnits(quantity, null) });
      // The dialog's order query and any other order query, and the order pages rendered on the server.
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      router.refresh();
      onSent();
    } catch (error) {
      // Locked meanwhile (the shop started making it): show the line as it now is, read-only, and the page too.
      if (error instanceof BrowserApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
        router.refresh();
      }
      if (error instanceof BrowserApiError && error.errors) {
        for (const [key, refusal] of Object.entries(error.errors)) {
          const field = formFieldOf(key);
          if (field && field !== 'units') form.setError(field as UnitPath, { type: 'server', message: say(refusal) });
        }
        focusFirstError();
      }
      void showDialogToast('error', failure(error));
    }
  }

  // Already in the shopper's language: the schema's `say`, or the refusal translated where it was set.
  const fieldError = (index: number, field: 'text' | 'images') => errors.units?.[index]?.[field]?.message || undefined;

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void form.handleSubmit(send, onInvalid)(event)}
      noValidate
      className="flex flex-col gap-4"
      data-state={state}
      aria-busy={uploading || isSubmitting || undefined}
    >
      {units.map((unit, index) => (
        <UnitFields
          key={index}
          unit={index + 1}
          productName={line.name}
          withText={type !== 'image'}
          withImages={type !== 'text'}
          mediaLimit={mediaLimit}
          textRegistration={form.register(`units.${index}.text`)}
          images={unit.images}
          textError={fieldError(index, 'text')}
          imagesError={fieldError(index, 'images')}
          progress={progress[index] ?? null}
          disabled={isSubmitting || submitted}
          onFiles={(files) => void onFiles(index, files)}
          onRemove={(imageIndex) => onRemove(index, imageIndex)}
        />
      ))}
      <div className="sticky bottom-0 -mx-5 border-t border-line bg-white px-5 py-3 sm:static sm:mx-0 sm:border-0 sm:p-0">
        <button
          type="submit"
          disabled={uploading || isSubmitting || submitted}
          aria-busy={isSubmitting || undefined}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand px-8 py-2.5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60 sm:w-auto"
        >
          {t('send')}
        </button>
      </div>
    </form>
  );
}
