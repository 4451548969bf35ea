/** `path` with the given query parameters (for redirects that keep `next` and friends). */
export function withQuery(path: string, params: Record<string, string | string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else if (value !== undefined) search.set(key, value);
  }
  return search.size > 0 ? `${path}?${search}` : path;
}
