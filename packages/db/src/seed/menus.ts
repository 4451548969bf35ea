import type { MenuItem } from '../schema/settings.ts';

/** The fast-fashion clothing brand of the Clothing menu (spec §2); its menu item filters the shop by brand. */
export const fastFashionBrand = { name: 'StreetLoom', slug: 'streetloom' };

const categoryPath = (slug: string) => `/category/${slug}`;
const item = (id: string, label: string, path: string, subMenu?: MenuItem[]): MenuItem => (subMenu ? { id, path, label, subMenu } : { id, path, label });
const leaves = (parent: string, entries: [label: string, slug: string][]): MenuItem[] =>
  entries.map(([label, slug]) => item(`${parent}-${slug}`, label, categoryPath(slug)));

/**
 * The header menu of spec §2, item for item. Every path is a category page of a seeded category
 * or, for the brand, the shop filtered by that brand; the seed tests check both.
 */
export function buildHeaderMenu(): MenuItem[] {
  return [
    item(
      'personalised-gifts',
      'Personalised Gifts',
      categoryPath('personalised-gifts'),
      leaves('personalised-gifts', [
        ['Lamps', 'lamps'],
        ['Combos', 'combos'],
        ['Name Plates', 'name-plates'],
        ['Virtual Gifts', 'virtual-gifts'],
        ['Cushions', 'cushions'],
        ['Clock', 'clocks'],
        ['Soft Toys', 'soft-toys'],
        ['Frames', 'frames'],
        ['Wall Decor', 'wall-decor'],
        ['Personalised Necklaces', 'personalised-necklaces'],
        ['Keychains', 'keychains'],
        ["Kid's", 'kids-gifts'],
      ]),
    ),
    item('clothing', 'Clothing', categoryPath('clothing'), [
      ...leaves('clothing', [
        ['Thrift', 'thrift'],
        ['Frock', 'frocks'],
        ['Skirt-Top', 'skirt-top'],
        ['Sleeves', 'sleeves'],
      ]),
      item(`clothing-${fastFashionBrand.slug}`, fastFashionBrand.name, `/shop?brand=${fastFashionBrand.slug}`),
    ]),
    item(
      'accessories',
      'Accessories',
      categoryPath('accessories'),
      leaves('accessories', [
        ['Scrunchies', 'scrunchies'],
        ['Bows', 'bows'],
        ['Hair Accessories', 'hair-accessories'],
        ['Sleeves', 'sleeves'],
        ['Purses', 'purses'],
        ['Wallets', 'wallets'],
      ]),
    ),
    item(
      'jewellery',
      'Jewellery',
      categoryPath('jewellery'),
      leaves('jewellery', [
        ['Rings', 'rings'],
        ['Necklaces', 'necklaces'],
        ['Earrings', 'earrings'],
        ['Personalised Necklaces', 'personalised-necklaces'],
      ]),
    ),
    item('categories', 'Categories', '/category', [item('categories-all', 'All Categories', '/category')]),
  ];
}

/** The mobile menu mirrors the header (spec §2); ids are prefixed so both can sit in one DOM. */
export function buildMobileMenu(header: MenuItem[] = buildHeaderMenu()): MenuItem[] {
  const mirror = (entry: MenuItem): MenuItem => item(`mobile-${entry.id}`, entry.label, entry.path, entry.subMenu?.map(mirror));
  return header.map(mirror);
}
