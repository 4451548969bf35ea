import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../client.ts';
import { processesUsingFolder } from './pglite-in-use.ts';

const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _, ...inherited } = process.env;
    execFile(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...inherited, ...env }, timeout: 110_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run seed', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'seed-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('rejects a bad --products value with a message naming the flag', async () => {
    const result = await runCli(['--products', 'lots'], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--products must be a whole number/);
  });

  it('seeds PGlite in DATA_DIR, refuses a second seed, and re-seeds with --reset', async () => {
    const first = await runCli(['--products', '45'], { DATA_DIR: dataDir });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/47 categories, 45 products/);
    expect((await readdir(join(dataDir, 'media', 'catalogue'))).filter((f) => f.endsWith('.webp')).length).toBeGreaterThan(250);

    const again = await runCli([], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already seeded/);

    const reset = await runCli(['--reset', '--products=60'], { DATA_DIR: dataDir });
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/catalogue tables emptied/);

    const handle = await connect({ dataDir: join(dataDir, 'db') });
    try {
      const rows = await handle.db.execute<{ n: number }>('select count(*)::int as n from products');
      const n = (rows as { rows: { n: number }[] }).rows[0]?.n;
      expect(n).toBe(60);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe('processesUsingFolder', () => {
  let folder: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'seed-lock-'));
    await writeFile(join(folder, 'data'), 'x');
  });
  afterAll(async () => {
    child?.kill();
    await rm(folder, { recursive: true, force: true });
  });

  it('finds another process holding a file open in the folder, and nothing once it is gone', async () => {
    if (process.platform !== 'linux') return;
    expect(await processesUsingFolder(folder)).toEqual([]);
    const script = `const fs=require('fs');fs.openSync(${JSON.stringify(join(folder, 'data'))},'r');console.log('open');setTimeout(()=>{},60000)`;
    child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => child!.stdout!.once('data', resolve));
    expect(await processesUsingFolder(folder)).toEqual([child.pid]);
    child.kill();
    await new Promise((resolve) => child!.once('exit', resolve));
    expect(await processesUsingFolder(folder)).toEqual([]);
  });
});
