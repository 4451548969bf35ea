import { describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_MAX } from '@shop/domain/refusals/wishlist';
import { parseViewed, type ViewedProduct, withViewed } from './recently-viewed';

const product = (n: number): ViewedProduct => ({
  id: `id-${n}`,
  slug: `p-${n}`,
  name: `Product ${n}`,
  image: { src: `/media/p-${n}.webp`, width: 800, height: 800 },
});

describe('recently viewed', () => {
  it('puts the product viewed first, once, and keeps the newest few', () => {
    let list: ViewedProduct[] = [];
    for (let n = 0; n < RECENTLY_VIEWED_MAX + 3; n++) list = withViewed(list, product(n));
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(list[0]!.id).toBe(`id-${RECENTLY_VIEWED_MAX + 2}`);
    list = withViewed(list, product(RECENTLY_VIEWED_MAX));
    expect(list[0]!.id).toBe(`id-${RECENTLY_VIEWED_MAX}`);
    expect(list.filter((entry) => entry.id === `id-${RECENTLY_VIEWED_MAX}`)).toHaveLength(1);
  });

  it("drops anything malformed, and images that are neither the shop's files nor https", () => {
    const stored = [product(1), { id: 2 }, { ...product(3), image: { src: 'javascript:alert(1)', width: 1, height: 1 } }, { ...product(4), image: null }];
    expect(parseViewed(JSON.stringify(stored)).map((entry) => entry.id)).toEqual(['id-1', 'id-4']);
    expect(parseViewed('nope')).toEqual([]);
    expect(parseViewed('{}')).toEqual([]);
  });
});
