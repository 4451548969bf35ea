'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

interface SliderControlsProps {
  count: number;
  label: string;
  labels: { previous: string; next: string; goTo: string[] };
  /** The slides, each a full-width snap child. */
  children: ReactNode;
}

/**
 * A scroll-snap carousel: the browser does the sliding (touch, trackpad, keyboard scrolling), this leaf
 * only adds previous/next buttons and dots and tracks which slide is in view. It never moves on its
 * own, so there is nothing to pause and nothing that jumps while someone reads.
 */
export function SliderControls({ count, label, labels, children }: SliderControlsProps) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => {
      const index = Math.round(Math.abs(el.scrollLeft) / Math.max(1, el.clientWidth));
      setCurrent(Math.min(count - 1, Math.max(0, index)));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [count]);

  function go(index: number) {
    const el = track.current;
    if (!el) return;
    const target = (index + count) % count;
    // In right-to-left pages scrollLeft runs from 0 towards negative values.
    const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ left: sign * target * el.clientWidth, behavior: still ? 'auto' : 'smooth' });
    setCurrent(target);
  }

  const button =
    'absolute top-1/2 z-10 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md hover:bg-white sm:flex';
  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div
        ref={track}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {children}
      </div>
      {count > 1 ? (
        <>
          {/* Drawn arrows, mirrored in right-to-left pages so each points outward, away from the slides: the ‹ › glyphs
              were already mirrored by the browser there, and rotating them turned both inward. */}
          <button type="button" onClick={() => go(current - 1)} aria-label={labels.previous} className={`${button} start-3`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M15 6l-6 6 6 6" />
            </svg>
          </button>
          <button type="button" onClick={() => go(current + 1)} aria-label={labels.next} className={`${button} end-3`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M9 6l6 6-6 6" />
            </svg>
          </button>
          <div className="mt-3 flex justify-center gap-1">
            {Array.from({ length: count }, (_, i) => (
              <button
                key={i}
                type="button"
                onClick={() => go(i)}
                aria-label={labels.goTo[i]}
                aria-current={i === current ? 'true' : undefined}
                className="flex h-6 w-6 items-center justify-center"
              >
                <span className={`block h-2 rounded-full transition-all ${i === current ? 'w-6 bg-brand' : 'w-2 bg-line'}`} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
