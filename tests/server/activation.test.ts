// Activation over a real server: webhooks and schedules are registered on activation and removed
// on deactivation, conflicts and bad settings are refused with the reason kept for
// GET /active/error/{id}, schedules honour the workflow's time zone, and active workflows come
// back after a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { chain, live, node, setNode, webhookNode, workflow, type Live } from './triggerHelpers.ts';
import type { INode } from '../../src/model/workflow.ts';
import { tempDataDir } from './helpers.ts';
import { Scheduler, type Clock } from '../../src/server/triggers/Scheduler.ts';
import { scheduleItem, scheduleRules } from '../../src/nodes/ScheduleTrigger/rules.ts';
import { compileCron } from '../../src/server/triggers/Scheduler.ts';

const open: Live[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.dispose();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function server(env: Record<string, string> = {}, dataDir?: string) {
  const t = await live(env, dataDir ? { dataDir } : {});
  if (!dataDir) open.push(t);
  return t;
}

async function executionsOf(t: Live, workflowId: string) {
  return (await t.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=100`)).body.data.results as Array<{ id: string; mode: string; status: string }>;
}

describe('activation', () => {
  it('registers production webhooks on activation and removes them on deactivation', async () => {
    const t = await server();
    const wf = (await t.api('POST', '/workflows', workflow('Toggle', [webhookNode({ path: 'toggle', httpMethod: 'GET' })]))).body.data;
    expect((await t.hook('toggle')).status).toBe(404);
    const on = await t.api('PATCH', `/workflows/${wf.id}`, { active: true });
    expect(on.status).toBe(200);
    expect(on.body.data.active).toBe(true);
    expect((await t.api('GET', '/active')).body.data).toEqual([wf.id]);
    expect((await t.hook('toggle')).status).toBe(200);
    const off = await t.api('PATCH', `/workflows/${wf.id}`, { active: false });
    expect(off.body.data.active).toBe(false);
    expect((await t.api('GET', '/active')).body.data).toEqual([]);
    expect((await t.hook('toggle')).status).toBe(404);
  });

  it('saving an active workflow re-registers its webhooks; deleting it removes them', async () => {
    const t = await server();
    const wf = await t.activate(workflow('Moves', [webhookNode({ path: 'before', httpMethod: 'GET' })]));
    const moved = wf.nodes.map((n: any) => (n.type === 'n8n-nodes-base.webhook' ? { ...n, parameters: { ...n.parameters, path: 'after' } } : n));
    expect((await t.api('PATCH', `/workflows/${wf.id}`, { nodes: moved })).status).toBe(200);
    expect((await t.hook('before')).status).toBe(404);
    expect((await t.hook('after')).status).toBe(200);
    await t.api('DELETE', `/workflows/${wf.id}`);
    expect((await t.hook('after')).status).toBe(404);
    expect((await t.api('GET', '/active')).body.data).toEqual([]);
  });

  it('refuses a path another active workflow owns, naming the node, and stores nothing', async () => {
    const t = await server();
    await t.activate(workflow('Owner', [webhookNode({ path: 'shared', httpMethod: 'POST' })]));
    const second = (await t.api('POST', '/workflows', workflow('Second', [webhookNode({ path: 'shared', httpMethod: 'POST' }, { name: 'My Hook' })]))).body.data;
    const r = await t.api('PATCH', `/workflows/${second.id}`, { active: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^The URL path that the "My Hook" node uses is already taken\. Please change it to something else\./);
    expect((await t.api('GET', `/workflows/${second.id}`)).body.data.active).toBe(false);
    expect((await t.api('GET', `/active/error/${second.id}`)).body.data.error.message).toMatch(/already taken/);
    // Another method on the same path is fine.
    const other = (await t.api('POST', '/workflows', workflow('Third', [webhookNode({ path: 'shared', httpMethod: 'GET' })]))).body.data;
    expect((await t.api('PATCH', `/workflows/${other.id}`, { active: true })).status).toBe(200);
  });

  it('refuses workflows without a trigger and bad schedules with a clear message', async () => {
    const t = await server();
    const bad = (await t.api('POST', '/workflows', workflow('Bad cron', [node('Cron', 'n8n-nodes-base.scheduleTrigger', 1.2, { rule: { interval: [{ field: 'cronExpression', expression: '61 * * * *' }] } })]))).body.data;
    const r = await t.api('PATCH', `/workflows/${bad.id}`, { active: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Invalid cron expression "61 \* \* \* \*" in node "Cron"/);
    expect((await t.api('GET', `/active/error/${bad.id}`)).body.data).toMatchObject({ error: { message: r.body.message } });
    expect((await t.api('GET', '/active/error/unknown')).status).toBe(404);
  });

  it('runs schedules (Schedule Trigger, Interval, Cron) in mode trigger and stops them on deactivation', async () => {
    const t = await server();
    const schedule = await t.activate(workflow('Every second', [node('Schedule', 'n8n-nodes-base.scheduleTrigger', 1.3, { rule: { interval: [{ field: 'seconds', secondsInterval: 1 }] } }), setNode('Mark', { ran: 'yes' })], undefined, { timezone: 'Asia/Tokyo' }));
    const interval = await t.activate(workflow('Interval', [node('Interval', 'n8n-nodes-base.interval', 1, { interval: 1, unit: 'seconds' })]));
    const cron = await t.activate(workflow('Cron', [node('Cron', 'n8n-nodes-base.cron', 1, { triggerTimes: { item: [{ mode: 'custom', cronExpression: '* * * * * *' }] } })]));
    const runs = await t.until(async () => {
      const all = [await executionsOf(t, schedule.id), await executionsOf(t, interval.id), await executionsOf(t, cron.id)];
      return all.every((l) => l.filter((e) => e.status === 'success').length >= 2) ? all : undefined;
    }, 8000);
    for (const list of runs) expect(list.every((e) => e.mode === 'trigger')).toBe(true);
    const e = (await t.api('GET', `/executions/${runs[0][0].id}`)).body.data;
    const item = e.data.resultData.runData.Schedule[0].data.main[0][0].json;
    expect(item.Timezone).toMatch(/^Asia\/Tokyo \(UTC\+09:00\)$/);
    expect(item.timestamp).toMatch(/\+09:00$/);
    for (const wf of [schedule, interval, cron]) await t.api('PATCH', `/workflows/${wf.id}`, { active: false });
    await new Promise((r) => setTimeout(r, 300));
    const counts = await Promise.all([schedule, interval, cron].map(async (wf) => (await executionsOf(t, wf.id)).length));
    await new Promise((r) => setTimeout(r, 1600));
    expect(await Promise.all([schedule, interval, cron].map(async (wf) => (await executionsOf(t, wf.id)).length))).toEqual(counts);
  });

  it('activates the workflows marked active again after a restart; one that fails keeps its error', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const a = await server({}, dataDir);
    const wf = await a.activate(workflow('Survives', [webhookNode({ path: 'survives', httpMethod: 'GET' })]));
    // Marked active in the database but not activatable (no trigger): as after a bad upgrade.
    const broken = (await a.api('POST', '/workflows', workflow('Broken', [setNode('Only', { a: 1 })]))).body.data;
    await a.s.server.db.updateTable('workflows').set({ active: true }).where('id', '=', broken.id).execute();
    await a.close();
    const b = await server({}, dataDir);
    try {
      expect((await b.api('GET', '/active')).body.data).toEqual([wf.id]);
      expect((await b.hook('survives')).status).toBe(200);
      expect((await b.api('GET', `/workflows/${broken.id}`)).body.data.active).toBe(true);
      expect((await b.api('GET', `/active/error/${broken.id}`)).body.data.error.message).toMatch(/has no node to start the workflow/);
    } finally {
      await b.close();
    }
  });
});

const HAS_ISSUES = 'The workflow has issues and cannot be executed for that reason. Please fix them first.';

describe('activation refuses node issues (the editor kernel, checked once at activation)', () => {
  const edit = (extra: Partial<INode> = {}) => node('Edit', 'n8n-nodes-base.set', 3.4, { mode: 'bogus', options: {} }, extra);
  const check = (extra: Partial<INode> = {}) => node('Check', 'n8n-nodes-base.if', 1, { combineOperation: 'xor', conditions: {} }, extra);
  const fetchNode = (extra: Partial<INode> = {}) => node('Fetch', 'n8n-nodes-base.httpRequest', 4.2, { url: '', options: {} }, extra);

  it('names each node and issue, keeps the error for GET /active/error and stays inactive', async () => {
    const t = await server();
    const wf = (await t.api('POST', '/workflows', workflow('Issues', [webhookNode({ path: 'issues', httpMethod: 'GET' }), edit(), check(), fetchNode()]))).body.data;
    const r = await t.api('PATCH', `/workflows/${wf.id}`, { active: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      [HAS_ISSUES, 'Edit: The value "bogus" is not supported!', 'Check: The value "xor" is not supported!', 'Fetch: Parameter "URL" is required.'].join('\n'),
    );
    expect((await t.api('GET', `/active/error/${wf.id}`)).body.data).toMatchObject({ error: { message: r.body.message } });
    expect((await t.api('GET', `/workflows/${wf.id}`)).body.data.active).toBe(false);
    expect((await t.api('GET', '/active')).body.data).toEqual([]);
    expect((await t.hook('issues')).status).toBe(404);
    // Schedules too; pinned data does not excuse a node in production.
    const cron = node('Cron', 'n8n-nodes-base.scheduleTrigger', 1.2, { rule: { interval: [{ field: 'hours', hoursInterval: 1 }] } });
    const scheduled = (await t.api('POST', '/workflows', { ...workflow('Scheduled', [cron, fetchNode()]), pinData: { Fetch: [{ json: {} }] } })).body.data;
    const s2 = await t.api('PATCH', `/workflows/${scheduled.id}`, { active: true });
    expect(s2.status).toBe(400);
    expect(s2.body.message).toBe(`${HAS_ISSUES}\nFetch: Parameter "URL" is required.`);
  });

  it('disabled nodes and nodes no trigger reaches do not block; fixed, it activates and runs', async () => {
    const t = await server();
    const hook = webhookNode({ path: 'fine', httpMethod: 'GET', responseMode: 'lastNode' });
    const ok = setNode('Ok', { a: 1 });
    const nodes = [hook, ok, edit({ disabled: true }), check(), fetchNode()];
    // Webhook → Ok → Edit (disabled); Check → Fetch hang on their own.
    const connections = { ...chain(hook, ok, nodes[2]), ...chain(nodes[3], nodes[4]) };
    const wf = await t.activate(workflow('Fine', nodes, connections));
    expect((await t.api('GET', '/active')).body.data).toEqual([wf.id]);
    expect(await (await t.hook('fine')).json()).toMatchObject({ a: 1 });
    // Connecting the broken branch makes the next save refuse, naming only the reached nodes.
    const r = await t.api('PATCH', `/workflows/${wf.id}`, { connections: chain(hook, ok, nodes[3], nodes[4]) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe([HAS_ISSUES, 'Check: The value "xor" is not supported!', 'Fetch: Parameter "URL" is required.'].join('\n'));
    expect((await t.hook('fine')).status).toBe(200);
  });

  it('a node type gone after a restart: the workflow stays marked active with the issue as its error', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const a = await server({}, dataDir);
    const hook = webhookNode({ path: 'gone', httpMethod: 'GET' });
    const wf = await a.activate(workflow('Gone', [hook, setNode('Mystery', { a: 1 })]));
    const nodes = wf.nodes.map((n: INode) => (n.name === 'Mystery' ? { ...n, type: 'acme.notInstalled', typeVersion: 1 } : n));
    await a.s.server.db.updateTable('workflows').set({ nodes: JSON.stringify(nodes) }).where('id', '=', wf.id).execute();
    await a.close();
    const b = await server({}, dataDir);
    try {
      expect((await b.api('GET', '/active')).body.data).toEqual([]);
      expect((await b.api('GET', `/workflows/${wf.id}`)).body.data.active).toBe(true);
      expect((await b.api('GET', `/active/error/${wf.id}`)).body.data.error.message).toBe(`${HAS_ISSUES}\nMystery: Node Type "acme.notInstalled" is not known.`);
      expect((await b.hook('gone')).status).toBe(404);
    } finally {
      await b.close();
    }
  });
});

describe('schedules in a time zone', () => {
  it('turns rules into cron times in the workflow zone (n8n recurrence for every N days)', () => {
    const daily = scheduleRules({ id: 'x', name: 'S', type: 'n8n-nodes-base.scheduleTrigger', typeVersion: 1.2, position: [0, 0], parameters: { rule: { interval: [{ field: 'days', triggerAtHour: 9, triggerAtMinute: 30 }] } } }, 'seed');
    const next = compileCron(daily[0].cron, 'America/New_York').nextRun(new Date('2024-07-01T00:00:00Z'))!;
    // 09:30 New York (EDT, UTC-4) is 13:30 UTC.
    expect(next.toISOString().slice(11, 16)).toBe('13:30');
    const winter = compileCron(daily[0].cron, 'America/New_York').nextRun(new Date('2024-01-10T00:00:00Z'))!;
    expect(winter.toISOString().slice(11, 16)).toBe('14:30');
    expect(scheduleItem(Date.parse('2024-01-10T14:30:00Z'), 'America/New_York', 1.2)).toMatchObject({ Hour: '09', Minute: '30', 'Day of week': 'Wednesday', Timezone: 'America/New_York (UTC-05:00)' });
  });

  it('a fake clock drives the scheduler without waiting for wall time', () => {
    let now = Date.parse('2024-03-01T00:00:00Z');
    const timers: Array<{ at: number; fn: () => void }> = [];
    const clock: Clock = { now: () => now, setTimeout: (fn, ms) => timers.push({ at: now + ms, fn }), clearTimeout: () => undefined };
    const fired: string[] = [];
    const scheduler = new Scheduler(clock);
    const stop = scheduler.start({ cron: '0 0 12 * * *', timezone: 'Europe/Berlin' }, (at) => fired.push(new Date(at).toISOString()));
    for (let i = 0; i < 3; i++) {
      const t = timers.shift()!;
      now = t.at;
      t.fn();
    }
    stop();
    expect(fired).toEqual(['2024-03-01T11:00:00.000Z', '2024-03-02T11:00:00.000Z', '2024-03-03T11:00:00.000Z']);
  });
});
