import { auditQuerySchema } from '@shop/domain/admin/staff';
import { firstFieldErrors } from '@shop/domain/field-errors';

export interface AuditFilterValues {
  entityType: string;
  entityId: string;
  actor: string;
  from: string;
  to: string;
  page: number;
}

const keys = ['entityType', 'entityId', 'actor', 'from', 'to'] as const;

/** The page's filters from its URL; `error` is the first refusal of the API's own schema (shown, not sent). */
export function auditFilterValues(params: Record<string, string | string[] | undefined>): { values: AuditFilterValues; error: string | null } {
  const raw = Object.fromEntries(keys.map((key) => [key, typeof params[key] === 'string' ? params[key].trim() : ''])) as Record<(typeof keys)[number], string>;
  const page = typeof params.page === 'string' && /^\d{1,4}$/.test(params.page) && Number(params.page) >= 1 ? Number(params.page) : 1;
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '')));
  return { values: { ...raw, page }, error: parsed.success ? null : (Object.values(firstFieldErrors(parsed.error))[0] ?? null) };
}

export function auditHref(values: AuditFilterValues, page: number): string {
  const params = new URLSearchParams();
  for (const key of keys) if (values[key]) params.set(key, values[key]);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin/audit?${query}` : '/admin/audit';
}
