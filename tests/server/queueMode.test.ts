// Queue mode (issue 16) with real parts: PostgreSQL, Redis, and Switchyard as separate processes
// (a main, two workers, a webhook process) started as in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueueCluster, type QueueCluster, type QueueProcess } from '../support/queueCluster.ts';
import { chain, node, openPush, setNode, webhookNode, workflow } from './triggerHelpers.ts';

let c: QueueCluster;
let main: QueueProcess;
let workers: QueueProcess[];
let hooks: QueueProcess;

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(`${main.url}rest${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  try {
    return { status: r.status, body: JSON.parse(text) };
  } catch {
    return { status: r.status, body: text };
  }
}

async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() - t0 > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function activate(wf: ReturnType<typeof workflow>): Promise<any> {
  const created = await api('POST', '/workflows', wf);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const r = await api('PATCH', `/workflows/${created.body.data.id}`, { active: true });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** Which process ran an execution: its pid, as a Code node reports it. */
const WHO = node('Who', 'n8n-nodes-base.code', 2, { jsCode: 'return [{ json: { ...$json, at: Date.now() } }];', mode: 'runOnceForAllItems' });

beforeAll(async () => {
  c = await startQueueCluster();
  main = await c.start('main');
  workers = await Promise.all([c.start('worker'), c.start('worker')]);
  hooks = await c.start('webhook');
}, 120_000);

afterAll(async () => {
  await c?.dispose();
}, 60_000);

describe('queue mode', () => {
  it('settings say queue; health and readiness answer on every process', async () => {
    expect((await api('GET', '/settings')).body.data.executionMode).toBe('queue');
    for (const p of [main, ...workers, hooks]) {
      const base = p.url.replace(/\/$/, '');
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/healthz/readiness`);
      expect(ready.status, `${p.role}: ${await ready.text()}`).toBe(200);
    }
  });

  it('a production webhook on the webhook process runs on a worker and answers with the last node', async () => {
    const hook = webhookNode({ path: 'q-last', httpMethod: 'POST', responseMode: 'lastNode' });
    const set = setNode('Set', { greeting: '={{ "hello " + $json.body.name }}' });
    await activate(workflow('Queue last node', [hook, set], chain(hook, set)));
    const r = await until(async () => {
      const res = await fetch(`${hooks.url}webhook/q-last`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'queue' }) });
      return res.status === 404 ? undefined : res;
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ greeting: 'hello queue' });
    // Saved by the worker, visible on main.
    const list = await until(async () => {
      const l = await api('GET', '/executions');
      return l.body.data.results.find((e: any) => e.workflowName === 'Queue last node' && e.status === 'success');
    });
    expect(list.mode).toBe('webhook');
  }, 60_000);

  it('Respond to Webhook answers from the worker through Redis', async () => {
    const hook = webhookNode({ path: 'q-respond', httpMethod: 'POST', responseMode: 'responseNode' });
    const respond = node('Respond', 'n8n-nodes-base.respondToWebhook', 1.1, { respondWith: 'json', responseBody: '={{ { "echo": $json.body.n * 2 } }}', options: { responseCode: 201 } });
    const after = node('After', 'n8n-nodes-base.wait', 1.1, { resume: 'timeInterval', amount: 1, unit: 'seconds' });
    await activate(workflow('Queue respond', [hook, respond, after], chain(hook, respond, after)));
    const r = await until(async () => {
      const res = await fetch(`${hooks.url}webhook/q-respond`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: 21 }) });
      return res.status === 404 ? undefined : res;
    });
    expect(r.status).toBe(201);
    expect(await r.json()).toEqual({ echo: 42 });
  }, 60_000);

  it('a manual run from the editor runs on a worker when offloaded, and its push messages reach the editor on main', async () => {
    // This main keeps manual runs; a second main offloads them (SWITCHYARD_QUEUE_OFFLOAD_MANUAL_EXECUTIONS).
    const main2 = await c.start('main', { SWITCHYARD_QUEUE_OFFLOAD_MANUAL_EXECUTIONS: 'true' });
    const push = await openPush(main2.url, 'editor-q1');
    try {
      const trigger = node('Start', 'n8n-nodes-base.manualTrigger', 1);
      const set = setNode('Set', { x: 7 });
      const wf = workflow('Queue manual', [trigger, set, WHO], chain(trigger, set, WHO));
      const r = await fetch(`${main2.url}rest/workflows/run`, { method: 'POST', headers: { 'content-type': 'application/json', 'push-ref': 'editor-q1' }, body: JSON.stringify({ workflowData: wf }) });
      expect(r.status).toBe(200);
      const { executionId } = ((await r.json()) as any).data;
      await push.until((m) => m.type === 'nodeExecuteAfter' && (m.data as any).nodeName === 'Who', 30_000);
      const finished = await push.until((m) => m.type === 'executionFinished' && (m.data as any).executionId === executionId, 30_000);
      expect((finished.data as any).status).toBe('success');
    } finally {
      push.close();
      await main2.stop();
    }
  }, 60_000);

  it('executions-current on main lists a run on a worker, and stop ends it', async () => {
    const hook = webhookNode({ path: 'q-slow', httpMethod: 'POST', responseMode: 'onReceived' });
    const wait = node('Slow', 'n8n-nodes-base.code', 2, { jsCode: 'const t = Date.now(); while (Date.now() - t < 20000) {} return $input.all();', mode: 'runOnceForAllItems' });
    await activate(workflow('Queue slow', [hook, wait], chain(hook, wait)));
    await until(async () => (await fetch(`${hooks.url}webhook/q-slow`, { method: 'POST' })).status === 200);
    const running = await until(async () => {
      const r = await api('GET', '/executions-current');
      return (r.body.data as any[]).find((e) => e.workflowName === 'Queue slow' && e.status === 'running');
    });
    const stopped = await api("POST", `/executions-current/${running.id}/stop`);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.data.status).toBe('canceled');
    await until(async () => !((await api('GET', '/executions-current')).body.data as any[]).some((e) => e.id === running.id));
  }, 60_000);

  it('a worker killed with -9 mid-run leaves the execution crashed, not stuck, and the queue goes on', async () => {
    const hook = webhookNode({ path: 'q-kill', httpMethod: 'POST', responseMode: 'onReceived' });
    const slow = node('Long', 'n8n-nodes-base.wait', 1.1, { resume: 'timeInterval', amount: 4, unit: 'seconds' });
    const code = node('Busy', 'n8n-nodes-base.code', 2, { jsCode: 'const t = Date.now(); while (Date.now() - t < 8000) {} return $input.all();', mode: 'runOnceForAllItems' });
    await activate(workflow('Queue kill', [hook, code, slow], chain(hook, code, slow), { saveDataSuccessExecution: 'all' }));
    await until(async () => (await fetch(`${hooks.url}webhook/q-kill`, { method: 'POST' })).status === 200);
    const running = await until(async () => {
      const r = await api('GET', '/executions-current');
      return (r.body.data as any[]).find((e) => e.workflowName === 'Queue kill' && e.status === 'running');
    });
    // Kill whichever worker runs it: both, then start a fresh one.
    await Promise.all(workers.map((w) => w.kill()));
    workers = [await c.start('worker')];
    const e = await until(async () => {
      const r = await api('GET', `/executions/${running.id}`);
      return r.body.data?.status === 'crashed' ? r.body.data : undefined;
    }, 30_000);
    expect(e.finished).toBe(false);
    // The queue still works.
    const hook2 = webhookNode({ path: 'q-after-kill', httpMethod: 'POST', responseMode: 'lastNode' });
    const set = setNode('Set', { ok: 'yes' });
    await activate(workflow('Queue after kill', [hook2, set], chain(hook2, set)));
    const r = await until(async () => {
      const res = await fetch(`${hooks.url}webhook/q-after-kill`, { method: 'POST' });
      return res.status === 404 ? undefined : res;
    });
    expect(await r.json()).toMatchObject({ ok: 'yes' });
  }, 90_000);

  it('queued executions survive a Redis restart (no persistence): main queues them again', async () => {
    // No worker takes jobs meanwhile.
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
    const hook = webhookNode({ path: 'q-redis', httpMethod: 'POST', responseMode: 'onReceived' });
    const set = setNode('Set', { survived: 'yes' });
    await activate(workflow('Queue redis restart', [hook, set], chain(hook, set), { saveDataSuccessExecution: 'all' }));
    await until(async () => (await fetch(`${hooks.url}webhook/q-redis`, { method: 'POST' })).status === 200);
    // Queued by the webhook process, listed by main while no worker has taken it.
    await until(async () => ((await api('GET', '/executions-current')).body.data as any[]).find((e) => e.workflowName === 'Queue redis restart' && e.status === 'new'));
    await c.restartRedis();
    workers = [await c.start('worker')];
    const done = await until(async () => {
      const l = await api('GET', '/executions');
      return (l.body.data.results as any[]).find((e) => e.workflowName === 'Queue redis restart' && e.status === 'success');
    }, 60_000);
    expect(done).toBeTruthy();
  }, 120_000);
});

describe('queue mode across processes', () => {
  it('a Wait node waiting for a call resumes through the queue: the call to the webhook process, the run on a worker', async () => {
    if (workers.length === 0) workers = [await c.start('worker')];
    const hook = webhookNode({ path: 'q-wait', httpMethod: 'POST', responseMode: 'onReceived' });
    const wait = node('Pause', 'n8n-nodes-base.wait', 1.1, { resume: 'webhook', httpMethod: 'POST', responseMode: 'onReceived', options: {} }, { webhookId: 'q-wait-resume' });
    const set = setNode('After', { resumed: '={{ "yes " + $json.body.k }}' });
    await activate(workflow('Queue wait', [hook, wait, set], chain(hook, wait, set), { saveDataSuccessExecution: 'all' }));
    await until(async () => (await fetch(`${hooks.url}webhook/q-wait`, { method: 'POST' })).status === 200);
    const waiting = await until(async () => {
      const l = await api('GET', '/executions');
      return (l.body.data.results as any[]).find((e) => e.workflowName === 'Queue wait' && e.status === 'waiting');
    });
    const resumed = await fetch(`${hooks.url}webhook-waiting/${waiting.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ k: 'from the call' }) });
    expect(resumed.status).toBe(200);
    const done = await until(async () => {
      const r = await api('GET', `/executions/${waiting.id}`);
      return r.body.data?.status === 'success' ? r.body.data : undefined;
    }, 30_000);
    expect(JSON.stringify(done.data.resultData.runData.After)).toContain('"resumed":"yes from the call"');
  }, 60_000);

  it('with two main processes, a schedule fires once per interval (one leads)', async () => {
    const main2 = await c.start('main');
    try {
      const schedule = node('Every second', 'n8n-nodes-base.scheduleTrigger', 1.2, { rule: { interval: [{ field: 'seconds', secondsInterval: 1 }] } });
      await activate(workflow('Queue schedule', [schedule], {}, { saveDataSuccessExecution: 'all' }));
      await new Promise((r) => setTimeout(r, 5500));
      const created = await api('GET', '/workflows');
      const wf = (created.body.data as any[]).find((w) => w.name === 'Queue schedule');
      await api('PATCH', `/workflows/${wf.id}`, { active: false });
      await new Promise((r) => setTimeout(r, 1500));
      const l = await api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: wf.id }))}`);
      const runs = l.body.data.results.length;
      // One leader: ~5 runs in 5.5 s; both mains firing would give ~10.
      expect(runs).toBeGreaterThanOrEqual(3);
      expect(runs).toBeLessThanOrEqual(7);
    } finally {
      await main2.stop();
    }
  }, 60_000);
});

describe('queue mode: retries and error workflows', () => {
  it('a failed run retried from main runs again on a worker, and its error workflow ran there too', async () => {
    if (workers.length === 0) workers = [await c.start('worker')];
    const errTrigger = node('On error', 'n8n-nodes-base.errorTrigger', 1);
    const note = setNode('Noted', { failed: '={{ $json.execution.id }}' });
    const errWf = (await api('POST', '/workflows', workflow('Queue error handler', [errTrigger, note], chain(errTrigger, note), { saveDataSuccessExecution: 'all' }))).body.data;
    const hook = webhookNode({ path: 'q-fail', httpMethod: 'POST', responseMode: 'onReceived' });
    const fail = node('Fail', 'n8n-nodes-base.code', 2, { jsCode: "if (!$json.body.ok) throw new Error('not ok'); return $input.all();", mode: 'runOnceForAllItems' });
    await activate(workflow('Queue failing', [hook, fail], chain(hook, fail), { errorWorkflow: errWf.id, saveDataErrorExecution: 'all' }));
    await until(async () => (await fetch(`${hooks.url}webhook/q-fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ok":false}' })).status === 200);
    const failed = await until(async () => {
      const l = await api('GET', '/executions');
      return (l.body.data.results as any[]).find((e) => e.workflowName === 'Queue failing' && e.status === 'error');
    });
    // The error workflow ran (on the worker that ran the failure).
    await until(async () => {
      const l = await api('GET', '/executions');
      return (l.body.data.results as any[]).some((e) => e.workflowName === 'Queue error handler' && e.status === 'success');
    });
    const retried = await api('POST', `/executions/${failed.id}/retry`, { loadWorkflow: false });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const again = await until(async () => {
      const l = await api('GET', '/executions');
      return (l.body.data.results as any[]).find((e) => e.retryOf === failed.id && e.status !== 'new' && e.status !== 'running');
    });
    expect(again.status).toBe('error');
  }, 60_000);
});
