// Operations endpoints (issue 16): /healthz, /healthz/readiness and, with SWITCHYARD_METRICS,
// Prometheus metrics at /metrics counting what really ran on a live server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, live, node, webhookNode, workflow, type Live } from './triggerHelpers.ts';

/** The value of one sample line of a Prometheus text answer (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== '{' && rest[0] !== ' ') continue;
    const ok = Object.entries(labels).every(([k, v]) => rest.includes(`${k}="${v}"`));
    if (ok) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('with SWITCHYARD_METRICS', () => {
  let t: Live;
  beforeAll(async () => {
    t = await live({ SWITCHYARD_METRICS: 'true' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('health answers without a session; readiness checks the database', async () => {
    const health = await fetch(`${t.url}healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.url}healthz/readiness`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });

  it('counts executions by mode and status, their durations, active workflows and webhook requests', async () => {
    const before = await (await fetch(`${t.url}metrics`)).text();
    expect(before).toContain('# TYPE n8n_executions_finished_total counter');
    expect(before).toMatch(/n8n_nodejs_eventloop_lag_seconds \d/);
    expect(before).toMatch(/n8n_nodejs_heap_size_used_bytes \d/);

    const trigger = node('Trigger', 'n8n-nodes-base.manualTrigger', 1);
    const fail = node('Fail', 'n8n-nodes-base.stopAndError', 1, { errorMessage: 'on purpose' });
    for (const wf of [workflow('ok', [trigger], {}), workflow('fails', [trigger, fail], chain(trigger, fail))]) {
      const r = await t.api('POST', '/workflows/run', { workflowData: wf });
      expect(r.status).toBe(200);
      await t.until(async () => {
        const e = await t.api('GET', `/executions/${r.body.data.executionId}`);
        return e.body?.data?.status && e.body.data.status !== 'running' && e.body.data.status !== 'new' ? true : undefined;
      });
    }
    const hook = webhookNode({ path: 'metrics-hook', httpMethod: 'POST', responseMode: 'onReceived' });
    await t.activate(workflow('hook', [hook], {}));
    expect((await t.hook('metrics-hook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
    expect((await t.hook('metrics-nothing-here', { method: 'POST' })).status).toBe(404);

    const after = await t.until(async () => {
      const text = await (await fetch(`${t.url}metrics`)).text();
      return sample(text, 'n8n_executions_finished_total', { mode: 'webhook', status: 'success' }) >= 1 ? text : undefined;
    });
    expect(sample(after, 'n8n_executions_started_total', { mode: 'manual' }) - sample(before, 'n8n_executions_started_total', { mode: 'manual' })).toBe(2);
    expect(sample(after, 'n8n_executions_finished_total', { mode: 'manual', status: 'success' })).toBe(1);
    expect(sample(after, 'n8n_executions_finished_total', { mode: 'manual', status: 'error' })).toBe(1);
    expect(sample(after, 'n8n_execution_duration_seconds_count', { mode: 'manual', status: 'error' })).toBe(1);
    expect(sample(after, 'n8n_active_workflows')).toBe(1);
    expect(sample(after, 'n8n_executions_running')).toBe(0);
    expect(sample(after, 'n8n_webhook_request_duration_seconds_count', { method: 'POST', status_code: '200' })).toBe(1);
    expect(sample(after, 'n8n_webhook_request_duration_seconds_count', { method: 'POST', status_code: '404' })).toBe(1);
  });
});

describe('without it (the default)', () => {
  it('/metrics is not served; health is', async () => {
    const t = await live({ SWITCHYARD_METRICS_PREFIX: 'custom_' });
    try {
      // Not metrics: the editor's history-mode fallback answers the path (503 here, without a build).
      const metrics = await fetch(`${t.url}metrics`);
      expect(metrics.headers.get('content-type') ?? '').not.toMatch(/version=0\.0\.4/);
      expect(await metrics.text()).not.toContain('# TYPE');
      expect((await fetch(`${t.url}healthz`)).status).toBe(200);
    } finally {
      await t.dispose();
    }
  });

  it('a bad prefix is refused at start', async () => {
    await expect(live({ SWITCHYARD_METRICS_PREFIX: '9bad-prefix' })).rejects.toThrow(/SWITCHYARD_METRICS_PREFIX must be letters, digits and underscores/);
  });
});
