// What signing in costs a REST call (issue 9: ≤ 0.2 ms median): GET /rest/workflows on two
// servers with the same 50 workflows, one without an owner (requests run as the default user,
// no session to resolve) and one with an owner and a session cookie, called in alternating
// rounds so both see the same machine load. Also what a session costs when it is not cached
// (read from the database).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { createServer, type SwitchyardServer } from '../src/server/app.ts';
import { SessionStore } from '../src/server/auth/SessionStore.ts';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function start(dataDir: string): Promise<SwitchyardServer> {
  return createServer(loadConfig({ SWITCHYARD_DATA_DIR: dataDir, SWITCHYARD_PORT: '0', SWITCHYARD_LOG_LEVEL: 'warn' }));
}

async function get(server: SwitchyardServer, cookie?: string): Promise<void> {
  const r = await server.app.inject({ method: 'GET', url: '/rest/workflows', headers: cookie ? { cookie } : {} });
  if (r.statusCode !== 200) throw new Error(`GET /rest/workflows → ${r.statusCode} ${r.body.slice(0, 200)}`);
}

/** Mean time per call of `count` sequential calls, in ms. */
async function perCall(count: number, fn: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await fn();
  return (performance.now() - t0) / count;
}

export async function runAuthBench({ quick = false } = {}) {
  const dirs = [mkdtempSync(join(tmpdir(), 'switchyard-bench-auth-a-')), mkdtempSync(join(tmpdir(), 'switchyard-bench-auth-b-'))];
  let open: SwitchyardServer[] = [];

  try {
    const plain = await start(dirs[0]);
    const signedIn = await start(dirs[1]);
    open = [plain, signedIn];
    const workflow = { name: 'W', nodes: [{ id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }], connections: {} };
    for (const s of open) for (let i = 0; i < 50; i++) await s.app.inject({ method: 'POST', url: '/rest/workflows', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ ...workflow, name: `W ${i}` }) });
    const setup = await signedIn.app.inject({
      method: 'POST',
      url: '/rest/owner',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'owner@example.com', firstName: 'Ada', lastName: 'Lovelace', password: 'Bench1234' }),
    });
    if (setup.statusCode !== 200) throw new Error(`owner setup → ${setup.statusCode}`);
    const cookie = String(setup.headers['set-cookie']).split(';')[0];

    const rounds = quick ? 10 : 30;
    const perRound = quick ? 100 : 300;
    for (let i = 0; i < 200; i++) {
      await get(plain);
      await get(signedIn, cookie);
    }
    const without: number[] = [];
    const withSession: number[] = [];
    for (let r = 0; r < rounds; r++) {
      without.push(await perCall(perRound, () => get(plain)));
      withSession.push(await perCall(perRound, () => get(signedIn, cookie)));
    }

    // A session not in the cache (another process made it, or the cache dropped it): read from
    // the database. Timed on fresh stores over the same database, after a warm-up.
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const ttl = signedIn.context.auth.sessions.ttlMs;
    const missMs: number[] = [];
    for (let i = 0; i < (quick ? 50 : 300); i++) {
      const store = new SessionStore(signedIn.db, signedIn.context.repos.users, ttl);
      const t0 = performance.now();
      const user = await store.resolve(token);
      if (i >= 20) missMs.push(performance.now() - t0);
      if (!user) throw new Error('the session did not resolve');
    }
    const a = median(without);
    const b = median(withSession);
    return {
      getWorkflowsMs_defaultUser_median: Number(a.toFixed(4)),
      getWorkflowsMs_signedIn_median: Number(b.toFixed(4)),
      signedInOverheadMs_median: Number((b - a).toFixed(4)),
      sessionCacheMissMs_median: Number(median(missMs).toFixed(4)),
      rounds,
      requestsPerRound: perRound,
    };
  } finally {
    for (const s of open) await s.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
