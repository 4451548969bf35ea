'use client';

import Link from 'next/link';
import { useUI } from '@modules/common/ui-store';

function UserIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0116 0" />
    </svg>
  );
}

const iconButton = 'flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-soft hover:text-brand';

/**
 * The header's account entry: a signed-in visitor (isAuthorized, spec §3) goes to their account;
 * anyone else gets the sign-in modal at its default view. Labels come from the server header.
 */
export function AccountButton({ signInLabel, accountLabel }: { signInLabel: string; accountLabel: string }) {
  const isAuthorized = useUI((s) => s.isAuthorized);
  const openModal = useUI((s) => s.openModal);
  if (isAuthorized) {
    return (
      <Link prefetch={false} href="/my-account" aria-label={accountLabel} className={iconButton}>
        <UserIcon />
      </Link>
    );
  }
  return (
    <button type="button" aria-label={signInLabel} aria-haspopup="dialog" onClick={() => openModal('OTP_LOGIN_VIEW', null)} className={iconButton}>
      <UserIcon />
    </button>
  );
}
