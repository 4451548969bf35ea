import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { pageAlternates } from '@modules/layout/locale-alternates';
import { Breadcrumbs } from '@modules/common/components/breadcrumbs';
import { Container } from '@modules/common/components/container';
import Link from 'next/link';
import { contactParts, withoutContactTags } from '../lib/contact-links';

type InfoPageKey = 'terms' | 'privacy' | 'faq';

interface Section {
  id: string;
  heading: string;
  paragraphs?: string[];
  list?: string[];
}
interface FaqGroup {
  heading: string;
  items: Array<{ q: string; a: string }>;
}

/** A text with the phrases where it says "contact us" linked to the contact page (issue 25). */
function withContactLinks(text: string) {
  return contactParts(text).map((part, index) =>
    part.contact ? (
      <Link prefetch={false} key={index} href="/contact-us" className="font-medium text-brand underline underline-offset-2">
        {part.text}
      </Link>
    ) : (
      part.text
    ),
  );
}

/** When the texts of the information pages last changed (shown on the page). */
const lastUpdated = new Date('2026-11-01T00:00:00Z');

export async function infoPageMetadata(key: InfoPageKey): Promise<Metadata> {
  const t = await getTranslations(`pages.${key}`);
  return { title: t('title'), description: t('description'), alternates: await pageAlternates(`/${key}`) };
}

/**
 * Terms, privacy and FAQ: long texts from the `pages` messages, rendered on the server with no client JS. Where a text
 * says "contact us" it links to the contact page (issue 25).
 */
export async function InfoPage({ page }: { page: InfoPageKey }) {
  const t = await getTranslations('pages');
  const tb = await getTranslations('shell.breadcrumbs');
  const format = await getFormatter();
  const title = t(`${page}.title`);
  const sections = page === 'faq' ? [] : (t.raw(`${page}.sections`) as Section[]);
  const groups = page === 'faq' ? (t.raw('faq.groups') as FaqGroup[]) : [];

  return (
    <Container className="py-8 sm:py-12">
      <Breadcrumbs items={[{ label: tb('home'), href: '/' }, { label: title }]} />
      <div className={`mt-6 grid gap-10 ${sections.length > 0 ? 'lg:grid-cols-[1fr_16rem]' : ''}`}>
        <article className="prose-shop">
          <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-muted">{t('updated', { date: format.dateTime(lastUpdated, { dateStyle: 'long' }) })}</p>
          <p className="mt-6 text-lg">{withContactLinks(t.raw(`${page}.intro`) as string)}</p>
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-40">
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{withContactLinks(paragraph)}</p>
              ))}
              {section.list ? (
                <ul>
                  {section.list.map((item) => (
                    <li key={item.slice(0, 40)}>{withContactLinks(item)}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          {groups.map((group) => (
            <section key={group.heading} aria-label={group.heading}>
              <h2>{group.heading}</h2>
              <div className="divide-y divide-line rounded-xl border border-line">
                {group.items.map((item) => (
                  <details key={item.q} className="group px-4 py-1 open:bg-surface/60">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
                      {item.q}
                      <span aria-hidden="true" className="text-xl text-brand transition-transform group-open:rotate-45">
                        +
                      </span>
                    </summary>
                    <p className="pb-3 text-ink/90">{withContactLinks(item.a)}</p>
                  </details>
                ))}
              </div>
            </section>
          ))}
          <p className="mt-10 rounded-xl bg-brand-soft p-4 text-sm">{withContactLinks(t.raw('help') as string)}</p>
        </article>
        {sections.length > 0 ? (
          <aside className="hidden lg:block">
            <nav aria-labelledby="toc-heading" className="sticky top-40 rounded-xl border border-line p-5">
              <h2 id="toc-heading" className="mb-3 font-sans text-sm font-semibold tracking-wider uppercase">
                {t('onThisPage')}
              </h2>
              <ul className="space-y-2 text-sm">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="text-muted hover:text-brand">
                      {section.heading}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
        ) : null}
      </div>
      {page === 'faq' ? (
        <script
          type="application/ld+json"
          // FAQ rich results: the same questions and answers as on the page.
          dangerouslySetInnerHTML={{
            __html: JSON.stringify({
              '@context': 'https://schema.org',
              '@type': 'FAQPage',
              mainEntity: groups.flatMap((group) =>
                group.items.map((item) => ({ '@type': 'Question', name: item.q, acceptedAnswer: { '@type': 'Answer', text: withoutContactTags(item.a) } })),
              ),
            }).replace(/</g, '\\u003c'),
          }}
        />
      ) : null}
    </Container>
  );
}
