import { type Database, type ShopTaxIdentity, siteSettings } from '@shop/db';
import type { TaxIdentity } from '@shop/domain/gst/tax-identity';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../admin/audit.ts';
import { loadSettingsRow } from '../admin/settings/settings-row.ts';
import type { RequestUser } from '../auth/request-user.ts';
import { Refusal } from '../lib/refusal.ts';
import type { Tx } from '../orders/coupons.ts';

/**
 * The shop's GST registration (issue 21), kept in the settings row's tax_identity column and edited on its own route
 * (PUT /api/admin/settings/tax), so saving it never touches the rest of the settings form and the reverse.
 */

export async function loadTaxIdentity(db: Database | Tx): Promise<ShopTaxIdentity | null> {
  const row = await loadSettingsRow(db);
  return row?.taxIdentity ?? null;
}

export async function saveTaxIdentity(db: Database, actor: RequestUser, input: TaxIdentity): Promise<ShopTaxIdentity> {
  return db.transaction(async (tx) => {
    const before = await loadSettingsRow(tx, { forUpdate: true });
    if (!before) throw new Refusal('admin_settings_not_found');
    await tx.update(siteSettings).set({ taxIdentity: input }).where(eq(siteSettings.id, before.id));
    await recordAudit(tx, actor, { action: 'settings.tax_identity', entityType: 'settings', entityId: before.id, before: before.taxIdentity, after: input });
    return input;
  });
}
