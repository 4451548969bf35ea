/** The shop's mark (a gift knot drawn inline) and its name from settings. */
export function Logo({ name }: { name: string }) {
  return (
    <>
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false" className="shrink-0">
        <rect width="40" height="40" rx="10" fill="var(--color-brand)" />
        <path d="M9 18h22v14H9z" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
        <path d="M7 14h26v5H7zM20 14v18" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
        <path
          d="M20 14c-2-5-8-6-8-2.5S17 14 20 14c3 0 8-1 8-2.5S22 9 20 14z"
          fill="var(--color-accent)"
          stroke="#fff"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      <span className="font-display text-lg leading-tight font-semibold text-ink sm:text-xl">{name}</span>
    </>
  );
}
