import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const server = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

describe('server start-up: AUTH_SECRET', () => {
  it('refuses to start in production with DATABASE_URL but without AUTH_SECRET, naming it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'auth-secret-start-'));
    try {
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['AUTH_SECRET', 'DATABASE_URL'].includes(key)));
      const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
        env: {
          ...env,
          NODE_ENV: 'production',
          DATA_DIR: dataDir,
          API_PORT: '4300',
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
          SMTP_URL: 'smtp://127.0.0.1:1',
          SMS_GATEWAY_URL: 'http://127.0.0.1:1/sms',
          RAZORPAY_KEY_ID: 'rzp_test_Abc123',
          RAZORPAY_KEY_SECRET: 'key-secret-1',
          RAZORPAY_WEBHOOK_SECRET: 'hook-secret-1',
          SHIPROCKET_EMAIL: 'api@shop.example',
          SHIPROCKET_PASSWORD: 'api-password',
          SHIPROCKET_PICKUP_LOCATION: 'Primary',
          SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token-0123456789',
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^AUTH_SECRET: required in production with DATABASE_URL/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
