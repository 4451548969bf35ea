import type { Page } from 'playwright-core';

/**
 * Records the layout shifts of a page's documents from their start, as CLS counts them (not those right after an
 * input). Call before the first `goto`.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What the current document's recorded layout shifts add up to so far. */
export const layoutShiftSoFar = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
