'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { updateName } from '@lib/api/auth';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { useAuthErrorText } from '@modules/auth/components/use-auth-error';
import { nameSchema, type NameForm as NameValues } from '@modules/auth/lib/schemas';
import { reloadToken } from '@modules/auth/session/session';

export function NameForm({ name }: { name: string }) {
  const t = useTranslations('account.details');
  const errorText = useAuthErrorText();
  const router = useRouter();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<NameValues>({ resolver: zodResolver(nameSchema), defaultValues: { name } });

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    const result = await updateName(values.name);
    if (!result.ok) {
      setNotice({ tone: 'error', text: errorText.fromFailure(result) });
      return;
    }
    await reloadToken();
    setNotice({ tone: 'success', text: t('nameSaved') });
    router.refresh();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      {/* defaultValue too: the server's HTML shows the name before the form hydrates (react-hook-form fills it only then). */}
      <TextField
        label={t('nameLabel')}
        autoComplete="name"
        defaultValue={name}
        registration={form.register('name')}
        error={errorText.field(form.formState.errors.name)}
      />
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
        {t('saveName')}
      </SubmitButton>
    </form>
  );
}
