// Error workflows (mode 'error', n8n's error item), retry of failed executions with the saved or
// the original workflow (retryOf / retrySuccessId, spec 001 §4.9 rules), and binary data over the
// inline limit kept on disk, served by GET /rest/data/{id} and removed with its execution.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, node, setNode, webhookNode, workflow, type Live } from './triggerHelpers.ts';

let t: Live;
beforeAll(async () => {
  t = await live({ SWITCHYARD_BINARY_DATA_INLINE_MAX: '1024' });
});
afterAll(async () => {
  await t.dispose();
});

const byWorkflow = async (workflowId: string) =>
  (await t.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`)).body.data.results as Array<{ id: string; mode: string; status: string; retryOf: string | null; retrySuccessId: string | null }>;

describe('error workflows', () => {
  it('runs the workflow named in settings.errorWorkflow in mode error with the failure', async () => {
    const handler = (await t.api('POST', '/workflows', workflow('On error', [node('Error Trigger', 'n8n-nodes-base.errorTrigger', 1), setNode('Note', { failed: '={{ $json.execution.lastNodeExecuted }}' })]))).body.data;
    const failing = await t.activate(
      workflow('Fails', [webhookNode({ path: 'will-fail', httpMethod: 'GET' }), node('Boom', 'n8n-nodes-base.code', 2, { jsCode: "throw new Error('kaputt')" })], undefined, { errorWorkflow: handler.id }),
    );
    await t.hook('will-fail');
    const [errorRun] = await t.until(async () => {
      const l = await byWorkflow(handler.id);
      return l.length && l[0].status === 'success' ? l : undefined;
    });
    expect(errorRun.mode).toBe('error');
    const e = (await t.api('GET', `/executions/${errorRun.id}`)).body.data;
    const item = e.data.resultData.runData['Error Trigger'][0].data.main[0][0].json;
    const [failed] = await byWorkflow(failing.id);
    expect(item).toMatchObject({
      execution: { id: failed.id, mode: 'webhook', lastNodeExecuted: 'Boom', error: { message: 'kaputt' }, url: `${t.url}workflow/${failing.id}/executions/${failed.id}` },
      workflow: { id: failing.id, name: 'Fails' },
    });
    expect(e.data.resultData.runData.Note[0].data.main[0][0].json.failed).toBe('Boom');
  });

  it('does not run for manual executions', async () => {
    const handler = (await t.api('POST', '/workflows', workflow('Unused handler', [node('Error Trigger', 'n8n-nodes-base.errorTrigger', 1)]))).body.data;
    const wf = (await t.api('POST', '/workflows', workflow('Manual fail', [node('Start', 'n8n-nodes-base.manualTrigger', 1), node('Boom', 'n8n-nodes-base.code', 2, { jsCode: "throw new Error('x')" })], undefined, { errorWorkflow: handler.id, saveManualExecutions: true }))).body.data;
    await t.api('POST', '/workflows/run', { workflowData: wf });
    await t.until(async () => ((await byWorkflow(wf.id))[0]?.status === 'error' ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(await byWorkflow(handler.id)).toEqual([]);
  });
});

describe('retry', () => {
  it('reruns from the failed node with the original or the saved workflow; records retryOf and retrySuccessId', async () => {
    const hook = webhookNode({ path: 'retry-me', httpMethod: 'POST' });
    const guard = node('Guard', 'n8n-nodes-base.code', 2, { jsCode: "if ($input.first().json.body.ok !== true) throw new Error('not ok'); return $input.all();" });
    const wf = await t.activate(workflow('Retry', [hook, guard, setNode('After', { fine: 'yes' })]));
    await t.hook('retry-me', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ok":false}' });
    const [failed] = await t.until(async () => {
      const l = await byWorkflow(wf.id);
      return l[0]?.status === 'error' ? l : undefined;
    });

    // The original workflow still fails: a retry that fails answers false.
    const first = await t.api('POST', `/executions/${failed.id}/retry`, { loadWorkflow: false });
    expect(first.body.data).toBe(false);
    // Fix the workflow, then retry with the saved one.
    const fixed = wf.nodes.map((n: any) => (n.name === 'Guard' ? { ...n, parameters: { jsCode: 'return $input.all();' } } : n));
    await t.api('PATCH', `/workflows/${wf.id}`, { nodes: fixed });
    const second = await t.api('POST', `/executions/${failed.id}/retry`, { loadWorkflow: true });
    expect(second.body.data).toBe(true);

    const list = await byWorkflow(wf.id);
    const retries = list.filter((e) => e.retryOf === failed.id);
    expect(retries.map((e) => [e.mode, e.status])).toEqual([['retry', 'success'], ['retry', 'error']]);
    const original = (await t.api('GET', `/executions/${failed.id}`)).body.data;
    expect(original.retrySuccessId).toBe(retries[0].id);
    const retried = (await t.api('GET', `/executions/${retries[0].id}`)).body.data;
    // The webhook did not run again: its data came from the failed execution.
    expect(retried.data.resultData.runData.Webhook).toHaveLength(1);
    expect(retried.data.resultData.runData.After[0].data.main[0][0].json.fine).toBe('yes');

    // Rules: no retry of a retried-successfully execution, of a success, or of a retry.
    expect((await t.api('POST', `/executions/${failed.id}/retry`, {})).body.message).toMatch(/already retried successfully/);
    expect((await t.api('POST', `/executions/${retries[0].id}/retry`, {})).body.message).toBe('The execution succeeded, so it cannot be retried.');
    expect((await t.api('POST', `/executions/${retries[1].id}/retry`, {})).body.message).toMatch(/is a retry of execution/);
    expect((await t.api('POST', '/executions/424242/retry', {})).status).toBe(404);
    expect((await t.api('POST', `/executions/${failed.id}/retry`, { loadWorkflow: 'yes' })).status).toBe(400);
  });
});

describe('binary data on disk', () => {
  it('keeps files over the inline limit out of the run data, serves them, and deletes them with the execution', async () => {
    const hook = webhookNode({ path: 'upload-big', httpMethod: 'POST', responseMode: 'lastNode', responseData: 'firstEntryBinary' });
    const wf = await t.activate(workflow('Big file', [hook]));
    const bytes = Buffer.alloc(50_000, 7);
    const r = await t.hook('upload-big', { method: 'POST', headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="pic.png"' }, body: bytes });
    expect(Buffer.from(await r.arrayBuffer()).equals(bytes)).toBe(true);
    const [e] = await t.until(async () => {
      const l = await byWorkflow(wf.id);
      return l[0]?.status === 'success' ? l : undefined;
    });
    const full = (await t.api('GET', `/executions/${e.id}`)).body.data;
    const binary = full.data.resultData.runData.Webhook[0].data.main[0][0].binary.data;
    expect(binary).toMatchObject({ mimeType: 'image/png', fileName: 'pic.png', fileExtension: 'png', fileSize: '48.8 kB' });
    expect(binary.data).toBeUndefined();
    expect(binary.id).toMatch(new RegExp(`^filesystem-v2:executions/${e.id}/binary_data/`));

    const served = await fetch(`${t.url}rest/data/${encodeURIComponent(binary.id)}?action=download`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="pic.png"/);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const asJson = await fetch(`${t.url}rest/data/${encodeURIComponent(binary.id)}`);
    expect(asJson.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Buffer.from(((await asJson.json()) as { data: string }).data, 'base64').equals(bytes)).toBe(true);
    const viewed = await fetch(`${t.url}rest/data/${encodeURIComponent(binary.id)}?action=view`);
    expect(viewed.headers.get('content-disposition')).toMatch(/^inline; filename="pic.png"/);
    expect(viewed.headers.get('content-security-policy')).toBe('sandbox');
    expect(Buffer.from(await viewed.arrayBuffer()).equals(bytes)).toBe(true);
    const folder = join(t.s.dataDir, 'binaryData', e.id);
    expect(readdirSync(folder)).toHaveLength(2);

    await t.api('POST', '/executions/delete', { ids: [e.id] });
    expect(existsSync(folder)).toBe(false);
    expect((await fetch(`${t.url}rest/data/${encodeURIComponent(binary.id)}`)).status).toBe(404);
    expect((await fetch(`${t.url}rest/data/..%2F..%2Fdatabase.sqlite`)).status).toBe(404);
  });
});
