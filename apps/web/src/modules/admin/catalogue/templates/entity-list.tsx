import type { Image } from '@shop/domain/catalogue';
import Link from 'next/link';

interface EntityRow {
  id: string;
  href: string;
  title: string;
  detail: string;
  image?: Image | null;
  badge?: string;
}

/** A list of catalogue entities: one card per row on a phone, a row with its picture on wider screens. */
export function EntityList({ rows, empty, testId }: { rows: EntityRow[]; empty: string; testId: string }) {
  return (
    <ul className="mb-8 divide-y divide-line rounded-xl border border-line" data-testid={testId}>
      {rows.map((row) => (
        <li key={row.id} className="flex items-center gap-4 p-3 sm:p-4">
          {row.image ? (
            <img
              src={row.image.original}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-lg border border-line object-cover"
            />
          ) : (
            <span aria-hidden className="size-12 shrink-0 rounded-lg border border-dashed border-line" />
          )}
          <div className="min-w-0 flex-1">
            <Link href={row.href} className="font-semibold text-brand hover:underline">
              {row.title}
            </Link>
            <p className="truncate text-sm text-muted">{row.detail}</p>
          </div>
          {row.badge ? <span className="shrink-0 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium">{row.badge}</span> : null}
        </li>
      ))}
      {rows.length === 0 ? <li className="p-4 text-muted">{empty}</li> : null}
    </ul>
  );
}

export function NewSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line p-4 sm:p-6">
      <h2 id={id} className="mb-4 font-display text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
