import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * Deque's axe-core, the rule engine Lighthouse's accessibility audit runs, injected into a page as it stands. The rules:
 * WCAG 2.0–2.2 levels A and AA (labels, names, contrast, ARIA, language) and axe's best practices (landmarks, heading
 * order), the bar decision 035 sets for every page.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/** Every rule the page breaks, one line per element ("rule: help — element"), so a failing test names what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  // An overlay still sliding or fading in has half-transparent text; contrast is judged once transitions have ended.
  // Looping animations (a spinner's) are left running, and so are long ones: a toast's auto-close countdown (5 s) ends
  // by starting its fade-out, so waiting for it had axe judge the toast half faded (a flaky contrast failure in CI).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) <= 2000)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate((runTags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: runTags } });
  }, tags);
  return (result as AxeResult).violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} — ${n.target.join(' ')}`));
}
