import { z } from 'zod';

/**
 * A shopper's message preferences (issue 21): the channels for order updates and, separately, for marketing, and the
 * language of their messages. The API stores them; the account page edits them with the same schema.
 */
export const messageChannels = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];

export const messageLanguages = ['en', 'hi', 'ar'] as const;

const channelList = z
  .array(z.enum(messageChannels))
  .max(messageChannels.length)
  .transform((channels) => messageChannels.filter((channel) => channels.includes(channel)));

export const messagePreferencesInputSchema = z.object({
  orderUpdates: channelList,
  marketing: channelList,
  language: z.enum(messageLanguages),
});
export type MessagePreferencesInput = z.input<typeof messagePreferencesInputSchema>;

export const messagePreferencesSchema = z.object({
  orderUpdates: z.array(z.enum(messageChannels)),
  marketing: z.array(z.enum(messageChannels)),
  language: z.enum(messageLanguages),
  /** Whether the shop sends WhatsApp at all (off unless configured): the page offers it only then. */
  whatsappAvailable: z.boolean(),
});
export type MessagePreferencesView = z.infer<typeof messagePreferencesSchema>;
