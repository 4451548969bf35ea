import { describe, expect, it } from 'vitest';
import { fieldRefusalsOf } from '../field-errors.ts';
import {
  categoryInputSchema,
  couponInputSchema,
  linkProblem,
  menuLinksTo,
  menuProblems,
  paiseToRupees,
  renameInMenu,
  rupeesToPaise,
  slugFrom,
  wouldCycle,
} from './catalogue.ts';

const targets = { categorySlugs: new Set(['lamps', 'gifts']), brandSlugs: new Set(['aurora']), productSlugs: new Set(['blue-lamp']) };

describe('wouldCycle', () => {
  const parentOf = new Map<string, string | null>([
    ['root', null],
    ['child', 'root'],
    ['grandchild', 'child'],
    ['other', null],
  ]);
  it('refuses the category itself or anything below it as parent', () => {
    expect(wouldCycle('root', 'root', parentOf)).toBe(true);
    expect(wouldCycle('root', 'child', parentOf)).toBe(true);
    expect(wouldCycle('root', 'grandchild', parentOf)).toBe(true);
  });
  it('allows a parent elsewhere or none', () => {
    expect(wouldCycle('grandchild', 'other', parentOf)).toBe(false);
    expect(wouldCycle('child', null, parentOf)).toBe(false);
    expect(wouldCycle('other', 'grandchild', parentOf)).toBe(false);
  });
  it('stops on a loop already in the data', () => {
    const looped = new Map<string, string | null>([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(wouldCycle('c', 'a', looped)).toBe(true);
  });
});

describe('linkProblem', () => {
  it.each([
    '/',
    '/category',
    '/category/lamps',
    '/product/blue-lamp',
    '/shop',
    '/shop?brand=aurora&sort=price',
    '/shop?category=gifts',
    '/search?q=mug',
    '/faq',
  ])('accepts %s', (path) => expect(linkProblem(path, targets)).toBeNull());
  const invalid = 'Link must be a page of this shop (starting with /), e.g. /category/lamps';
  it.each([
    ['https://evil.example/', 'link_invalid', invalid],
    ['//evil.example/x', 'link_invalid', invalid],
    ['javascript:alert(1)', 'link_invalid', invalid],
    ['/category/nope', 'link_category_missing', 'No category has the slug "nope"'],
    ['/product/nope', 'link_product_missing', 'No product has the slug "nope"'],
    ['/shop?brand=nobody', 'link_brand_missing', 'No brand has the slug "nobody"'],
    ['/search', 'link_search_empty', 'A search link needs words to search for: /search?q=…'],
    ['/admin', 'link_invalid', invalid],
    ['/category/lamps/extra', 'link_invalid', invalid],
    [`/${'x'.repeat(300)}`, 'admin_link_too_long', 'Link must be at most 300 characters'],
  ])('refuses %s', (path, code, message) => expect(linkProblem(path, targets)).toMatchObject({ code, message }));
});

describe('menus', () => {
  const menu = [
    { id: 'gifts', path: '/category/gifts', label: 'Gifts', subMenu: [{ id: 'lamps', path: '/category/lamps', label: 'Lamps' }] },
    { id: 'aurora', path: '/shop?brand=aurora&sort=new', label: 'Aurora' },
  ];
  it('lists duplicate ids and dead links by field path', () => {
    const problems = menuProblems('headerMenu', [...menu, { id: 'lamps', path: '/category/gone', label: 'Gone' }], targets);
    expect(problems).toEqual({
      'headerMenu.2.id': { code: 'menu_id_repeated', message: 'The id "lamps" is used twice in this menu', params: { id: 'lamps' } },
      'headerMenu.2.path': { code: 'link_category_missing', message: 'No category has the slug "gone"', params: { slug: 'gone' } },
    });
    expect(menuProblems('mobileMenu', menu, targets)).toEqual({});
  });
  it('follows a slug rename and finds links to a slug', () => {
    const renamed = renameInMenu(menu, 'category', 'lamps', 'table-lamps');
    expect(renamed[0]?.subMenu?.[0]?.path).toBe('/category/table-lamps');
    expect(renameInMenu(menu, 'brand', 'aurora', 'aurora-jewels')[1]?.path).toBe('/shop?brand=aurora-jewels&sort=new');
    expect(menuLinksTo(menu, 'category', 'lamps')).toBe(true);
    expect(menuLinksTo(menu, 'brand', 'aurora')).toBe(true);
    expect(menuLinksTo(menu, 'category', 'rings')).toBe(false);
  });
});

describe('coupons', () => {
  it('upper-cases the code and applies defaults', () => {
    expect(couponInputSchema.parse({ code: 'diwali15', type: 'percent', value: 15 })).toMatchObject({
      code: 'DIWALI15',
      minimum: 0,
      maxUses: null,
      maxUsesPerCustomer: 1,
      startsAt: null,
      active: true,
    });
  });
  it('refuses a percent over 100 and an end before the start', () => {
    const result = couponInputSchema.safeParse({ code: 'X100', type: 'percent', value: 150, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' });
    expect(result.success).toBe(false);
    const codes = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['value', 'coupon_percent_invalid'],
        ['endsAt', 'coupon_dates_order'],
      ]),
    );
  });
  it("names each text field's codes, whose texts carry the label and the limit", () => {
    const result = categoryInputSchema.safeParse({ name: '', slug: 'Bad Slug', description: 'x'.repeat(2001) });
    expect(fieldRefusalsOf(result.error!)).toEqual({
      name: { code: 'admin_name_required', message: 'Name is required' },
      slug: { code: 'slug_format', message: 'Slug must use lower-case letters, digits and dashes (e.g. name-plates)' },
      description: { code: 'category_description_too_long', message: 'Description must be at most 2000 characters', params: { max: 2000 } },
    });
  });
  it('converts rupees typed in a form to paise and back', () => {
    expect(rupeesToPaise('1,499.5')).toBe(149_950);
    expect(rupeesToPaise('₹ 100')).toBe(10_000);
    expect(rupeesToPaise('1.234')).toBeNull();
    expect(rupeesToPaise('-5')).toBeNull();
    expect(paiseToRupees(149_950)).toBe('1499.50');
    expect(paiseToRupees(10_000)).toBe('100');
  });
  it('proposes slugs from names', () => {
    expect(slugFrom('Name Plates & Frames')).toBe('name-plates-and-frames');
    expect(slugFrom('  Kid’s Gifts! ')).toBe('kid-s-gifts');
  });
});
