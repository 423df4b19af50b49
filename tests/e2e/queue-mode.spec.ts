// Queue mode (issue 16) in the browser: the editor against a main process with two workers and a
// webhook process, all real processes on a real PostgreSQL and Redis (tests/support/queueCluster.ts).
// A manual run from the editor runs on a worker and its progress reaches the editor through Redis;
// a webhook with Respond to Webhook is answered from a worker; a Wait node is resumed through the
// webhook process; a worker killed mid-run leaves its execution crashed in the executions list.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { startQueueCluster, type QueueCluster, type QueueProcess } from '../support/queueCluster.ts';
import { canvasIdle, links, n, node, TYPES, toast, waitForCanvas } from './editing-helpers.ts';

const SHOTS = 'test-results/queue-mode';
mkdirSync(SHOTS, { recursive: true });

let c: QueueCluster;
let main: QueueProcess;
let hooks: QueueProcess;
let workers: QueueProcess[] = [];

async function rest(method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${main.url}rest${path}`, { method, headers: { 'content-type': 'application/json', origin: new URL(main.url).origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text).data : undefined;
}

async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() - t0 > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function openWorkflow(page: Page, id: string, nodes: number): Promise<void> {
  await page.goto(`${main.url}workflow/${id}`);
  await waitForCanvas(page);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __switchyard: { workflow: { nodes: Map<string, unknown> } } }).__switchyard.workflow.nodes.size)).toBe(nodes);
  await canvasIdle(page);
}

test.describe('queue mode: main, two workers and a webhook process', () => {
  test.setTimeout(240_000);

  test.beforeAll(async () => {
    c = await startQueueCluster({ SWITCHYARD_QUEUE_OFFLOAD_MANUAL_EXECUTIONS: 'true', SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' });
    main = await c.start('main');
    workers = await Promise.all([c.start('worker'), c.start('worker')]);
    hooks = await c.start('webhook');
    const skipped = await fetch(`${main.url}rest/owner/skip-setup`, { method: 'POST', headers: { origin: new URL(main.url).origin } });
    expect(skipped.ok).toBe(true);
  });

  test.afterAll(async () => {
    await c?.dispose();
  });

  test('a manual run, a Respond to Webhook call, a Wait resume and a killed worker', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // 1. A manual run from the editor: offloaded to a worker; progress comes back through Redis.
    const manual = await rest('POST', '/workflows', {
      name: 'Queue manual',
      settings: { executionOrder: 'v1' },
      nodes: [n('Start', TYPES.trigger, [240, 300]), n('Greeting', TYPES.set, [520, 300], { assignments: { assignments: [{ id: '1', name: 'hello', value: '={{ "from a worker" }}', type: 'string' }] }, options: {} }, 3.4)],
      connections: links([['Start', 'Greeting']]),
    });
    await openWorkflow(page, manual.id, 2);
    await page.getByTestId('execute-workflow').click();
    await expect(toast(page, 'Workflow executed successfully')).toBeVisible();
    await expect(node(page, 'Greeting')).toHaveAttribute('aria-label', 'Greeting, has data, 1 item');
    await page.screenshot({ path: `${SHOTS}/01-manual-run-on-a-worker.png` });

    // 2. Respond to Webhook on the webhook process, answered from a worker.
    const respond = await rest('POST', '/workflows', {
      name: 'Queue respond',
      settings: { executionOrder: 'v1' },
      nodes: [
        { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'POST', path: 'e2e-queue-respond', responseMode: 'responseNode', options: {} }, 2), webhookId: crypto.randomUUID() },
        n('Respond', 'n8n-nodes-base.respondToWebhook', [520, 300], { respondWith: 'json', responseBody: '={{ { "sum": $json.body.a + $json.body.b } }}', options: {} }, 1.1),
      ],
      connections: links([['Webhook', 'Respond']]),
    });
    await rest('PATCH', `/workflows/${respond.id}`, { active: true });
    const answer = await until(async () => {
      const r = await fetch(`${hooks.url}webhook/e2e-queue-respond`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 2, b: 3 }) });
      return r.status === 404 ? undefined : r;
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ sum: 5 });

    // 3. A Wait node waiting for a call: resumed through the webhook process, finished on a worker.
    const waiting = await rest('POST', '/workflows', {
      name: 'Queue wait',
      settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all' },
      nodes: [
        { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'POST', path: 'e2e-queue-wait', responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
        { ...n('Pause', 'n8n-nodes-base.wait', [520, 300], { resume: 'webhook', httpMethod: 'POST', responseMode: 'onReceived', options: {} }, 1.1), webhookId: crypto.randomUUID() },
        n('After', TYPES.set, [800, 300], { assignments: { assignments: [{ id: '1', name: 'resumed', value: '={{ $json.body.k }}', type: 'string' }] }, options: {} }, 3.4),
      ],
      connections: links([['Webhook', 'Pause'], ['Pause', 'After']]),
    });
    await rest('PATCH', `/workflows/${waiting.id}`, { active: true });
    await until(async () => (await fetch(`${hooks.url}webhook/e2e-queue-wait`, { method: 'POST' })).status === 200);
    const parked = await until(async () => (await rest('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: waiting.id, status: 'waiting' }))}`)).results[0]);
    const resumed = await fetch(`${hooks.url}webhook-waiting/${parked.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ k: 'resumed on a worker' }) });
    expect(resumed.status).toBe(200);
    await until(async () => (await rest('GET', `/executions/${parked.id}`)).status === 'success');

    // 4. A worker killed mid-run: the execution ends crashed, not stuck, and the editor lists it so.
    const slow = await rest('POST', '/workflows', {
      name: 'Queue killed',
      settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all' },
      nodes: [
        { ...n('Webhook', 'n8n-nodes-base.webhook', [240, 300], { httpMethod: 'POST', path: 'e2e-queue-kill', responseMode: 'onReceived', options: {} }, 2), webhookId: crypto.randomUUID() },
        n('Busy', 'n8n-nodes-base.code', [520, 300], { mode: 'runOnceForAllItems', jsCode: 'const t = Date.now(); while (Date.now() - t < 10000) {} return $input.all();' }, 2),
      ],
      connections: links([['Webhook', 'Busy']]),
    });
    await rest('PATCH', `/workflows/${slow.id}`, { active: true });
    await until(async () => (await fetch(`${hooks.url}webhook/e2e-queue-kill`, { method: 'POST' })).status === 200);
    const running = await until(async () => ((await rest('GET', '/executions-current')) as any[]).find((e) => e.workflowId === slow.id && e.status === 'running'));
    await Promise.all(workers.map((w) => w.kill()));
    workers = [await c.start('worker')];
    await until(async () => (await rest('GET', `/executions/${running.id}`)).status === 'crashed');

    await openWorkflow(page, slow.id, 2);
    await page.getByTestId('sidebar-executions').click();
    const row = page.getByTestId('executions-dialog').locator(`[data-testid="executions-row"][data-id="${running.id}"]`);
    await expect(row).toContainText('crashed');
    await expect(row).toContainText('The worker running this execution stopped before it ended');
    await page.screenshot({ path: `${SHOTS}/02-crashed-execution-listed.png` });
    expect(errors).toEqual([]);
  });
});
