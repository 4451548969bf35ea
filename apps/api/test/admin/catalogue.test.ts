import { auditLog, categories } from '@shop/db';
import { refusalMessage } from '@shop/domain/refusals/index';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp } from '../auth/auth-helpers.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

/**
 * Back office, catalogue (issue 7): categories, brands, sliders, menus and their images. Staff may do all of it;
 * every write leaves an audit record; the storefront's cached answers follow at once (response cache on).
 */
describe.each(engines)('admin catalogue (%s)', (engine) => {
  let ctx: AdminContext;
  let shop: FastifyInstance;
  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(ctx, 'staff', { method, url, body }, shop);
  const image = { id: 'x', original: '/api/media/admin/x.webp', width: 10, height: 10 };
  const auditCount = async (action: string, entityId: string) =>
    (
      await ctx.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    ).length;

  beforeAll(async () => {
    ctx = await adminContext(engine);
    shop = await anotherApp(ctx, { responseCacheSeconds: 30 });
  });
  afterAll(async () => {
    await shop?.close();
    await ctx?.close();
  });

  describe('categories', () => {
    it('creates, updates and lists a category; the storefront sees it at once; audit rows before and after', async () => {
      const before = (await shop.inject({ url: '/api/categories?limit=200' })).json();
      const created = await staff('POST', '/api/admin/categories', {
        name: 'Mugs',
        slug: 'mugs',
        parentId: ctx.fixtures.categories.personalised.id,
        featured: true,
        position: 4,
      });
      expect(created.statusCode, created.body).toBe(201);
      const mug = created.json();
      expect(mug).toMatchObject({
        name: 'Mugs',
        slug: 'mugs',
        parentId: ctx.fixtures.categories.personalised.id,
        featured: true,
        productCount: 0,
        image: null,
      });
      const after = (await shop.inject({ url: '/api/categories?limit=200' })).json();
      expect(after.total).toBe(before.total + 1);

      const updated = await staff('PUT', `/api/admin/categories/${mug._id}`, {
        name: 'Photo Mugs',
        slug: 'photo-mugs',
        description: 'Printed',
        image,
        parentId: null,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ name: 'Photo Mugs', slug: 'photo-mugs', parentId: null, featured: false, image });
      expect((await shop.inject({ url: '/api/category/photo-mugs' })).json()).toMatchObject({ name: 'Photo Mugs', parent: null });
      expect(await auditCount('category.create', mug._id)).toBe(1);
      const [record] = await ctx.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'category.update'), eq(auditLog.entityId, mug._id)));
      expect(record).toMatchObject({
        actorRole: 'staff',
        before: expect.objectContaining({ slug: 'mugs' }),
        after: expect.objectContaining({ slug: 'photo-mugs' }),
      });

      const list = (await staff('GET', '/api/admin/categories')).json();
      expect(list.data.find((c: { slug: string }) => c.slug === 'lamps')).toMatchObject({ parentId: ctx.fixtures.categories.personalised.id });
    });

    it('refuses a parent that would make a loop (itself or a subcategory) and a parent that does not exist', async () => {
      const { personalised, keychains } = ctx.fixtures.categories;
      const body = { name: 'Personalised Gifts', slug: 'personalised-gifts' };
      const self = await staff('PUT', `/api/admin/categories/${personalised.id}`, { ...body, parentId: personalised.id });
      const selfBody = expectRefusal(self, 400, 'parent_self', { parentId: 'parent_self' });
      expect(selfBody.message).toBe('A category cannot sit under itself or one of its subcategories');
      const below = await staff('PUT', `/api/admin/categories/${personalised.id}`, { ...body, parentId: keychains.id });
      expectRefusal(below, 400, 'parent_self', { parentId: 'parent_self' });
      const missing = await staff('POST', '/api/admin/categories', { name: 'Orphan', slug: 'orphan', parentId: '00000000-0000-4000-8000-000000000000' });
      expect(expectRefusal(missing, 400, 'parent_missing', { parentId: 'parent_missing' }).errors).toEqual({
        parentId: { code: 'parent_missing', message: 'The parent category does not exist' },
      });
      const [row] = await ctx.handle.db.select().from(categories).where(eq(categories.id, personalised.id));
      expect(row?.parentId).toBeNull();
    });

    it('answers a taken slug with 409 naming the field, bad input with 400 naming it, an unknown id with 404', async () => {
      const taken = await staff('POST', '/api/admin/categories', { name: 'Lamps again', slug: 'lamps' });
      expect(expectRefusal(taken, 409, 'slug_taken', { slug: 'slug_taken' }).errors).toEqual({
        slug: { code: 'slug_taken', message: 'This slug is already used' },
      });
      const bad = await staff('POST', '/api/admin/categories', { name: '', slug: 'Bad Slug', image: { ...image, original: 'https://evil.example/x.png' } });
      const badBody = expectRefusal(bad, 400, 'validation_failed', { name: 'admin_name_required', slug: 'slug_format', image: 'image_path' });
      expect(badBody.errors).toMatchObject({
        name: { message: 'Name is required' },
        slug: { message: 'Slug must use lower-case letters, digits and dashes (e.g. name-plates)' },
        image: { message: 'The image must be one uploaded to this shop' },
      });
      const long = await staff('POST', '/api/admin/categories', { name: 'x'.repeat(81), slug: 'long-one' });
      expect(expectRefusal(long, 400, 'validation_failed', { name: 'admin_name_too_long' }).errors?.name).toEqual({
        code: 'admin_name_too_long',
        message: 'Name must be at most 80 characters',
        params: { max: 80 },
      });
      expectRefusal(await staff('GET', '/api/admin/categories/00000000-0000-4000-8000-000000000000'), 404, 'admin_category_not_found');
      expectRefusal(await staff('GET', '/api/admin/categories/not-an-id'), 400, 'validation_failed', { id: 'admin_id_invalid' });
    });

    it('refuses an image with sizes that are not whole pixels from 1 to 20000 or texts past their limits, and stores none of it', async () => {
      const created = await staff('POST', '/api/admin/categories', { name: 'Frames', slug: 'frames-image-bounds' });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json()._id as string;
      const put = (changes: Record<string, unknown>) =>
        staff('PUT', `/api/admin/categories/${id}`, { name: 'Frames', slug: 'frames-image-bounds', image: { ...image, ...changes } });
      const cases: [Record<string, unknown>, string, string][] = [
        [{ width: -5 }, 'image.width', 'image_side_invalid'],
        [{ width: 0 }, 'image.width', 'image_side_invalid'],
        [{ height: 9_007_199_254_740_991 }, 'image.height', 'image_side_invalid'],
        [{ height: 20_001 }, 'image.height', 'image_side_invalid'],
        [{ width: 1.5 }, 'image.width', 'image_side_invalid'],
        [{ id: 'x'.repeat(201) }, 'image.id', 'image_id_too_long'],
        [{ alt: 'a'.repeat(301) }, 'image.alt', 'image_alt_too_long'],
        [{ original: `/api/media/admin/${'x'.repeat(600)}.webp` }, 'image.original', 'image_path'],
        [{ thumbnail: 'javascript:alert(1)' }, 'image', 'image_path'],
      ];
      for (const [changes, field, code] of cases) {
        const body = expectRefusal(await put(changes), 400, 'validation_failed', { [field]: code });
        expect(body.message, field).toMatch(new RegExp(`^Invalid ${field.replace('.', '\\.')}: `));
      }
      expect((await ctx.handle.db.select().from(categories).where(eq(categories.id, id)))[0]?.image).toBeNull();
      const fine = await put({ width: 20_000, height: 1, alt: 'A frame', thumbnail: '/api/media/admin/x-thumb.webp' });
      expect(fine.statusCode, fine.body).toBe(200);
      expect(fine.json().image).toMatchObject({ width: 20_000, height: 1, alt: 'A frame' });
    });

    it('refuses to delete a category with products, with subcategories, in a menu or a slide; deletes an unused one', async () => {
      const withProducts = expectRefusal(await staff('DELETE', `/api/admin/categories/${ctx.fixtures.categories.lamps.id}`), 409, 'category_in_use');
      expect(withProducts.message).toMatch(/still has \d+ products?: move/);
      expect(withProducts.params).toEqual({ count: expect.any(Number) });
      const withChildren = expectRefusal(await staff('DELETE', `/api/admin/categories/${ctx.fixtures.categories.jewellery.id}`), 409, 'category_has_children');
      expect(withChildren.message).toMatch(/subcategor/);

      const spare = (await staff('POST', '/api/admin/categories', { name: 'Spare', slug: 'spare' })).json();
      const menus = (await staff('GET', '/api/admin/menus')).json();
      const linked = await staff('PUT', '/api/admin/menus', {
        ...menus,
        mobileMenu: [...menus.mobileMenu, { id: 'spare', path: '/category/spare', label: 'Spare' }],
      });
      expect(linked.statusCode, linked.body).toBe(200);
      const inMenu = expectRefusal(await staff('DELETE', `/api/admin/categories/${spare._id}`), 409, 'linked_in_mobile_menu');
      expect(inMenu.message).toBe('The mobile menu links here: change the menu first');
      await staff('PUT', '/api/admin/menus', menus);

      // A slide linking to it holds it too; a new slug moves the slide's link along.
      const slide = (await staff('POST', '/api/admin/sliders', { title: 'Spare parts', image, link: '/category/spare' })).json();
      const inSlide = expectRefusal(await staff('DELETE', `/api/admin/categories/${spare._id}`), 409, 'linked_in_slide');
      expect(inSlide).toMatchObject({ message: 'The slide "Spare parts" links here: change or delete the slide first', params: { title: 'Spare parts' } });
      expect((await staff('PUT', `/api/admin/categories/${spare._id}`, { name: 'Spare', slug: 'spare-bits' })).statusCode).toBe(200);
      expect((await staff('GET', `/api/admin/sliders/${slide._id}`)).json().link).toBe('/category/spare-bits');
      expect((await staff('DELETE', `/api/admin/sliders/${slide._id}`)).statusCode).toBe(204);
      expect((await staff('DELETE', `/api/admin/categories/${spare._id}`)).statusCode).toBe(204);
      expectRefusal(await shop.inject({ url: '/api/category/spare-bits' }), 404, 'category_not_found');
      expect(await auditCount('category.delete', spare._id)).toBe(1);
    });

    it('moves the menus’ links with a renamed slug', async () => {
      const { keychains } = ctx.fixtures.categories;
      const renamed = await staff('PUT', `/api/admin/categories/${keychains.id}`, {
        name: 'Key Chains',
        slug: 'key-chains',
        parentId: ctx.fixtures.categories.personalised.id,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const headers = (await shop.inject({ url: '/api/headers' })).json();
      expect(headers.headerMenu[0].subMenu[0].path).toBe('/category/key-chains');
    });
  });

  describe('images', () => {
    const upload = async (bytes: Buffer, filename: string, url = '/api/admin/categories/images') => {
      const boundary = '----a2test';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nA lamp\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      // Bytes as they are (callAs would send a string, re-encoded as UTF-8).
      return ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie: ctx.people.staff.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };

    it('re-encodes an upload to WebP (upright, at most 1600 px, no metadata) and serves it', async () => {
      const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c33' } })
        .png()
        .withMetadata({ exif: { IFD0: { Artist: 'secret' } } })
        .toBuffer();
      const response = await upload(png, 'lamp.png');
      expect(response.statusCode, response.body).toBe(201);
      const stored = response.json();
      expect(stored).toMatchObject({ width: 1600, height: 800, alt: 'A lamp' });
      expect(stored.original).toMatch(/^\/api\/media\/admin\/[0-9a-f]{24}\.webp$/);
      const served = await ctx.app.inject({ url: stored.original });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      expect(meta.exif).toBeUndefined();
    });

    it('refuses SVG and text (415) and a request without a file (400)', async () => {
      const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'x.svg');
      expect(expectRefusal(svg, 415, 'image_type', { file: 'image_type' }).message).toBe(refusalMessage('image_type'));
      expectRefusal(await upload(Buffer.from('hello'), 'x.png'), 415, 'image_type', { file: 'image_type' });
      const none = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/brands/images', body: {} });
      expect(expectRefusal(none, 400, 'image_missing', { file: 'image_missing' }).message).toBe('Choose an image file to upload');
    });
  });

  describe('brands', () => {
    it('creates, renames and deletes a brand; refuses a taken slug and a brand with products', async () => {
      const created = await staff('POST', '/api/admin/brands', { name: 'Clay Co', slug: 'clay-co', image });
      expect(created.statusCode, created.body).toBe(201);
      const clay = created.json();
      expect((await shop.inject({ url: '/api/brands' })).json().data.map((b: { slug: string }) => b.slug)).toContain('clay-co');
      const taken = await staff('PUT', `/api/admin/brands/${clay._id}`, { name: 'Clay Co', slug: 'aurora' });
      expectRefusal(taken, 409, 'slug_taken', { slug: 'slug_taken' });
      const inUse = expectRefusal(await staff('DELETE', `/api/admin/brands/${ctx.fixtures.brands.aurora.id}`), 409, 'brand_in_use');
      expect(inUse.message).toMatch(/still has \d+ products?/);
      expectRefusal(await staff('GET', '/api/admin/brands/00000000-0000-4000-8000-000000000000'), 404, 'admin_brand_not_found');
      expect((await staff('DELETE', `/api/admin/brands/${clay._id}`)).statusCode).toBe(204);
      expect(await auditCount('brand.delete', clay._id)).toBe(1);
    });
  });

  describe('sliders', () => {
    it('creates a slide the home page shows at once, hides it, refuses links that lead nowhere', async () => {
      const created = await staff('POST', '/api/admin/sliders', { title: 'Diwali gifts', subtitle: 'Lamps', image, link: '/category/lamps', position: 0 });
      expect(created.statusCode, created.body).toBe(201);
      const slide = created.json();
      expect((await shop.inject({ url: '/api/sliders' })).json().data[0]).toMatchObject({ title: 'Diwali gifts', link: '/category/lamps' });
      const hidden = await staff('PUT', `/api/admin/sliders/${slide._id}`, { ...slide, active: false, _id: undefined, updatedAt: undefined });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect((await shop.inject({ url: '/api/sliders' })).json().data.map((s: { title: string }) => s.title)).not.toContain('Diwali gifts');
      for (const [link, code] of [
        ['https://evil.example/', 'link_invalid'],
        ['/category/nothing-here', 'link_category_missing'],
        ['//evil.example', 'link_invalid'],
        ['/search?q=', 'link_search_empty'],
      ] as const) {
        const bad = await staff('PUT', `/api/admin/sliders/${slide._id}`, { title: 'x', image, link });
        expectRefusal(bad, 400, code, { link: code });
      }
      const missing = expectRefusal(
        await staff('PUT', `/api/admin/sliders/${slide._id}`, { title: 'x', image, link: '/category/nothing-here' }),
        400,
        'link_category_missing',
      );
      expect(missing).toMatchObject({ message: 'No category has the slug "nothing-here"', params: { slug: 'nothing-here' } });
      expectRefusal(await staff('POST', '/api/admin/sliders', { title: 'No image', link: '/' }), 400, 'validation_failed', { image: 'image_required' });
      expect((await staff('DELETE', `/api/admin/sliders/${slide._id}`)).statusCode).toBe(204);
      expect(await auditCount('slider.delete', slide._id)).toBe(1);
    });
  });

  describe('menus', () => {
    it('saves both trees; GET /api/headers shows them at once; audit before and after', async () => {
      expect((await shop.inject({ url: '/api/headers' })).json().mobileMenu).toHaveLength(1); // cached now
      const headerMenu = [
        {
          id: 'gifts',
          path: '/category/personalised-gifts',
          label: 'Gifts',
          subMenu: [
            { id: 'lamps', path: '/category/lamps', label: 'Lamps' },
            { id: 'aurora', path: '/shop?brand=aurora', label: 'Aurora' },
          ],
        },
        { id: 'mugs', path: '/search?q=mug', label: 'Mugs' },
        { id: 'all', path: '/category', label: 'All' },
      ];
      const mobileMenu = [
        { id: 'm-gifts', path: '/shop', label: 'Shop' },
        { id: 'm-faq', path: '/faq', label: 'FAQ' },
      ];
      const saved = await staff('PUT', '/api/admin/menus', { headerMenu, mobileMenu });
      expect(saved.statusCode, saved.body).toBe(200);
      const headers = (await shop.inject({ url: '/api/headers' })).json();
      expect(headers.headerMenu).toEqual(headerMenu);
      expect(headers.mobileMenu).toEqual(mobileMenu);
      const records = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'menus.update'));
      expect(records.at(-1)?.after).toMatchObject({ headerMenu, mobileMenu });
    });

    it('lists every link that leads nowhere and every repeated id, by field', async () => {
      const response = await staff('PUT', '/api/admin/menus', {
        headerMenu: [
          { id: 'a', path: '/category/no-such', label: 'A', subMenu: [{ id: 'a', path: '/shop?brand=nobody', label: 'Dup' }] },
          { id: 'b', path: 'https://evil.example', label: 'B' },
        ],
        mobileMenu: [{ id: 'c', path: '/search', label: 'C' }],
      });
      const refused = expectRefusal(response, 400, 'validation_failed', {
        'headerMenu.0.path': 'link_category_missing',
        'headerMenu.0.subMenu.0.id': 'menu_id_repeated',
        'headerMenu.0.subMenu.0.path': 'link_brand_missing',
        'headerMenu.1.path': 'link_invalid',
        'mobileMenu.0.path': 'link_search_empty',
      });
      expect(refused.message).toBe('Invalid headerMenu.0.path: No category has the slug "no-such"');
      expect(Object.keys(refused.errors ?? {}).sort()).toEqual([
        'headerMenu.0.path',
        'headerMenu.0.subMenu.0.id',
        'headerMenu.0.subMenu.0.path',
        'headerMenu.1.path',
        'mobileMenu.0.path',
      ]);
      const tooDeep = await staff('PUT', '/api/admin/menus', { headerMenu: [{ id: 'a', path: '/', label: '' }], mobileMenu: [] });
      expect(expectRefusal(tooDeep, 400, 'validation_failed', { 'headerMenu.0.label': 'admin_label_required' }).errors).toEqual({
        'headerMenu.0.label': { code: 'admin_label_required', message: 'Label is required' },
      });
    });
  });
});
