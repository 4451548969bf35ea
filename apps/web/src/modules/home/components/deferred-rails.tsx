'use client';

import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { reportError } from '@modules/common/errors/report-error';

interface DeferredRailsProps {
  /** Server function that renders the rails (`loadHomeRails`, `loadRelatedRail` bound to a product). */
  load: () => Promise<ReactNode>;
  /** How many rails to hold space for until they arrive. */
  count: number;
}

/** Start loading when the rails are this close to the viewport: well before a scrolling shopper reaches them. */
const AHEAD = '300px 0px';

/**
 * Holds the home page's product rails' place and asks the server for them when the shopper scrolls near (decision
 * 027): the first HTML, its flight data and hydration then carry only the hero and the category tiles. The product
 * page uses it the same way for its related-products rail (decision 027 addendum). The
 * placeholders have the rails' size, so nothing below moves when they are replaced. A failed request is reported and
 * tried again the next time the placeholders come into view.
 */
export function DeferredRails({ load, count }: DeferredRailsProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [rails, setRails] = useState<ReactNode>(null);

  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    let loading = false;
    const fetchRails = () => {
      if (loading) return;
      loading = true;
      load().then(
        (node) => {
          observer?.disconnect();
          startTransition(() => setRails(node));
        },
        (error: unknown) => {
          loading = false;
          reportError(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fetchRails(), { rootMargin: AHEAD })
        : null;
    if (observer) observer.observe(el);
    else fetchRails();
    return () => observer?.disconnect();
  }, [load]);

  if (rails) return rails;
  return (
    <div ref={holder} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <RailPlaceholder key={i} />
      ))}
    </div>
  );
}

/**
 * The outline of a ProductRail (title row, five cards), the same size at every breakpoint. A card's text block is as
 * tall as a discounted product's beside its add button: on a phone its price, MRP and percent off take three lines, on
 * a tablet two, on a desktop one (measured, decision 136). A rail's cards all take its tallest one's height.
 */
function RailPlaceholder() {
  return (
    <div className="py-6 sm:py-8">
      <div className="mb-4 h-8 w-48 rounded bg-surface sm:h-9" />
      <ul className="-mx-4 grid auto-cols-[44%] grid-flow-col gap-3 overflow-hidden px-4 pb-2 sm:mx-0 sm:auto-cols-[30%] sm:gap-4 sm:px-0 lg:auto-cols-[calc((100%-4rem)/5)]">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="flex flex-col overflow-hidden rounded-xl border border-line">
            <div className="aspect-square bg-surface" />
            <div className="h-[8.78rem] sm:h-[7.78rem] lg:h-[6.78rem]" />
          </li>
        ))}
      </ul>
    </div>
  );
}
