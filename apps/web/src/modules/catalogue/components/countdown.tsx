'use client';

import { useEffect, useState } from 'react';

interface CountdownProps {
  /** ISO time the sale ends. */
  endsAt: string;
  /** Seconds left when the server rendered, so the first paint matches the hydrated one (no shift, no mismatch). */
  initialSeconds: number;
  /** Translated labels: the lead-in, the ended text and the unit suffixes. */
  labels: { endsIn: string; ended: string; days: string };
}

function parts(total: number) {
  const s = Math.max(0, Math.floor(total));
  return { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600), m: Math.floor((s % 3600) / 60), s: s % 60 };
}

const two = (n: number) => String(n).padStart(2, '0');

/** Live time left in a flash sale; ticks once a second and stops at zero. */
export function Countdown({ endsAt, initialSeconds, labels }: CountdownProps) {
  const [seconds, setSeconds] = useState(initialSeconds);
  useEffect(() => {
    const end = Date.parse(endsAt);
    const tick = () => setSeconds(Math.max(0, Math.round((end - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const p = parts(seconds);
  const ended = seconds <= 0;
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-brand-soft px-3 py-1 text-sm text-brand-strong">
      <span>{ended ? labels.ended : labels.endsIn}</span>
      {ended ? null : (
        // role=timer is not announced on every tick (implicit aria-live off), so screen readers are not flooded.
        <time role="timer" dateTime={`PT${seconds}S`} className="font-semibold tabular-nums" dir="ltr">
          {p.d > 0 ? `${p.d}${labels.days} ` : ''}
          {two(p.h)}:{two(p.m)}:{two(p.s)}
        </time>
      )}
    </p>
  );
}
