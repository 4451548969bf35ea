import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 040: the storefront talks to the API through lib/api only, and there through one core per side
 * (client.ts on the server, browser-client.ts in the browser; the personalisation upload keeps XMLHttpRequest for its
 * progress). `router.prefetch(…)` is Next's page prefetch, not a request of ours, hence the word boundary.
 */
const src = fileURLToPath(new URL('../..', import.meta.url));
const requestCalls = /\bfetch\s*\(|XMLHttpRequest|sendBeacon|new\s+EventSource|\baxios\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: text` of every line that makes a request by itself. */
function requestsIn(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (requestCalls.test(line) ? [`${relative(src, file).split(sep).join('/')}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('one storefront API client', () => {
  const files = sourceFiles(src);

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no request outside src/lib/api', () => {
    const outside = files.filter((file) => !relative(src, file).split(sep).join('/').startsWith('lib/api/'));
    expect(requestsIn(outside)).toEqual([]);
  });

  it('has one fetch per side inside src/lib/api, and XMLHttpRequest only for the upload with progress', () => {
    const inside = files.filter((file) => relative(src, file).split(sep).join('/').startsWith('lib/api/') && !file.endsWith('.test.ts'));
    const places = requestsIn(inside).map((line) => line.slice(0, line.indexOf(':')));
    // log-browser.ts: the error pages' one keepalive POST to /api/log, kept out of every page's first load (decision 115).
    expect([...new Set(places)].sort()).toEqual([
      'lib/api/browser-client.ts',
      'lib/api/client.ts',
      'lib/api/customisation-browser.ts',
      'lib/api/log-browser.ts',
    ]);
    expect(readFileSync(join(src, 'lib/api/log-browser.ts'), 'utf8').match(/fetch\('([^']*)'/g)).toEqual(["fetch('/api/log'"]);
    expect(
      requestsIn(inside)
        .filter((line) => line.startsWith('lib/api/customisation-browser.ts'))
        .every((line) => line.includes('XMLHttpRequest')),
    ).toBe(true);
  });
});
