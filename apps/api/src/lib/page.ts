/** One page of a list, as every list answers it (ARCHITECTURE.md, API conventions). */
export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
}

/** `{ data, total, page, limit, hasMore }` for page `page` (from 1) of `limit` rows out of `total`. */
export function pageOf<T>(data: T[], total: number, page: number, limit: number): Page<T> {
  return { data, total, page, limit, hasMore: (page - 1) * limit + data.length < total };
}
