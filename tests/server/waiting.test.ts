// Waiting executions: a short Wait sleeps in place; a long one (an interval, or a date far enough
// away) parks the execution (saved with its state) and the wait tracker resumes it, also after the
// server restarted; a webhook wait resumes at $execution.resumeUrl, also across a restart.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { live, node, setNode, webhookNode, workflow, chain, type Live } from './triggerHelpers.ts';
import { tempDataDir } from './helpers.ts';
import { systemClock, type Clock } from '../../src/server/triggers/Scheduler.ts';

const dirs: string[] = [];
const open: Live[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.dispose().catch(() => undefined);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The system clock moved forward: what a restart long after the wait looks like. */
function later(ms: number): Clock {
  return { ...systemClock, now: () => Date.now() + ms };
}

async function waitFor(t: Live, id: string, status: string) {
  return t.until(async () => {
    const e = (await t.api('GET', `/executions/${id}`)).body.data;
    return e?.status === status ? e : undefined;
  });
}

async function lastExecution(t: Live, workflowId: string) {
  return t.until(async () => (await t.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`)).body.data.results[0]);
}

describe('Wait', () => {
  it('a wait under 65 s sleeps in the running execution', async () => {
    const t = await live();
    open.push(t);
    const hook = webhookNode({ path: 'short', httpMethod: 'GET', responseMode: 'lastNode' });
    await t.activate(workflow('Short', [hook, node('Wait', 'n8n-nodes-base.wait', 1.1, { resume: 'timeInterval', amount: 1, unit: 'seconds' }), setNode('After', { done: 'yes' })]));
    const t0 = Date.now();
    const r = await (await t.hook('short')).json();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(r.done).toBe('yes');
  });

  it('a long wait parks the execution; after a restart past its time it resumes and finishes', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const a = await live({}, { dataDir });
    const hook = webhookNode({ path: 'long', httpMethod: 'POST' });
    const wf = await a.activate(workflow('Long', [hook, node('Wait', 'n8n-nodes-base.wait', 1.1, { resume: 'timeInterval', amount: 5, unit: 'minutes' }), setNode('After', { got: '={{ $json.body.v }}' })]));
    await a.hook('long', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"v":"kept"}' });
    const parked = await lastExecution(a, wf.id);
    const waiting = await waitFor(a, parked.id, 'waiting');
    expect(Date.parse(waiting.waitTill) - Date.now()).toBeGreaterThan(4 * 60 * 1000);
    expect(waiting.data.executionData.nodeExecutionStack[0].node.name).toBe('Wait');
    await a.close();

    const b = await live({}, { dataDir, clock: later(6 * 60 * 1000) });
    try {
      const done = await waitFor(b, parked.id, 'success');
      expect(done.finished).toBe(true);
      expect(done.waitTill).toBeNull();
      expect(done.data.resultData.runData.Wait).toHaveLength(1);
      expect(done.data.resultData.runData.After[0].data.main[0][0].json.got).toBe('kept');
    } finally {
      await b.close();
    }
  });

  it('a wait until a date far enough away parks the execution with waitTill at that date', async () => {
    const t = await live();
    open.push(t);
    const hook = webhookNode({ path: 'until', httpMethod: 'GET' });
    // Ten minutes from now, written as Tokyo wall-clock time without an offset (UTC+9, no DST):
    // the Wait reads it in the workflow's time zone.
    const target = Math.floor((Date.now() + 10 * 60 * 1000) / 1000) * 1000;
    const tokyo = new Date(target + 9 * 3600 * 1000).toISOString().slice(0, 19);
    const waitNode = node('Wait', 'n8n-nodes-base.wait', 1.1, { resume: 'specificTime', dateTime: tokyo });
    const wf = await t.activate(workflow('Until', [hook, waitNode, setNode('After', { done: 'yes' })], undefined, { timezone: 'Asia/Tokyo' }));
    expect((await t.hook('until')).status).toBe(200);
    const parked = await lastExecution(t, wf.id);
    const waiting = await waitFor(t, parked.id, 'waiting');
    expect(waiting.waitTill).toBe(new Date(target).toISOString());
    expect(waiting.finished).toBe(false);
    expect(waiting.data.executionData.nodeExecutionStack[0].node.name).toBe('Wait');
    expect(waiting.data.resultData.runData.After).toBeUndefined();
  });

  it('a webhook wait resumes at $execution.resumeUrl with the call as the Wait output, also after a restart', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const a = await live({}, { dataDir });
    const hook = webhookNode({ path: 'approve', httpMethod: 'GET' });
    const remember = setNode('Remember', { resumeUrl: '={{ $execution.resumeUrl }}' });
    const waitNode = node('Wait', 'n8n-nodes-base.wait', 1.1, { resume: 'webhook', httpMethod: 'POST', responseMode: 'lastNode', options: { webhookSuffix: 'ok' } });
    const after = setNode('After', { decision: '={{ $json.body.decision }}' });
    const wf = await a.activate(workflow('Approve', [hook, remember, waitNode, after], chain(hook, remember, waitNode, after)));
    await a.hook('approve');
    const parked = await lastExecution(a, wf.id);
    const waiting = await waitFor(a, parked.id, 'waiting');
    expect(waiting.waitTill).toBe('3000-01-01T00:00:00.000Z');
    const resumeUrl = waiting.data.resultData.runData.Remember[0].data.main[0][0].json.resumeUrl as string;
    expect(resumeUrl).toBe(`${a.url}webhook-waiting/${parked.id}`);
    await a.close();

    const b = await live({}, { dataDir });
    open.push(b);
    const path = `webhook-waiting/${parked.id}`;
    expect((await fetch(`${b.url}${path}/ok`)).status).toBe(404);
    expect((await fetch(`${b.url}${path}`, { method: 'POST' })).status).toBe(404);
    const r = await fetch(`${b.url}${path}/ok`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"decision":"yes"}' });
    expect(r.status).toBe(200);
    expect((await r.json()).decision).toBe('yes');
    const done = await waitFor(b, parked.id, 'success');
    expect(done.data.resultData.runData.Wait[0].data.main[0][0].json.body).toEqual({ decision: 'yes' });
    const again = await fetch(`${b.url}${path}/ok`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/has finished already/);
    expect((await fetch(`${b.url}webhook-waiting/99999`, { method: 'POST' })).status).toBe(404);
  });
});
