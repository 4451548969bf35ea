import type { SynonymGroup } from '@shop/domain/search/synonym-group';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { SynonymGroupForm } from '../components/synonym-group-form';
import { synonymTexts } from '../lib/texts';

/** /admin/search-synonyms: every group as an editable line, then a line to add one (issue 25, decision 076). */
export async function SynonymsPage({ groups }: { groups: SynonymGroup[] }) {
  const { locale, dir, texts } = await synonymTexts();
  return (
    <div lang={locale} dir={dir} data-testid="synonyms-page">
      <AdminHeading title={texts.title} intro={texts.intro} />
      <p className="mb-6 max-w-prose text-sm text-muted">{texts.how}</p>
      <section aria-labelledby="new-synonym-heading" className="mb-8 rounded-xl border border-line p-4">
        <h2 id="new-synonym-heading" className="mb-3 font-semibold text-ink">
          {texts.newGroup}
        </h2>
        <SynonymGroupForm group={null} texts={texts} />
      </section>
      {groups.length === 0 ? (
        <p className="text-muted">{texts.none}</p>
      ) : (
        <ul className="flex flex-col gap-6" data-testid="synonym-groups">
          {groups.map((group, index) => (
            <li key={group._id} className="border-b border-line pb-6 last:border-b-0">
              <SynonymGroupForm group={group} texts={texts} index={index} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
