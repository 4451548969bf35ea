'use client';

/** Opens the browser's print dialog (the packing slip's print stylesheet hides everything but the slip). */
export function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-strong"
    >
      {label}
    </button>
  );
}
