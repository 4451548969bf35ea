'use client';

import { MENU_MAX_SUB, MENU_MAX_TOP, menusInputSchema, slugFrom } from '@shop/domain/admin/catalogue';
import type { MenuItem } from '@shop/domain/catalogue';
import { firstFieldErrors } from '@shop/domain/field-errors';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { FormMessage } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { saveMenus } from '../actions';
import { fieldMessages } from './fields';

export type MenuEditorTexts = Record<
  | 'headerMenu'
  | 'mobileMenu'
  | 'label'
  | 'path'
  | 'pathHint'
  | 'addItem'
  | 'addChild'
  | 'remove'
  | 'up'
  | 'down'
  | 'copyHeader'
  | 'save'
  | 'saved'
  | 'failed'
  | 'empty'
  | 'children',
  string
>;

type MenuName = 'headerMenu' | 'mobileMenu';
type Menus = Record<MenuName, MenuItem[]>;

/** A new id from the label, made unique within the menu (the storefront keys its lists by id). */
function newId(label: string, taken: Set<string>): string {
  const base = slugFrom(label) || 'item';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

const idsOf = (menu: MenuItem[]) => new Set(menu.flatMap((item) => [item.id, ...(item.subMenu ?? []).map((child) => child.id)]));

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The two menus as editable trees: add, remove and reorder items (buttons, so the keyboard can do all of it), a
 * list of links under each top item. Saving sends both trees; the API checks every link resolves and answers
 * problems by field path (`headerMenu.0.subMenu.2.path`), shown beside that input.
 */
export function MenuEditor({ initial, texts }: { initial: Menus; texts: MenuEditorTexts }) {
  const router = useRouter();
  const [menus, setMenus] = useState<Menus>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const update = (name: MenuName, next: MenuItem[]) => setMenus((current) => ({ ...current, [name]: next }));

  const save = async () => {
    setFailure(null);
    const parsed = menusInputSchema.safeParse(menus);
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    const result = await saveMenus(menus);
    setBusy(false);
    if (!result.ok) {
      setErrors(fieldMessages(result.errors));
      setFailure(result.message);
      void showToast('error', texts.failed);
      return;
    }
    setErrors({});
    void showToast('success', texts.saved);
    router.refresh();
  };

  return (
    <div className="flex flex-col gap-8" data-testid="menu-editor">
      {(['headerMenu', 'mobileMenu'] as const).map((name) => (
        <section key={name} aria-labelledby={`${name}-title`} className="rounded-xl border border-line p-4 sm:p-6">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${name}-title`} className="font-display text-xl font-semibold">
              {texts[name]}
            </h2>
            {name === 'mobileMenu' ? (
              <button
                type="button"
                className="min-h-11 rounded-full border border-line px-4 text-sm font-medium"
                onClick={() =>
                  update(
                    'mobileMenu',
                    menus.headerMenu.map((item) => ({
                      ...item,
                      id: `mobile-${item.id}`,
                      subMenu: item.subMenu?.map((child) => ({ ...child, id: `mobile-${child.id}` })),
                    })),
                  )
                }
              >
                {texts.copyHeader}
              </button>
            ) : null}
          </div>
          <ItemList
            name={name}
            items={menus[name]}
            onChange={(next) => update(name, next)}
            errors={errors}
            texts={texts}
            prefix={name}
            allIds={idsOf(menus[name])}
            depth={0}
          />
        </section>
      ))}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <button
        type="button"
        onClick={() => void save()}
        disabled={busy}
        aria-busy={busy || undefined}
        className="inline-flex min-h-11 items-center justify-center self-start rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
      >
        {texts.save}
      </button>
    </div>
  );
}

function ItemList({
  name,
  items,
  onChange,
  errors,
  texts,
  prefix,
  allIds,
  depth,
}: {
  name: MenuName;
  items: MenuItem[];
  onChange: (next: MenuItem[]) => void;
  errors: Record<string, string>;
  texts: MenuEditorTexts;
  prefix: string;
  allIds: Set<string>;
  depth: 0 | 1;
}) {
  const max = depth === 0 ? MENU_MAX_TOP : MENU_MAX_SUB;
  const set = (index: number, item: MenuItem) => onChange(items.map((current, i) => (i === index ? item : current)));
  return (
    <div className={depth === 1 ? 'ms-4 border-s-2 border-line ps-4' : ''}>
      {items.length === 0 ? <p className="mb-2 text-sm text-muted">{texts.empty}</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          <li key={item.id} className="rounded-lg border border-line p-3">
            <ItemFields item={item} field={`${prefix}.${index}`} errors={errors} texts={texts} onChange={(next) => set(index, next)} />
            <div className="mt-2 flex flex-wrap gap-2">
              <SmallButton onClick={() => onChange(move(items, index, index - 1))} disabled={index === 0} label={`${texts.up}: ${item.label}`}>
                ↑ {texts.up}
              </SmallButton>
              <SmallButton onClick={() => onChange(move(items, index, index + 1))} disabled={index === items.length - 1} label={`${texts.down}: ${item.label}`}>
                ↓ {texts.down}
              </SmallButton>
              <SmallButton onClick={() => onChange(items.filter((_, i) => i !== index))} label={`${texts.remove}: ${item.label}`} danger>
                {texts.remove}
              </SmallButton>
            </div>
            {depth === 0 ? (
              <details className="mt-3" open={(item.subMenu?.length ?? 0) > 0}>
                <summary className="min-h-11 cursor-pointer content-center text-sm font-medium">
                  {texts.children.replace('{count}', String(item.subMenu?.length ?? 0))}
                </summary>
                <ItemList
                  name={name}
                  items={item.subMenu ?? []}
                  onChange={(children) =>
                    set(index, children.length > 0 ? { ...item, subMenu: children } : { id: item.id, path: item.path, label: item.label })
                  }
                  errors={errors}
                  texts={texts}
                  prefix={`${prefix}.${index}.subMenu`}
                  allIds={allIds}
                  depth={1}
                />
              </details>
            ) : null}
          </li>
        ))}
      </ol>
      {items.length < max ? (
        <button
          type="button"
          className="mt-3 min-h-11 rounded-full border border-dashed border-brand px-4 text-sm font-medium text-brand"
          onClick={() => onChange([...items, { id: newId(`new ${depth === 0 ? 'item' : 'link'}`, allIds), path: '/', label: '' }])}
        >
          {depth === 0 ? texts.addItem : texts.addChild}
        </button>
      ) : null}
    </div>
  );
}

function ItemFields({
  item,
  field,
  errors,
  texts,
  onChange,
}: {
  item: MenuItem;
  field: string;
  errors: Record<string, string>;
  texts: MenuEditorTexts;
  onChange: (item: MenuItem) => void;
}) {
  const id = useId();
  const labelError = errors[`${field}.label`] ?? errors[`${field}.id`];
  const pathError = errors[`${field}.path`];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-label`} className="text-sm font-medium">
          {texts.label}
        </label>
        <input
          id={`${id}-label`}
          value={item.label}
          onChange={(event) => onChange({ ...item, label: event.target.value })}
          aria-invalid={labelError ? true : undefined}
          aria-describedby={labelError ? `${id}-label-error` : undefined}
          className={`min-h-11 rounded-lg border px-3 ${labelError ? 'border-danger' : 'border-line'}`}
        />
        {labelError ? (
          <p id={`${id}-label-error`} role="alert" className="text-sm text-danger">
            {labelError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-path`} className="text-sm font-medium">
          {texts.path}
        </label>
        <input
          id={`${id}-path`}
          value={item.path}
          dir="ltr"
          onChange={(event) => onChange({ ...item, path: event.target.value })}
          aria-invalid={pathError ? true : undefined}
          aria-describedby={`${id}-path-hint${pathError ? ` ${id}-path-error` : ''}`}
          className={`min-h-11 rounded-lg border px-3 font-mono text-sm ${pathError ? 'border-danger' : 'border-line'}`}
        />
        <p id={`${id}-path-hint`} className="text-xs text-muted">
          {texts.pathHint}
        </p>
        {pathError ? (
          <p id={`${id}-path-error`} role="alert" className="text-sm text-danger">
            {pathError}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SmallButton({
  children,
  onClick,
  disabled,
  label,
  danger,
}: {
  children: React.ReactNode;
  onClick: () => void;
  disabled?: boolean;
  label: string;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className={`min-h-11 rounded-full border px-3 text-sm disabled:opacity-40 ${danger ? 'border-danger/40 text-danger' : 'border-line'}`}
    >
      {children}
    </button>
  );
}
