/**
 * A stable operationId from an operation's method and path, for operations that declare none (decision 039):
 * `GET /api/product/{slug}` → `getProductBySlug`, `POST /api/user/order/{id}/cancel` → `postUserOrderByIdCancel`,
 * `GET /api/user/uploads/{id}/{size}` → `getUserUploadsByIdAndSize`, `POST /api/auth/sign-in/email` →
 * `postAuthSignInEmail`. The leading /api is left out (every path has it). Renaming a path renames its operation,
 * which a generated client notices; a route that must keep its name declares `schema.operationId`.
 */
export function operationIdFor(method: string, path: string): string {
  const words: string[] = [method.toLowerCase()];
  const segments = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  let previousWasParam = false;
  for (const segment of segments) {
    const param = /^\{(.+)\}$/.exec(segment) ?? /^:(.+)$/.exec(segment);
    if (param) {
      words.push(previousWasParam ? 'And' : 'By', ...pascalWords(param[1] as string));
      previousWasParam = true;
    } else {
      words.push(...pascalWords(segment));
      previousWasParam = false;
    }
  }
  return words.join('');
}

function pascalWords(text: string): string[] {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
}
