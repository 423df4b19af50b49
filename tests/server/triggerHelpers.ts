// Shared by the trigger/webhook tests: a listening server on 127.0.0.1:0 with a temp data dir,
// REST calls over HTTP, workflow builders (n8n JSON) and a push stream reader.
import http from 'node:http';
import type { INode, IConnections, IWorkflowBase } from '../../src/model/workflow.ts';
import type { PushMessage } from '../../src/model/api.ts';
import { startServer, type TestServer } from './helpers.ts';
import type { CreateServerOptions } from '../../src/server/app.ts';

export interface Live {
  s: TestServer;
  url: string;
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  hook(path: string, init?: RequestInit & { endpoint?: string }): Promise<Response>;
  /** Creates and activates a workflow; returns it as saved. */
  activate(wf: IWorkflowBase): Promise<any>;
  /** Polls until the predicate holds (or throws after timeoutMs). */
  until<T>(fn: () => Promise<T | undefined> | T | undefined, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
  dispose(): Promise<void>;
}

export async function live(env: Record<string, string> = {}, options: CreateServerOptions & { dataDir?: string } = {}): Promise<Live> {
  const s = await startServer(env, options);
  const url = await s.server.listen();
  const api: Live['api'] = async (method, path, body, headers = {}) => {
    const r = await fetch(`${url}rest${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: r.status, body: parsed };
  };
  const until: Live['until'] = async (fn, timeoutMs = 10_000) => {
    const t0 = Date.now();
    for (;;) {
      const v = await fn();
      if (v !== undefined && v !== false && v !== null) return v as never;
      if (Date.now() - t0 > timeoutMs) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return {
    s,
    url,
    api,
    until,
    hook: (path, init = {}) => fetch(`${url}${init.endpoint ?? 'webhook'}/${path}`, init),
    async activate(wf) {
      const created = await api('POST', '/workflows', wf);
      if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.body)}`);
      const r = await api('PATCH', `/workflows/${created.body.data.id}`, { active: true });
      if (r.status !== 200) throw new Error(`activate: ${JSON.stringify(r.body)}`);
      return r.body.data;
    },
    close: () => s.close(),
    dispose: () => s.dispose(),
  };
}

let seq = 0;
export function webhookNode(parameters: Record<string, unknown>, extra: Partial<INode> = {}): INode {
  return { id: `wh${++seq}`, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: `hook-${seq}`, parameters: { options: {}, ...parameters }, ...extra };
}

export function node(name: string, type: string, typeVersion: number, parameters: Record<string, unknown> = {}, extra: Partial<INode> = {}): INode {
  return { id: `n-${name.replace(/\W/g, '')}-${++seq}`, name, type, typeVersion, position: [200, 0], parameters, ...extra };
}

export function setNode(name: string, fields: Record<string, string | number>): INode {
  return node(name, 'n8n-nodes-base.set', 3.4, {
    assignments: { assignments: Object.entries(fields).map(([k, v], i) => ({ id: `a${i}`, name: k, value: v, type: typeof v === 'number' ? 'number' : 'string' })) },
    options: {},
  });
}

export function chain(...nodes: INode[]): IConnections {
  const c: IConnections = {};
  for (let i = 0; i < nodes.length - 1; i++) c[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
  return c;
}

export function workflow(name: string, nodes: INode[], connections?: IConnections, settings: Record<string, unknown> = {}): IWorkflowBase {
  return { name, active: false, nodes, connections: connections ?? chain(...nodes), settings: { executionOrder: 'v1', ...settings } };
}

export interface PushStream {
  messages: PushMessage[];
  until(pred: (m: PushMessage) => boolean, timeoutMs?: number): Promise<PushMessage>;
  close(): void;
}

export function openPush(url: string, pushRef: string): Promise<PushStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}rest/push?pushRef=${pushRef}`, (res) => {
      const stream: PushStream = {
        messages: [],
        close: () => req.destroy(),
        until(pred, timeoutMs = 10_000) {
          return new Promise((ok, fail) => {
            const t0 = Date.now();
            const tick = () => {
              const m = stream.messages.find(pred);
              if (m) return ok(m);
              if (Date.now() - t0 > timeoutMs) return fail(new Error(`no matching push message; got ${stream.messages.map((x) => x.type).join(', ')}`));
              setTimeout(tick, 10);
            };
            tick();
          });
        },
      };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of frame.split('\n')) if (line.startsWith('data: ')) stream.messages.push(JSON.parse(line.slice(6)) as PushMessage);
        }
      });
      resolve(stream);
    });
    req.on('error', reject);
  });
}
