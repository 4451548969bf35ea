import { Suspense, type ReactNode } from 'react';

/**
 * Marks a part of the page React may hydrate on its own, after the rest and in small slices (decision 018).
 *
 * React hydrates everything outside a Suspense boundary in one blocking task (150–310 ms at Lighthouse's 4x CPU
 * slowdown on every page, most of the total blocking time). A boundary the server finished rendering (`<!--$-->` in the
 * HTML) is hydrated later at idle priority, and that work yields to the browser every few milliseconds. A click or key
 * press on a part that has not hydrated yet makes React hydrate that part first and then handle the event, so nothing
 * changes for shoppers.
 *
 * Use it only around content that does not suspend on the server (no async server component inside), or the server
 * would send the (empty) fallback first and stream the content later, which moves what is below it.
 */
export function HydrateSeparately({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
