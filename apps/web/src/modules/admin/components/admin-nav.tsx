'use client';

import { SectionNav, type SectionLink } from '@modules/common/components/section-nav';

/** The back office's section links (only those the signed-in role may open). */
export function AdminNav({ links, label }: { links: SectionLink[]; label: string }) {
  return <SectionNav links={links} label={label} rootHref="/admin" className="lg:w-56" />;
}
