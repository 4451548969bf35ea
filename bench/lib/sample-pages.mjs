// The catalogue pages the benchmarks measure, chosen the same way everywhere so their tables describe the same pages:
// the first featured category and the most popular product.
export async function samplePages(base) {
  const category = (await (await fetch(`${base}/api/categories/featured`)).json()).data?.[0];
  const product = (await (await fetch(`${base}/api/products?limit=1&sort=popularity`)).json()).data[0];
  return { categorySlug: category?.slug ?? 'lamps', productSlug: product.slug };
}
