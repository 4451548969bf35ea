// @ts-check
// The storefront's HTTP server: Next.js itself, with one thing `next start` cannot do — telling the API who the
// shopper is. Every request gets the peer's address appended to X-Forwarded-For before Next.js sees it, so the /api/*
// requests it forwards carry an address the API can trust (server/forwarded-for.mjs, docs/decisions/016).
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { appendForwardedFor } from './server/forwarded-for.mjs';

const port = Number(process.env.PORT ?? 3000);
const app = next({ dev: false, dir: dirname(fileURLToPath(import.meta.url)), port, hostname: 'localhost' });
const handle = app.getRequestHandler();

await app.prepare();
const server = createServer((request, response) => {
  const forwarded = appendForwardedFor(request.headers['x-forwarded-for'], request.socket.remoteAddress);
  if (forwarded) request.headers['x-forwarded-for'] = forwarded;
  handle(request, response);
});
server.listen(port, () => console.log(`storefront ready on http://localhost:${port}`));

const stop = () => server.close(() => app.close().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
