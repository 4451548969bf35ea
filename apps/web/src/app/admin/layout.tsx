import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AdminLayout } from '@modules/admin/templates/admin-layout';

// Per-visitor and never indexed.
export const metadata: Metadata = { robots: { index: false, follow: false } };

export default function Layout({ children }: { children: ReactNode }) {
  return <AdminLayout>{children}</AdminLayout>;
}
