// Issue 10, beyond the corpus: hostile and extreme variants of each class of input the server
// once refused. Each is either accepted and kept exactly (as n8n keeps it) or refused with a
// message that names the field; none hangs or fails as an internal error. Also: what unknown
// node types do after they are stored (runs and activation refused with 'node: issue' lines),
// and the time a 500-node, 5 MB workflow takes to save and read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, node, snapshot, startServer, type TestServer } from './helpers.ts';
import type { IExecution } from '../../src/model/execution.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';
import { WORKFLOW_HAS_ISSUES_MESSAGE } from '../../src/model/workflowIssues.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.dispose();
});

const TRIGGER = 'When clicking ‘Execute workflow’';

function base(extraNodes: INode[] = [], connections: IWorkflowBase['connections'] = {}): IWorkflowBase {
  return {
    name: 'Hostile',
    active: false,
    nodes: [node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]), node('Pass', 'n8n-nodes-base.noOp', 1, [220, 0]), ...extraNodes],
    connections: { ...connect([[TRIGGER, 'Pass']]), ...connections },
  };
}

async function roundTrip(body: unknown): Promise<{ sent: any; got: any; notices?: string[] }> {
  const created = await call(s, 'POST', '/rest/workflows', body);
  expect(created.status, JSON.stringify(created.body).slice(0, 400)).toBe(200);
  const got = (await call(s, 'GET', `/rest/workflows/${created.body.data.id}`)).body.data;
  return { sent: body, got, notices: created.body.notices };
}

async function refused(body: unknown, status: number, message: RegExp): Promise<void> {
  const before = await snapshot(s);
  const r = await call(s, 'POST', '/rest/workflows', body);
  expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(status);
  expect(r.body.message).toMatch(message);
  expect(await snapshot(s)).toBe(before);
}

async function finished(id: string): Promise<IExecution> {
  const until = Date.now() + 15000;
  while (Date.now() < until) {
    const r = await call(s, 'GET', `/rest/executions/${id}`);
    if (r.status === 200 && r.body.data.status !== 'running') return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`execution ${id} did not finish`);
}

describe('unknown node types and versions', () => {
  it('are stored with every field, at any version, including ones no n8n ever had', async () => {
    const odd: INode[] = [
      node('Slack', 'n8n-nodes-base.slack', 2.3, [440, 0], { resource: 'message', text: '={{ $json.x }}' }, { credentials: { slackApi: { id: 'x9', name: 'Slack' } }, webhookId: 'w1' }),
      node('Zero', 'acme-nodes.thing', 0, [440, 200]),
      node('Negative', 'acme-nodes.thing', -3, [440, 400]),
      node('Huge', 'acme-nodes.thing', 1e308, [440, 600]),
      node('Fraction', 'n8n-nodes-base.noOp', 1.0000001, [440, 800]),
      node('Path', '../../etc/passwd', 1, [440, 1000]),
      { ...node('Extra', '@acme/n8n-nodes-x.y', 3, [440, 1200]), futureField: { nested: [1, null, 'x'] }, extendsCredential: 'oAuth2Api' } as INode,
    ];
    const { got } = await roundTrip(base(odd, { Pass: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] } }));
    expect(got.nodes.slice(2)).toEqual(odd);
  });

  it('a typeVersion that is not a finite number is refused by name', async () => {
    await refused(JSON.stringify(base([node('Bad', 'acme.x', 1, [5, 5])])).replace('"typeVersion":1,"position":[5,5]', '"typeVersion":"1","position":[5,5]'), 400, /^body\/nodes\/2\/typeVersion must be number$/);
    await refused(JSON.stringify(base()).replace('"typeVersion":1', '"typeVersion":1e999'), 400, /^body\/nodes\/0\/typeVersion must be number$/);
    await refused({ ...base(), nodes: [{ name: 'No type', typeVersion: 1, position: [0, 0] }] }, 400, /^body\/nodes\/0\/type is required$/);
  });

  it('block runs and activation with the issue line n8n uses, naming the versions a known type has', async () => {
    const w = base([node('Slack', 'n8n-nodes-base.slack', 2.3, [440, 0]), node('Old HTTP', 'n8n-nodes-base.httpRequest', 9, [660, 0])]);
    w.connections = connect([
      [TRIGGER, 'Pass'],
      ['Pass', 'Slack'],
      ['Slack', 'Old HTTP'],
    ]);
    const saved = (await call(s, 'POST', '/rest/workflows', w)).body.data;
    const run = await call(s, 'POST', '/rest/workflows/run', { workflowData: saved });
    expect(run.status).toBe(400);
    expect(run.body.message).toBe(
      [WORKFLOW_HAS_ISSUES_MESSAGE, 'Slack: Node Type "n8n-nodes-base.slack" is not known.', 'Old HTTP: Node Type "n8n-nodes-base.httpRequest" is not known in version 9 (installed: 1, 2, 3, 4, 4.1, 4.2, 4.3, 4.4).'].join('\n'),
    );
    // A run that does not reach them runs.
    const partial = await call(s, 'POST', '/rest/workflows/run', { workflowData: saved, destinationNode: 'Pass' });
    expect(partial.status).toBe(200);
    expect((await finished(partial.body.data.executionId)).status).toBe('success');
  });

  it('activation is refused while any node type is unknown, even an unconnected (maybe trigger) one', async () => {
    const hook = node('Hook', 'n8n-nodes-base.webhook', 2, [0, 0], { path: 'unknown-trigger', httpMethod: 'GET' }, { webhookId: 'hook-1' });
    const w: IWorkflowBase = { name: 'Telegram bot', active: false, nodes: [hook, node('Telegram Trigger', 'n8n-nodes-base.telegramTrigger', 1.1, [0, 300], {}, { webhookId: 'tg' })], connections: {} };
    const saved = (await call(s, 'POST', '/rest/workflows', w)).body.data;
    const r = await call(s, 'PATCH', `/rest/workflows/${saved.id}`, { active: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`${WORKFLOW_HAS_ISSUES_MESSAGE}\nTelegram Trigger: Node Type "n8n-nodes-base.telegramTrigger" is not known.`);
    expect((await call(s, 'GET', `/rest/workflows/${saved.id}`)).body.data.active).toBe(false);
    // Disabled, it is no obstacle.
    const disabled = saved.nodes.map((n: INode) => (n.name === 'Telegram Trigger' ? { ...n, disabled: true } : n));
    const ok = await call(s, 'PATCH', `/rest/workflows/${saved.id}`, { nodes: disabled, active: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.active).toBe(true);
  });
});

describe('credentials in every form', () => {
  it('keeps a plain name, null, a reference without id and extra fields exactly', async () => {
    const credentials = { slackApi: 'Slack account', httpBasicAuth: null, httpHeaderAuth: { name: 'Only a name' }, smtp: { id: null, name: 'Mail', extra: 1 } };
    const { got } = await roundTrip(base([node('Many', 'n8n-nodes-base.slack', 1, [440, 0], {}, { credentials } as unknown as Partial<INode>)]));
    expect(got.nodes[2].credentials).toEqual(credentials);
    const none = await roundTrip(base([node('None', 'n8n-nodes-base.slack', 1, [440, 0], {}, { credentials: null } as unknown as Partial<INode>)]));
    expect(none.got.nodes[2].credentials).toBeNull();
  });

  it('refuses a number, a list, true, or a reference that names nothing, by field', async () => {
    for (const [value, message] of [
      [42, /^body\/nodes\/2\/credentials\/slackApi must be a credential reference \{"id", "name"\} or the credential's name$/],
      [['Slack'], /^body\/nodes\/2\/credentials\/slackApi must be a credential reference/],
      [true, /^body\/nodes\/2\/credentials\/slackApi must be a credential reference/],
      [{}, /^body\/nodes\/2\/credentials\/slackApi must name a credential \(an id or a name\)$/],
      [{ id: { $gt: '' }, name: 'x' }, /^body\/nodes\/2\/credentials\/slackApi\/id must be a string$/],
    ] as Array<[unknown, RegExp]>) {
      await refused(base([node('Bad', 'n8n-nodes-base.slack', 1, [440, 0], {}, { credentials: { slackApi: value } } as unknown as Partial<INode>)]), 400, message);
    }
    await refused(base([node('Bad', 'n8n-nodes-base.slack', 1, [440, 0], {}, { credentials: ['slackApi'] } as unknown as Partial<INode>)]), 400, /^body\/nodes\/2\/credentials must be object$/);
  });

  it('a credential given by name alone is used by name when the workflow runs', async () => {
    const cred = (await call(s, 'POST', '/rest/credentials', { name: 'Partner API', type: 'httpHeaderAuth', data: { name: 'X-Key', value: 's3cret' } })).body.data;
    expect(cred.id).toBeTruthy();
    const owner = (await s.server.context.repos.users.ensureDefaultUser()).id;
    const data = await s.server.context.credentials.resolveForNode('httpHeaderAuth', { name: 'Call', type: 'n8n-nodes-base.httpRequest', credentials: { httpHeaderAuth: 'Partner API' } as never }, owner);
    expect(data).toMatchObject({ name: 'X-Key', value: 's3cret' });
  });
});

describe('pinned data in every form', () => {
  it('keeps items without the json wrapper as sent, and a run reads them wrapped', async () => {
    const pinData = { Pass: [{ body: { a: 1 } }, { json: { b: 2 } }] };
    const { got } = await roundTrip({ ...base(), pinData });
    expect(got.pinData).toEqual(pinData);
    const r = await call(s, 'POST', '/rest/workflows/run', { workflowData: got });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const e = await finished(r.body.data.executionId);
    expect(e.data.resultData.runData.Pass[0].data!.main[0]!.map((i) => i.json)).toEqual([{ body: { a: 1 } }, { b: 2 }]);
  });

  it('refuses an item that is a string, a number, null or a list, naming it', async () => {
    await refused({ ...base(), pinData: { Pass: ['hello'] } }, 400, /^body\/pinData\/Pass\/0 must be an item object \(\{"json": \{…\}\} or the item's fields\), not a string$/);
    await refused({ ...base(), pinData: { Pass: [{ json: {} }, 7] } }, 400, /^body\/pinData\/Pass\/1 must be an item object .* not a number$/);
    await refused({ ...base(), pinData: { Pass: [null] } }, 400, /^body\/pinData\/Pass\/0 must be an item object .* not null$/);
    await refused({ ...base(), pinData: { Pass: [{ json: 'text' }] } }, 400, /^body\/pinData\/Pass\/0\/json must be an object \(the item's fields\), not a string$/);
    await refused({ ...base(), pinData: { Pass: { json: {} } } }, 400, /^body\/pinData\/Pass must be array$/);
    const run = await call(s, 'POST', '/rest/workflows/run', { workflowData: base(), pinData: { Pass: ['x'] } });
    expect(run.status).toBe(400);
    expect(run.body.message).toMatch(/^body\/pinData\/Pass\/0 must be an item object/);
  });
});

describe('nulls', () => {
  it('are kept as sent and read as absent', async () => {
    const w = { ...base([{ ...node('Nulls', 'n8n-nodes-base.noOp', 1, [440, 0]), notes: null, disabled: null, onError: null, retryOnFail: null, maxTries: null, webhookId: null, color: null } as unknown as INode]), settings: { errorWorkflow: null, timezone: null, executionOrder: null, saveManualExecutions: null, callerPolicy: null }, staticData: null, pinData: null, meta: null, tags: null };
    const { got } = await roundTrip(w);
    for (const key of ['settings', 'staticData', 'pinData', 'meta'] as const) expect(got[key]).toEqual(w[key]);
    expect(got.nodes[2]).toEqual(w.nodes[2]);
    expect(got.tags).toEqual([]);
    const r = await call(s, 'POST', '/rest/workflows/run', { workflowData: got });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await finished(r.body.data.executionId)).status).toBe('success');
  });

  it('a node id that is null or missing gets one; parameters null become {}', async () => {
    const { got } = await roundTrip(base([{ ...node('No id', 'acme.x', 1, [440, 0]), id: null, parameters: null } as unknown as INode]));
    expect(got.nodes[2].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(got.nodes[2].parameters).toEqual({});
  });
});

describe('connections', () => {
  it('to or from missing nodes, of any type, are dropped with the notice; everything else is kept exactly', async () => {
    const w = base([node('Agent', '@n8n/n8n-nodes-langchain.agent', 1.7, [440, 0]), node('Tool', '@n8n/n8n-nodes-langchain.toolCalculator', 1, [440, 200])], {
      Pass: { main: [[{ node: 'Agent', type: 'main', index: 0 }, { node: 'Ghost', type: 'main', index: 0 }], null, []] },
      Tool: { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0, extra: true }, { node: 'Gone agent', type: 'ai_tool', index: 0 }]] },
      Phantom: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] },
      'Empty ghost': { main: [[]] },
    } as IWorkflowBase['connections']);
    const { got, notices } = await roundTrip(w);
    expect(notices).toEqual(['3 connections to missing nodes were dropped: "Pass" → "Ghost", "Tool" → "Gone agent" (ai_tool), "Phantom" → "Agent" (ai_languageModel).']);
    expect(got.connections).toEqual({
      [TRIGGER]: w.connections[TRIGGER],
      Pass: { main: [[{ node: 'Agent', type: 'main', index: 0 }], null, []] },
      Tool: { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0, extra: true }]] },
      'Empty ghost': { main: [[]] },
    });
  });

  it('an input index past any node is refused (graph code would build that many inputs)', async () => {
    await refused(base([], { Pass: { ai_tool: [[{ node: TRIGGER, type: 'ai_tool', index: 1e9 }]] } }), 400, /^body\/connections\/Pass\/ai_tool\/0\/0\/index must be <= 10000$/);
  });
});

describe('sizes and shapes', () => {
  it('100,000 nodes: over the size limit with real fields, and accepted quickly when they fit in it', async () => {
    const big = (n: number, f: (i: number) => INode) => ({ name: 'Big', nodes: Array.from({ length: n }, (_, i) => f(i)), connections: {} });
    const real = big(100_000, (i) => node(`Node number ${i}`, 'n8n-nodes-base.noOp', 1, [i * 20, 0], { note: 'x'.repeat(40) }, { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    let t = performance.now();
    await refused(real, 413, /^Workflow is too large: \d+ bytes, the maximum is 12582912 bytes \(12 MB\)$/);
    const refusedMs = performance.now() - t;
    t = performance.now();
    const small = big(100_000, (i) => ({ id: String(i), name: String(i), type: 'a.b', typeVersion: 1, position: [i, 0], parameters: {} }));
    const r = await call(s, 'POST', '/rest/workflows', small);
    const acceptedMs = performance.now() - t;
    expect(r.status).toBe(200);
    expect(r.body.data.nodes).toHaveLength(100_000);
    console.log(`100,000 nodes: refused (${(JSON.stringify(real).length / 1e6).toFixed(1)} MB) in ${refusedMs.toFixed(0)} ms; a minimal 100,000-node workflow (${(JSON.stringify(small).length / 1e6).toFixed(1)} MB) saved in ${acceptedMs.toFixed(0)} ms`);
    expect(refusedMs).toBeLessThan(5000);
    expect(acceptedMs).toBeLessThan(10000);
  }, 30_000);

  it('deep nesting is refused before parsing, with where it goes too deep', async () => {
    const deep = (depth: number) => JSON.stringify(base([node('Deep', 'n8n-nodes-base.noOp', 1, [440, 0], { marker: 1 })])).replace('{"marker":1}', '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    await refused(deep(100_000), 400, /^Could not import workflow: the workflow is nested more than 512 levels deep \(line 1, column \d+\)$/);
    const ok = await call(s, 'POST', '/rest/workflows', deep(400));
    expect(ok.status).toBe(200);
    const run = await call(s, 'POST', '/rest/workflows/run', `{"workflowData":${deep(5000)}}`);
    expect(run.status).toBe(400);
    expect(run.body.message).toMatch(/^Request body is nested more than 512 levels deep/);
  });

  it('a file that is not a workflow gets "Could not import workflow" with the reason', async () => {
    await refused('[1, 2]', 400, /^Could not import workflow: the JSON is a list, not a workflow \(an object with a "nodes" array and a "connections" object\)$/);
    await refused('"just text"', 400, /^Could not import workflow: the JSON is a string, not a workflow/);
    await refused('null', 400, /^Could not import workflow: the JSON is nothing, not a workflow/);
    await refused({ name: 'x', nodes: {}, connections: {} }, 400, /^Could not import workflow: the JSON is not a workflow: it has no "nodes" array$/);
    await refused({ name: 'x' }, 400, /^Could not import workflow: the JSON is not a workflow: it has no "nodes" array and no "connections" object$/);
    await refused('{"name": "x", "nodes": [],\n  "connections": {}\n}}', 400, /^Could not import workflow: the workflow is not valid JSON: Unexpected token '}' after the end of the JSON value \(line 3, column 2\)$/);
    await refused('{"name": \'x\'}', 400, /^Could not import workflow: the workflow is not valid JSON: Unexpected single quote: JSON strings and names need double quotes \(line 1, column 10\)$/);
    await refused('', 400, /^Could not import workflow: the workflow is empty/);
    // Prototype poisoning is still refused (Fastify's parser), not reported as a syntax error
    // but naming the key and where it is (issue 14).
    const poisoned = await call(s, 'POST', '/rest/workflows', '{"name":"x","nodes":[],"connections":{},"__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.message).not.toMatch(/not valid JSON/);
    expect(poisoned.body.message).toMatch(/^Could not import workflow: the workflow has the key "__proto__" \(line 1, column 41\), which is refused/);
  });

  it('a 500-node, 5 MB workflow saves and reads quickly', async () => {
    const nodes: INode[] = [node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0])];
    for (let i = 1; i < 500; i++) {
      const code = `// step ${i}\n` + `const rows = $input.all().map((item) => ({ ...item.json, step: ${i}, label: 'row ' + item.json.id }));\n`.repeat(96);
      nodes.push(node(`Step ${i}`, i % 3 === 0 ? '@n8n/n8n-nodes-langchain.agent' : 'n8n-nodes-base.code', i % 3 === 0 ? 1.7 : 2, [i * 220, (i % 7) * 120], { jsCode: code, mode: 'runOnceForAllItems' }, { notes: `Node ${i}` }));
    }
    const connections = connect(nodes.slice(1).map((n, i) => [nodes[i].name, n.name] as [string, string]));
    const body = JSON.stringify({ name: 'Five megabytes', nodes, connections, settings: { executionOrder: 'v1' }, meta: { instanceId: 'x' } });
    expect(body.length).toBeGreaterThan(5_000_000);
    expect(body.length).toBeLessThan(6_000_000);
    const timings = { post: [] as number[], get: [] as number[] };
    let id = '';
    for (let i = 0; i < 3; i++) {
      let t = performance.now();
      const r = await call(s, 'POST', '/rest/workflows', body);
      timings.post.push(performance.now() - t);
      expect(r.status).toBe(200);
      id = r.body.data.id;
      t = performance.now();
      const g = await call(s, 'GET', `/rest/workflows/${id}`);
      timings.get.push(performance.now() - t);
      expect(g.body.data.nodes).toHaveLength(500);
    }
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[1];
    console.log(`500 nodes, ${(body.length / 1e6).toFixed(2)} MB: POST ${timings.post.map((x) => x.toFixed(0)).join('/')} ms (median ${median(timings.post).toFixed(0)}), GET ${timings.get.map((x) => x.toFixed(0)).join('/')} ms (median ${median(timings.get).toFixed(0)}), through inject on a real SQLite file`);
    expect(median(timings.post)).toBeLessThan(1500);
    expect(median(timings.get)).toBeLessThan(1500);
  }, 30_000);
});
