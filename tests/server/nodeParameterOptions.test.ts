// Remote options (spec 001 §7 GET /node-parameter-options, n8n's /dynamic-node-parameters/*):
// the built-in nodes' load-options methods computed from unsaved parameters, the workflow
// picker's list search limited to what the caller may see, and the checks at the boundary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { addMember, api, createWorkflow, setupOwner, startMailbox, type Account, type Mailbox } from './accountHelpers.ts';

let mailbox: Mailbox;
let s: TestServer;
let owner: Account;
let alice: Account;
let bruno: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  mailbox = await startMailbox();
  s = await startServer(mailbox.env);
  owner = await setupOwner(s);
  alice = await addMember(s, mailbox, owner, 'alice@example.com', 'AlicePass1');
  bruno = await addMember(s, mailbox, owner, 'bruno@example.com', 'BrunoPass1');
  ids.a1 = await createWorkflow(s, alice, 'Alice invoices');
  ids.a2 = await createWorkflow(s, alice, 'Alice reports');
  ids.b1 = await createWorkflow(s, bruno, 'Bruno invoices');
  ids.o1 = await createWorkflow(s, owner, 'Owner invoices');
}, 60_000);

afterAll(async () => {
  await s?.dispose();
  await mailbox?.close();
});

const q = (o: Record<string, unknown>) => new URLSearchParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])));

const switch3 = { name: 'n8n-nodes-base.switch', version: 3.2 };
const rules = { values: [{ outputKey: 'Paid', conditions: {} }, { outputKey: '', conditions: {} }] };

describe('load-options methods', () => {
  it('Switch 3: fallback outputs follow the unsaved rules (GET of the spec and POST of n8n answer the same)', async () => {
    const body = { nodeTypeAndVersion: switch3, path: 'options.fallbackOutput', methodName: 'getFallbackOutputOptions', currentNodeParameters: { mode: 'rules', rules } };
    const post = await api(s, 'POST', '/rest/dynamic-node-parameters/options', body, { cookie: alice.cookie });
    expect(post.status).toBe(200);
    expect(post.body.data).toEqual([
      { name: 'None (default)', value: 'none', description: 'Items will be ignored' },
      { name: 'Extra Output', value: 'extra', description: 'Items will be sent to the extra, separate, output' },
      { name: 'Output Paid', value: 0, description: 'Items will be sent to the same output as when matched rule 1' },
      { name: 'Output 1', value: 1, description: 'Items will be sent to the same output as when matched rule 2' },
    ]);
    const get = await api(s, 'GET', `/rest/node-parameter-options?${q(body)}`, undefined, { cookie: alice.cookie });
    expect(get.status).toBe(200);
    expect(get.body.data).toEqual(post.body.data);
    // n8n's path form ('parameters.…') is the same parameter.
    const n8nPath = await api(s, 'POST', '/rest/dynamic-node-parameters/options', { ...body, path: 'parameters.options.fallbackOutput' }, { cookie: alice.cookie });
    expect(n8nPath.body.data).toEqual(post.body.data);
  });

  it('Switch 2: None (-1) and "<index> <key>" per rule', async () => {
    const r = await api(
      s,
      'POST',
      '/rest/dynamic-node-parameters/options',
      { nodeTypeAndVersion: { name: 'n8n-nodes-base.switch', version: 2 }, path: 'fallbackOutput', methodName: 'getFallbackOutputOptions', currentNodeParameters: { rules: { rules: [{ outputKey: 'a' }, {}] } } },
      { cookie: owner.cookie },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { name: 'None', value: -1 },
      { name: '0 a', value: 0 },
      { name: '1', value: 1 },
    ]);
  });

  it('Merge 3: clash options and inputs follow numberInputs (default 2; an expression falls back)', async () => {
    const ask = (methodName: string, currentNodeParameters: Record<string, unknown>) =>
      api(s, 'POST', '/rest/dynamic-node-parameters/options', { nodeTypeAndVersion: { name: 'n8n-nodes-base.merge', version: 3 }, path: 'x', methodName, currentNodeParameters }, { cookie: owner.cookie });
    expect((await ask('getInputs', {})).body.data).toEqual([
      { name: '1', value: 1 },
      { name: '2', value: 2 },
    ]);
    expect((await ask('getInputs', { numberInputs: 4 })).body.data.map((o: { value: number }) => o.value)).toEqual([1, 2, 3, 4]);
    expect((await ask('getInputs', { numberInputs: '={{ 5 }}' })).body.data).toHaveLength(2);
    expect((await ask('getResolveClashOptions', { numberInputs: 2 })).body.data.map((o: { name: string }) => o.name)).toEqual([
      'Always Add Input Number to Field Names',
      'Prefer Input 1 Version',
      'Prefer Input 2 Version',
    ]);
    expect((await ask('getResolveClashOptions', { numberInputs: 3 })).body.data).toEqual([
      { name: 'Always Add Input Number to Field Names', value: 'addSuffix' },
      { name: 'Use Earliest Version', value: 'preferInput1' },
    ]);
  });
});

describe('the workflow picker (searchWorkflows)', () => {
  const search = (who: Account, filter?: string, method: 'GET' | 'POST' = 'POST') => {
    const body = { nodeTypeAndVersion: { name: 'n8n-nodes-base.executeWorkflow', version: 1.3 }, path: 'workflowId', methodName: 'searchWorkflows', currentNodeParameters: {}, ...(filter !== undefined ? { filter } : {}) };
    return method === 'POST'
      ? api(s, 'POST', '/rest/dynamic-node-parameters/resource-locator-results', body, { cookie: who.cookie })
      : api(s, 'GET', `/rest/dynamic-node-parameters/resource-locator-results?${q(body)}`, undefined, { cookie: who.cookie });
  };
  const names = (r: { body: { data: { results: Array<{ name: string }> } } }) => r.body.data.results.map((x) => x.name).sort();

  it('a member finds only their own workflows; the owner all', async () => {
    const a = await search(alice);
    expect(a.status).toBe(200);
    expect(names(a)).toEqual(['Alice invoices', 'Alice reports']);
    expect(a.body.data.results.find((x: { name: string }) => x.name === 'Alice invoices')).toEqual({ name: 'Alice invoices', value: ids.a1, url: `/workflow/${ids.a1}` });
    expect(names(await search(bruno))).toEqual(['Bruno invoices']);
    expect(names(await search(owner))).toEqual(['Alice invoices', 'Alice reports', 'Bruno invoices', 'Owner invoices']);
  });

  it('filters by name, case-insensitively, in both forms', async () => {
    expect(names(await search(owner, 'INVOICES'))).toEqual(['Alice invoices', 'Bruno invoices', 'Owner invoices']);
    expect(names(await search(alice, 'invoices', 'GET'))).toEqual(['Alice invoices']);
    expect((await search(alice, 'nothing like this')).body.data).toEqual({ results: [] });
  });
});

describe('the boundary', () => {
  const base = { nodeTypeAndVersion: switch3, path: 'options.fallbackOutput', methodName: 'getFallbackOutputOptions', currentNodeParameters: {} };
  const post = (body: unknown) => api(s, 'POST', '/rest/dynamic-node-parameters/options', body, { cookie: owner.cookie });

  it('names what is unknown: node type, version, method (404)', async () => {
    let r = await post({ ...base, nodeTypeAndVersion: { name: 'n8n-nodes-base.nope', version: 1 } });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Node type "n8n-nodes-base.nope" version 1 is not known');
    r = await post({ ...base, nodeTypeAndVersion: { name: 'n8n-nodes-base.switch', version: 9 } });
    expect(r.status).toBe(404);
    r = await post({ ...base, methodName: 'getSomethingElse' });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Node type "n8n-nodes-base.switch 3.2" has no load-options method "getSomethingElse"');
    // Inherited names are not methods.
    r = await post({ ...base, methodName: 'constructor' });
    expect(r.status).toBe(404);
    r = await post({ ...base, methodName: 'toString' });
    expect(r.status).toBe(404);
    const l = await api(s, 'POST', '/rest/dynamic-node-parameters/resource-locator-results', { ...base, methodName: 'searchWorkflows' }, { cookie: owner.cookie });
    expect(l.status).toBe(404);
    expect(l.body.message).toBe('Node type "n8n-nodes-base.switch 3.2" has no list-search method "searchWorkflows"');
  });

  it('refuses malformed input with 400 naming the field', async () => {
    let r = await post({ ...base, methodName: undefined });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('One of methodName or loadOptions is required');
    r = await post({ ...base, methodName: undefined, loadOptions: { routing: { request: { url: '/x' } } } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/does not describe loadOptions requests/);
    r = await post({ ...base, methodName: 'a b' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/methodName/);
    r = await post({ ...base, path: 'x'.repeat(600) });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/path/);
    r = await post({ ...base, extra: 1 });
    expect(r.status).toBe(400);
    r = await post({ ...base, nodeTypeAndVersion: { name: 'n8n-nodes-base.switch', version: '3' } });
    expect(r.status).toBe(400);
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { d: deep };
    r = await post({ ...base, currentNodeParameters: { deep } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('body/currentNodeParameters is nested more than 64 levels deep');
    r = await post({ ...base, currentNodeParameters: { big: 'x'.repeat(1100 * 1024) } });
    expect(r.status).toBe(413);
  });

  it('the GET forms check their JSON: parse, shape, depth, size', async () => {
    const get = (o: Record<string, unknown>) => api(s, 'GET', `/rest/node-parameter-options?${q(o)}`, undefined, { cookie: owner.cookie });
    let r = await get({ ...base, nodeTypeAndVersion: '{not json' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^query\/nodeTypeAndVersion must be JSON/);
    r = await get({ ...base, currentNodeParameters: '[1]' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^query\/currentNodeParameters/);
    r = await get({ ...base, currentNodeParameters: `${'{"a":'.repeat(80)}1${'}'.repeat(80)}` });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('query/currentNodeParameters is nested more than 64 levels deep');
    const { nodeTypeAndVersion: _, ...withoutType } = base;
    r = await get(withoutType);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/nodeTypeAndVersion/);
    r = await get({ ...base, currentNodeParameters: JSON.stringify({ x: 'y'.repeat(70 * 1024) }) });
    expect([400, 414, 431]).toContain(r.status);
  });

  it('needs a signed-in user', async () => {
    const r = await api(s, 'POST', '/rest/dynamic-node-parameters/options', base);
    expect(r.status).toBe(401);
  });
});

describe("Execute Workflow's locator modes at run time", () => {
  it('By URL runs the workflow the address names; From list and By ID run their id', async () => {
    const child = await api(
      s,
      'POST',
      '/rest/workflows',
      {
        name: 'Child by URL',
        nodes: [
          { id: 'st', name: 'Start', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
          { id: 'gr', name: 'Greet', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [220, 0], parameters: { assignments: { assignments: [{ id: 'g', name: 'greeting', value: 'hello', type: 'string' }] }, options: {} } },
        ],
        connections: { Start: { main: [[{ node: 'Greet', type: 'main', index: 0 }]] } },
        settings: { executionOrder: 'v1' },
      },
      { cookie: owner.cookie },
    );
    expect(child.status).toBe(200);
    const childId = child.body.data.id as string;
    for (const workflowId of [
      { __rl: true, mode: 'url', value: `http://localhost:5678/workflow/${childId}?tab=x` },
      { __rl: true, mode: 'list', value: childId, cachedResultName: 'Child by URL' },
      { __rl: true, mode: 'id', value: childId },
    ]) {
      const workflowData = {
        name: 'Caller',
        nodes: [
          { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
          { id: 'c', name: 'Call', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1.1, position: [220, 0], parameters: { source: 'database', workflowId } },
        ],
        connections: { Trigger: { main: [[{ node: 'Call', type: 'main', index: 0 }]] } },
        settings: { executionOrder: 'v1' },
      };
      const r = await api(s, 'POST', '/rest/workflows/run', { workflowData }, { cookie: owner.cookie });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id = r.body.data.executionId as string;
      let e: { status: string; data: { resultData: { runData: Record<string, Array<{ data?: { main: Array<Array<{ json: unknown }>> } }>> } } } | undefined;
      for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((x) => setTimeout(x, 20))) {
        const g = await api(s, 'GET', `/rest/executions/${id}`, undefined, { cookie: owner.cookie });
        if (g.status === 200 && !['new', 'running'].includes(g.body.data.status)) {
          e = g.body.data;
          break;
        }
      }
      expect(e?.status, JSON.stringify(workflowId)).toBe('success');
      expect(e!.data.resultData.runData.Call![0]!.data!.main[0]!.map((i) => i.json)).toEqual([{ greeting: 'hello' }]);
    }
  });
});
