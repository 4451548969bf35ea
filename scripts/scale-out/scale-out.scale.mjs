/**
 * Scale-out, proven (issue 23, decision 105): the shop as production lays it out (cluster.mjs: PostgreSQL, Redis,
 * an S3-compatible store, two API processes, two storefront processes, nginx in front) keeps working as one shop.
 * Each check talks to a chosen process directly where the point is that another process made the state.
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, stopCluster } from './cluster.mjs';

let cluster;
let db;

beforeAll(async () => {
  cluster = await startCluster();
  db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
}, 300_000);

afterAll(async () => {
  await db?.end();
  if (cluster) await stopCluster(cluster);
}, 60_000);

const json = (body) => JSON.stringify(body);
/** Requests as the storefront's own pages make them: from the shop's origin. */
const headers = (extra = {}) => ({ 'content-type': 'application/json', origin: cluster.url, ...extra });
const cookieOf = (response, name) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${name}=`));

async function sendCode(base, phoneNumber) {
  return fetch(`${base}/api/auth/phone-number/send-otp`, { method: 'POST', headers: headers(), body: json({ phoneNumber }) });
}

async function latestCode(phoneNumber) {
  const { rows } = await db.query(`select body_text from outbox where recipient = $1 order by created_at desc limit 1`, [phoneNumber]);
  return /^(\d{6})/.exec(rows[0]?.body_text ?? '')?.[1];
}

/** Asks for the code through one API process and types it in through the other. */
async function signInAcross(phoneNumber) {
  const [first, second] = cluster.apis;
  const sent = await sendCode(first.url, phoneNumber);
  expect(sent.status, await sent.clone().text()).toBe(200);
  const code = await latestCode(phoneNumber);
  expect(code).toMatch(/^\d{6}$/);
  const verified = await fetch(`${second.url}/api/auth/phone-number/verify`, { method: 'POST', headers: headers(), body: json({ phoneNumber, code }) });
  expect(verified.status, await verified.clone().text()).toBe(200);
  const cookie = cookieOf(verified, 'auth_token');
  expect(cookie).toBeTruthy();
  const tokenResponse = await fetch(`${first.url}/api/auth/token`, { headers: { cookie, origin: cluster.url } });
  const { token } = await tokenResponse.json();
  return { cookie, token };
}

const phone = (n) => `+9198${String(process.pid % 10_000).padStart(4, '0')}${String(n).padStart(4, '0')}`;

describe('the shop on two API and two storefront processes behind nginx', () => {
  let customer;

  it('keeps a session made through one process on every other process', async () => {
    customer = await signInAcross(phone(1));
    const ids = [];
    for (const api of cluster.apis) {
      const me = await fetch(`${api.url}/api/user`, { method: 'POST', headers: { authorization: `Bearer ${customer.token}`, origin: cluster.url } });
      expect(me.status, `${api.url}: ${await me.clone().text()}`).toBe(200);
      ids.push((await me.json())._id);
    }
    expect(new Set(ids).size).toBe(1);
    customer.id = ids[0];
    for (const web of cluster.webs) {
      const signedOut = await fetch(`${web.url}/my-account`, { redirect: 'manual' });
      expect(signedOut.status, `${web.url} without a session`).toBeGreaterThanOrEqual(300);
      const page = await fetch(`${web.url}/my-account`, { redirect: 'manual', headers: { cookie: customer.cookie } });
      expect(page.status, `${web.url} with the session`).toBe(200);
    }
  });

  it('counts a rate limit once across processes (Redis)', async () => {
    // Three sign-in codes per number per ten minutes from one address (apps/api/src/auth/limits.ts). Alternating
    // processes, a per-process count would allow six.
    const number = phone(2);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await sendCode(cluster.apis[i % 2].url, number)).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('serves an upload made through one API process from the other, out of the object store', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b4461f' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${cluster.apis[0].url}/api/user/order/customised-uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, origin: cluster.url },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const [image] = await uploaded.json();
    const served = await fetch(`${cluster.apis[1].url}/api/user/uploads/${encodeURIComponent(image.id)}/display`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBeGreaterThan(0);

    const s3 = new S3Client({
      endpoint: `http://127.0.0.1:${cluster.s3.port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: cluster.s3.bucket }));
    expect(listed.KeyCount).toBeGreaterThan(0);
    for (const name of ['api1', 'api2']) {
      const local = join(cluster.work, name, 'uploads');
      expect(existsSync(local) ? readdirSync(local, { recursive: true }).filter((f) => String(f).includes(image.id)) : []).toEqual([]);
    }
  });

  let product;

  it('shows a back-office price change on product pages from both storefronts within 5 s', async () => {
    const signedIn = await fetch(`${cluster.url}/api/auth/sign-in/email`, { method: 'POST', headers: headers(), body: json(cluster.admin) });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    const staff = { ...headers(), cookie: cookieOf(signedIn, 'auth_token') };
    const categories = await (await fetch(`${cluster.url}/api/categories`)).json();
    const categoryId = (Array.isArray(categories) ? categories : categories.data)[0]._id;
    const input = {
      name: 'Scale-out brass diya',
      slug: `scale-out-diya-${Date.now().toString(36)}`,
      description: 'A hand-cast brass diya.',
      categoryId,
      brandId: null,
      price: 123_400,
      mrp: 500_000,
      stock: 100_000,
      cod: true,
      customizationType: null,
      mediaLimit: 1,
      hsnCode: '7419',
      gstRate: 1200,
      weightGrams: 200,
      tags: ['diya'],
      featured: false,
      flashSaleEndsAt: null,
      newArrival: false,
      unique: false,
      onSelling: false,
      published: true,
      variants: [],
    };
    const created = await fetch(`${cluster.url}/api/admin/products`, { method: 'POST', headers: staff, body: json(input) });
    expect(created.status, await created.clone().text()).toBe(201);
    product = await created.json();

    const pageOf = async (web) => (await fetch(`${web.url}/product/${input.slug}`)).text();
    for (const web of cluster.webs) expect(await pageOf(web)).toContain('₹1,234');

    const changed = await fetch(`${cluster.apis[0].url}/api/admin/products/${product._id}`, {
      method: 'PUT',
      headers: staff,
      body: json({ ...input, price: 98_700 }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const started = Date.now();
    const seenAfter = await Promise.all(
      cluster.webs.map(async (web) => {
        let prices;
        while (Date.now() - started < 5_000) {
          const page = await pageOf(web);
          if (page.includes('₹987')) return `${Date.now() - started} ms`;
          prices = page
            .match(/₹[\d,]+/g)
            ?.slice(0, 3)
            .join(' ');
          await new Promise((r) => setTimeout(r, 100));
        }
        return `not in 5 s (the page still shows ${prices})`;
      }),
    );
    expect(
      seenAfter.every((seen) => seen.endsWith(' ms')),
      `new price on the two storefronts: ${seenAfter.join('; ')}`,
    ).toBe(true);
  });

  it('loses no retriable request and no order when an API process is killed mid-run', async () => {
    const auth = { ...headers(), authorization: `Bearer ${customer.token}` };
    const address = await fetch(`${cluster.url}/api/user/addresses`, {
      method: 'POST',
      headers: auth,
      body: json({ name: 'Scale Customer', mobile: phone(1).slice(3), line1: '12, MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' }),
    });
    expect(address.status, await address.clone().text()).toBe(201);
    const order = { items: [{ productId: product._id, quantity: 1 }], addressId: (await address.json())._id, paymentMethod: 'cod' };

    const reads = [];
    const placed = new Map(); // Idempotency-Key -> the order id its final answer named
    const failures = [];
    /** A shopper's browser: retries a broken or refused-by-the-balancer placement with the same key. */
    async function place(key) {
      for (let attempt = 0; attempt < 10; attempt++) {
        try {
          const response = await fetch(`${cluster.url}/api/user/order`, { method: 'POST', headers: { ...auth, 'idempotency-key': key }, body: json(order) });
          if (response.status === 200 || response.status === 201) return placed.set(key, (await response.json())._id);
          const body = await response.text();
          // 502/504: the balancer lost the process mid-request; 409 order_in_flight: the first try is still running.
          if (![502, 503, 504].includes(response.status) && !body.includes('order_in_flight')) return failures.push(`${key}: ${response.status} ${body}`);
        } catch (error) {
          if (attempt === 9) return failures.push(`${key}: ${error.message}`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      failures.push(`${key}: gave up`);
    }
    async function shopper(deadline) {
      for (let n = 0; Date.now() < deadline; n++) {
        try {
          reads.push((await fetch(`${cluster.url}/api/products?limit=4&page=${(n % 5) + 1}`)).status);
        } catch (error) {
          reads.push(error.message);
        }
        if (n % 2 === 0) await place(randomUUID());
      }
    }
    const deadline = Date.now() + 6_000;
    const killed = new Promise((resolve) =>
      setTimeout(() => {
        cluster.apis[0].child.kill('SIGKILL');
        resolve();
      }, 2_000),
    );
    await Promise.all([killed, ...Array.from({ length: 6 }, () => shopper(deadline))]);

    expect(failures).toEqual([]);
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.filter((status) => status !== 200)).toEqual([]);
    const { rows } = await db.query(`select key, order_id::text as "orderId" from order_idempotency_keys where user_id = $1`, [customer.id]);
    const { rows: orderRows } = await db.query(`select count(*)::int as n from orders where user_id = $1`, [customer.id]);
    expect(placed.size).toBeGreaterThan(5);
    // Every key answered with an order is one order, and the order the answer named; no key made a second one.
    expect(Object.fromEntries(rows.map((r) => [r.key, r.orderId]))).toEqual(Object.fromEntries(placed));
    expect(orderRows[0].n).toBe(placed.size);
  });
});
