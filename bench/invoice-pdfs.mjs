/**
 * Invoice PDFs per second (issue 21): renders GST tax invoices with the API's own renderer (pdfkit, Noto Sans
 * Devanagari subsets; apps/api/src/invoices/render-pdf.ts) one after another in this process for BENCH_SECONDS
 * (default 10), and, with `--store`, puts each in a local-disk object store too, as the first download does. A bare
 * node:http hello-world (in its own process, autocannon, 20 connections, 10 s) is measured before and after, so the
 * result can be compared across runs on a machine whose load moves (docs/benchmarks.md). With `--pool`, the PDFs are
 * drawn as the API draws them (decision 132): on a Piscina pool of BENCH_PDF_THREADS worker threads (default 1), two
 * in flight per thread. Either way the main thread's event-loop delay is measured while they are drawn (what every
 * request behind them waits). Run from the repository root:
 *   npx tsx bench/invoice-pdfs.mjs [--store] [--pool]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { computeInvoice } from '../packages/domain/src/gst/invoice.ts';
import { pdfRenderer } from '../apps/api/src/invoices/pdf-pool.ts';
import { LocalDiskStore } from '../apps/api/src/storage/local-disk-store.ts';
import { helloWorld } from './lib/reference.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const store = process.argv.includes('--store');
const threads = process.argv.includes('--pool') ? Number(process.env.BENCH_PDF_THREADS ?? 1) : 0;
const renderer = pdfRenderer(threads);
const inFlight = Math.max(1, threads * 2);
// Not 4190: fetch refuses it (a "bad port" of the Fetch standard, ManageSieve), so waitForHttp never saw it answer.
const helloPort = Number(process.env.BENCH_HELLO_PORT ?? 4180);

// A typical order: three lines at three rates, a coupon, shipping; a Hindi name and address (both scripts drawn).
const computed = computeInvoice({
  items: [
    { description: 'Personalised wooden name plate (Size: Large)', hsn: '4421', rate: 1200, unitPrice: 89_900, quantity: 1 },
    { description: 'Silver-plated jhumka earrings', hsn: '7117', rate: 300, unitPrice: 49_900, quantity: 2 },
    { description: 'Photo cushion cover', hsn: '6304', rate: 500, unitPrice: 39_900, quantity: 1 },
  ],
  discount: 22_960,
  shipping: 0,
  codFee: 0,
  supplierStateCode: '27',
  placeOfSupplyCode: '09',
});
const row = (sequence) => ({
  id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
  createdAt: new Date('2026-11-26T10:00:00Z'),
  updatedAt: new Date('2026-11-26T10:00:00Z'),
  kind: 'invoice',
  number: `KG/2627/${String(sequence).padStart(5, '0')}`,
  financialYear: '2026-27',
  sequence,
  orderId: '00000000-0000-4000-8000-000000000001',
  orderNumber: 'KG-261126-7K3M9Q',
  invoiceId: null,
  reason: null,
  issuedAt: new Date('2026-11-26T10:00:00Z'),
  supplier: {
    name: 'Kaarigar Gifts Private Limited',
    address: ['14 Karigar Lane, Kothrud', 'Pune 411038'],
    state: 'Maharashtra',
    stateCode: '27',
    gstin: '27AAKCK1234M1ZB',
    signatureName: 'Meera Kulkarni',
  },
  recipient: { name: 'आशा वर्मा (Asha Verma)', address: ['12, गांधी मार्ग', 'Lucknow 226001'], state: 'Uttar Pradesh', stateCode: '09', gstin: null },
  placeOfSupply: '09',
  supplyType: computed.supplyType,
  lines: computed.lines.map((line, position) => ({ position, ...line })),
  amount: computed.amount,
  taxable: computed.taxable,
  cgst: computed.cgst,
  sgst: computed.sgst,
  igst: computed.igst,
  pdfKey: null,
});

const dir = mkdtempSync(join(tmpdir(), 'bench-invoices-'));
const disk = new LocalDiskStore(dir);
const hello = process.env.BENCH_HELLO === '0' ? null : await helloWorld({ port: helloPort, duration: 10 });
const before = hello ? await hello.measure() : null;

// Warm-up: the fonts parsed, the code compiled (in each thread).
await Promise.all(Array.from({ length: 20 }, (_, i) => renderer.render(row(i + 1), null)));
let count = 0;
let bytes = 0;
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
const cpuBefore = process.cpuUsage();
const started = performance.now();
async function drawUntilTime() {
  while (performance.now() - started < seconds * 1000) {
    count += 1;
    const sequence = count;
    const body = await renderer.render(row(sequence), null);
    bytes += body.length;
    if (store) await disk.put(`invoices/2026-27/${sequence}.pdf`, body, 'application/pdf');
    // A server's loop turns between PDFs (other requests, timers); without this the delay monitor's timer never ran.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
await Promise.all(Array.from({ length: inFlight }, drawUntilTime));
delay.disable();
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
await renderer.close();
const after = hello ? await hello.measure() : null;
await hello?.stop();
rmSync(dir, { recursive: true, force: true });

const rate = count / elapsed;
console.log(
  `${count} invoice PDFs in ${elapsed.toFixed(1)} s${store ? ' (each stored on disk)' : ''}, ${threads > 0 ? `on ${threads} worker thread(s), ${inFlight} at once` : 'on the main thread'}: ${rate.toFixed(1)} PDFs/s, ${(bytes / count / 1024).toFixed(1)} KiB each`,
);
const ms = (nanoseconds) => (nanoseconds / 1e6).toFixed(1);
console.log(`main thread's event-loop delay meanwhile: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`);
// On a shared machine the wall clock counts other processes' work too: CPU time per PDF is this process's own (its
// worker threads' included).
console.log(`CPU: ${((cpuSeconds / count) * 1000).toFixed(1)} ms per PDF, i.e. ${(count / cpuSeconds).toFixed(1)} PDFs per CPU-second (one core)`);
if (before && after) {
  const mean = (before + after) / 2;
  console.log(
    `hello-world (node:http, 20 connections): ${before.toFixed(0)} req/s before, ${after.toFixed(0)} after; ratio ${(rate / mean).toFixed(4)}× hello-world`,
  );
}
