import { type Database, siteSettings } from '@shop/db';
import { type MenusInput, menuPaths, menuProblems } from '@shop/domain/admin/catalogue';
import type { MenuItem } from '@shop/domain/catalogue';
import { eq } from 'drizzle-orm';
import type { RequestUser } from '../../auth/request-user.ts';
import { recordAudit } from '../audit.ts';
import { Refusal } from '../../lib/refusal.ts';
import { loadSettingsRow } from '../settings/settings-row.ts';
import { loadLinkTargets } from './link-targets.ts';

export interface Menus {
  headerMenu: MenuItem[];
  mobileMenu: MenuItem[];
  updatedAt: string;
}

const NO_SETTINGS = () => new Refusal('admin_settings_not_found');

/** Only the fields a menu item has: nothing else a client sends is stored. */
const clean = (items: MenusInput['headerMenu']): MenuItem[] =>
  items.map((item) => {
    const next: MenuItem = { id: item.id, path: item.path, label: item.label };
    if (item.subMenu && item.subMenu.length > 0) next.subMenu = item.subMenu.map((child) => ({ id: child.id, path: child.path, label: child.label }));
    return next;
  });

export async function getMenus(db: Database): Promise<Menus> {
  const row = await loadSettingsRow(db);
  if (!row) throw NO_SETTINGS();
  return { headerMenu: row.headerMenu, mobileMenu: row.mobileMenu, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Replaces both menus at once (the editor saves the whole tree). Every link must resolve (linkProblem's rules) and
 * ids must be unique per menu; all problems are answered together, keyed by the form's field paths.
 */
export async function saveMenus(db: Database, actor: RequestUser, input: MenusInput): Promise<Menus> {
  const headerMenu = clean(input.headerMenu);
  const mobileMenu = clean(input.mobileMenu);
  return db.transaction(async (tx) => {
    const before = await loadSettingsRow(tx, { forUpdate: true });
    if (!before) throw NO_SETTINGS();
    const targets = await loadLinkTargets(tx, [...menuPaths(headerMenu), ...menuPaths(mobileMenu)]);
    const errors = { ...menuProblems('headerMenu', headerMenu, targets), ...menuProblems('mobileMenu', mobileMenu, targets) };
    const [first] = Object.entries(errors);
    if (first) throw new Refusal('validation_failed', { params: { field: first[0], problem: first[1].message }, errors });
    const [row] = await tx.update(siteSettings).set({ headerMenu, mobileMenu }).where(eq(siteSettings.id, before.id)).returning();
    if (!row) throw NO_SETTINGS();
    await recordAudit(tx, actor, {
      action: 'menus.update',
      entityType: 'menus',
      entityId: before.id,
      before: { headerMenu: before.headerMenu, mobileMenu: before.mobileMenu },
      after: { headerMenu, mobileMenu },
    });
    return { headerMenu, mobileMenu, updatedAt: row.updatedAt.toISOString() };
  });
}
