import { orderProofs, orders, outbox, products, siteSettings } from '@shop/db';
import { DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { DEFAULT_GIFT_SETTINGS, type GiftSettings } from '@shop/domain/gift/gift-settings';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { jpegFile, multipart, phonePhoto } from '../customisation/customisation-helpers.ts';
import { engines, type TestContext } from '../helpers.ts';
import { documentsOf, setTaxIdentity, taxedProduct } from '../invoices/invoice-helpers.ts';
import { pdfText } from '../invoices/pdf-text.ts';
import { ARABIC_FONT_FILE } from '../../src/invoices/pdf-fonts.ts';
import { call, customer, makeStaff, roomyLimits } from '../orders/order-helpers.ts';

/**
 * Gifting (issue 24) on PGlite and PostgreSQL: a gift order with a message and a priced wrap, its invoice (the wrap
 * is a line of its own, the total is what was paid), the packing slip (the message, no amounts), and proofs (upload,
 * changes asked, upload again, approve; production only after the approval, or after the shop's wait).
 */

const MESSAGE = 'Happy birthday, Meera! With love from Ravi';
const gift = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Meera Iyer',
  recipientPhone: '+91 91234 56789',
  message: MESSAGE,
  wrap: true,
  occasion: 'birthday',
  occasionDate: '2099-12-31',
  ...overrides,
});

describe.each(engines)('gifting (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let asha: Awaited<ReturnType<typeof customer>>;
  let other: Awaited<ReturnType<typeof customer>>;
  let staff: Awaited<ReturnType<typeof customer>>;

  const place = (productId: string, extra: Record<string, unknown> = {}) =>
    call(app, 'POST', '/api/user/order', asha, { items: [{ productId, quantity: 2 }], addressId: asha.addressId, paymentMethod: 'cod', ...extra });
  const move = (id: string, status: string, extra: Record<string, unknown> = {}) =>
    call(app, 'POST', `/api/admin/orders/${id}/status`, staff, { status, ...extra });
  const uploadProof = async (id: string, note = '') => {
    const form = multipart(note ? { note } : {}, [{ ...jpegFile(await phonePhoto()), name: 'file' }]);
    return app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/proofs`,
      headers: { cookie: staff.cookie, 'content-type': form.contentType },
      payload: form.body,
    });
  };
  const answer = (id: string, proofId: string, body: unknown, who = asha) => call(app, 'POST', `/api/user/order/${id}/proofs/${proofId}/answer`, who, body);
  async function setGifting(changes: Partial<GiftSettings>) {
    await ctx.handle.db.update(siteSettings).set({ gifting: { ...DEFAULT_GIFT_SETTINGS, ...changes } });
    await app.responseCache.invalidate();
  }

  beforeAll(async () => {
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
    [asha, other, staff] = [await customer(ctx), await customer(ctx), await customer(ctx)];
    await makeStaff(ctx, staff.userId);
    await setTaxIdentity(ctx);
    await ctx.handle.db.update(siteSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, fee: 0, confirmation: 'off' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => setGifting({ wrapFee: 4_900 }));

  it('prices the wrap on the server, stores the gift and invoices the wrap as its own line for exactly what was paid', async () => {
    const terms = await call(app, 'GET', '/api/checkout/gift-terms');
    expect(terms.json()).toEqual({ wrapFee: 4_900, messageMax: 250 });
    const lamp = await taxedProduct(ctx, { price: 59_900, gstRate: 1200, hsnCode: '9405' });
    // A price sent by the client is ignored: the shop's 4,900 is charged.
    const placed = await place(lamp.id, { gift: { ...gift(), wrapFee: 1 } });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    // Items 2 × 59,900 = 119,800 (free shipping) + wrap 4,900.
    expect(order).toMatchObject({ total: 119_800, giftWrapFee: 4_900, grandTotal: 124_700 });
    expect(order.gift).toEqual({
      recipientName: 'Meera Iyer',
      recipientPhone: '9123456789',
      message: MESSAGE,
      wrap: true,
      occasion: 'birthday',
      occasionDate: '2099-12-31',
    });
    const mine = await call(app, 'GET', `/api/user/order/${order._id}`, asha);
    expect(mine.json()).toMatchObject({ gift: { message: MESSAGE }, giftWrapFee: 4_900, proofs: { required: false, list: [], cleared: true } });
    const admin = await call(app, 'GET', `/api/admin/orders/${order._id}`, staff);
    expect(admin.json().order.gift.recipientName).toBe('Meera Iyer');

    for (const status of ['confirmed', 'packed']) expect((await move(order._id, status)).statusCode).toBe(200);
    expect((await move(order._id, 'shipped', { tracking: { carrier: 'Delhivery', number: 'DL1' } })).statusCode).toBe(200);
    const [invoice] = await documentsOf(ctx, order._id);
    expect(invoice).toMatchObject({ amount: 124_700 });
    // Wrap at the items' 12 %, inter-state: IGST = round(4900 × 1200 / 11200) = round(525) = 525 → taxable 4375.
    expect(invoice!.lines.find((line) => line.kind === 'gift_wrap')).toMatchObject({ hsn: '998540', amount: 4_900, taxable: 4_375, igst: 525 });
  });

  it('prints an Arabic and a Hindi gift message on the packing slip as typed: shaped, in reading order (decision 117)', async () => {
    expect(ARABIC_FONT_FILE, 'an Arabic font (apt-get install fonts-noto-core, as .ci/run does)').not.toBeNull();
    const plate = await taxedProduct(ctx, { price: 129_900, gstRate: 1800, hsnCode: '4421', name: 'Brass name plate' });
    const arabic = 'عيد ميلاد سعيد يا أمي، مع حبي';
    const hindi = 'शुभ दीपावली, माँ को बहुत प्यार';
    for (const [message, recipientName] of [
      [arabic, 'ليلى حسن'],
      [hindi, 'सुनीता राव'],
    ] as const) {
      const placed = await place(plate.id, { gift: gift({ message, recipientName }) });
      expect(placed.statusCode, placed.body).toBe(201);
      const slip = await call(app, 'GET', `/api/admin/orders/${placed.json()._id}/packing-slip.pdf`, staff);
      expect(slip.statusCode).toBe(200);
      const lines = (await pdfText(slip.rawPayload)).join('\n').split('\n');
      expect(lines).toContain(message);
      // "Deliver to" names the recipient (an Arabic name leads its line, so the number is drawn at the line's left).
      expect(
        lines.find((line) => line.includes(recipientName) && line.includes('9123456789') && line.includes('·')),
        lines.join('\n'),
      ).toBeDefined();
    }
    // A message longer than a line wraps in reading order: its first words on the first line.
    const long = `${arabic} ${arabic} ${arabic}`;
    const placed = await place(plate.id, { gift: gift({ message: long }) });
    const text = (await pdfText((await call(app, 'GET', `/api/admin/orders/${placed.json()._id}/packing-slip.pdf`, staff)).rawPayload)).join('\n');
    expect(text.replace(/\s+/g, ' ')).toContain(long);
  });

  it('prints a packing slip with the recipient, items and message and no amount anywhere; staff only', async () => {
    const plate = await taxedProduct(ctx, { price: 129_900, gstRate: 1800, hsnCode: '4421', name: 'Brass name plate' });
    const order = (await place(plate.id, { gift: gift() })).json();
    const slip = await call(app, 'GET', `/api/admin/orders/${order._id}/packing-slip.pdf`, staff);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(slip.rawPayload)).join('\n');
    expect(text).toContain(order.number);
    expect(text).toContain(MESSAGE);
    expect(text).toContain('Meera Iyer');
    expect(text).toContain('Brass name plate');
    expect(text).toMatch(/2\s*×/);
    // No rupee sign, no "Rs", no "INR", and none of the order's amounts written out.
    expect(text).not.toMatch(/₹|\bRs\.?\s*\d|\bINR\b/i);
    for (const amount of ['1,299', '2,598', '49', '2,647']) expect(text).not.toContain(amount);

    expect((await call(app, 'GET', `/api/admin/orders/${order._id}/packing-slip.pdf`, asha)).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/admin/orders/00000000-0000-4000-8000-000000000000/packing-slip.pdf`, staff)).json().code).toBe(
      'admin_order_not_found',
    );
  });

  it('refuses bad gift details with a code naming the field', async () => {
    const lamp = await taxedProduct(ctx, { price: 59_900, gstRate: 1200, hsnCode: '9405' });
    const refused = async (extra: Record<string, unknown>) => {
      const response = await place(lamp.id, { gift: gift(extra) });
      const errors = Object.entries(response.json().errors ?? {}).map(([field, error]) => [field, (error as { code: string }).code]);
      return [response.statusCode, errors];
    };
    // Bad input: 400 with each field's own code (validation_failed, or the one refusal when it is the only problem).
    expect(await refused({ recipientPhone: '12345' })).toEqual([400, [['gift.recipientPhone', 'gift_recipient_phone_invalid']]]);
    expect(await refused({ recipientName: '' })).toEqual([400, [['gift.recipientName', 'gift_recipient_name_required']]]);
    expect(await refused({ message: 'x'.repeat(251) })).toEqual([400, [['gift.message', 'gift_message_too_long']]]);
    expect(await refused({ occasion: 'halloween' })).toEqual([400, [['gift.occasion', 'gift_occasion_invalid']]]);
    expect(await refused({ occasionDate: '2020-01-01' })).toEqual([400, [['gift.occasionDate', 'gift_occasion_date_invalid']]]);
    await setGifting({ wrapAvailable: false });
    expect(await refused({})).toEqual([409, [['gift.wrap', 'gift_wrap_unavailable']]]);
    const unwrapped = await place(lamp.id, { gift: gift({ wrap: false }) });
    expect(unwrapped.json()).toMatchObject({ giftWrapFee: 0, grandTotal: 119_800 });
  });

  it('holds production until the customer approves a proof: upload, changes asked, upload again, approve', async () => {
    const plate = await taxedProduct(ctx, { price: 99_900, gstRate: 1800, hsnCode: '4421' });
    await ctx.handle.db.update(products).set({ needsProof: true }).where(eq(products.id, plate.id));
    const order = (await place(plate.id)).json();
    expect(order.proofs).toEqual({ required: true, list: [], cleared: false });
    expect((await move(order._id, 'confirmed')).statusCode).toBe(200);
    const early = await move(order._id, 'in_production');
    expect([early.statusCode, early.json().code]).toEqual([409, 'proof_not_approved']);

    const first = await uploadProof(order._id, 'Font: Devanagari serif');
    expect(first.statusCode, first.body).toBe(201);
    const v1 = first.json().list[0];
    expect(v1).toMatchObject({ version: 1, status: 'pending', note: 'Font: Devanagari serif' });
    // The customer sees it, and only they and staff can open the image.
    expect((await call(app, 'GET', v1.image.original, asha)).headers['content-type']).toBe('image/webp');
    expect((await call(app, 'GET', v1.image.thumbnail, staff)).statusCode).toBe(200);
    expect((await call(app, 'GET', v1.image.original, other)).statusCode).toBe(404);
    expect((await answer(order._id, v1._id, { decision: 'approve' }, other)).json().code).toBe('proof_not_found');

    const noComment = await answer(order._id, v1._id, { decision: 'request_changes', comment: ' ' });
    expect([noComment.statusCode, noComment.json().errors.comment.code]).toEqual([400, 'proof_comment_required']);
    const changes = await answer(order._id, v1._id, { decision: 'request_changes', comment: 'Please make the name bigger' });
    expect(changes.json().list[0]).toMatchObject({ status: 'changes_requested', comment: 'Please make the name bigger' });
    expect((await move(order._id, 'in_production')).json().code).toBe('proof_not_approved');

    const second = (await uploadProof(order._id)).json();
    const v2 = second.list[1];
    expect(v2).toMatchObject({ version: 2, status: 'pending' });
    expect((await answer(order._id, v1._id, { decision: 'approve' })).json().code).toBe('proof_already_answered');
    const approved = await answer(order._id, v2._id, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ cleared: true, list: [{ status: 'changes_requested' }, { status: 'approved' }] });
    expect((await answer(order._id, v2._id, { decision: 'approve' })).json().code).toBe('proof_already_answered');

    const making = await move(order._id, 'in_production');
    expect(making.statusCode, making.body).toBe(200);
    // The history stays on the order, and no proof is taken once it is being made.
    expect((await call(app, 'GET', `/api/user/order/${order._id}`, asha)).json().proofs.list.map((proof: { comment: string | null }) => proof.comment)).toEqual(
      ['Please make the name bigger', null],
    );
    expect((await uploadProof(order._id)).json().code).toBe('proof_not_needed');
    // The customer was asked once per version.
    const asked = await ctx.handle.db
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(and(eq(outbox.orderId, order._id), eq(outbox.kind, 'proof-ready')));
    expect(asked.map((row) => row.key?.split(':')[3]).sort()).toEqual(expect.arrayContaining(['v1', 'v2']));
  });

  it("lets an unanswered proof through after the shop's wait, and refuses proofs on orders that take none", async () => {
    const plate = await taxedProduct(ctx, { price: 99_900, gstRate: 1800, hsnCode: '4421' });
    await ctx.handle.db.update(products).set({ needsProof: true }).where(eq(products.id, plate.id));
    await setGifting({ proofWaitDays: 2 });
    const order = (await place(plate.id)).json();
    expect((await move(order._id, 'confirmed')).statusCode).toBe(200);
    await uploadProof(order._id);
    expect((await move(order._id, 'in_production')).json().code).toBe('proof_not_approved');
    await ctx.handle.db
      .update(orderProofs)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000 - 1_000) })
      .where(eq(orderProofs.orderId, order._id));
    expect((await move(order._id, 'in_production')).statusCode).toBe(200);

    const lamp = await taxedProduct(ctx, { price: 59_900, gstRate: 1200, hsnCode: '9405' });
    const plain = (await place(lamp.id)).json();
    const [row] = await ctx.handle.db.select({ proofRequired: orders.proofRequired }).from(orders).where(eq(orders.id, plain._id));
    expect(row?.proofRequired).toBe(false);
    expect((await uploadProof(plain._id)).json().code).toBe('proof_not_needed');
  });
});
