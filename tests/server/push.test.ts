// Push over a real listening server: an EventSource-style client reads the stream while a run
// reports to its pushRef.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, node, startServer, type TestServer } from './helpers.ts';
import { branchingWorkflow, TRIGGER } from './fixtures.ts';
import type { PushMessage } from '../../src/model/api.ts';
import { PushHub } from '../../src/server/push/PushHub.ts';

let s: TestServer;
let base: string;
beforeAll(async () => {
  s = await startServer();
  base = await s.server.listen();
});
afterAll(async () => {
  await s.dispose();
});

interface Stream {
  messages: PushMessage[];
  raw: string;
  ended: Promise<void>;
  response: http.IncomingMessage;
  close(): void;
  until(pred: (m: PushMessage) => boolean, timeoutMs?: number): Promise<PushMessage>;
}

function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (response) => {
      const stream: Stream = {
        messages: [],
        raw: '',
        ended: new Promise((r) => response.on('end', () => r())),
        response,
        close: () => req.destroy(),
        until(pred, timeoutMs = 10000) {
          return new Promise((res, rej) => {
            const t0 = Date.now();
            const tick = () => {
              const m = stream.messages.find(pred);
              if (m) return res(m);
              if (Date.now() - t0 > timeoutMs) return rej(new Error(`no matching push message; got ${stream.messages.map((x) => x.type).join(', ')}`));
              setTimeout(tick, 10);
            };
            tick();
          });
        },
      };
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        stream.raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) stream.messages.push(JSON.parse(data));
        }
      });
      resolve(stream);
    });
    req.on('error', reject);
  });
}

async function runWith(pushRef: string, workflowData: unknown): Promise<string> {
  const r = await fetch(`${base}rest/workflows/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'push-ref': pushRef },
    body: JSON.stringify({ workflowData }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: { executionId: string } }).data.executionId;
}

describe('push (server-sent events)', () => {
  it('streams a run to the editor that started it, in order', async () => {
    const stream = await openStream(`${base}rest/push?pushRef=editor-1`);
    const other = await openStream(`${base}rest/push?pushRef=editor-2`);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toMatch(/^text\/event-stream/);
    const id = await runWith('editor-1', branchingWorkflow(5));
    const fin = await stream.until((m) => m.type === 'executionFinished');
    const seq = stream.messages.map((m) => (m.type.startsWith('node') ? `${m.type}:${(m.data as { nodeName: string }).nodeName}` : m.type));
    expect(seq).toEqual([
      'executionStarted',
      `nodeExecuteBefore:${TRIGGER}`,
      `nodeExecuteAfter:${TRIGGER}`,
      'nodeExecuteBefore:Set value',
      'nodeExecuteAfter:Set value',
      'nodeExecuteBefore:Is big',
      'nodeExecuteAfter:Is big',
      'nodeExecuteBefore:Big',
      'nodeExecuteAfter:Big',
      'executionFinished',
    ]);
    for (const m of stream.messages) expect((m.data as { executionId: string }).executionId).toBe(id);
    const started = stream.messages[0] as Extract<PushMessage, { type: 'executionStarted' }>;
    expect(started.data).toMatchObject({ mode: 'manual', workflowName: 'Branching' });
    const ifAfter = stream.messages.find((m) => m.type === 'nodeExecuteAfter' && m.data.nodeName === 'Is big') as Extract<PushMessage, { type: 'nodeExecuteAfter' }>;
    expect(ifAfter.data.itemCount).toEqual([1, 0]);
    expect(ifAfter.data.data.data?.main[0]?.[0]?.json).toEqual({ value: 5 });
    expect(fin.data).toMatchObject({ executionId: id, status: 'success' });
    expect((fin as Extract<PushMessage, { type: 'executionFinished' }>).data.data?.resultData.runData.Big).toHaveLength(1);
    // Only the editor that asked hears about it.
    await new Promise((r) => setTimeout(r, 50));
    expect(other.messages).toEqual([]);
    stream.close();
    other.close();
  });

  it('sends counts without items for a large node output', async () => {
    const stream = await openStream(`${base}rest/push?pushRef=big-output`);
    const wf = {
      name: 'Big output',
      active: false,
      nodes: [
        node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]),
        node('Many', 'n8n-nodes-base.code', 2, [220, 0], {
          jsCode: "return Array.from({ length: 3000 }, (_, i) => ({ json: { i, text: 'x'.repeat(200) } }));",
        }),
      ],
      connections: connect([[TRIGGER, 'Many']]),
      settings: { executionOrder: 'v1' },
    };
    const id = await runWith('big-output', wf);
    const fin = (await stream.until((m) => m.type === 'executionFinished')) as Extract<PushMessage, { type: 'executionFinished' }>;
    const after = stream.messages.find((m) => m.type === 'nodeExecuteAfter' && m.data.nodeName === 'Many') as Extract<PushMessage, { type: 'nodeExecuteAfter' }>;
    expect(after.data.itemCount).toEqual([3000]);
    expect(after.data.data.data?.main).toEqual([[]]);
    // ~700 KB of run data is under the 5 MB limit for the final message.
    expect(fin.data.data?.resultData.runData.Many[0].data?.main[0]).toHaveLength(3000);
    // And the full run is readable from the API.
    const e = (await (await fetch(`${base}rest/executions/${id}`)).json()) as { data: { data: { resultData: { runData: Record<string, Array<{ data: { main: unknown[][] } }>> } } } };
    expect(e.data.data.resultData.runData.Many[0].data.main[0]).toHaveLength(3000);
    stream.close();
  });

  it('replaces a stream with the same pushRef and forgets closed ones', async () => {
    const hub = s.server.context.push;
    const first = await openStream(`${base}rest/push?pushRef=tab`);
    const second = await openStream(`${base}rest/push?pushRef=tab`);
    await first.ended;
    expect(hub.has('tab')).toBe(true);
    second.close();
    const until = Date.now() + 2000;
    while (hub.has('tab') && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(hub.has('tab')).toBe(false);
  });

  it('requires a pushRef', async () => {
    const r = await fetch(`${base}rest/push`);
    expect(r.status).toBe(400);
    expect(((await r.json()) as { message: string }).message).toBe('query/pushRef is required');
  });
});

describe('PushHub', () => {
  it('sends heartbeat comments', async () => {
    const hub = new PushHub({ debug() {}, warn() {} }, 30);
    const server = http.createServer((_req, res) => hub.connect('hb', res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const stream = await openStream(`http://127.0.0.1:${port}/`);
    await new Promise((r) => setTimeout(r, 120));
    expect(stream.raw.startsWith('retry: 3000\n')).toBe(true);
    expect(stream.raw.match(/: ping\n\n/g)?.length).toBeGreaterThanOrEqual(2);
    stream.close();
    hub.close();
    await new Promise((r) => server.close(r));
  });
});
