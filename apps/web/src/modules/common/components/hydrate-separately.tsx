import { Activity, type ReactNode } from 'react';

/**
 * Marks a part of the page React may hydrate on its own, after the rest and in small slices (decision 018).
 *
 * React hydrates everything outside a boundary in one blocking task (150–310 ms at Lighthouse's 4x CPU slowdown on
 * every page, most of the total blocking time). A visible `<Activity>` boundary is hydrated later at idle priority,
 * and that work yields to the browser every few milliseconds. A click or key press on a part that has not hydrated
 * yet makes React hydrate that part first and then handle the event, so nothing changes for shoppers.
 *
 * Activity, not Suspense: the server writes an Activity's content in place (`<!--&-->…<!--/&-->`), whereas it moves
 * a large finished Suspense boundary out of place (past ~12.8 kB of HTML, or 500 bytes once the shell is that big) and
 * reveals it with a script later, after the header and footer have painted: content would jump and the largest paint
 * would wait. Activity has no fallback, so something suspending inside it holds up its parent as it would without it.
 */
export function HydrateSeparately({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
