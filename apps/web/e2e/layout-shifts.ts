import type { Page } from 'playwright-core';

interface Shift {
  value: number;
  /** When, in ms from the document's start. */
  at: number;
  /** What moved: each element (tag, id or classes) with its box (left,top width×height) before and after. */
  moved: string[];
}

/**
 * Records the layout shifts of a page's documents from their start, as CLS counts them (not those right after an
 * input), with what moved in each. Call before the first `goto`.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'a removed node';
      const classes = typeof node.className === 'string' ? node.className.trim().split(/\s+/).slice(0, 4).join('.') : '';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes ? `.${classes}` : ''}`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number; sources?: Source[] }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          moved: (entry.sources ?? []).map((s) => `${describe(s.node)} from ${rect(s.previousRect)} to ${rect(s.currentRect)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Every recorded shift of the current document and what moved in it: the message of a failed layout-shift check. */
export const layoutShiftsSoFar = (page: Page): Promise<string> =>
  page.evaluate(() =>
    (window as unknown as { __shifts: Shift[] }).__shifts
      .map((shift) => `${shift.value.toFixed(4)} at ${shift.at} ms: ${shift.moved.join('; ') || 'no source given'}`)
      .join('\n'),
  );

/** What the current document's recorded layout shifts since `startTime` (ms from its start) add up to. */
export const layoutShiftSince = (page: Page, startTime: number): Promise<number> =>
  page.evaluate(
    (since) => (window as unknown as { __shifts: Shift[] }).__shifts.filter((shift) => shift.at >= since).reduce((sum, shift) => sum + shift.value, 0),
    startTime,
  );

/** What the current document's recorded layout shifts add up to so far. */
export const layoutShiftSoFar = (page: Page): Promise<number> => layoutShiftSince(page, 0);
