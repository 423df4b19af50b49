// Issue 15 nodes that need the real server: the n8n node against our own public API (/api/v1)
// with a real API key and an n8nApi credential; Execution Data stored with the execution and
// shown by GET /rest/executions/:id; Execute Command off by default and on with
// SWITCHYARD_EXECUTE_COMMAND_ENABLED.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, node, workflow, chain, type Live } from './triggerHelpers.ts';
import type { INode } from '../../src/model/workflow.ts';

let t: Live;
let apiKey: string;
let credentialId: string;

async function runManual(srv: Live, nodes: INode[]): Promise<any> {
  const trigger = node('Start', 'n8n-nodes-base.manualTrigger', 1);
  const wf = workflow(`run ${Math.random()}`, [trigger, ...nodes], chain(trigger, ...nodes));
  const created = await srv.api('POST', '/workflows', wf);
  expect(created.status).toBe(200);
  const r = await srv.api('POST', '/workflows/run', { workflowData: created.body.data });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data.executionId as string;
  const done = await srv.until(async () => {
    const e = await srv.api('GET', `/executions/${id}`);
    return e.status === 200 && !['new', 'running'].includes(e.body.data.status) ? e.body.data : undefined;
  }, 30_000);
  return { id, execution: done, workflowId: created.body.data.id as string };
}

function runData(execution: any): any {
  return typeof execution.data === 'string' ? JSON.parse(execution.data) : execution.data;
}

function outputOf(execution: any, name: string): any[] {
  const data = runData(execution);
  const task = data.resultData.runData[name]?.[0];
  if (task?.error) throw new Error(`${name}: ${task.error.message}`);
  return (task?.data?.main?.[0] ?? []).map((i: any) => i.json);
}

const n8nNode = (name: string, parameters: Record<string, unknown>) => node(name, 'n8n-nodes-base.n8n', 1, parameters, { credentials: { n8nApi: { id: credentialId, name: 'Self' } } } as Partial<INode>);

beforeAll(async () => {
  t = await live({ SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' });
  const key = await t.api('POST', '/me/api-key');
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  apiKey = key.body.data.apiKey;
  const cred = await t.api('POST', '/credentials', { name: 'Self', type: 'n8nApi', data: { apiKey, baseUrl: `${t.url}api/v1/` } });
  expect(cred.status, JSON.stringify(cred.body)).toBe(200);
  credentialId = cred.body.data.id;
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

describe('n8n node against our public API', { timeout: 60_000 }, () => {
  it('workflow: create, get, getAll (all pages and a limit), update, activate, deactivate, delete', async () => {
    const target = JSON.stringify({ name: 'Made by the n8n node', nodes: [{ id: 'w', name: 'Hook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { path: 'n8n-node-made', httpMethod: 'GET' }, webhookId: 'made-1' }], connections: {}, settings: { executionOrder: 'v1' } });
    const created = outputOf((await runManual(t, [n8nNode('Create', { resource: 'workflow', operation: 'create', workflowObject: target })])).execution, 'Create');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: 'Made by the n8n node', active: false });
    const id = created[0].id as string;
    const byId = { __rl: true, mode: 'id', value: id };

    const got = outputOf((await runManual(t, [n8nNode('Get', { resource: 'workflow', operation: 'get', workflowId: byId })])).execution, 'Get');
    expect(got[0]).toMatchObject({ id, name: 'Made by the n8n node' });

    // By URL too (our ids are not numbers: any id after /workflow/).
    const byUrl = outputOf((await runManual(t, [n8nNode('Get', { resource: 'workflow', operation: 'get', workflowId: { __rl: true, mode: 'url', value: `${t.url}workflow/${id}` } })])).execution, 'Get');
    expect(byUrl[0].id).toBe(id);

    // More than one page (the API's default page is 100): Return All follows nextCursor.
    for (let i = 0; i < 105; i++) expect((await t.api('POST', '/workflows', workflow(`filler ${i}`, [node('Start', 'n8n-nodes-base.manualTrigger', 1)]))).status).toBe(200);
    const total = (await t.api('GET', '/workflows')).body.data.length as number;
    expect(total).toBeGreaterThan(105);
    const all = outputOf((await runManual(t, [n8nNode('All', { resource: 'workflow', operation: 'getAll', returnAll: true, filters: {} })])).execution, 'All');
    expect(all.map((w) => w.id)).toContain(id);
    expect(new Set(all.map((w) => w.id)).size).toBe(total + 1);
    const limited = outputOf((await runManual(t, [n8nNode('Some', { resource: 'workflow', operation: 'getAll', returnAll: false, limit: 1, filters: {} })])).execution, 'Some');
    expect(limited).toHaveLength(1);

    const updated = outputOf((await runManual(t, [n8nNode('Update', { resource: 'workflow', operation: 'update', workflowId: byId, workflowObject: JSON.stringify({ ...JSON.parse(target), name: 'Renamed by the n8n node' }) })])).execution, 'Update');
    expect(updated[0]).toMatchObject({ id, name: 'Renamed by the n8n node' });

    const activated = outputOf((await runManual(t, [n8nNode('On', { resource: 'workflow', operation: 'activate', workflowId: byId })])).execution, 'On');
    expect(activated[0]).toMatchObject({ id, active: true });
    expect((await t.hook('n8n-node-made')).status).toBe(200);
    const active = outputOf((await runManual(t, [n8nNode('Active', { resource: 'workflow', operation: 'getAll', returnAll: true, filters: { activeWorkflows: true } })])).execution, 'Active');
    expect(active.map((w) => w.id)).toEqual([id]);

    const deactivated = outputOf((await runManual(t, [n8nNode('Off', { resource: 'workflow', operation: 'deactivate', workflowId: byId })])).execution, 'Off');
    expect(deactivated[0]).toMatchObject({ id, active: false });

    const deleted = outputOf((await runManual(t, [n8nNode('Delete', { resource: 'workflow', operation: 'delete', workflowId: byId })])).execution, 'Delete');
    expect(deleted[0].id).toBe(id);
    expect((await t.api('GET', `/workflows/${id}`)).status).toBe(404);
  });

  it('execution: getAll (filters by workflow and status), get with data, delete', async () => {
    const first = await runManual(t, [node('Set', 'n8n-nodes-base.set', 3.4, { assignments: { assignments: [{ id: 'a', name: 'x', value: 'hello', type: 'string' }] }, options: {} })]);
    const list = outputOf((await runManual(t, [n8nNode('List', { resource: 'execution', operation: 'getAll', returnAll: true, filters: { workflowId: { __rl: true, mode: 'id', value: first.workflowId }, status: 'success' }, options: {} })])).execution, 'List');
    expect(list.map((e) => e.id)).toEqual([first.id]);
    expect(list[0]).toMatchObject({ workflowId: first.workflowId, status: 'success' });

    const one = outputOf((await runManual(t, [n8nNode('One', { resource: 'execution', operation: 'get', executionId: first.id, options: { activeWorkflows: true } })])).execution, 'One');
    expect(one[0].id).toBe(first.id);
    expect(JSON.stringify(one[0].data)).toContain('hello');

    const deleted = outputOf((await runManual(t, [n8nNode('Del', { resource: 'execution', operation: 'delete', executionId: first.id })])).execution, 'Del');
    expect(deleted[0].id).toBe(first.id);
    expect((await t.api('GET', `/executions/${first.id}`)).status).toBe(404);
  });

  it('credential: getSchema, create, delete', async () => {
    const schema = outputOf((await runManual(t, [n8nNode('Schema', { resource: 'credential', operation: 'getSchema', credentialTypeName: 'httpHeaderAuth' })])).execution, 'Schema');
    expect(schema[0]).toMatchObject({ type: 'object', properties: { name: expect.anything(), value: expect.anything() } });

    const created = outputOf((await runManual(t, [n8nNode('Make', { resource: 'credential', operation: 'create', name: 'From the node', credentialTypeName: 'httpHeaderAuth', data: '{"name":"X-Key","value":"s3cret"}' })])).execution, 'Make');
    expect(created[0]).toMatchObject({ name: 'From the node', type: 'httpHeaderAuth' });
    expect(JSON.stringify(created[0])).not.toContain('s3cret');
    const list = await t.api('GET', '/credentials');
    expect(list.body.data.map((c: any) => c.id)).toContain(created[0].id);

    const deleted = outputOf((await runManual(t, [n8nNode('Drop', { resource: 'credential', operation: 'delete', credentialId: created[0].id })])).execution, 'Drop');
    expect(deleted[0].id).toBe(created[0].id);
    expect((await t.api('GET', '/credentials')).body.data.map((c: any) => c.id)).not.toContain(created[0].id);
  });

  it('errors: the audit our API lacks, an unknown workflow, bad JSON, a wrong key', async () => {
    const audit = await runManual(t, [n8nNode('Audit', { resource: 'audit', operation: 'generate', additionalOptions: {} })]);
    expect(runData(audit.execution).resultData.runData.Audit[0].error.message).toBe("The security audit is not available: this instance's public API has no POST /audit");
    const missing = await runManual(t, [n8nNode('Get', { resource: 'workflow', operation: 'get', workflowId: { __rl: true, mode: 'id', value: 'no-such-workflow' } })]);
    expect(runData(missing.execution).resultData.runData.Get[0].error.message).toMatch(/^404 - /);
    const badJson = await runManual(t, [n8nNode('Create', { resource: 'workflow', operation: 'create', workflowObject: '{nope' })]);
    expect(runData(badJson.execution).resultData.runData.Create[0].error.message).toBe("The 'workflowObject' property must be valid JSON, but cannot be parsed");
    const wrongCred = await t.api('POST', '/credentials', { name: 'Wrong key', type: 'n8nApi', data: { apiKey: 'sy_api_wrong', baseUrl: `${t.url}api/v1` } });
    const wrong = await runManual(t, [node('Wrong', 'n8n-nodes-base.n8n', 1, { resource: 'workflow', operation: 'getAll', returnAll: true, filters: {} }, { credentials: { n8nApi: { id: wrongCred.body.data.id, name: 'Wrong key' } } } as Partial<INode>)]);
    expect(runData(wrong.execution).resultData.runData.Wrong[0].error.message).toMatch(/^401 - /);
  });
});

describe('Execution Data on the server', { timeout: 60_000 }, () => {
  it('custom data is stored with the execution and shown by GET /rest/executions/:id', async () => {
    const save = node('Save', 'n8n-nodes-base.executionData', 1.1, { operation: 'save', dataToSave: { values: [{ key: 'orderId', value: 'A-1001' }, { key: 'customer', value: 'Ada' }] } });
    const { id } = await runManual(t, [save]);
    const stored = await t.api('GET', `/executions/${id}`);
    expect(runData(stored.body.data).resultData.metadata).toEqual({ orderId: 'A-1001', customer: 'Ada' });
    // And in the database row itself (not only in memory).
    const row = await t.s.server.db.selectFrom('execution_data').select(['data', 'dataGzip']).where('executionId', '=', Number(id)).executeTakeFirst();
    expect(row?.data || row?.dataGzip).toBeTruthy();
    if (row?.data) expect(row.data).toContain('A-1001');
  });
});

describe('Execute Command on the server', { timeout: 60_000 }, () => {
  it('is off by default (clear error) and runs with SWITCHYARD_EXECUTE_COMMAND_ENABLED=true', async () => {
    const cmd = node('Cmd', 'n8n-nodes-base.executeCommand', 1, { executeOnce: true, command: 'echo from-the-server' });
    const off = await runManual(t, [cmd]);
    expect(runData(off.execution).resultData.runData.Cmd[0].error.message).toBe('Execute Command is disabled on this instance');
    const on = await live({ SWITCHYARD_EXECUTE_COMMAND_ENABLED: 'true', SWITCHYARD_EXECUTE_COMMAND_TIMEOUT: '1', SWITCHYARD_EXECUTE_COMMAND_OUTPUT_MAX: '2048' });
    try {
      expect(outputOf((await runManual(on, [cmd])).execution, 'Cmd')).toEqual([{ exitCode: 0, stderr: '', stdout: 'from-the-server' }]);
      const slow = await runManual(on, [node('Cmd', 'n8n-nodes-base.executeCommand', 1, { executeOnce: true, command: 'sleep 5' })]);
      expect(runData(slow.execution).resultData.runData.Cmd[0].error.message).toBe('The command did not finish within 1 s and was stopped (SWITCHYARD_EXECUTE_COMMAND_TIMEOUT)');
      const loud = await runManual(on, [node('Cmd', 'n8n-nodes-base.executeCommand', 1, { executeOnce: true, command: 'head -c 5000 /dev/zero' })]);
      expect(runData(loud.execution).resultData.runData.Cmd[0].error.message).toBe('The command wrote more than 2048 bytes to stdout and was stopped (SWITCHYARD_EXECUTE_COMMAND_OUTPUT_MAX)');
    } finally {
      await on.dispose();
    }
  });
});
