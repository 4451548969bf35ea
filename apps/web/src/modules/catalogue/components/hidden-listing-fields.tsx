import type { ListingState } from '../lib/listing-params';

type Field = 'category' | 'brand' | 'min' | 'max' | 'attr' | 'inStock' | 'sort' | 'page';

/** The current listing state as hidden inputs, so one GET form can change one thing and keep the rest. */
export function HiddenListingFields({ state, omit }: { state: ListingState; omit: readonly Field[] }) {
  const skip = new Set<Field>(omit);
  return (
    <>
      {!skip.has('category') && state.category ? <input type="hidden" name="category" value={state.category} /> : null}
      {!skip.has('brand') && state.brand ? <input type="hidden" name="brand" value={state.brand} /> : null}
      {!skip.has('min') && state.min !== undefined ? <input type="hidden" name="min" value={state.min} /> : null}
      {!skip.has('max') && state.max !== undefined ? <input type="hidden" name="max" value={state.max} /> : null}
      {!skip.has('attr') ? state.attr.map((a) => <input key={a} type="hidden" name="attr" value={a} />) : null}
      {!skip.has('inStock') && state.inStock ? <input type="hidden" name="inStock" value="1" /> : null}
      {!skip.has('sort') && state.sort !== 'newest' ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {!skip.has('page') && state.page > 1 ? <input type="hidden" name="page" value={state.page} /> : null}
    </>
  );
}
