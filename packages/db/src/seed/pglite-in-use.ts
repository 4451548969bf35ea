import { readdir, readlink } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

/**
 * Process ids (other than this one) holding files open inside a PGlite data folder. PGlite takes no
 * lock on its folder, and a second process opening it corrupts it, so the seed command looks for a
 * running shop first. Linux only (reads /proc); elsewhere it finds nothing.
 */
export async function processesUsingFolder(folder: string): Promise<number[]> {
  const root = resolve(folder);
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const found: number[] = [];
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
      .map(async (pid) => {
        let fds: string[];
        try {
          fds = await readdir(`/proc/${pid}/fd`);
        } catch {
          return; // another user's process, or gone already
        }
        for (const fd of fds) {
          const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
          if (target === root || target.startsWith(root + sep)) {
            found.push(Number(pid));
            return;
          }
        }
      }),
  );
  return found.sort((a, b) => a - b);
}
