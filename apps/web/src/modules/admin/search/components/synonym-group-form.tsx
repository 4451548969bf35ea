'use client';

import { type SynonymGroup, termsOfLine } from '@shop/domain/search/synonym-group';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { fillTemplate } from '@modules/common/i18n/fill-template';
import { showToast } from '@modules/common/show-toast';
import { DeleteButton } from '@modules/admin/catalogue/components/delete-button';
import type { ActionResult } from '@modules/admin/lib/result';
import { deleteSynonymGroup, saveSynonymGroup } from '../actions';
import type { SynonymTexts } from '../lib/texts';

/** The refusal's text in the page's language: the first field's code, else the refusal's own (decision 037). */
function refusalText(result: Extract<ActionResult<unknown>, { ok: false }>, texts: SynonymTexts): string {
  const field = Object.values(result.errors ?? {})[0];
  const code = field?.code ?? result.code;
  const template = texts.refusals[code];
  return template
    ? fillTemplate(template, { ...(field?.params ?? result.params ?? {}) } as Record<string, string | number>)
    : (field?.message ?? result.message);
}

/** One synonym group as a comma-separated line: saved in place, or added when `group` is null. */
export function SynonymGroupForm({ group, texts, index }: { group: SynonymGroup | null; texts: SynonymTexts; index?: number }) {
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(group ? group.terms.join(', ') : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await saveSynonymGroup(group?._id ?? null, termsOfLine(value));
    setBusy(false);
    if (!result.ok) {
      setError(refusalText(result, texts));
      void showToast('error', texts.failed);
      return;
    }
    void showToast('success', texts.saved);
    if (!group) setValue('');
    router.refresh();
  };

  const label = group ? fillTemplate(texts.groupLabel, { n: (index ?? 0) + 1 }) : texts.newGroup;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2" data-testid={group ? 'synonym-group' : 'new-synonym-group'}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <input
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          autoComplete="off"
          className={`min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/20 ${error ? 'border-danger' : 'border-line'}`}
        />
        <button type="submit" disabled={busy} className="min-h-11 shrink-0 rounded-full bg-brand px-5 text-sm font-semibold text-white disabled:opacity-60">
          {group ? texts.save : texts.create}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {texts.hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {group ? (
        <DeleteButton
          run={() => deleteSynonymGroup(group._id)}
          texts={{ delete: texts.delete, confirm: texts.confirm, cancel: texts.cancel, deleted: texts.deleted }}
        />
      ) : null}
    </form>
  );
}
