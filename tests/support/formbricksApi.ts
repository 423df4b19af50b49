// A local stand-in for the Formbricks management API (v1) as the real package
// @formbricks/n8n-nodes-formbricks 1.0.2 calls it, with Formbricks' answers: its credential test
// (GET /api/v1/me), its survey list (GET /api/v1/surveys, the node's 'Survey' options) and the
// webhooks its webhookMethods list, create and delete (GET, POST /api/v1/webhooks,
// DELETE /api/v1/webhooks/<id>). Every route wants the x-api-key header; a wrong or missing key
// gets Formbricks' 401. Used by tests/server/communityTriggers.test.ts (inside its own service)
// and tests/e2e/community-nodes.spec.ts (a server of its own).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FormbricksWebhook {
  id: string;
  url: string;
  triggers: string[];
  surveyIds: string[];
  source: string;
  [key: string]: unknown;
}

export interface FormbricksApi {
  /** The registered webhooks by id. */
  hooks: Map<string, FormbricksWebhook>;
  /** The x-api-key header of every request, in order. */
  keys: string[];
  /** 'METHOD /path' of every request, in order. */
  log: string[];
  /** The surveys GET /api/v1/surveys lists. */
  surveys: Array<{ id: string; name: string }>;
  /** Answers a request under /api/v1/; false when the path is not the API's. */
  handle(req: IncomingMessage, res: ServerResponse, body: string): boolean;
}

export function formbricksApi(options: { apiKey: string; surveys?: Array<{ id: string; name: string }> }): FormbricksApi {
  let next = 1;
  const api: FormbricksApi = {
    hooks: new Map(),
    keys: [],
    log: [],
    surveys: options.surveys ?? [{ id: 'survey-1', name: 'Customer feedback' }],
    handle(req, res, body) {
      const url = new URL(req.url ?? '/', 'http://x');
      if (!url.pathname.startsWith('/api/v1/')) return false;
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const key = req.headers['x-api-key'];
      api.keys.push(String(key));
      api.log.push(`${req.method} ${url.pathname}`);
      if (key !== options.apiKey) {
        send(401, { code: 'not_authenticated', message: 'Not authenticated', details: { 'x-Api-Key': 'Header not provided or API Key invalid' } });
        return true;
      }
      const environmentId = 'env-e2e';
      if (url.pathname === '/api/v1/me' && req.method === 'GET') {
        send(200, { id: 'key-1', createdAt: '2026-01-01T00:00:00.000Z', type: 'production', environmentId, product: { id: 'prod-1', name: 'Switchyard tests' } });
        return true;
      }
      if (url.pathname === '/api/v1/surveys' && req.method === 'GET') {
        send(200, { data: api.surveys.map((s) => ({ ...s, environmentId, status: 'inProgress', type: 'link' })) });
        return true;
      }
      if (url.pathname === '/api/v1/webhooks' && req.method === 'GET') {
        send(200, { data: [...api.hooks.values()] });
        return true;
      }
      if (url.pathname === '/api/v1/webhooks' && req.method === 'POST') {
        const input = JSON.parse(body || '{}') as Partial<FormbricksWebhook>;
        if (typeof input.url !== 'string' || !Array.isArray(input.triggers)) {
          send(400, { code: 'bad_request', message: 'Fields are missing or incorrectly formatted', details: { url: 'Required', triggers: 'Required' } });
          return true;
        }
        const id = `fb${next++}`;
        const hook: FormbricksWebhook = { id, name: null, createdAt: new Date().toISOString(), environmentId, surveyIds: [], source: 'user', ...input, url: input.url, triggers: input.triggers } as FormbricksWebhook;
        api.hooks.set(id, hook);
        send(200, { data: hook });
        return true;
      }
      const one = /^\/api\/v1\/webhooks\/([^/]+)$/.exec(url.pathname);
      if (one && req.method === 'DELETE') {
        const hook = api.hooks.get(one[1]!);
        if (!hook) send(404, { code: 'not_found', message: 'Webhook not found', details: { resource_id: one[1], resource_type: 'webhook' } });
        else {
          api.hooks.delete(one[1]!);
          send(200, { data: hook });
        }
        return true;
      }
      send(404, { code: 'not_found', message: 'Not found', details: {} });
      return true;
    },
  };
  return api;
}

/** The API on a port of its own on 127.0.0.1; `url` is the credential's Host. */
export async function startFormbricksApi(options: { apiKey: string; surveys?: Array<{ id: string; name: string }> }): Promise<FormbricksApi & { url: string; close(): Promise<void> }> {
  const api = formbricksApi(options);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      if (!api.handle(req, res, body)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'not_found', message: 'Not found' }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(api, {
    url,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
