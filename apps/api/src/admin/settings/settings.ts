import { type Database, siteSettings } from '@shop/db';
import type { AdminSettings, settingsInputSchema } from '@shop/domain/admin/settings';
import { codSettingsOf } from '@shop/domain/cod/cod-settings';
import { deliverySettingsOf } from '@shop/domain/delivery/delivery-settings';
import { shippingSettingsOf } from '@shop/domain/shipping/parcels';
import { giftSettingsOf } from '@shop/domain/gift/gift-settings';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { recordAudit } from '../audit.ts';
import { Refusal } from '../../lib/refusal.ts';
import { loadSettingsRow, type SettingsRow } from './settings-row.ts';

type Input = z.output<typeof settingsInputSchema>;

const NO_SETTINGS = () => new Refusal('admin_settings_not_found');

function view(row: SettingsRow): AdminSettings {
  return {
    name: row.name,
    description: row.description,
    logo: row.logo,
    tollFreeNumber: row.tollFreeNumber,
    contactEmail: row.contactEmail,
    freeShippingThreshold: row.freeShippingThreshold,
    shippingFee: row.shippingFee,
    chatWidgetId: row.chatWidgetId,
    analyticsId: row.analyticsId,
    cod: codSettingsOf(row.cod),
    delivery: deliverySettingsOf(row.delivery),
    shipping: shippingSettingsOf(row.shipping),
    gifting: giftSettingsOf(row.gifting),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getSettings(db: Database): Promise<AdminSettings> {
  const row = await loadSettingsRow(db);
  if (!row) throw NO_SETTINGS();
  return view(row);
}

/**
 * Saves the settings (not the menus, which have their own editor, nor author/language/currency, which the shop does
 * not let staff change). The caller clears the response cache after the commit: GET /api/headers and the shipping
 * rules the order path memoises (orders/deps.ts) are both held there, so checkout prices with the new fee at once.
 */
export async function saveSettings(db: Database, actor: RequestUser, input: Input): Promise<AdminSettings> {
  return db.transaction(async (tx) => {
    const before = await loadSettingsRow(tx, { forUpdate: true });
    if (!before) throw NO_SETTINGS();
    const [row] = await tx.update(siteSettings).set(input).where(eq(siteSettings.id, before.id)).returning();
    if (!row) throw NO_SETTINGS();
    const after = view(row);
    await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: before.id, before: view(before), after });
    return after;
  });
}
