import { type Database, messagePreferences } from '@shop/db';
import { eq } from 'drizzle-orm';
import { isMessageLanguage, type MessageLanguage } from './events.ts';

type Reader = Pick<Database, 'select'>;
type Writer = Pick<Database, 'insert' | 'update' | 'select'>;

export type PreferenceChannel = 'email' | 'sms' | 'whatsapp';

/** How a shopper wants to hear from the shop (table message_preferences); one list of channels per purpose. */
export interface MessagePreferences {
  orderUpdates: PreferenceChannel[];
  marketing: PreferenceChannel[];
  language: MessageLanguage;
}

type Row = typeof messagePreferences.$inferSelect;

/**
 * Without a row: order updates by e-mail and SMS (whichever the account has), no marketing until the shopper opts in
 * (consent first: decision 072), in the shop's default language.
 */
export function preferencesOf(
  row: Pick<Row, 'orderEmail' | 'orderSms' | 'orderWhatsapp' | 'marketingEmail' | 'marketingSms' | 'marketingWhatsapp' | 'language'> | null | undefined,
  defaultLanguage = 'en',
): MessagePreferences {
  const language = row?.language ?? defaultLanguage;
  const channels = (email: boolean, sms: boolean, whatsapp: boolean) =>
    (['email', 'sms', 'whatsapp'] as const).filter((_, index) => [email, sms, whatsapp][index]);
  return {
    orderUpdates: row ? channels(row.orderEmail, row.orderSms, row.orderWhatsapp) : ['email', 'sms'],
    marketing: row ? channels(row.marketingEmail, row.marketingSms, row.marketingWhatsapp) : [],
    language: isMessageLanguage(language) ? language : 'en',
  };
}

export async function loadPreferences(db: Reader, userId: string, defaultLanguage = 'en'): Promise<MessagePreferences> {
  const [row] = await db.select().from(messagePreferences).where(eq(messagePreferences.userId, userId)).limit(1);
  return preferencesOf(row, defaultLanguage);
}

/** Saves a shopper's choices (one upsert) and answers them as stored. */
export async function savePreferences(db: Writer, userId: string, values: MessagePreferences): Promise<MessagePreferences> {
  const columns = {
    orderEmail: values.orderUpdates.includes('email'),
    orderSms: values.orderUpdates.includes('sms'),
    orderWhatsapp: values.orderUpdates.includes('whatsapp'),
    marketingEmail: values.marketing.includes('email'),
    marketingSms: values.marketing.includes('sms'),
    marketingWhatsapp: values.marketing.includes('whatsapp'),
    language: values.language,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(messagePreferences)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: messagePreferences.userId, set: columns })
    .returning();
  return preferencesOf(row);
}

/**
 * The secret of a shopper's unsubscribe links: made with their preferences row (written now with the defaults if
 * they have none), so a link keeps working until they unsubscribe.
 */
export async function unsubscribeTokenOf(db: Writer, userId: string): Promise<string> {
  const [existing] = await db
    .select({ token: messagePreferences.unsubscribeToken })
    .from(messagePreferences)
    .where(eq(messagePreferences.userId, userId))
    .limit(1);
  if (existing) return existing.token;
  await db.insert(messagePreferences).values({ userId }).onConflictDoNothing();
  const [row] = await db.select({ token: messagePreferences.unsubscribeToken }).from(messagePreferences).where(eq(messagePreferences.userId, userId)).limit(1);
  return (row as { token: string }).token;
}

/**
 * Turns marketing e-mail off for the holder of an unsubscribe link, without signing in (the link's token is the
 * proof). Answers false for an unknown token. Repeating it changes nothing (mail clients may POST it twice).
 */
export async function unsubscribeByToken(db: Writer, token: string): Promise<boolean> {
  if (!/^[\w-]{16,64}$/.test(token)) return false;
  const changed = await db
    .update(messagePreferences)
    .set({ marketingEmail: false, updatedAt: new Date() })
    .where(eq(messagePreferences.unsubscribeToken, token))
    .returning({ userId: messagePreferences.userId });
  return changed.length > 0;
}
