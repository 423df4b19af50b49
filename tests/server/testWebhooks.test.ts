// Test webhooks: a run of a workflow that starts at a webhook waits for one call to its test URL
// while the editor listens (waitingForWebhook), reports to the editor's push stream in order,
// and can be cancelled (DELETE /test-webhook/{id}) or times out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, openPush, setNode, webhookNode, workflow, type Live } from './triggerHelpers.ts';

let t: Live;
beforeAll(async () => {
  t = await live({}, { testWebhookTimeoutMs: 1500 });
});
afterAll(async () => {
  await t.dispose();
});

async function saved(name: string, path: string) {
  const wf = workflow(name, [webhookNode({ path, httpMethod: 'POST', responseMode: 'lastNode' }), setNode('Set', { seen: '={{ $json.body.v }}' })]);
  return (await t.api('POST', '/workflows', wf)).body.data;
}

describe('test webhooks', () => {
  it('waits for one call, then runs in manual mode and pushes testWebhookReceived before the run messages', async () => {
    const wf = await saved('Listen', 'listen');
    const push = await openPush(t.url, 'editor-1');
    try {
      expect((await t.hook('listen', { method: 'POST', endpoint: 'webhook-test' })).status).toBe(404);
      const run = await t.api('POST', '/workflows/run', { workflowData: wf }, { 'push-ref': 'editor-1' });
      expect(run.status).toBe(200);
      expect(run.body.data).toEqual({ waitingForWebhook: true });
      const r = await t.hook('listen', { method: 'POST', endpoint: 'webhook-test', headers: { 'content-type': 'application/json' }, body: '{"v":"hello"}' });
      expect(r.status).toBe(200);
      expect((await r.json()).seen).toBe('hello');
      await push.until((m) => m.type === 'executionFinished');
      const types = push.messages.map((m) => m.type);
      expect(types).toEqual(['testWebhookReceived', 'executionStarted', 'nodeExecuteBefore', 'nodeExecuteAfter', 'nodeExecuteBefore', 'nodeExecuteAfter', 'executionFinished']);
      const received = push.messages[0] as Extract<(typeof push.messages)[0], { type: 'testWebhookReceived' }>;
      expect(received.data.workflowId).toBe(wf.id);
      const executionId = received.data.executionId!;
      const finished = push.messages.at(-1) as Extract<(typeof push.messages)[0], { type: 'executionFinished' }>;
      expect(finished.data).toMatchObject({ executionId, status: 'success' });
      const e = (await t.api('GET', `/executions/${executionId}`)).body.data;
      expect(e.mode).toBe('manual');
      expect(e.data.resultData.runData.Webhook[0].data.main[0][0].json).toMatchObject({ body: { v: 'hello' }, executionMode: 'test', webhookUrl: `${t.url}webhook-test/listen` });
      // One call per listen.
      expect((await t.hook('listen', { method: 'POST', endpoint: 'webhook-test' })).status).toBe(404);
    } finally {
      push.close();
    }
  });

  it('DELETE /test-webhook/{id} stops listening and pushes testWebhookDeleted; so does the timeout', async () => {
    const wf = await saved('Cancel', 'cancel-me');
    const push = await openPush(t.url, 'editor-2');
    try {
      await t.api('POST', '/workflows/run', { workflowData: wf }, { 'push-ref': 'editor-2' });
      const del = await t.api('DELETE', `/test-webhook/${wf.id}`);
      expect(del.body.data).toBe(true);
      await push.until((m) => m.type === 'testWebhookDeleted' && m.data.workflowId === wf.id);
      expect((await t.hook('cancel-me', { method: 'POST', endpoint: 'webhook-test' })).status).toBe(404);
      expect((await t.api('DELETE', `/test-webhook/${wf.id}`)).body.data).toBe(false);

      push.messages.length = 0;
      await t.api('POST', '/workflows/run', { workflowData: wf }, { 'push-ref': 'editor-2' });
      await push.until((m) => m.type === 'testWebhookDeleted', 5000);
      expect((await t.hook('cancel-me', { method: 'POST', endpoint: 'webhook-test' })).status).toBe(404);
    } finally {
      push.close();
    }
  });

  it('runs at once when the webhook has pinned data, and refuses an unsaved workflow or a path another workflow listens on', async () => {
    const wf = await saved('Pinned', 'pinned');
    const run = await t.api('POST', '/workflows/run', { workflowData: { ...wf, pinData: { Webhook: [{ json: { body: { v: 'pinned' } } }] } } });
    expect(run.body.data.waitingForWebhook).toBe(false);
    expect(run.body.data.executionId).toBeTruthy();
    const unsaved = await t.api('POST', '/workflows/run', { workflowData: workflow('Unsaved', [webhookNode({ path: 'x', httpMethod: 'GET' })]) });
    expect(unsaved.status).toBe(400);
    expect(unsaved.body.message).toMatch(/Save the workflow before listening/);
    const a = await saved('A', 'same');
    const b = await saved('B', 'same');
    expect((await t.api('POST', '/workflows/run', { workflowData: a })).body.data.waitingForWebhook).toBe(true);
    const clash = await t.api('POST', '/workflows/run', { workflowData: b });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/is already taken/);
    await t.api('DELETE', `/test-webhook/${a.id}`);
  });
});
