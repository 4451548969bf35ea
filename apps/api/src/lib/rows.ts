/**
 * `db.execute` answers differently per driver (node-postgres: a QueryResult, PGlite: { rows }),
 * but both carry `rows`.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
