import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret.ts';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'auth-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set', () => {
    expect(resolveAuthSecret({ authSecret: 'a'.repeat(32), dataDir: scratch(), mayGenerate: false })).toBe('a'.repeat(32));
  });

  it('generates 32 random bytes once, mode 0600, and keeps them across restarts', () => {
    const dataDir = join(scratch(), 'data');
    const first = resolveAuthSecret({ authSecret: undefined, dataDir, mayGenerate: true });
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(statSync(join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir, mayGenerate: true })).toBe(first);
    // A start that may not generate one accepts the generated secret once it exists.
    expect(resolveAuthSecret({ authSecret: undefined, dataDir, mayGenerate: false })).toBe(first);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first);
  });

  it('refuses to mint a secret when it may not (production with a database server)', () => {
    expect(() => resolveAuthSecret({ authSecret: undefined, dataDir: scratch(), mayGenerate: false })).toThrow(
      /^AUTH_SECRET: required in production with DATABASE_URL/,
    );
  });

  it('refuses a truncated secret file', () => {
    const dataDir = scratch();
    writeFileSync(join(dataDir, 'auth-secret'), 'short');
    expect(() => resolveAuthSecret({ authSecret: undefined, dataDir, mayGenerate: true })).toThrow(/fewer than 32/);
  });
});
