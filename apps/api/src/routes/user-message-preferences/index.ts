import { messagePreferencesInputSchema, messagePreferencesSchema } from '@shop/domain/message-preferences';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadSettingsRow } from '../../admin/settings/settings-row.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { loadPreferences, savePreferences } from '../../messages/preferences.ts';
import { messageSettings } from '../../messages/settings.ts';

function callerId(request: FastifyRequest): string {
  // app.requireUser ran first: it answered 401 unless there is a user.
  return (request.user as NonNullable<FastifyRequest['user']>).id;
}

/**
 * /api/user/message-preferences (issue 21): how the signed-in shopper hears from the shop, order updates and marketing
 * chosen separately, and in which language. WhatsApp is offered only when the shop has it (and a choice of it is
 * dropped otherwise, so nothing is stored that cannot be honoured).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const userMessagePreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });

  const view = async (userId: string) => {
    const settings = await loadSettingsRow(app.db);
    return { ...(await loadPreferences(app.db, userId, settings?.defaultLanguage)), whatsappAvailable: messageSettings().whatsapp };
  };

  app.get(
    '/api/user/message-preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'How I hear from the shop: channels for order updates and for marketing, and the language',
        response: { 200: messagePreferencesSchema, 401: errorResponseSchema },
      },
    },
    async (request) => view(callerId(request)),
  );

  app.put(
    '/api/user/message-preferences',
    {
      onRequest: app.requireUser,
      bodyLimit: 2 * 1024,
      schema: {
        tags: ['user'],
        summary: 'Save how I hear from the shop',
        body: messagePreferencesInputSchema,
        response: { 200: messagePreferencesSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { whatsapp } = messageSettings();
      const keep = (channels: Array<'email' | 'sms' | 'whatsapp'>) => channels.filter((channel) => whatsapp || channel !== 'whatsapp');
      const body = request.body;
      await savePreferences(app.db, callerId(request), { orderUpdates: keep(body.orderUpdates), marketing: keep(body.marketing), language: body.language });
      return view(callerId(request));
    },
  );
};
