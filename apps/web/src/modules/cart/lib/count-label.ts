/**
 * A plural message for a count that changes in the browser, without next-intl's client formatter in always-loaded
 * code (see docs/decisions): the server renders the message once per plural category of the locale with `{count}`
 * left in, and the browser picks the category with Intl.PluralRules and puts the number in.
 */
export type CountLabels = Partial<Record<Intl.LDMLPluralRule, string>>;

/** Server side: `render(n)` is the translated message for n; one template per plural category. */
export function countLabels(locale: string, render: (count: number) => string): CountLabels {
  const rules = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  const labels: CountLabels = {};
  for (const category of rules.resolvedOptions().pluralCategories) {
    // The smallest whole number in the category (fractions never count cart items).
    let n = 0;
    while (n < 1000 && rules.select(n) !== category) n++;
    if (n === 1000) continue;
    labels[category] = render(n).replace(numbers.format(n), '{count}');
  }
  return labels;
}

/** Browser side: the label for `count`, falling back to the `other` form. */
export function formatCountLabel(labels: CountLabels, locale: string, count: number): string {
  const template = labels[new Intl.PluralRules(locale).select(count)] ?? labels.other ?? '{count}';
  return template.replace('{count}', new Intl.NumberFormat(locale).format(count));
}
