// What a page costs a browser before any interaction, measured from its HTML: the first-load JavaScript (the gzip size
// of every script a modern browser fetches; `noModule` scripts, the legacy polyfills, are skipped since browsers that
// run modules never fetch them), the HTML's size and the React flight data inlined in it for hydration.
import { gzipSync } from 'node:zlib';

/**
 * Fetches `path` (with `headers`, e.g. a signed-in cookie) and weighs it. `status` and `location` say what the server
 * answered: a redirect (a signed-out visitor sent to the sign-in page) has no scripts of its own.
 */
export async function pageWeight(base, path, headers = {}) {
  const response = await fetch(base + path, { headers, redirect: 'manual' });
  const html = await response.text();
  // React's flight data: the strings of the inline `self.__next_f.push([1, "..."])` scripts.
  const flight = [...html.matchAll(/self\.__next_f\.push\(\[1,"((?:[^"\\]|\\.)*)"\]\)/g)].reduce((n, m) => n + JSON.parse(`"${m[1]}"`).length, 0);
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"[^>]*>/g)].filter((m) => !/nomodule/i.test(m[0]));
  const scripts = [...new Set(tags.map((m) => m[1]))];
  let bytes = 0;
  for (const src of scripts) bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())).length;
  return { status: response.status, location: response.headers.get('location'), bytes, count: scripts.length, html: Buffer.byteLength(html), flight };
}

export const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
