import { outbox, user } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { anotherApp, testAppConfig } from '../auth/auth-helpers.ts';
import { type Engine, openTestDatabase, type TestContext } from '../helpers.ts';
import { customer, makeStaff, roomyLimits } from '../orders/order-helpers.ts';
import { type LocalSmsGateway, type LocalSmtpServer, startSmsGateway, startSmtpServer } from '../outbox/local-servers.ts';

/**
 * A shop that really sends (issue 21): an SMTP test server, an HTTP SMS gateway and the loopback WhatsApp Cloud API,
 * with a worker that polls and backs off in milliseconds. Customers sign in first through an app with the dev
 * transport (their codes stay readable in the outbox), whose worker then stops, so only the sending app delivers.
 */
export interface MessagesContext extends TestContext {
  smtp: LocalSmtpServer;
  gateway: LocalSmsGateway;
  people: Awaited<ReturnType<typeof customer>>[];
  staff: Awaited<ReturnType<typeof customer>>;
}

export async function messagesContext(engine: Engine, people: number, config: Partial<BuildAppOptions['config']> = {}): Promise<MessagesContext> {
  const base = await openTestDatabase(engine, { fixtures: false });
  const signIn = await anotherApp(base, roomyLimits);
  const signInCtx = { ...base, app: signIn };
  const signedIn = [];
  for (let i = 0; i < people; i++) signedIn.push(await customer(signInCtx));
  const staff = await customer(signInCtx);
  await makeStaff(signInCtx, staff.userId);
  await signIn.outbox.worker.stop();
  await signIn.close();

  const smtp = await startSmtpServer();
  const gateway = await startSmsGateway();
  const app: FastifyInstance = await buildApp({
    config: testAppConfig(base, {
      ...roomyLimits,
      smtpUrl: smtp.url,
      mailFrom: 'Kaarigar Gifts <orders@shop.example>',
      smsGatewayUrl: gateway.url,
      whatsapp: { mode: 'loopback' },
      ...config,
    }),
    db: base.handle,
    logger: false,
    housekeeping: false,
    outboxWorker: { pollMs: 50, backoffMs: () => 50 },
  });
  await app.ready();
  return {
    ...base,
    app,
    smtp,
    gateway,
    people: signedIn,
    staff,
    async close() {
      await app.close();
      await smtp.close();
      await gateway.close();
      await base.close();
    },
  };
}

/** Gives a phone-only customer a real e-mail address (as if they had added one in their account). */
export async function giveEmail(ctx: TestContext, userId: string, email: string, name = 'Asha Verma'): Promise<void> {
  await ctx.handle.db.update(user).set({ email, emailVerified: true, name }).where(eq(user.id, userId));
}

export async function orderRows(ctx: TestContext, orderId: string, kind?: string) {
  return ctx.handle.db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.orderId, orderId), eq(outbox.kind, kind)) : eq(outbox.orderId, orderId));
}
