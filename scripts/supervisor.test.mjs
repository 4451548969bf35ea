// The supervisor behind npm start, driven with small real child processes (`node -e`): a tiny HTTP server that answers
// its pid (after 600 ms on /slow), prints each request's path as it arrives and, on SIGTERM, stops accepting and exits
// once its requests are answered (as apps/web/server.mjs does; the API's Fastify does the same).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise } from './supervisor.mjs';

const serverSource = `
  const http = require('node:http');
  const server = http.createServer((req, res) => {
    process.stdout.write(req.url + '\\n');
    setTimeout(() => res.end(String(process.pid)), req.url === '/slow' ? 600 : 0);
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
  process.on('SIGTERM', () => {
    setInterval(() => server.closeIdleConnections(), 50).unref();
    server.close(() => process.exit(0));
  });
`;

const fakeServer = () => spawn(process.execPath, ['-e', serverSource], { stdio: ['ignore', 'pipe', 'inherit'] });

/**
 * Resolves once the fake server says `/slow` reached it: SIGTERM is meant to arrive with that request in flight, which
 * a fixed wait cannot promise on a loaded machine.
 */
function arrived(stdout) {
  return new Promise((resolve) => {
    const onData = (chunk) => {
      if (!String(chunk).includes('/slow')) return;
      stdout.off('data', onData);
      resolve();
    };
    stdout.on('data', onData);
  });
}

/** The port a fake server prints once it listens. */
async function portOf(child) {
  const [chunk] = await once(child.stdout, 'data');
  return Number(String(chunk).trim());
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const supervisors = [];
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((supervisor) => supervisor.stop({ graceMs: 1_000 })));
});

function supervised(name, options = {}, start = fakeServer) {
  const lines = [];
  const supervisor = supervise(name, start, { initialDelayMs: 200, maxDelayMs: 800, healthyAfterMs: 60_000, log: (line) => lines.push(line), ...options });
  supervisors.push(supervisor);
  return { supervisor, lines };
}

/** Kills the current child hard and answers the restart's delay and how long the new child took to appear. */
async function crash(supervisor) {
  const exited = once(supervisor.events, 'exit');
  const spawned = once(supervisor.events, 'spawn');
  const killedAt = Date.now();
  supervisor.child.kill('SIGKILL');
  const [{ delayMs, signal }] = await exited;
  const [child] = await spawned;
  return { delayMs, signal, waited: Date.now() - killedAt, port: await portOf(child) };
}

describe('supervise', () => {
  it('starts a crashed child again after a doubling back-off, capped, while the other keeps serving', async () => {
    const api = supervised('api');
    const web = supervised('web');
    await portOf(api.supervisor.child);
    const webPort = await portOf(web.supervisor.child);
    const webPid = web.supervisor.child.pid;

    const first = await crash(api.supervisor);
    expect(first).toMatchObject({ delayMs: 200, signal: 'SIGKILL' });
    expect(first.waited).toBeGreaterThanOrEqual(190);
    // The restarted child serves.
    expect((await fetch(`http://127.0.0.1:${first.port}/`)).status).toBe(200);

    // While the API is down for its next back-off, the storefront answers from the same process.
    const exited = once(api.supervisor.events, 'exit');
    api.supervisor.child.kill('SIGKILL');
    const [{ delayMs }] = await exited;
    expect(delayMs).toBe(400);
    expect(await (await fetch(`http://127.0.0.1:${webPort}/`)).text()).toBe(String(webPid));
    const [restarted] = await once(api.supervisor.events, 'spawn');
    await portOf(restarted);

    expect((await crash(api.supervisor)).delayMs).toBe(800);
    // Capped at maxDelayMs.
    expect((await crash(api.supervisor)).delayMs).toBe(800);
    expect(api.supervisor.restarts).toBe(4);
    expect(api.lines[0]).toBe('[start] api stopped (SIGKILL); starting it again in 0.2 s');
    expect(web.supervisor.restarts).toBe(0);
    expect(web.supervisor.child.pid).toBe(webPid);
    expect(alive(webPid)).toBe(true);
  });

  it('goes back to the first delay once a child has been healthy long enough', async () => {
    // 2 s: a child's start (a node process printing its port) counts as "right after starting" even on a loaded CI
    // machine, where 400 ms once passed before the test could kill it.
    const { supervisor } = supervised('api', { healthyAfterMs: 2_000 });
    await portOf(supervisor.child);
    expect((await crash(supervisor)).delayMs).toBe(200);
    // Crashes right after starting: the back-off grows.
    expect((await crash(supervisor)).delayMs).toBe(400);
    // Healthy for longer than healthyAfterMs: the next crash waits the first delay again.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await crash(supervisor)).delayMs).toBe(200);
  });

  it('does not restart a child before it is armed (npm start: one that cannot start stops npm start)', async () => {
    const { supervisor, lines } = supervised('api', { armed: false }, () => spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' }));
    const [{ code, delayMs }] = await once(supervisor.events, 'exit');
    expect({ code, delayMs }).toEqual({ code: 3, delayMs: null });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(supervisor.restarts).toBe(0);
    expect(lines).toEqual([]);
  });

  it('on stop, sends SIGTERM and lets the request in flight finish before the child exits', async () => {
    const { supervisor } = supervised('web');
    const port = await portOf(supervisor.child);
    const pid = supervisor.child.pid;
    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    await arrived(supervisor.child.stdout);
    const stopAt = Date.now();
    const stopped = supervisor.stop({ graceMs: 5_000 });
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(String(pid));
    expect(await stopped).toEqual({ code: 0, signal: null, killed: false });
    expect(alive(pid)).toBe(false);
    // Drained, not waited out: the kept-alive connection closed once its answer was sent.
    expect(Date.now() - stopAt).toBeLessThan(2_000);
    // Stopped means stopped: no restart after the exit.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(supervisor.restarts).toBe(0);
  });

  it('kills a child that does not finish within the grace period', async () => {
    const stubborn = () =>
      spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('up')"], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
    const { supervisor } = supervised('stubborn', {}, stubborn);
    await once(supervisor.child.stdout, 'data');
    const started = Date.now();
    expect(await supervisor.stop({ graceMs: 300 })).toEqual({ code: null, signal: 'SIGKILL', killed: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('stopOnSignals', () => {
  it('SIGTERM to the supervising process (npm start) drains its children, then it exits 0', async () => {
    // A stand-in for npm start: supervises one fake server and prints its port and pid.
    const source = `
      import { spawn } from 'node:child_process';
      import { stopOnSignals, supervise } from ${JSON.stringify(new URL('./supervisor.mjs', import.meta.url).href)};
      const server = supervise('web', () => spawn(process.execPath, ['-e', ${JSON.stringify(serverSource)}], { stdio: ['ignore', 'pipe', 'inherit'] }));
      stopOnSignals(() => [server]);
      // Its first line is the port, said with the pid; the request paths after it are passed on as they come.
      server.child.stdout.once('data', (port) => {
        console.log(String(port).trim() + ' ' + server.child.pid);
        server.child.stdout.pipe(process.stdout);
      });
    `;
    const starter = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = await once(starter.stdout, 'data');
    const [port, pid] = String(line).trim().split(' ').map(Number);
    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    await arrived(starter.stdout);
    const exited = once(starter, 'exit');
    starter.kill('SIGTERM');
    const response = await slow;
    expect(await response.text()).toBe(String(pid));
    expect(await exited).toEqual([0, null]);
    expect(alive(pid)).toBe(false);
  });
});
