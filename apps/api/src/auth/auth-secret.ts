import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The secret that signs sessions, encrypts the JWT signing keys and keys the OTP hashes. AUTH_SECRET wins;
 * without it the shop generates 32 random bytes once and keeps them in $DATA_DIR/auth-secret (mode 0600),
 * so restarts keep everyone signed in. That is safe when one process owns the data folder (the embedded
 * database: `npm start`). With a database server (DATABASE_URL) in production, several API processes on several
 * machines must share one secret, so a missing AUTH_SECRET is refused unless the file already exists.
 */

const AUTH_SECRET_FILE = 'auth-secret';

class AuthSecretError extends Error {
  override name = 'AuthSecretError';
}

export function resolveAuthSecret(options: { authSecret: string | undefined; dataDir: string; mayGenerate: boolean }): string {
  if (options.authSecret) return options.authSecret;
  const file = join(options.dataDir, AUTH_SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
    throw new AuthSecretError(`AUTH_SECRET: ${file} holds fewer than 32 characters; delete it or set AUTH_SECRET`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!options.mayGenerate) {
    throw new AuthSecretError('AUTH_SECRET: required in production with DATABASE_URL (32+ random characters, the same for every API process)');
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  // 'wx': two processes starting at once never overwrite each other's secret; the loser reads the winner's.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
