import type { ReactNode } from 'react';
import { AccountLayout } from '@modules/account/templates/account-layout';

export default function Layout({ children }: { children: ReactNode }) {
  return <AccountLayout>{children}</AccountLayout>;
}
