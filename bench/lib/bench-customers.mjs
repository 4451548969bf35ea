/**
 * The customers and stock of the order benchmarks (bench/orders.mjs, bench/payments.mjs): each signs in by SMS code as
 * a shopper does, from an address of its own, and saves one address to order to.
 */

/** Every published, cash-on-delivery product (or each of its options) with a stock no benchmark can exhaust. */
export async function prepareStock(db) {
  await db.query('update product_variants set stock = 1000000');
  await db.query('update products set stock = 1000000');
  const { rows } = await db.query(`
    select p.id as "productId", v.id as "variantId"
    from products p left join product_variants v on v.product_id = p.id
    where p.published and p.cod
    order by p.id, v.id`);
  return rows;
}

/**
 * Customer `i` signed in by SMS code, with a Bearer token and a saved address. `phonePrefix` (4 digits) and `netPrefix`
 * (two octets) keep each benchmark's customers apart; `runStamp` makes each run's phones new, so a customer of an earlier
 * run (with its orders, and their limits) is never signed in again.
 */
export async function signIn({ base, db, origin, phonePrefix, netPrefix, runStamp }, i) {
  const phone = `+${phonePrefix}${String(runStamp).padStart(4, '0')}${String(i).padStart(4, '0')}`;
  // Sign-in limits count per client address: each customer comes from an address of its own (the API trusts
  // X-Forwarded-For from loopback, as behind the storefront).
  const headers = { 'content-type': 'application/json', origin, 'x-forwarded-for': `${netPrefix}.${i >> 8}.${i & 255}` };
  const post = (path, body, extra = {}) => fetch(base + path, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
  if (!sent.ok) throw new Error(`send-otp: ${sent.status} ${await sent.text()}`);
  const { rows } = await db.query(`select body_text from outbox where recipient = $1 order by created_at desc limit 1`, [phone]);
  const code = /^(\d{6})/.exec(rows[0]?.body_text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  const verified = await post('/api/auth/phone-number/verify', { phoneNumber: phone, code });
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('auth_token='));
  const { token } = await (await fetch(`${base}/api/auth/token`, { headers: { cookie, origin } })).json();
  const address = await post(
    '/api/user/addresses',
    { name: `Bench customer ${i}`, mobile: phone.slice(3), line1: `${i + 1}, MG Road`, city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    { authorization: `Bearer ${token}` },
  );
  if (address.status !== 201) throw new Error(`address: ${address.status} ${await address.text()}`);
  return { token, addressId: (await address.json())._id };
}
