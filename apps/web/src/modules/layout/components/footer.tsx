import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Container } from '@modules/common/components/container';
import { MailIcon, PhoneIcon } from '@modules/common/components/icons';
import { shopTextProps } from '@modules/common/components/shop-text';
import { telHref, type ShellSite } from '../site';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';

const heading = 'mb-4 font-sans text-sm font-semibold tracking-wider text-ink uppercase';
const link = 'text-sm text-muted hover:text-brand hover:underline underline-offset-2';

interface FooterColumn {
  id: string;
  title: string;
  links: { href: string; label: string }[];
}

/**
 * A titled list of links; the footer's link columns are data, rendered by this one component. A navigation landmark
 * (not a region): its title can match a region's on the page ("Shop by category" on the home page) and landmarks
 * must differ by role or name for screen-reader users to tell them apart.
 */
function LinkColumn({ column }: { column: FooterColumn }) {
  const headingId = `footer-${column.id}`;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className={heading}>
        {column.title}
      </h2>
      <ul className="space-y-2">
        {column.links.map((item) => (
          <li key={item.href}>
            <Link prefetch={false} href={item.href} className={link}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export async function Footer({ site }: { site: ShellSite }) {
  const t = await getTranslations('shell');
  const year = new Date().getFullYear();
  const columns: FooterColumn[] = [
    {
      id: 'categories',
      title: t('footer.categories'),
      links: [
        ...site.headerMenu.filter((item) => item.path.startsWith('/')).map((item) => ({ href: item.path, label: item.label })),
        { href: '/shop', label: t('footer.shop') },
      ],
    },
    {
      id: 'info',
      title: t('footer.info'),
      links: [
        { href: '/terms', label: t('info.terms') },
        { href: '/privacy', label: t('info.privacy') },
        { href: '/faq', label: t('info.faq') },
        // The contact page (its form and the complaint form), which nothing else on a page links to (issue 25).
        { href: '/contact-us', label: t('footer.contactPage') },
      ],
    },
  ];
  return (
    // content-visibility: the browser skips the footer's style and layout until it nears the viewport, which keeps the
    // first render of a long page cheaper (decision 027 addendum); the intrinsic size is roughly its phone height.
    <footer className="mt-16 border-t border-line bg-surface [contain-intrinsic-size:auto_36rem] [content-visibility:auto]">
      {/* Below the fold on every page: its links hydrate on their own (decision 018). */}
      <HydrateSeparately>
        <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
          <section aria-labelledby="footer-about">
            <h2 id="footer-about" className="sr-only">
              {t('footer.about')}
            </h2>
            <div className="mb-4 flex items-center gap-2">
              <Logo name={site.name} />
            </div>
            {/* The settings' description is shop content, in English; the fallback (API down) is translated. */}
            <p {...(site.live ? shopTextProps : {})} className="text-sm leading-relaxed text-muted">
              {site.description}
            </p>
          </section>
          {columns.map((column) => (
            <LinkColumn key={column.id} column={column} />
          ))}
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className={heading}>
              {t('footer.contact')}
            </h2>
            <ul className="space-y-3 text-sm">
              {site.tollFreeNumber ? (
                <li className="flex items-center gap-2">
                  <PhoneIcon width={18} height={18} className="shrink-0 text-brand" />
                  <span className="text-muted">{t('footer.tollFree')}:</span>
                  <a href={telHref(site.tollFreeNumber)} className="font-medium text-ink hover:text-brand" dir="ltr">
                    {site.tollFreeNumber}
                  </a>
                </li>
              ) : null}
              {site.contactEmail ? (
                <li className="flex items-center gap-2">
                  <MailIcon width={18} height={18} className="shrink-0 text-brand" />
                  <span className="sr-only">{t('footer.email')}:</span>
                  <a href={`mailto:${site.contactEmail}`} className="font-medium break-all text-ink hover:text-brand" dir="ltr">
                    {site.contactEmail}
                  </a>
                </li>
              ) : null}
              <li className="text-muted">{t('footer.hours')}</li>
            </ul>
            <div className="mt-6 text-ink">
              <LanguageSwitcher label={t('language.label')} />
            </div>
          </section>
        </Container>
        <div className="border-t border-line">
          <Container className="py-5 text-center text-xs text-muted">{t('footer.copyright', { year, name: site.name })}</Container>
        </div>
      </HydrateSeparately>
    </footer>
  );
}
