// Outbox delivery benchmark (issue 21): how many order mails per second the outbox worker delivers to an SMTP server.
// Usage (node 24 runs the API's TypeScript sources directly):
//   node bench/outbox.mjs                                   # PGlite in memory
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_outbox node bench/outbox.mjs   # an empty database
// It migrates the database, renders BENCH_MESSAGES (default 3,000) "order shipped" mails with the real templates
// (MJML compiled once, then filled per message: HTML + text, ~20 kB each) into the outbox, starts an SMTP test server
// (smtp-server on loopback in a thread of its own, which reads every byte of each mail and answers 250), and lets the worker as shipped
// (apps/api/src/outbox/worker.ts: claims of 10 rows with FOR UPDATE SKIP LOCKED, nodemailer's pooled SMTP transport
// with 2 connections, one 'sent' update per batch) deliver them all; the rate is messages sent / wall time. A bare
// node:http hello-world measured with autocannon (20 connections, 5 s) before and after gives the result as a ratio,
// for a machine whose load moves (docs/benchmarks.md). BENCH_HELLO=0 skips it. OUTBOX_BATCH_SIZE and SMTP_CONNECTIONS
// are read as the API reads them (defaults 10 and 2).
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { connect, migrate, outbox } from '@shop/db';
import { sql } from 'drizzle-orm';
import { renderMail, defaultColours } from '../apps/api/src/messages/render.ts';
import { builtInTexts } from '../apps/api/src/messages/texts.ts';
import { createSmtpTransport } from '../apps/api/src/outbox/transports/smtp.ts';
import { createOutboxWorker } from '../apps/api/src/outbox/worker.ts';

const smtpServerPath = createRequire(import.meta.url).resolve('smtp-server');
const count = Number(process.env.BENCH_MESSAGES ?? 3000);
const withHello = process.env.BENCH_HELLO !== '0';

async function hello() {
  const server = createServer((_request, response) => response.end('hello world'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result = await autocannon({ url: `http://127.0.0.1:${server.address().port}/`, connections: 20, duration: 5 });
  server.close();
  return result.requests.average;
}

/**
 * The SMTP test server in a thread of its own (as a mail server is another process): it reads every byte of each mail
 * and answers 250; the main thread asks it how many it has received.
 */
async function smtpServer() {
  const code = `
    const { parentPort } = require('node:worker_threads');
    const { SMTPServer } = require(${JSON.stringify(smtpServerPath)});
    let received = 0;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true, logger: false,
      onData(stream, _session, callback) { stream.on('data', () => undefined); stream.on('end', () => { received++; callback(); }); },
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.server.address().port }));
    parentPort.on('message', (message) => {
      if (message === 'count') parentPort.postMessage({ received });
      if (message === 'close') server.close(() => process.exit(0));
    });`;
  const thread = new Worker(code, { eval: true });
  const { port } = await new Promise((resolve) => thread.once('message', resolve));
  const ask = () =>
    new Promise((resolve) => {
      thread.once('message', (message) => resolve(message.received));
      thread.postMessage('count');
    });
  return { url: `smtp://127.0.0.1:${port}`, received: ask, close: () => thread.terminate() };
}

const helloBefore = withHello ? await hello() : null;
const handle = await connect(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 4 } : {});
await migrate(handle);
const { db } = handle;
await db.execute(sql`delete from outbox`);

// Render the mails as order-events.ts does (one compiled template, filled per message).
const brand = { shopName: 'Kaarigar Gifts', logoUrl: 'https://shop.example/icon.svg', contactEmail: 'care@shop.example', ...defaultColours };
const layout = { event: 'order-shipped', language: 'en', texts: builtInTexts['order-shipped'].en, brand, summary: true, marketing: false };
let started = performance.now();
const rows = [];
for (let i = 0; i < count; i++) {
  const number = `KG-261126-${String(i).padStart(6, '0')}`;
  const mail = await renderMail(layout, {
    name: `Customer ${i}`,
    shop: brand.shopName,
    orderNumber: number,
    total: '₹1,299',
    items: '2 items',
    carrier: 'Delhivery',
    trackingNumber: `DL${1e9 + i}`,
    link: `https://track.example/DL${1e9 + i}`,
  });
  rows.push({
    channel: 'email',
    recipient: `customer${i}@example.com`,
    kind: 'order-shipped',
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
    dedupeKey: `bench:${i}`,
  });
}
const renderSeconds = (performance.now() - started) / 1000;
for (let i = 0; i < rows.length; i += 500) await db.insert(outbox).values(rows.slice(i, i + 500));
const bytes = rows[0].bodyHtml.length + rows[0].bodyText.length;

const smtp = await smtpServer();
const connections = process.env.SMTP_CONNECTIONS ? Number(process.env.SMTP_CONNECTIONS) : undefined;
const batchSize = process.env.OUTBOX_BATCH_SIZE ? Number(process.env.OUTBOX_BATCH_SIZE) : undefined;
const email = createSmtpTransport({ url: smtp.url, from: 'Kaarigar Gifts <orders@shop.example>', connections });
const log = { info() {}, warn() {}, error: (object, message) => console.error(message, object) };
const worker = createOutboxWorker({ db, transports: { email, sms: email }, log, timing: { pollMs: 1000, ...(batchSize ? { batchSize } : {}) } });
started = performance.now();
const cpuBefore = process.cpuUsage();
worker.start();
while ((await smtp.received()) < count) await new Promise((resolve) => setTimeout(resolve, 20));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
await worker.stop();
// Wait for the last batch's 'sent' update, then check every row is marked.
const [{ sent }] = (await db.execute(sql`select count(*)::int as sent from outbox where status = 'sent'`)).rows;
await email.close?.();
await smtp.close();
await handle.close();
const helloAfter = withHello ? await hello() : null;

const rate = count / seconds;
console.log(
  `engine: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; OUTBOX_BATCH_SIZE ${batchSize ?? 10}, SMTP_CONNECTIONS ${connections ?? 2}; ${count} mails of ${(bytes / 1024).toFixed(1)} kB (HTML + text)`,
);
console.log(`rendered: ${Math.round(count / renderSeconds)} mails/s (compiled template, filled per message)`);
console.log(`delivered: ${count} in ${seconds.toFixed(2)} s = ${Math.round(rate)} messages/s; rows marked sent: ${sent}`);
console.log(
  `CPU of the sending process (worker, transport, SMTP server thread, PGlite when embedded): ${((cpu.user + cpu.system) / 1e3 / count).toFixed(2)} ms per message`,
);
if (withHello) {
  const reference = (helloBefore + helloAfter) / 2;
  console.log(`hello-world: ${Math.round(helloBefore)} / ${Math.round(helloAfter)} req/s; ratio: ${(rate / reference).toFixed(4)}`);
}
