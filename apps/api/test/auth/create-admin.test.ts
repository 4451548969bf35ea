import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { account, connect, user } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/auth/create-admin.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { accessToken, authContext, freshEmail, freshIp, post, sessionCookie, signInByPhone } from './auth-helpers.ts';
import { decodeJwt } from 'jose';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = fileURLToPath(new URL('../../src/cli/create-admin.ts', import.meta.url));

function runCli(args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'DATA_DIR', 'AUTH_SECRET'].includes(key)));
  return spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root, env: { ...base, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe.each(engines)('create-admin (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const signIn = (email: string, password: string) => post(ctx.app, '/api/auth/sign-in/email', { email, password }, { ip: freshIp() });

  it('creates a verified admin whose password works and whose token says admin', async () => {
    const email = freshEmail();
    const result = await createAdmin(ctx.app.auth, { email: email.toUpperCase(), password: 'owner password 1', name: 'Owner' });
    expect(result).toMatchObject({ email, created: true });
    const [row] = await ctx.handle.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ role: 'admin', emailVerified: true, name: 'Owner' });
    const [credential] = await ctx.handle.db
      .select()
      .from(account)
      .where(eq(account.userId, row?.id as string));
    // better-auth's scrypt format "<salt hex>:<key hex>", never the password itself.
    expect(credential?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const signedIn = await signIn(email, 'owner password 1');
    expect(signedIn.statusCode).toBe(200);
    expect(decodeJwt(await accessToken(ctx.app, sessionCookie(signedIn) as string)).role).toBe('admin');
  });

  it('promotes an existing account and gives it the password', async () => {
    const { cookie, body } = await signInByPhone(ctx.app, ctx);
    const email = freshEmail();
    await ctx.handle.db.update(user).set({ email }).where(eq(user.id, body.user.id));
    const result = await createAdmin(ctx.app.auth, { email, password: 'promoted password' });
    expect(result).toEqual({ id: body.user.id, email, created: false });
    expect((await post(ctx.app, '/api/user', undefined, { cookie })).json()).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await signIn(email, 'promoted password')).statusCode).toBe(200);
    // Again, with another password: the password is replaced, not duplicated.
    await createAdmin(ctx.app.auth, { email, password: 'second password' });
    expect((await signIn(email, 'second password')).statusCode).toBe(200);
    expectRefusal(await signIn(email, 'promoted password'), 401, 'invalid_email_or_password');
  });

  it('refuses bad input', async () => {
    await expect(createAdmin(ctx.app.auth, { email: 'not-an-email', password: 'long enough' })).rejects.toThrow(/--email/);
    await expect(createAdmin(ctx.app.auth, { email: freshEmail(), password: 'short' })).rejects.toThrow(/at least 8/);
  });
});

describe('npm run create-admin', () => {
  it('works on a PGlite folder, and refuses while another process has it open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'create-admin-'));
    try {
      const made = runCli(['--email', 'owner@example.com', '--password', 'owner password 1', '--name', 'Owner'], { DATA_DIR: dataDir });
      expect(made.stderr).toBe('');
      expect(made.stdout).toContain('created admin owner@example.com');
      expect(made.status).toBe(0);

      const handle = await connect({ dataDir: join(dataDir, 'db') });
      try {
        const [row] = await handle.db.select().from(user).where(eq(user.email, 'owner@example.com'));
        expect(row).toMatchObject({ role: 'admin', emailVerified: true });
        const refused = runCli(['--email', 'owner@example.com', '--password', 'owner password 1'], { DATA_DIR: dataDir });
        expect(refused.status).toBe(1);
        expect(refused.stderr).toMatch(/in use by process \d+/);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('explains what it needs', () => {
    const missing = runCli(['--email', 'owner@example.com'], { DATA_DIR: '/nonexistent-never-created' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('--email and --password are required');
    const unknown = runCli(['--mail', 'x'], {});
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^create-admin: .*--mail/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'works with DATABASE_URL',
    async () => {
      const base = new URL(process.env.TEST_DATABASE_URL as string);
      const name = `create_admin_${process.pid}_${Date.now().toString(36)}`;
      const admin = await connect({ url: base.toString(), poolSize: 1 });
      await admin.db.execute(sql.raw(`create database "${name}"`));
      await admin.close();
      const url = new URL(base);
      url.pathname = `/${name}`;
      try {
        const made = runCli(['--email', 'pg-owner@example.com', '--password', 'owner password 1'], { DATABASE_URL: url.toString() });
        expect(made.stderr).toBe('');
        expect(made.stdout).toContain('created admin pg-owner@example.com');
      } finally {
        const cleanup = await connect({ url: base.toString(), poolSize: 1 });
        await cleanup.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
        await cleanup.close();
      }
    },
    120_000,
  );
});
