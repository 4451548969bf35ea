import type { ReactNode } from 'react';
import { getViewer } from '@lib/api/user';
import { Container } from '@modules/common/components/container';
import { QueryProvider } from '@modules/common/query-provider';
import { AdminNav } from '../components/admin-nav';
import { adminTexts } from '../lib/texts';
import { asStaff, canSee } from '../lib/require-staff';
import { adminSections } from '../nav';

/**
 * The frame of every /admin page: who is signed in, the sections their role may open, then the page. English and
 * left-to-right whatever the storefront's language (decision 028), so `lang` and `dir` are set here for assistive
 * technology. Pages check their own role again (an admin-only page with requireStaff(path, 'admin')).
 *
 * An anonymous visitor gets only the page, whose own requireStaff(path) sends them to sign in and back to that page:
 * the layout does not know which /admin page was asked for, so its redirect brought everyone back to the dashboard.
 */
export async function AdminLayout({ children }: { children: ReactNode }) {
  const signedIn = await getViewer();
  if (!signedIn) return children;
  const viewer = asStaff(signedIn);
  const t = await adminTexts('admin');
  const links = adminSections.filter((section) => canSee(viewer.role, section.role)).map((section) => ({ href: section.href, label: t(`nav.${section.key}`) }));
  return (
    <div lang="en" dir="ltr">
      <Container className="py-6 sm:py-8">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <p className="font-display text-lg text-muted">{t('section')}</p>
          <p className="text-sm text-muted">{t('signedInAs', { name: viewer.name || viewer.email || viewer.mobile || '', role: t(`role.${viewer.role}`) })}</p>
        </div>
        <QueryProvider>
          <div className="flex flex-col gap-6 lg:flex-row lg:gap-8">
            <AdminNav links={links} label={t('nav.label')} />
            <div className="min-w-0 flex-1">{children}</div>
          </div>
        </QueryProvider>
      </Container>
    </div>
  );
}

export function AdminHeading({ title, intro, actions }: { title: string; intro?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{title}</h1>
        {intro ? <p className="mt-1 text-muted">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
