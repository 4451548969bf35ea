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

// Building Intl.PluralRules/NumberFormat starts ICU for the locale (~56 ms at Lighthouse's 4x CPU slowdown): one
// pair per locale per tab, built the first time a count other than the server's needs a label.
const formatters = new Map<string, { rules: Intl.PluralRules; numbers: Intl.NumberFormat }>();

function formattersFor(locale: string) {
  let pair = formatters.get(locale);
  if (!pair) {
    pair = { rules: new Intl.PluralRules(locale), numbers: new Intl.NumberFormat(locale) };
    formatters.set(locale, pair);
  }
  return pair;
}

/** Browser side: the label for `count`, falling back to the `other` form. */
export function formatCountLabel(labels: CountLabels, locale: string, count: number): string {
  const { rules, numbers } = formattersFor(locale);
  const template = labels[rules.select(count)] ?? labels.other ?? '{count}';
  return template.replace('{count}', numbers.format(count));
}
