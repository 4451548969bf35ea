import type { AccountRole, StaffMember } from '@shop/domain/admin/staff';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { GrantForm } from '../components/grant-form';
import { RoleForm } from '../components/role-form';

/** /admin/staff (admins): give an account access, then everyone with access and their role. */
export function StaffPage({ people, viewerId, t }: { people: StaffMember[]; viewerId: string; t: AdminTranslate }) {
  const roles = { customer: t('staff.roles.customer'), staff: t('staff.roles.staff'), admin: t('staff.roles.admin') } satisfies Record<AccountRole, string>;
  return (
    <>
      <AdminHeading title={t('staff.title')} intro={t('staff.intro')} />
      <section aria-labelledby="grant-title" className="mb-8 rounded-xl border border-line bg-white p-4">
        <h2 id="grant-title" className="font-display text-lg font-semibold">
          {t('staff.grantTitle')}
        </h2>
        <p className="mb-3 text-sm text-muted">{t('staff.grantIntro')}</p>
        <GrantForm
          texts={{
            account: t('staff.account'),
            role: t('staff.role'),
            roles: { staff: roles.staff, admin: roles.admin },
            grant: t('staff.grant'),
            granted: t('staff.granted', { name: '{name}', role: '{role}' }),
          }}
        />
      </section>
      <h2 className="mb-3 font-display text-lg font-semibold">{t('staff.listTitle')}</h2>
      {people.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-muted">{t('staff.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {people.map((person) => {
            const name = person.name || person.email || person.mobile || person._id;
            return (
              <li
                key={person._id}
                className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-line bg-white p-4"
                data-testid="staff-member"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {name} {person._id === viewerId ? <span className="text-sm font-normal text-muted">{t('staff.you')}</span> : null}
                  </p>
                  <p className="break-all text-sm text-muted">{[person.email, person.mobile].filter(Boolean).join(' · ')}</p>
                  <p className="text-sm">{roles[person.role]}</p>
                </div>
                <RoleForm
                  id={person._id}
                  role={person.role}
                  texts={{ label: t('staff.roleFor', { name }), save: t('staff.save'), saved: t('staff.saved'), roles }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
