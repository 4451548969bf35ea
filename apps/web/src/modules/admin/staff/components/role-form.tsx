'use client';

import { accountRoles, type AccountRole } from '@shop/domain/admin/staff';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { showToast } from '@modules/common/show-toast';
import { changeRole } from '../actions';

/** One person's role: a labelled select and Save; the API's refusal (own role, last admin) shows beside it. */
export function RoleForm({
  id,
  role,
  texts,
}: {
  id: string;
  role: AccountRole;
  texts: { label: string; save: string; saved: string; roles: Record<AccountRole, string> };
}) {
  const fieldId = useId();
  const router = useRouter();
  const [value, setValue] = useState<AccountRole>(role);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await changeRole(id, value);
    setBusy(false);
    if (!result.ok) {
      const message = result.errors?.role?.message ?? result.message;
      setError(message);
      void showToast('error', message);
      return;
    }
    void showToast('success', texts.saved);
    router.refresh();
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium text-ink">
          {texts.label}
        </label>
        <select
          id={fieldId}
          value={value}
          onChange={(event) => setValue(event.target.value as AccountRole)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={`min-h-11 rounded-lg border bg-white px-3 py-2 text-base ${error ? 'border-danger' : 'border-line'}`}
        >
          {accountRoles.map((option) => (
            <option key={option} value={option}>
              {texts.roles[option]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        disabled={busy || value === role}
        className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold hover:bg-surface disabled:opacity-50"
      >
        {texts.save}
      </button>
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
