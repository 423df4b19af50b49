// 'Allow use by' (nodesAccess) enforced: the default list of a new credential, the refused run
// (its message names the node, its type, the credential and how to allow it; nothing is sent),
// an empty list allowing every node type, and the editor's node issue (model).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, node, webhookNode, workflow, chain, type Live } from './triggerHelpers.ts';
import { startServer as startHttp, json } from '../nodes/httpServer.ts';
import { defaultNodesAccess, nodeAccessRefusal, nodeTypeAllowed } from '../../src/model/nodesAccess.ts';
import { computeNodeIssues, issueMessages } from '../../src/model/nodeIssues.ts';
import { CREDENTIAL_TYPES } from '../../src/nodes/credentials/registry.ts';
import { builtinTypes, builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { ICredentialType } from '../../src/model/credentialTypes.ts';
import type { INode } from '../../src/model/workflow.ts';

const HTTP = 'n8n-nodes-base.httpRequest';
const WEBHOOK = 'n8n-nodes-base.webhook';
let t: Live;
let http: Awaited<ReturnType<typeof startHttp>>;

beforeAll(async () => {
  t = await live();
  http = await startHttp({ '/echo': json(200, { ok: true }) });
});
afterAll(async () => {
  await t.dispose();
  await http.close();
});

async function create(body: Record<string, unknown>) {
  const r = await t.api('POST', '/credentials', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { id: string; name: string; nodesAccess: Array<{ nodeType: string; date?: string }> };
}

/** Webhook → HTTP Request with the header credential; the webhook's answer and the stored execution. */
async function run(path: string, cred: { id: string; name: string }) {
  const hook = webhookNode({ path, httpMethod: 'GET', responseMode: 'lastNode' });
  const req = node('HTTP Request', HTTP, 4.2, { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }, { credentials: { httpHeaderAuth: { id: cred.id, name: cred.name } } });
  await t.activate(workflow(path, [hook, req], chain(hook, req)));
  const before = http.seen.length;
  const r = await t.hook(path);
  await r.text();
  const sent = http.seen.length - before;
  const e = await t.until(async () => ((await t.api('GET', '/executions')).body.data.results as Array<{ id: string; workflowName: string }>).find((x) => x.workflowName === path));
  const full = (await t.api('GET', `/executions/${e.id}`)).body.data;
  return { status: r.status, sent, data: full.data };
}

describe('nodesAccess defaults', () => {
  it('a credential created without nodesAccess allows every node type that can use its type', async () => {
    const header = await create({ name: 'Default access', type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'v' } });
    const types = header.nodesAccess.map((a) => a.nodeType).sort();
    // HTTP Request offers it as a generic auth type, Webhook and Wait list it in their description.
    expect(types).toEqual(expect.arrayContaining([HTTP, WEBHOOK, 'n8n-nodes-base.wait']));
    expect(types).not.toContain('n8n-nodes-base.emailSend');
    expect(header.nodesAccess.every((a) => typeof a.date === 'string')).toBe(true);
    const smtp = await create({ name: 'Default smtp', type: 'smtp', data: { user: 'u', password: 'p', host: 'localhost' } });
    expect(smtp.nodesAccess.map((a) => a.nodeType)).toEqual(['n8n-nodes-base.emailSend']);
    // What the server stored is what GET answers.
    expect((await t.api('GET', `/credentials/${header.id}`)).body.data.nodesAccess).toEqual(header.nodesAccess);
  });

  it('an explicit list (also an empty one) is stored as sent', async () => {
    const only = await create({ name: 'Only webhook', type: 'httpHeaderAuth', nodesAccess: [{ nodeType: WEBHOOK }], data: { name: 'X-Key', value: 'v' } });
    expect(only.nodesAccess).toEqual([{ nodeType: WEBHOOK }]);
    const empty = await create({ name: 'Empty list', type: 'httpHeaderAuth', nodesAccess: [], data: { name: 'X-Key', value: 'v' } });
    expect(empty.nodesAccess).toEqual([]);
  });

  it("defaultNodesAccess adds a type's supportedNodes", () => {
    const descriptions = builtinTypes.map((x) => x.description);
    const extra: ICredentialType = { name: 'acmeApi', displayName: 'Acme API', properties: [], supportedNodes: ['n8n-nodes-base.acme'] };
    expect(defaultNodesAccess('acmeApi', descriptions, [...CREDENTIAL_TYPES, extra])).toEqual(['n8n-nodes-base.acme']);
    expect(nodeTypeAllowed([], HTTP)).toBe(true);
    expect(nodeTypeAllowed(undefined, HTTP)).toBe(true);
    expect(nodeTypeAllowed([{ nodeType: WEBHOOK }], HTTP)).toBe(false);
  });
});

describe('nodesAccess at run time', () => {
  it('a node type the credential does not allow fails the run with a message saying how to allow it, and sends nothing', async () => {
    const cred = await create({ name: 'Webhook only key', type: 'httpHeaderAuth', nodesAccess: [{ nodeType: WEBHOOK }], data: { name: 'X-Key', value: 'secret-v' } });
    const r = await run('access-refused', cred);
    expect(r.sent).toBe(0);
    const message = nodeAccessRefusal('HTTP Request', HTTP, 'Webhook only key');
    expect(message).toBe(
      `Node "HTTP Request": node type "${HTTP}" is not allowed to use credential "Webhook only key". To allow it, open the credential, go to its Details tab and tick the node under 'Allow use by'.`,
    );
    expect(r.data.resultData.error.message).toBe(message);
    // The node's own run carries it: the node's error view shows it.
    expect(r.data.resultData.runData['HTTP Request'][0].error.message).toBe(message);
    expect(r.data.resultData.lastNodeExecuted).toBe('HTTP Request');
  });

  it('an empty list allows every node type; ticking the node type (PATCH) allows it', async () => {
    const empty = await create({ name: 'Old import', type: 'httpHeaderAuth', nodesAccess: [], data: { name: 'X-Key', value: 'old' } });
    const a = await run('access-empty', empty);
    expect(a.sent).toBe(1);
    expect(a.status).toBe(200);
    const cred = await create({ name: 'Later allowed', type: 'httpHeaderAuth', nodesAccess: [{ nodeType: WEBHOOK }], data: { name: 'X-Key', value: 'later' } });
    expect((await run('access-before', cred)).sent).toBe(0);
    const patched = await t.api('PATCH', `/credentials/${cred.id}`, { nodesAccess: [{ nodeType: WEBHOOK }, { nodeType: HTTP }] });
    expect(patched.status).toBe(200);
    const b = await run('access-after', cred);
    expect(b.sent).toBe(1);
    expect(http.seen[http.seen.length - 1].headers['x-key']).toBe('later');
  });
});

describe('nodesAccess node issue (editor)', () => {
  const description = builtinNodeTypes.get(HTTP, 4.2)!.description;
  const httpNode = (credentials: INode['credentials']): INode => ({
    id: 'n1',
    name: 'HTTP Request',
    type: HTTP,
    typeVersion: 4.2,
    position: [0, 0],
    parameters: { url: 'http://x', authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' },
    credentials,
  });
  it('names the node type and the credential, found by id or by a unique name', () => {
    const known = [{ id: 'c1', name: 'Key', type: 'httpHeaderAuth', nodesAccess: [{ nodeType: WEBHOOK }] }];
    const line = `Node type "${HTTP}" is not allowed to use credential "Key".`;
    expect(issueMessages(computeNodeIssues(httpNode({ httpHeaderAuth: { id: 'c1', name: 'Key' } }), description, { credentials: known }))).toEqual([line]);
    expect(issueMessages(computeNodeIssues(httpNode({ httpHeaderAuth: { id: null, name: 'Key' } }), description, { credentials: known }))).toEqual([line]);
    expect(computeNodeIssues(httpNode({ httpHeaderAuth: { id: 'c1', name: 'Key' } }), description, { credentials: [{ ...known[0], nodesAccess: [] }] })).toBeUndefined();
    expect(computeNodeIssues(httpNode({ httpHeaderAuth: { id: 'c1', name: 'Key' } }), description, { credentials: [{ ...known[0], nodesAccess: [{ nodeType: HTTP }] }] })).toBeUndefined();
    // Without the list (an older editor payload) nothing is claimed.
    expect(computeNodeIssues(httpNode({ httpHeaderAuth: { id: 'c1', name: 'Key' } }), description, { credentials: [{ id: 'c1', name: 'Key', type: 'httpHeaderAuth' }] })).toBeUndefined();
  });
});
