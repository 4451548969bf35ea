/**
 * Invoice PDFs per second (issue 21): renders GST tax invoices with the API's own renderer (pdfkit, Noto Sans
 * Devanagari subsets; apps/api/src/invoices/render-pdf.ts) one after another in this process for BENCH_SECONDS
 * (default 10), and, with `--store`, puts each in a local-disk object store too, as the first download does. A bare
 * node:http hello-world (in its own process, autocannon, 20 connections, 10 s) is measured before and after, so the
 * result can be compared across runs on a machine whose load moves (docs/benchmarks.md). Run from the repository root:
 *   npx tsx bench/invoice-pdfs.mjs [--store]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeInvoice } from '../packages/domain/src/gst/invoice.ts';
import { renderInvoicePdf } from '../apps/api/src/invoices/render-pdf.ts';
import { LocalDiskStore } from '../apps/api/src/storage/local-disk-store.ts';
import { helloWorld } from './lib/reference.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const store = process.argv.includes('--store');
const helloPort = Number(process.env.BENCH_HELLO_PORT ?? 4190);

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

// Warm-up: the fonts parsed, the code compiled.
for (let i = 0; i < 20; i += 1) await renderInvoicePdf(row(i + 1));
let count = 0;
let bytes = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  count += 1;
  const body = await renderInvoicePdf(row(count));
  bytes += body.length;
  if (store) await disk.put(`invoices/2026-27/${count}.pdf`, body, 'application/pdf');
}
const elapsed = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const after = hello ? await hello.measure() : null;
await hello?.stop();
rmSync(dir, { recursive: true, force: true });

const rate = count / elapsed;
console.log(
  `${count} invoice PDFs in ${elapsed.toFixed(1)} s${store ? ' (each stored on disk)' : ''}: ${rate.toFixed(1)} PDFs/s, ${(bytes / count / 1024).toFixed(1)} KiB each`,
);
// On a shared machine the wall clock counts other processes' work too: CPU time per PDF is this process's own.
console.log(`CPU: ${((cpuSeconds / count) * 1000).toFixed(1)} ms per PDF, i.e. ${(count / cpuSeconds).toFixed(1)} PDFs per CPU-second (one core)`);
if (before && after) {
  const mean = (before + after) / 2;
  console.log(
    `hello-world (node:http, 20 connections): ${before.toFixed(0)} req/s before, ${after.toFixed(0)} after; ratio ${(rate / mean).toFixed(4)}× hello-world`,
  );
}
