// The wall in queue mode (issue 18) with real parts: PostgreSQL, Redis, a main and a worker as
// separate processes. Production webhook runs go to the worker; its counts reach the main's
// wall stream over the Redis bus (WallRelay → { type: 'wall' } → WallAggregator.applyRemote).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueueCluster, type QueueCluster, type QueueProcess } from '../support/queueCluster.ts';
import { chain, node, setNode, webhookNode, workflow } from './triggerHelpers.ts';
import type { WallSnapshot, WallStreamMessage } from '../../src/model/wall.ts';

let c: QueueCluster;
let main: QueueProcess;

beforeAll(async () => {
  c = await startQueueCluster();
  main = await c.start('main');
  await c.start('worker');
}, 120_000);

afterAll(async () => {
  await c?.dispose();
}, 60_000);

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(`${main.url}rest${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

async function activate(wf: ReturnType<typeof workflow>): Promise<string> {
  const created = await api('POST', '/workflows', wf);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await api('PATCH', `/workflows/${created.body.data.id}`, { active: true })).status).toBe(200);
  return created.body.data.id;
}

describe('wall in queue mode', () => {
  it('runs on a worker reach the wall stream of the main: counts, outcomes and the failing node', async () => {
    const okId = await activate(workflow('Queue wall ok', [webhookNode({ path: 'qwall-ok', httpMethod: 'POST' }), setNode('Set', { a: 1 })]));
    const hook = webhookNode({ path: 'qwall-fail', httpMethod: 'POST' });
    const fail = node('Fail', 'n8n-nodes-base.stopAndError', 1, { errorMessage: 'boom on a worker' });
    const failId = await activate(workflow('Queue wall fail', [hook, fail], chain(hook, fail)));

    const messages: WallStreamMessage[] = [];
    const req = http.get(`${main.url}rest/wall/stream?ids=${okId},${failId}`, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of frame.split('\n')) if (line.startsWith('data: ')) messages.push(JSON.parse(line.slice(6)) as WallStreamMessage);
        }
      });
    });
    const state = (id: string): WallSnapshot | undefined => {
      let out: WallSnapshot | undefined;
      for (const m of messages) {
        if (m.data.workflowId !== id) continue;
        out = m.data.full || !out ? { ...m.data, nodes: { ...m.data.nodes } } : { ...m.data, nodes: { ...out.nodes, ...m.data.nodes } };
      }
      return out;
    };
    const until = async <T>(fn: () => T | undefined, ms = 20_000): Promise<T> => {
      const t0 = Date.now();
      for (;;) {
        const v = fn();
        if (v) return v;
        if (Date.now() - t0 > ms) throw new Error(`not in time: ${JSON.stringify(messages.slice(-3))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => (messages.length >= 2 ? true : undefined));
    for (let i = 0; i < 5; i++) expect((await fetch(`${main.url}webhook/qwall-ok`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await fetch(`${main.url}webhook/qwall-fail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
    const ok = await until(() => {
      const s = state(okId);
      return s && s.perMinute === 5 && s.running === 0 && s.nodes.Set?.runs === 5 ? s : undefined;
    });
    expect(ok.nodes.Set).toMatchObject({ running: 0, items: 1, last: ['success', 'success', 'success', 'success', 'success'] });
    const failed = await until(() => {
      const s = state(failId);
      return s && s.perMinute === 2 && s.running === 0 && s.lastFailure ? s : undefined;
    });
    expect(failed.errorRate).toBe(1);
    expect(failed.lastFailure).toMatchObject({ nodeName: 'Fail', message: 'boom on a worker' });
    expect(failed.nodes.Fail).toMatchObject({ last: ['error', 'error'], error: { message: 'boom on a worker' } });
    req.destroy();
  }, 60_000);
});
