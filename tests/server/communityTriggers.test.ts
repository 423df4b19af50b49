// Community trigger, polling and webhook nodes on a real server: a package built here (written as
// n8n's packages are, importing n8n-workflow), installed with npm from a local registry, its
// nodes started by activation through the server's trigger machinery and stopped by
// deactivation; test runs from the editor; static data across polls; webhookMethods at a local
// "service"; and package code that throws or hangs.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, node, startServer, type TestServer } from './helpers.ts';
import { buildTriggerPackage, startRegistry } from '../support/communityPackage.ts';
import { formbricksApi } from '../support/formbricksApi.ts';
import { packReal } from '../support/realPackages.ts';
import type { IExecution } from '../../src/model/execution.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';

const PKG = 'n8n-nodes-switchyard-triggers';
let s: TestServer;
let dir: string;
const env = () => ({ SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: registry.url, SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' });
let registry: Awaited<ReturnType<typeof startRegistry>>;
let service: Server;
let serviceUrl: string;
/** What the local service saw. */
const closed: string[] = [];
const entries: Array<{ id: number; title: string }> = [
  { id: 1, title: 'first' },
  { id: 2, title: 'second' },
];
const entryRequests: Array<{ since: string | null; key?: string }> = [];
const hooks = new Map<string, { url: string; mode: string; activation: string }>();
const hookLog: string[] = [];
let nextHook = 1;
/** The Formbricks API as the real package calls it (tests/support/formbricksApi.ts). */
const formbricks = formbricksApi({ apiKey: 'fb-key' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'switchyard-community-triggers-'));
  service = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/report') {
        closed.push(JSON.parse(body).closed);
        return json(200, { ok: true });
      }
      if (url.pathname === '/entries') {
        entryRequests.push({ since: url.searchParams.get('since'), key: req.headers['x-api-key'] as string | undefined });
        return json(200, { entries });
      }
      if (formbricks.handle(req, res, body)) return;
      if (url.pathname === '/hooks' && req.method === 'GET') return json(200, [...hooks.entries()].map(([id, h]) => ({ id, ...h })));
      if (url.pathname === '/hooks' && req.method === 'POST') {
        const id = `h${nextHook++}`;
        hooks.set(id, JSON.parse(body));
        hookLog.push(`create ${id}`);
        return json(200, { id });
      }
      if (url.pathname.startsWith('/hooks/') && req.method === 'DELETE') {
        const id = url.pathname.slice('/hooks/'.length);
        hookLog.push(`delete ${id}`);
        return json(hooks.delete(id) ? 200 : 404, { ok: true });
      }
      json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  registry = await startRegistry([buildTriggerPackage(dir)]);
  s = await startServer(env());
  const r = await call(s, 'POST', '/rest/nodes', { name: PKG });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await s?.dispose();
  registry?.server.close();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function create(name: string, nodes: INode[]): Promise<{ id: string }> {
  const r = await call(s, 'POST', '/rest/workflows', { name, nodes, connections: {}, settings: { executionOrder: 'v1' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const setActive = (id: string, active: boolean) => call(s, 'PATCH', `/rest/workflows/${id}`, { active });

async function executionsOf(id: string): Promise<Array<{ id: string; mode: string; status: string }>> {
  const r = await call(s, 'GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: id }))}&limit=100`);
  return (r.body.data.results as Array<{ id: string; mode: string; status: string }>).filter((e) => e.status !== 'running' && e.status !== 'new');
}

async function execution(id: string): Promise<IExecution> {
  return (await call(s, 'GET', `/rest/executions/${id}`)).body.data;
}

const firstJson = (e: IExecution, name: string) => e.data.resultData.runData[name]?.[0]?.data?.main?.[0]?.map((i) => i.json);

async function runManually(workflowData: Partial<IWorkflowBase>): Promise<IExecution> {
  const r = await call(s, 'POST', '/rest/workflows/run', { workflowData: { name: 'Manual', connections: {}, settings: { executionOrder: 'v1' }, ...workflowData } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data.executionId as string;
  return until(`execution ${id}`, async () => {
    const e = await call(s, 'GET', `/rest/executions/${id}`);
    return e.status === 200 && e.body.data.status !== 'running' && e.body.data.status !== 'new' ? (e.body.data as IExecution) : undefined;
  });
}

const ticker = (parameters: Record<string, unknown>, name = 'Ticker') => node(name, `${PKG}.ticker`, 1, [0, 0], { reportUrl: `${serviceUrl}/report`, ...parameters });

describe('community trigger nodes', () => {
  it('are node types of kind trigger; the polling node gets Poll Times', async () => {
    const types = (await call(s, 'GET', '/rest/node-types')).body.data as Array<{ name: string; group: string[]; polling?: boolean; properties: Array<{ name: string; default: unknown }>; webhooks?: unknown[] }>;
    const poller = types.find((t) => t.name === `${PKG}.poller`)!;
    expect(poller.polling).toBe(true);
    expect(poller.properties[0]).toMatchObject({ name: 'pollTimes', default: { item: [{ mode: 'everyMinute' }] } });
    expect(types.find((t) => t.name === `${PKG}.hook`)?.webhooks).toHaveLength(1);
    expect(types.find((t) => t.name === `${PKG}.ticker`)?.group).toContain('trigger');
  });

  it('trigger(): activation starts runs from emit, deactivation calls the closeFunction and stops them', async () => {
    const wf = await create('Ticks', [ticker({ every: 150, label: 'A' })]);
    const on = await setActive(wf.id, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect((await call(s, 'GET', '/rest/active')).body.data).toContain(wf.id);
    const runs = await until('two runs', async () => {
      const list = await executionsOf(wf.id);
      return list.length >= 2 ? list : undefined;
    });
    expect(runs.every((e) => e.mode === 'trigger' && e.status === 'success')).toBe(true);
    const oldest = await execution(runs[runs.length - 1].id);
    expect(firstJson(oldest, 'Ticker')).toEqual([{ tick: 1, label: 'A', mode: 'trigger', activation: 'activate' }]);

    expect((await setActive(wf.id, false)).status).toBe(200);
    await until('the closeFunction', async () => closed.includes('A'));
    const after = (await executionsOf(wf.id)).length;
    await sleep(600);
    expect((await executionsOf(wf.id)).length).toBe(after);
    // The trigger's static data was stored with the workflow.
    const stored = (await call(s, 'GET', `/rest/workflows/${wf.id}`)).body.data;
    expect(stored.staticData['node:Ticker'].ticks).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('a test run in the editor waits for the trigger: manualTriggerFunction emits, then the trigger is closed', async () => {
    const e = await runManually({ nodes: [ticker({ every: 60_000, label: 'M' })] });
    expect(e.status).toBe('success');
    expect(firstJson(e, 'Ticker')).toEqual([{ manual: true, label: 'M', mode: 'manual' }]);
    await until('the closeFunction', async () => closed.includes('M'));
  }, 30_000);

  it('helpers.registerCron runs the tick on the server scheduler', async () => {
    const wf = await create('Cron ticks', [ticker({ behaviour: 'cron', label: 'C' })]);
    expect((await setActive(wf.id, true)).status).toBe(200);
    const runs = await until('a cron run', async () => {
      const list = await executionsOf(wf.id);
      return list.length >= 1 ? list : undefined;
    });
    expect(firstJson(await execution(runs[0].id), 'Ticker')?.[0]).toMatchObject({ label: 'C', mode: 'trigger' });
    expect((await setActive(wf.id, false)).status).toBe(200);
  }, 30_000);

  it("emit's donePromise settles with the run (n8n's IRun) once it ended", async () => {
    const wf = await create('Acknowledges', [ticker({ behaviour: 'ack', every: 50, label: 'K' })]);
    expect((await setActive(wf.id, true)).status).toBe(200);
    await until('the acknowledgement', async () => closed.includes('done:success:Ticker'));
    expect((await setActive(wf.id, false)).status).toBe(200);
  }, 30_000);

  it('a closeFunction that never settles holds nothing for longer than 10 seconds', async () => {
    const wf = await create('Stuck close', [ticker({ behaviour: 'stuckClose', every: 100, label: 'S' })]);
    expect((await setActive(wf.id, true)).status).toBe(200);
    await until('a run', async () => (await executionsOf(wf.id)).length >= 1);
    expect((await setActive(wf.id, false)).status).toBe(200);
    // Activating again waits for the old close function, at most 10 s, then starts the trigger.
    const started = Date.now();
    expect((await setActive(wf.id, true)).status).toBe(200);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(9_000);
    expect(waited).toBeLessThan(15_000);
    const runs = (await executionsOf(wf.id)).length;
    await until('runs after activating again', async () => (await executionsOf(wf.id)).length > runs);
    expect((await setActive(wf.id, false)).status).toBe(200);
  }, 40_000);

  it('a trigger that throws fails the activation with its message; the workflow stays inactive', async () => {
    const wf = await create('Throws', [ticker({ behaviour: 'throw' })]);
    const r = await setActive(wf.id, true);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Node "Ticker" could not be started: Ticker refuses to start');
    expect((await call(s, 'GET', `/rest/workflows/${wf.id}`)).body.data.active).toBe(false);
    expect((await call(s, 'GET', `/rest/active/error/${wf.id}`)).body.data.error.message).toMatch(/Ticker refuses to start/);
  }, 30_000);

  it('a trigger that hangs is stopped by the watchdog with a clear error; the server keeps answering and other triggers are started again', async () => {
    const healthy = await create('Healthy', [ticker({ every: 100, label: 'H' })]);
    expect((await setActive(healthy.id, true)).status).toBe(200);
    await until('a healthy run', async () => (await executionsOf(healthy.id)).length >= 1);

    const wf = await create('Hangs', [ticker({ behaviour: 'hang' })]);
    const activating = setActive(wf.id, true);
    // While package code spins in the host, the server's own loop stays free.
    const started = Date.now();
    const probes: number[] = [];
    while (Date.now() - started < 2_000) {
      const t = Date.now();
      expect((await call(s, 'GET', '/rest/active')).status).toBe(200);
      probes.push(Date.now() - t);
      await sleep(100);
    }
    expect(Math.max(...probes)).toBeLessThan(500);
    const r = await activating;
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Node "Ticker" could not be started: .*held the package host for more than 5000 ms/);

    // The host was restarted; the healthy workflow's trigger lost its host and was armed again.
    const before = (await executionsOf(healthy.id)).length;
    await until('runs after the restart', async () => (await executionsOf(healthy.id)).length > before + 1, 20_000);
    expect((await call(s, 'GET', '/rest/active')).body.data).toContain(healthy.id);
    expect((await setActive(healthy.id, false)).status).toBe(200);
  }, 60_000);

  it('emitError takes the trigger down and starts it again, with the error shown meanwhile', async () => {
    const wf = await create('Emits errors', [ticker({ behaviour: 'emitError', every: 100, label: 'E' })]);
    expect((await setActive(wf.id, true)).status).toBe(200);
    const error = await until('the error', async () => (await call(s, 'GET', `/rest/active/error/${wf.id}`)).body.data);
    expect(error.error.message).toBe('The trigger of node "Ticker" failed and is being started again: the remote stream broke');
    await until('the closeFunction', async () => closed.includes('E'));
    // Started again after about a second (activation mode 'init').
    await until('the restart', async () => closed.filter((c) => c === 'E').length >= 2, 10_000);
    expect((await setActive(wf.id, false)).status).toBe(200);
  }, 30_000);
});

describe('community polling nodes', () => {
  let credential: { id: string; name: string };
  const poller = (parameters: Record<string, unknown> = {}) =>
    node('Poller', `${PKG}.poller`, 1, [0, 0], { url: `${serviceUrl}/entries`, pollTimes: { item: [{ mode: 'custom', cronExpression: '* * * * * *' }] }, ...parameters }, { credentials: { pollerApi: credential } });

  beforeAll(async () => {
    const r = await call(s, 'POST', '/rest/credentials', { name: 'Poller key', type: 'pollerApi', data: { key: 'k-123' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    credential = { id: r.body.data.id, name: 'Poller key' };
  });

  it('poll once at activation, then on Poll Times; static data keeps what was seen; null starts nothing', async () => {
    const wf = await create('Polls', [poller()]);
    const on = await setActive(wf.id, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const first = await until('the first poll run', async () => {
      const list = await executionsOf(wf.id);
      return list.length >= 1 ? list : undefined;
    });
    expect(firstJson(await execution(first[0].id), 'Poller')).toEqual([
      { id: 1, title: 'first', mode: 'trigger' },
      { id: 2, title: 'second', mode: 'trigger' },
    ]);
    expect(entryRequests[0]).toEqual({ since: '0', key: 'k-123' });
    // Nothing new: polls go on (since=2) without starting runs.
    await until('two more polls', async () => entryRequests.filter((r) => r.since === '2').length >= 2, 10_000);
    expect(await executionsOf(wf.id)).toHaveLength(1);
    entries.push({ id: 3, title: 'third' });
    const second = await until('a run for the new entry', async () => {
      const list = await executionsOf(wf.id);
      return list.length >= 2 ? list : undefined;
    });
    expect(firstJson(await execution(second[0].id), 'Poller')).toEqual([{ id: 3, title: 'third', mode: 'trigger' }]);
    const stored = (await call(s, 'GET', `/rest/workflows/${wf.id}`)).body.data;
    expect(stored.staticData['node:Poller']).toMatchObject({ lastId: 3, polls: 2 });

    expect((await setActive(wf.id, false)).status).toBe(200);
    const polls = entryRequests.length;
    await sleep(2_200);
    expect(entryRequests.length).toBe(polls);
  }, 40_000);

  it('a poll that throws later is recorded as a failed execution of the node; polling goes on', async () => {
    const wf = await create('Poll fails later', [poller({ failLater: true })]);
    expect((await setActive(wf.id, true)).status).toBe(200);
    const failed = await until('two failed polls', async () => {
      const list = (await executionsOf(wf.id)).filter((e) => e.status === 'error');
      return list.length >= 2 ? list : undefined;
    });
    const e = await execution(failed[0].id);
    expect(e.mode).toBe('trigger');
    expect(e.data.resultData.error?.message).toBe('The list service went away');
    expect(e.data.resultData.runData.Poller[0].error).toMatchObject({ message: 'The list service went away', description: 'Polled 1 time(s) before' });
    expect((await executionsOf(wf.id)).filter((x) => x.status === 'success')).toHaveLength(1);
    expect((await setActive(wf.id, false)).status).toBe(200);
  }, 30_000);

  it('a test run polls once in manual mode', async () => {
    const e = await runManually({ nodes: [poller()] });
    expect(e.status).toBe('success');
    expect(firstJson(e, 'Poller')?.map((j) => j.id)).toEqual([1, 2, 3]);
    expect(firstJson(e, 'Poller')?.[0]).toMatchObject({ mode: 'manual' });
  }, 30_000);

  it('a poll that fails at activation fails it with the node error; bad Poll Times are named', async () => {
    const wf = await create('Poll fails', [poller({ fail: true })]);
    const r = await setActive(wf.id, true);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Node "Poller" could not be started: The list service refused/);
    const bad = await create('Bad times', [poller({ pollTimes: { item: [{ mode: 'custom', cronExpression: '99 * * * *' }] } })]);
    const b = await setActive(bad.id, true);
    expect(b.status).toBe(400);
    expect(b.body.message).toMatch(/^Node "Poller" could not be started: Invalid Poll Times/);
  }, 30_000);
});

describe('community webhook nodes', () => {
  const hookNode = (extra: Partial<INode> = {}) => node('Hook', `${PKG}.hook`, 1, [0, 0], { serviceUrl }, { webhookId: 'hook-1', ...extra });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    s.server.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

  it('activation creates the webhook at the service (webhookMethods), calls run webhook(), deactivation deletes it', async () => {
    const wf = await create('Hooked', [hookNode()]);
    const on = await setActive(wf.id, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(hooks.size).toBe(1);
    const [[hookId, registered]] = [...hooks.entries()];
    expect(registered.url).toMatch(/\/webhook\/hook-1\/events$/);
    expect(registered).toMatchObject({ mode: 'webhook', activation: 'activate' });
    expect((await call(s, 'GET', `/rest/workflows/${wf.id}`)).body.data.staticData['node:Hook']).toEqual({ webhookId: hookId });

    const r = await post('/webhook/hook-1/events?source=test', { event: 'push' }, { 'x-event': 'e1' });
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ received: 'push' });
    const runs = await until('the webhook run', async () => {
      const list = await executionsOf(wf.id);
      return list.length >= 1 ? list : undefined;
    });
    expect(runs[0].mode).toBe('webhook');
    expect(firstJson(await execution(runs[0].id), 'Hook')).toEqual([{ event: 'push', query: { source: 'test' }, header: 'e1', method: 'POST', webhook: 'default', url: registered.url }]);

    // The node answers itself (getResponseObject) and starts nothing; or answers without a run.
    const challenge = await post('/webhook/hook-1/events', { challenge: 'abc' });
    expect(challenge.statusCode).toBe(202);
    expect(challenge.body).toBe('abc');
    expect(challenge.headers['x-challenge']).toBe('yes');
    const ignored = await post('/webhook/hook-1/events', { ignore: true });
    expect(JSON.parse(ignored.body)).toEqual({ ignored: true });
    const broken = await post('/webhook/hook-1/events', { explode: true });
    expect(broken.statusCode).toBe(500);
    expect(JSON.parse(broken.body).message).toBe('The webhook of node "Hook" failed: The event could not be read');
    await sleep(300);
    expect(await executionsOf(wf.id)).toHaveLength(1);
    // Another method is not registered.
    expect((await s.server.app.inject({ method: 'GET', url: '/webhook/hook-1/events' })).statusCode).toBe(404);

    expect((await setActive(wf.id, false)).status).toBe(200);
    await until('the deletion', async () => hookLog.includes(`delete ${hookId}`));
    expect(hooks.size).toBe(0);
    expect((await post('/webhook/hook-1/events', { event: 'late' })).statusCode).toBe(404);
  }, 30_000);

  it('a test run registers the test URL at the service, listens on /webhook-test, runs in manual mode and deletes it', async () => {
    const wf = await create('Hook test', [hookNode({ webhookId: 'hook-2' })]);
    const r = await call(s, 'POST', '/rest/workflows/run', { workflowData: { id: wf.id, name: 'Hook test', nodes: [hookNode({ webhookId: 'hook-2' })], connections: {}, settings: { executionOrder: 'v1' } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.waitingForWebhook).toBe(true);
    // Registered before the answer, with the test URL, in manual mode.
    const [[testHookId, registered]] = [...hooks.entries()];
    expect(registered).toMatchObject({ url: expect.stringMatching(/\/webhook-test\/hook-2\/events$/), mode: 'manual', activation: 'manual' });
    const hit = await post('/webhook-test/hook-2/events', { event: 'test' });
    expect(hit.statusCode).toBe(200);
    expect(JSON.parse(hit.body)).toEqual({ received: 'test' });
    const runs = await until('the test run', async () => {
      const list = await executionsOf(wf.id);
      return list.length >= 1 ? list : undefined;
    });
    expect(runs[0].mode).toBe('manual');
    expect(firstJson(await execution(runs[0].id), 'Hook')?.[0]).toMatchObject({ event: 'test', url: expect.stringMatching(/\/webhook-test\/hook-2\/events$/) });
    // One call per listen; the listen's webhook is deleted at the service.
    expect((await post('/webhook-test/hook-2/events', { event: 'again' })).statusCode).toBe(404);
    await until('the test webhook deletion', async () => hookLog.includes(`delete ${testHookId}`));
    expect(hooks.size).toBe(0);

    // A listen stopped from the editor deletes it too.
    expect((await call(s, 'POST', '/rest/workflows/run', { workflowData: { id: wf.id, name: 'Hook test', nodes: [hookNode({ webhookId: 'hook-2' })], connections: {}, settings: { executionOrder: 'v1' } } })).body.data.waitingForWebhook).toBe(true);
    const [again] = [...hooks.keys()];
    expect((await call(s, 'DELETE', `/rest/test-webhook/${wf.id}`)).body.data).toBe(true);
    await until('the deletion after stop', async () => hookLog.includes(`delete ${again}`));
  }, 30_000);
});

// A real package from npm, unchanged: Formbricks' trigger (a webhook node with webhookMethods that
// register it through the Formbricks API with its credential), against a local Formbricks API.
describe('a real trigger package: @formbricks/n8n-nodes-formbricks 1.0.2', () => {
  const NAME = '@formbricks/n8n-nodes-formbricks';
  let credential: { id: string; name: string };

  beforeAll(async () => {
    registry.add(packReal(join(dir, 'real'), NAME, '1.0.2'));
    const r = await call(s, 'POST', '/rest/nodes', { name: NAME });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const c = await call(s, 'POST', '/rest/credentials', { name: 'Formbricks', type: 'formbricksApi', data: { host: serviceUrl, apiKey: 'fb-key' } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    credential = { id: c.body.data.id, name: 'Formbricks' };
  }, 120_000);

  it('activation registers the webhook at Formbricks, a call starts a run, deactivation deletes it', async () => {
    const trigger = node('Formbricks', `${NAME}.formbricks`, 1, [0, 0], { events: ['responseFinished'], surveyIds: ['survey-1'] }, { webhookId: 'fb-hook', credentials: { formbricksApi: credential } });
    const wf = await create('Formbricks responses', [trigger]);
    const on = await setActive(wf.id, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(formbricks.log).toEqual(['GET /api/v1/webhooks', 'POST /api/v1/webhooks']);
    expect(formbricks.keys.every((k) => k === 'fb-key')).toBe(true);
    const [[id, registered]] = [...formbricks.hooks.entries()];
    expect(registered).toMatchObject({ triggers: ['responseFinished'], surveyIds: ['survey-1'], source: 'n8n', url: expect.stringMatching(/\/webhook\/fb-hook\/webhook$/) });
    expect((await call(s, 'GET', `/rest/workflows/${wf.id}`)).body.data.staticData['node:Formbricks']).toEqual({ webhookId: id });

    const event = { event: 'responseFinished', data: { id: 'r1', surveyId: 'survey-1', finished: true } };
    const hit = await s.server.app.inject({ method: 'POST', url: '/webhook/fb-hook/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(hit.statusCode).toBe(200);
    expect(JSON.parse(hit.body)).toEqual({ message: 'Workflow was started' });
    const runs = await until('the Formbricks run', async () => {
      const list = await executionsOf(wf.id);
      return list.length >= 1 ? list : undefined;
    });
    expect(firstJson(await execution(runs[0].id), 'Formbricks')).toEqual([event]);

    expect((await setActive(wf.id, false)).status).toBe(200);
    await until('the deletion at Formbricks', async () => formbricks.log.includes(`DELETE /api/v1/webhooks/${id}`));
    expect(formbricks.hooks.size).toBe(0);
  }, 60_000);
});

describe('community triggers across a restart, an update and an uninstall', () => {
  it('a restarted server starts the triggers of active workflows again (activation "init"); polls go on from the stored static data', async () => {
    const r = await call(s, 'POST', '/rest/credentials', { name: 'Poller key 2', type: 'pollerApi', data: { key: 'k-456' } });
    const poller = node('Poller', `${PKG}.poller`, 1, [0, 0], { url: `${serviceUrl}/entries`, pollTimes: { item: [{ mode: 'custom', cronExpression: '* * * * * *' }] } }, { credentials: { pollerApi: { id: r.body.data.id, name: 'Poller key 2' } } });
    const polls = await create('Polls across restarts', [poller]);
    expect((await setActive(polls.id, true)).status).toBe(200);
    await until('the first poll run', async () => (await executionsOf(polls.id)).length === 1);
    const ticks = await create('Ticks across restarts', [ticker({ every: 200, label: 'R' })]);
    expect((await setActive(ticks.id, true)).status).toBe(200);
    // A trigger that takes 6 s to start after a restart does not hold the server's start.
    const slow = await create('Slow start', [ticker({ behaviour: 'slowStart', every: 200, label: 'Z' })]);
    expect((await setActive(slow.id, true)).status).toBe(200);

    await s.close();
    const closedBefore = closed.filter((c) => c === 'R').length;
    expect(closedBefore).toBe(1); // the shutdown closed the trigger
    const restarting = Date.now();
    s = await startServer(env(), { dataDir: s.dataDir });
    expect(Date.now() - restarting).toBeLessThan(5_500);
    expect((await call(s, 'GET', '/rest/active')).body.data).toEqual(expect.arrayContaining([polls.id, ticks.id, slow.id]));
    const runs = await until('a tick after the restart', async () => {
      const list = await executionsOf(ticks.id);
      const fresh = [];
      for (const e of list) {
        const json = firstJson(await execution(e.id), 'Ticker')?.[0];
        if (json?.activation === 'init') fresh.push(json);
      }
      return fresh.length ? fresh : undefined;
    });
    expect(runs[0]).toMatchObject({ label: 'R', mode: 'trigger', activation: 'init' });
    // The poller asked from the last id it had stored: nothing new, no run.
    await until('a poll after the restart', async () => entryRequests.filter((q) => q.key === 'k-456').length >= 3);
    expect(entryRequests.filter((q) => q.key === 'k-456').slice(1).every((q) => q.since === '3')).toBe(true);
    expect(await executionsOf(polls.id)).toHaveLength(1);
    expect((await setActive(polls.id, false)).status).toBe(200);
    // The slow one started meanwhile and runs.
    const slowRuns = await until('a run of the slow trigger', async () => {
      const list = await executionsOf(slow.id);
      for (const e of list) {
        const json = firstJson(await execution(e.id), 'Ticker')?.[0];
        if (json?.activation === 'init') return json;
      }
      return undefined;
    }, 20_000);
    expect(slowRuns).toMatchObject({ label: 'Z' });
    expect((await setActive(slow.id, false)).status).toBe(200);
    expect((await setActive(ticks.id, false)).status).toBe(200);
  }, 90_000);

  it('an update starts active triggers again with the new code; an uninstall stops them with the error kept', async () => {
    const wf = await create('Updated', [ticker({ every: 150, label: 'U' })]);
    expect((await setActive(wf.id, true)).status).toBe(200);
    await until('a run of 1.0.0', async () => (await executionsOf(wf.id)).length >= 1);
    registry.add(buildTriggerPackage(dir, { version: '1.1.0' }));
    const u = await call(s, 'PATCH', '/rest/nodes', { name: PKG });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.data.installedVersion).toBe('1.1.0');
    await until('the old trigger closed', async () => closed.includes('U'));
    const updated = await until('a run of 1.1.0', async () => {
      for (const e of (await executionsOf(wf.id)).slice(0, 3)) {
        const json = firstJson(await execution(e.id), 'Ticker')?.[0];
        if (json?.version === '1.1.0') return json;
      }
      return undefined;
    });
    expect(updated).toMatchObject({ label: 'U', activation: 'update' });

    const d = await call(s, 'DELETE', '/rest/nodes', { name: PKG });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    await until('the trigger closed by the uninstall', async () => closed.filter((c) => c === 'U').length === 2);
    expect((await call(s, 'GET', '/rest/active')).body.data).not.toContain(wf.id);
    expect((await call(s, 'GET', `/rest/active/error/${wf.id}`)).body.data.error.message).toMatch(/ticker/i);
    const count = (await executionsOf(wf.id)).length;
    await sleep(500);
    expect(await executionsOf(wf.id)).toHaveLength(count);
  }, 90_000);
});
