// The wall's server side (issue 18) on a real listening server: wall tokens (the owner's, shown
// once, refused by every other route), the wall's reads with a session or a token, the live
// state of production webhook runs (counts, outcomes, the failing node and its message), and
// updates coalesced to at most 4 a second per workflow whatever the execution rate.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chain, live, node, setNode, webhookNode, workflow, type Live } from './triggerHelpers.ts';
import { addMember, sessionCookieOf, setupOwner, signIn, startMailbox, type Account, type Mailbox } from './accountHelpers.ts';
import type { WallNodeState, WallSnapshot, WallStreamMessage } from '../../src/model/wall.ts';
import { SlidingWindow, WallAggregator, type WallBatch } from '../../src/server/wall/WallAggregator.ts';
import { WallRelay } from '../../src/server/wall/WallRelay.ts';

let t: Live;
let mailbox: Mailbox;
let owner: Account;
let member: Account;
let okId: string;
let failId: string;
let memberWf: string;

const as = (who: Account) => ({ cookie: who.cookie });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function activateAs(who: Account, wf: ReturnType<typeof workflow>): Promise<string> {
  const created = await t.api('POST', '/workflows', wf, as(who));
  if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.body)}`);
  const r = await t.api('PATCH', `/workflows/${created.body.data.id}`, { active: true }, as(who));
  if (r.status !== 200) throw new Error(`activate: ${JSON.stringify(r.body)}`);
  return created.body.data.id as string;
}

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await live(mailbox.env);
  owner = await setupOwner(t.s);
  member = await addMember(t.s, mailbox, owner, 'wall-member@example.com');
  okId = await activateAs(owner, workflow('Wall ok', [webhookNode({ path: 'wall-ok', httpMethod: 'POST' }), setNode('Set', { n: '={{ $json.body.n }}' })]));
  const hook = webhookNode({ path: 'wall-fail', httpMethod: 'POST' });
  const fail = node('Fail', 'n8n-nodes-base.stopAndError', 1, { errorMessage: 'boom from the wall test' });
  failId = await activateAs(owner, workflow('Wall fail', [hook, fail], chain(hook, fail)));
  memberWf = await activateAs(member, workflow('Member wall', [webhookNode({ path: 'wall-member', httpMethod: 'POST' })]));
}, 60_000);

afterAll(async () => {
  await t?.dispose();
  await mailbox?.close();
});

interface WallStream {
  messages: Array<{ at: number; m: WallStreamMessage }>;
  raw: string;
  status: number;
  ended: Promise<void>;
  /** Full state of a workflow: the first snapshot with every later update merged. */
  state(workflowId: string): WallSnapshot | undefined;
  close(): void;
}

function openWall(path: string, headers: Record<string, string> = {}): Promise<WallStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${t.url}rest${path}`, { headers }, (res) => {
      const s: WallStream = {
        messages: [],
        raw: '',
        status: res.statusCode ?? 0,
        ended: new Promise((r) => res.on('close', () => r())),
        close: () => req.destroy(),
        state(workflowId) {
          let out: WallSnapshot | undefined;
          for (const { m } of s.messages) {
            if (m.data.workflowId !== workflowId) continue;
            if (m.data.full || !out) out = { ...m.data, nodes: { ...m.data.nodes } };
            else out = { ...m.data, full: true, nodes: { ...out.nodes, ...m.data.nodes } };
          }
          return out;
        },
      };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        s.raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of frame.split('\n')) if (line.startsWith('data: ')) s.messages.push({ at: Date.now(), m: JSON.parse(line.slice(6)) as WallStreamMessage });
        }
      });
      if (!res.headers['content-type']?.startsWith('text/event-stream')) res.on('end', () => resolve(s));
      else resolve(s);
    });
    req.on('error', reject);
  });
}

async function createToken(workflowIds: string[], label = 'Ops room'): Promise<{ id: string; token: string }> {
  const r = await t.api('POST', '/wall/tokens', { label, workflowIds }, as(owner));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function fire(path: string, n: number, concurrency = 20): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const r = await t.hook(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: i }) });
      expect(r.status).toBe(200);
      await r.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
}

describe('wall tokens', () => {
  it('the owner creates, lists and deletes them; the token is shown once and stored as its sha256 only', async () => {
    const created = await t.api('POST', '/wall/tokens', { label: '  Main screen ', workflowIds: [okId, okId, failId] }, as(owner));
    expect(created.status).toBe(200);
    const data = created.body.data;
    expect(data).toMatchObject({ label: 'Main screen', workflowIds: [okId, failId] });
    expect(typeof data.id).toBe('string');
    expect(typeof data.createdAt).toBe('string');
    expect(data.token.length).toBeGreaterThanOrEqual(40);

    const list = await t.api('GET', '/wall/tokens', undefined, as(owner));
    expect(list.status).toBe(200);
    const listed = list.body.data.find((x: { id: string }) => x.id === data.id);
    expect(listed).toEqual({ id: data.id, label: 'Main screen', workflowIds: [okId, failId], createdAt: data.createdAt });
    expect(JSON.stringify(list.body)).not.toContain(data.token);
    const row = await t.s.server.db.selectFrom('wall_tokens').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(data.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // It reads its workflows …
    expect((await t.api('GET', '/wall/workflows', undefined, bearer(data.token))).status).toBe(200);
    const del = await t.api('DELETE', `/wall/tokens/${data.id}`, undefined, as(owner));
    expect(del).toEqual({ status: 200, body: { data: true } });
    // … and nothing once deleted.
    expect((await t.api('GET', '/wall/workflows', undefined, bearer(data.token))).status).toBe(401);
    expect((await t.api('DELETE', `/wall/tokens/${data.id}`, undefined, as(owner))).status).toBe(404);
  });

  it('bad bodies are refused at the boundary, and members may not manage tokens', async () => {
    const bad = [
      {},
      { label: '', workflowIds: [okId] },
      { label: '   ', workflowIds: [okId] },
      { label: 'x'.repeat(129), workflowIds: [okId] },
      { label: 'x', workflowIds: [] },
      { label: 'x', workflowIds: Array.from({ length: 51 }, (_, i) => `wf${i}`) },
      { label: 'x', workflowIds: [okId], extra: true },
      { label: 'x', workflowIds: ['no-such-workflow'] },
      { label: 'x', workflowIds: [12] },
    ];
    for (const body of bad) expect((await t.api('POST', '/wall/tokens', body, as(owner))).status, JSON.stringify(body)).toBe(400);
    expect((await t.api('POST', '/wall/tokens', { label: 'm', workflowIds: [memberWf] }, as(member))).status).toBe(403);
    expect((await t.api('GET', '/wall/tokens', undefined, as(member))).status).toBe(403);
    const { id } = await createToken([okId]);
    expect((await t.api('DELETE', `/wall/tokens/${id}`, undefined, as(member))).status).toBe(403);
  });

  it('a wall token opens the wall reads of its workflows and nothing else (401 everywhere else)', async () => {
    const { token } = await createToken([okId]);
    const refusedWith = async (path: string, method = 'GET', body?: unknown) => {
      const h = await t.api(method, path, body, bearer(token));
      const q = await t.api(method, `${path}${path.includes('?') ? '&' : '?'}wallToken=${encodeURIComponent(token)}`, body);
      return [h.status, q.status];
    };
    for (const [method, path, body] of [
      ['GET', '/workflows'],
      ['GET', `/workflows/${okId}`],
      ['GET', '/executions'],
      ['GET', '/me'],
      ['GET', '/credentials'],
      ['GET', '/active'],
      ['GET', '/push?pushRef=wall-probe'],
      ['GET', '/wall/tokens'],
      ['POST', '/wall/tokens', { label: 'again', workflowIds: [okId] }],
      ['DELETE', '/wall/tokens/abc'],
      ['PATCH', `/workflows/${okId}`, { active: false }],
    ] as Array<[string, string, unknown?]>) {
      expect(await refusedWith(path, method, body), `${method} ${path}`).toEqual([401, 401]);
    }
    // The public API does not take it either.
    const apiV1 = await fetch(`${t.url}api/v1/workflows`, { headers: bearer(token) });
    expect(apiV1.status).toBe(401);

    // Its own reads: the workflows it names, by header or query; never another one.
    const read = await t.api('GET', '/wall/workflows', undefined, bearer(token));
    expect(read.status).toBe(200);
    expect(read.body.data.map((w: { id: string }) => w.id)).toEqual([okId]);
    // How its nodes are drawn comes with it (a token cannot read the node types); no parameters.
    const wf = read.body.data[0] as { nodes: Array<{ type: string; typeVersion: number; parameters?: unknown; look?: { outputs: number } }>; types: Record<string, { displayName: string; outputs: number }> };
    for (const n of wf.nodes) {
      expect(wf.types[`${n.type}@${n.typeVersion}`]?.displayName, n.type).toBeTruthy();
      expect(n.parameters).toBeUndefined();
    }
    expect(wf.nodes.find((n) => n.type === 'n8n-nodes-base.webhook')?.look?.outputs).toBe(1);
    expect((await t.api('GET', `/wall/workflows?ids=${okId}&wallToken=${token}`)).status).toBe(200);
    expect((await t.api('GET', `/wall/workflows?ids=${failId}`, undefined, bearer(token))).status).toBe(403);
    expect((await t.api('GET', `/wall/workflows?ids=${okId},${memberWf}`, undefined, bearer(token))).status).toBe(403);
    expect((await t.api('GET', '/wall/workflows', undefined, bearer(`${token}x`))).status).toBe(401);
    expect((await t.api('GET', '/wall/workflows', undefined, { authorization: 'Basic abc' })).status).toBe(401);
    const refusedStream = await openWall(`/wall/stream?ids=${failId}`, bearer(token));
    expect(refusedStream.status).toBe(403);
    const stream = await openWall(`/wall/stream?wallToken=${token}`);
    expect(stream.status).toBe(200);
    await t.until(() => stream.messages.length >= 1);
    expect(stream.raw.startsWith('retry: 3000\n')).toBe(true);
    expect(stream.messages[0]!.m).toMatchObject({ type: 'wallState', data: { workflowId: okId, full: true } });
    stream.close();
  });

  it('deleting a token ends the streams opened with it', async () => {
    const { id, token } = await createToken([okId]);
    const stream = await openWall(`/wall/stream?ids=${okId}`, bearer(token));
    await t.until(() => stream.messages.length >= 1);
    const before = t.s.server.context.wall.hub.size;
    expect(before).toBeGreaterThanOrEqual(1);
    await t.api('DELETE', `/wall/tokens/${id}`, undefined, as(owner));
    await stream.ended;
    expect(t.s.server.context.wall.hub.size).toBe(before - 1);
    // Its reconnect is refused.
    expect((await openWall(`/wall/stream?ids=${okId}`, bearer(token))).status).toBe(401);
  });
});

describe('wall reads with a session', () => {
  it('the workflows come without parameters, credentials, pinned or static data', async () => {
    const r = await t.api('GET', `/wall/workflows?ids=${okId},${failId}`, undefined, as(owner));
    expect(r.status).toBe(200);
    const [ok, fail] = r.body.data;
    expect(ok).toMatchObject({ id: okId, name: 'Wall ok', active: true, connections: { Webhook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } } });
    expect(ok.nodes.map((n: { name: string }) => n.name)).toEqual(['Webhook', 'Set']);
    for (const n of [...ok.nodes, ...fail.nodes]) {
      // A Webhook's endpoints depend on its parameters: it says how it is drawn instead.
      const keys = n.type === 'n8n-nodes-base.webhook' ? ['id', 'look', 'name', 'position', 'type', 'typeVersion'] : ['id', 'name', 'position', 'type', 'typeVersion'];
      expect(Object.keys(n).sort()).toEqual(keys);
    }
    expect(Object.keys(ok).sort()).toEqual(['active', 'connections', 'id', 'name', 'nodes', 'snapshot', 'types']);
    expect(ok.snapshot).toMatchObject({ workflowId: okId, full: true });
    expect(JSON.stringify(r.body)).not.toContain('boom from the wall test');
  });

  it('a member reads only their own workflows (404 for the others), the owner all; ids are required and bounded', async () => {
    expect((await t.api('GET', `/wall/workflows?ids=${okId}`, undefined, as(member))).status).toBe(404);
    expect((await t.api('GET', `/wall/workflows?ids=${memberWf},${okId}`, undefined, as(member))).status).toBe(404);
    const denied = await openWall(`/wall/stream?ids=${okId}`, as(member));
    expect(denied.status).toBe(404);
    expect((await t.api('GET', `/wall/workflows?ids=${memberWf}`, undefined, as(member))).status).toBe(200);
    expect((await t.api('GET', `/wall/workflows?ids=${memberWf}`, undefined, as(owner))).status).toBe(200);
    expect((await t.api('GET', '/wall/workflows', undefined, as(owner))).status).toBe(400);
    expect((await t.api('GET', '/wall/workflows?ids=,,', undefined, as(owner))).status).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `w${i}`).join(',');
    expect((await t.api('GET', `/wall/workflows?ids=${many}`, undefined, as(owner))).status).toBe(400);
    expect((await t.api('GET', `/wall/workflows?ids=${'x'.repeat(70)}`, undefined, as(owner))).status).toBe(400);
    expect((await t.api('GET', `/wall/workflows?ids=${okId}`)).status).toBe(401);
    const foreignHost = await t.s.server.app.inject({ method: 'GET', url: `/rest/wall/workflows?ids=${okId}`, headers: { ...as(owner), host: 'evil.example' } });
    expect(foreignHost.statusCode).toBe(421);
  });
});

describe('wall streams end with the session', () => {
  it('signing out ends the streams opened with that session', async () => {
    const cookie = sessionCookieOf(await signIn(t.s, member.email, member.password))!;
    const stream = await openWall(`/wall/stream?ids=${memberWf}`, { cookie });
    await t.until(() => stream.messages.length >= 1);
    const before = t.s.server.context.wall.hub.size;
    expect((await t.api('POST', '/logout', undefined, { cookie })).status).toBe(200);
    await stream.ended;
    expect(t.s.server.context.wall.hub.size).toBe(before - 1);
  });
});

describe('live state of production runs', () => {
  it('N webhook calls: counts, items, outcomes; a failing node: lastFailure with its node and message', async () => {
    const { token } = await createToken([okId, failId]);
    const stream = await openWall('/wall/stream', bearer(token));
    await t.until(() => stream.messages.length >= 2);
    const N = 12;
    await fire('wall-ok', N, 4);
    await fire('wall-fail', 3, 1);
    const ok = await t.until(() => {
      const s = stream.state(okId);
      return s && s.perMinute >= N && s.running === 0 && (s.nodes.Set?.runs ?? 0) >= N ? s : undefined;
    });
    expect(ok.perMinute).toBe(N);
    expect(ok.errorRate).toBe(0);
    expect(ok.lastFailure).toBeUndefined();
    const set = ok.nodes.Set as WallNodeState;
    expect(set).toMatchObject({ running: 0, items: 1, runs: N, last: ['success', 'success', 'success', 'success', 'success'] });
    expect(ok.nodes.Webhook).toMatchObject({ running: 0, items: 1, runs: N });

    const fail = await t.until(() => {
      const s = stream.state(failId);
      return s && s.perMinute >= 3 && s.running === 0 && s.errorRate === 1 && s.lastFailure ? s : undefined;
    });
    expect(fail.lastFailure).toMatchObject({ nodeName: 'Fail', message: 'boom from the wall test' });
    expect(typeof fail.lastFailure!.executionId).toBe('string');
    expect(fail.nodes.Fail).toMatchObject({ running: 0, runs: 3, last: ['error', 'error', 'error'], error: { message: 'boom from the wall test' } });
    expect(fail.nodes.Webhook?.last).toEqual(['success', 'success', 'success']);

    // The REST read says the same (node state is kept while a wall watches).
    const read = await t.api('GET', `/wall/workflows`, undefined, bearer(token));
    const snap = read.body.data.find((w: { id: string }) => w.id === failId).snapshot as WallSnapshot;
    expect(snap.lastFailure).toMatchObject({ nodeName: 'Fail', message: 'boom from the wall test' });
    expect(snap.nodes.Fail?.last).toEqual(['error', 'error', 'error']);
    // Manual runs do not count.
    const manual = await t.api('POST', '/workflows/run', { workflowData: (await t.api('GET', `/workflows/${okId}`, undefined, as(owner))).body.data }, as(owner));
    expect(manual.status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect(stream.state(okId)!.perMinute).toBe(N);
    stream.close();
  });

  it('200 webhook calls in a burst: at most ~4 stream events a second per workflow, and the totals are right', async () => {
    const stream = await openWall(`/wall/stream?ids=${okId}`, as(owner));
    await t.until(() => stream.messages.length >= 1);
    const before = stream.state(okId)!.perMinute;
    const t0 = Date.now();
    await fire('wall-ok', 200, 25);
    const final = await t.until(() => {
      const s = stream.state(okId);
      return s && s.perMinute >= before + 200 && s.running === 0 ? s : undefined;
    }, 30_000);
    const t1 = Date.now();
    expect(final.perMinute).toBe(before + 200);
    const updates = stream.messages.filter(({ m }) => !m.data.full && m.data.workflowId === okId);
    const seconds = (t1 - t0) / 1000;
    // Ticks are 250 ms apart; any one second holds at most 5 of them (both ends).
    let worst = 0;
    for (const u of updates) worst = Math.max(worst, updates.filter((v) => v.m.data.at >= u.m.data.at && v.m.data.at < u.m.data.at + 1000).length);
    console.log(`wall coalescing: 200 webhook calls in ${seconds.toFixed(2)} s → ${updates.length} stream updates (worst second: ${worst})`);
    expect(worst).toBeLessThanOrEqual(5);
    expect(updates.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 2);
    stream.close();
  }, 60_000);
});

describe('WallAggregator (unit)', () => {
  it('a 60-second window counts the last minute and forgets what is older', () => {
    const w = new SlidingWindow();
    const t0 = 1_700_000_000_000;
    w.add(t0);
    w.add(t0 + 500, 2);
    w.add(t0 + 30_000);
    expect(w.sum(t0 + 30_000)).toBe(4);
    expect(w.sum(t0 + 60_500)).toBe(1);
    expect(w.sum(t0 + 200_000)).toBe(0);
  });

  it('keeps node state only while watched; one update per tick whatever the rate; counts without copies', () => {
    let now = 1_700_000_000_000;
    const agg = new WallAggregator({ now: () => now });
    const updates: WallSnapshot[] = [];
    agg.onUpdate = (_id, s) => updates.push(s);
    // Unwatched: workflow figures, no nodes.
    const r0 = agg.runStarted('1', 'wf', 'webhook', false)!;
    r0.nodeBefore('A');
    r0.nodeAfter('A', { startTime: now, executionTime: 1, source: [], executionStatus: 'success', data: { main: [[{ json: {} }]] } });
    r0.finished({ status: 'success', data: { resultData: { runData: {} } } });
    expect(agg.snapshot('wf')).toMatchObject({ perMinute: 1, running: 0, nodes: {} });
    expect(agg.runStarted('2', 'wf', 'manual', false)).toBeUndefined();
    agg.watch('wf');
    for (let i = 0; i < 1000; i++) {
      const r = agg.runStarted(String(10 + i), 'wf', 'webhook', false)!;
      r.nodeBefore('A');
      r.nodeAfter('A', { startTime: now, executionTime: 1, source: [], executionStatus: 'success', data: { main: [[{ json: {} }, { json: {} }], [{ json: {} }]] } });
      r.nodeBefore('B');
      if (i === 999) {
        r.nodeAfter('B', { startTime: now, executionTime: 1, source: [], executionStatus: 'error', error: { message: 'bad', node: { name: 'B', type: 'x' } } });
        r.finished({ status: 'error', data: { resultData: { runData: {}, error: { message: 'bad', node: { name: 'B', type: 'x' } } } } });
      } else r.finished({ status: 'canceled', data: { resultData: { runData: {} } } });
    }
    const s = agg.snapshot('wf');
    expect(s).toMatchObject({ perMinute: 1001, running: 0, lastFailure: { executionId: '1009', nodeName: 'B', message: 'bad' } });
    expect(s.errorRate).toBeCloseTo(1 / 1001);
    expect(s.nodes.A).toMatchObject({ running: 0, items: 3, runs: 1000, last: ['success', 'success', 'success', 'success', 'success'] });
    // B was left by 999 runs without an end (canceled): they no longer count as inside it.
    expect(s.nodes.B).toMatchObject({ running: 0, runs: 1, last: ['error'], error: { message: 'bad' } });
    agg.unwatch('wf');
    agg.close();
  });

  it('1,000 runs a second for 3 s: 4 updates a second, each with only what changed', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    try {
      const agg = new WallAggregator();
      const updates: WallSnapshot[] = [];
      agg.onUpdate = (_id, u) => updates.push(u);
      agg.watch('wf');
      for (let ms = 0; ms < 3000; ms++) {
        const r = agg.runStarted(String(ms), 'wf', 'webhook', false)!;
        r.nodeBefore('A');
        r.nodeAfter('A', { startTime: 0, executionTime: 0, source: [], executionStatus: 'success', data: { main: [[{ json: {} }]] } });
        r.finished({ status: 'success', data: { resultData: { runData: {} } } });
        vi.advanceTimersByTime(1);
      }
      expect(updates.length).toBe(12);
      for (const u of updates) expect(Object.keys(u.nodes)).toEqual(['A']);
      expect(updates.at(-1)).toMatchObject({ full: false, perMinute: 3000, running: 0 });
      // Quiet: nothing changes, nothing is sent; once the minute passes, the figures decay (one update a second at most).
      const n = updates.length;
      vi.advanceTimersByTime(30_000);
      expect(updates.length).toBe(n);
      vi.advanceTimersByTime(35_000);
      expect(updates.length - n).toBeLessThanOrEqual(6);
      expect(updates.at(-1)).toMatchObject({ perMinute: 0, nodes: { A: { runs: 0 } } });
      const settled = updates.length;
      vi.advanceTimersByTime(10_000);
      expect(updates.length).toBe(settled);
      agg.unwatch('wf');
      agg.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('queue mode: a worker relay sends batched counts that the main adds up as its own', () => {
    const now = 1_700_000_000_000;
    const main = new WallAggregator({ now: () => now });
    main.watch('wf');
    const messages: string[] = [];
    // As over the bus: JSON there and back.
    const relay = new WallRelay((batches) => messages.push(JSON.stringify({ type: 'wall', batches })), { now: () => now, intervalMs: 60_000 });
    for (let i = 0; i < 300; i++) {
      const r = relay.runStarted(String(i), 'wf', i % 2 ? 'webhook' : 'trigger', false)!;
      r.nodeBefore('A');
      r.nodeAfter('A', { startTime: now, executionTime: 1, source: [], executionStatus: 'success', data: { main: [[{ json: {} }, { json: {} }]] } });
      if (i === 299) {
        r.nodeBefore('B');
        r.nodeAfter('B', { startTime: now, executionTime: 1, source: [], executionStatus: 'error', error: { message: 'worker boom' } });
        r.finished({ status: 'error', data: { resultData: { runData: {}, lastNodeExecuted: 'B', error: { message: 'worker boom' } } } });
      } else r.finished({ status: 'success', data: { resultData: { runData: {} } } });
    }
    const inFlight = relay.runStarted('900', 'wf', 'webhook', false)!;
    inFlight.nodeBefore('A');
    expect(relay.runStarted('901', 'wf', 'manual', false)).toBeUndefined();
    relay.flush();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.length).toBeLessThan(2000);
    main.applyRemote((JSON.parse(messages[0]!) as { batches: WallBatch[] }).batches);
    const s = main.snapshot('wf');
    expect(s).toMatchObject({ perMinute: 301, running: 1, lastFailure: { executionId: '299', nodeName: 'B', message: 'worker boom' } });
    expect(s.errorRate).toBeCloseTo(1 / 300);
    expect(s.nodes.A).toMatchObject({ running: 1, items: 2, runs: 300, last: ['success', 'success', 'success', 'success', 'success'] });
    expect(s.nodes.B).toMatchObject({ running: 0, runs: 1, last: ['error'], error: { message: 'worker boom' } });
    inFlight.finished({ status: 'canceled', data: { resultData: { runData: {} } } });
    relay.close();
    main.applyRemote((JSON.parse(messages[1]!) as { batches: WallBatch[] }).batches);
    expect(main.snapshot('wf')).toMatchObject({ running: 0, nodes: { A: { running: 0 } } });
    // Hostile or broken batches change nothing and throw nothing.
    main.applyRemote([null as never, { workflowId: 'wf', started: -5, resumed: Number.NaN, ended: 1e9, finished: 'x', failed: 0, nodes: { A: { enter: -1 } } } as never]);
    expect(main.snapshot('wf').perMinute).toBe(301);
    main.close();
  });
});
