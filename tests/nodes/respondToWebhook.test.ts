import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import type { WebhookResponse } from '../../src/nodes/types.ts';
import { nodePorts } from '../../src/model/nodePorts.ts';
import { errorOf, jsonOf, registry } from './helpers.ts';

// Webhook → Respond to Webhook, as current n8n exports it (parameters at their default omitted).
const workflow = (typeVersion: number, parameters: Record<string, unknown>): IWorkflowBase =>
  ({
    id: 'w', name: 'respond', active: true, settings: { executionOrder: 'v1' },
    nodes: [
      { id: 'h', name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { path: 'x', responseMode: 'responseNode', options: {} }, webhookId: 'x' },
      { id: 'r', name: 'Respond', type: 'n8n-nodes-base.respondToWebhook', typeVersion, position: [200, 0], parameters },
    ],
    connections: { Webhook: { main: [[{ node: 'Respond', type: 'main', index: 0 }]] } },
  }) as unknown as IWorkflowBase;

async function respond(typeVersion: number, parameters: Record<string, unknown>, credential?: Record<string, unknown>) {
  const responses: WebhookResponse[] = [];
  const run = await runWorkflow({
    workflow: workflow(typeVersion, parameters), nodeTypes: registry, mode: 'webhook', executionId: '1',
    triggerItems: [{ json: { body: { name: 'Ada' } } }],
    hooks: { sendResponse: (_node, r) => responses.push(r) },
    getCredentials: async () => credential ?? {},
  });
  return { run, responses };
}

describe('Respond to Webhook 1.2-1.5', () => {
  it('answers like 1.1 and passes the items on; 1.4 is what new nodes get', async () => {
    const { run, responses } = await respond(1.4, { respondWith: 'json', responseBody: '={{ { "hello": $json.body.name } }}', options: { responseCode: 201 } });
    expect(run.status).toBe('success');
    expect(responses).toEqual([{ statusCode: 201, headers: {}, body: { hello: 'Ada' } }]);
    expect(jsonOf(run, 'Respond')).toEqual([{ body: { name: 'Ada' } }]);
    expect(run.data.resultData.runData.Respond[0].data?.main).toHaveLength(1);
    expect(registry.get('n8n-nodes-base.respondToWebhook')!.description.defaultVersion).toBe(1.4);
  });

  it('1.3 always, 1.4+ with "Enable Response Output Branch", output the response on a second branch', async () => {
    const v13 = await respond(1.3, { respondWith: 'text', responseBody: 'done' });
    expect(jsonOf(v13.run, 'Respond', 1)).toEqual([{ response: { statusCode: 200, headers: {}, body: 'done' } }]);
    const v15 = await respond(1.5, { enableResponseOutput: true, respondWith: 'allIncomingItems', options: { responseKey: 'data' } });
    expect(v15.responses[0].body).toEqual({ data: [{ body: { name: 'Ada' } }] });
    expect(jsonOf(v15.run, 'Respond', 1)).toEqual([{ response: { statusCode: 200, headers: {}, body: { data: [{ body: { name: 'Ada' } }] } } }]);
    const d = registry.get('n8n-nodes-base.respondToWebhook', 1.4)!.description;
    expect(nodePorts(d, 'n8n-nodes-base.respondToWebhook', 1.4, { enableResponseOutput: true }).outputNames).toEqual(['Input Data', 'Response']);
    expect(nodePorts(d, 'n8n-nodes-base.respondToWebhook', 1.4, {}).outputs).toBe(1);
    expect(nodePorts(d, 'n8n-nodes-base.respondToWebhook', 1.3, {}).outputs).toBe(2);
  });

  it('responds with a JWT signed with the jwtAuth credential', async () => {
    const { responses } = await respond(1.2, { respondWith: 'jwt', payload: '{ "sub": "ada", "iat": 1700000000 }' }, { keyType: 'passphrase', secret: 's3cret', algorithm: 'HS256' });
    const token = (responses[0].body as { token: string }).token;
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ sub: 'ada', iat: 1700000000 });
    expect(signature).toBe(createHmac('sha256', 's3cret').update(`${header}.${payload}`).digest('base64url'));
  });

  it('a JWT without a usable key fails as n8n words it', async () => {
    const { run } = await respond(1.4, { respondWith: 'jwt' }, { keyType: 'passphrase', secret: '', algorithm: 'HS256' });
    expect(errorOf(run, 'Respond')?.message).toBe('Error signing JWT token');
  });
});
