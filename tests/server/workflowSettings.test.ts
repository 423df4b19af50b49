// The workflow settings dialog's server side (spec 001 §4.7, §5): error workflows listed by node
// type through GET /workflows' filter, and the timeout rules on PATCH (0 and above the maximum
// refused with the spec's message, nothing changed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, node, snapshot, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ SWITCHYARD_EXECUTIONS_TIMEOUT_MAX: '5400' });
});
afterAll(async () => {
  await s.dispose();
});

const ERROR_TRIGGER = 'n8n-nodes-base.errorTrigger';

async function create(name: string, nodes: ReturnType<typeof node>[], settings: Record<string, unknown> = {}) {
  const res = await call(s, 'POST', '/rest/workflows', { name, nodes, connections: {}, settings });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; versionId: string; settings: Record<string, unknown> };
}

const list = async (filter: unknown) => call(s, 'GET', `/rest/workflows?filter=${encodeURIComponent(JSON.stringify(filter))}`);

describe('GET /workflows filter nodeTypes', () => {
  it('lists only workflows with a node of the type, not those that only mention it', async () => {
    const handler = await create('Error handler', [node('Error Trigger', ERROR_TRIGGER, 1, [0, 0])]);
    const plain = await create('Plain', [node('Start', 'n8n-nodes-base.manualTrigger', 1, [0, 0])]);
    // The type's name in a parameter, even as a "type" key: the like pass matches, the node check does not.
    const mention = await create('Mentions it', [node('Set', 'n8n-nodes-base.set', 1, [0, 0], { note: `"type":"${ERROR_TRIGGER}"`, type: ERROR_TRIGGER })]);
    const res = await list({ nodeTypes: [ERROR_TRIGGER] });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((r: { id: string }) => r.id);
    expect(ids).toContain(handler.id);
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(mention.id);
    // Combined with the name filter.
    expect((await list({ nodeTypes: [ERROR_TRIGGER], name: 'nothing like it' })).body.data).toEqual([]);
  });

  it('refuses a filter that is not a list of type names', async () => {
    for (const bad of [{ nodeTypes: [] }, { nodeTypes: 'x' }, { nodeTypes: [''] }, { nodeTypes: [1] }]) {
      const res = await list(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toMatch(/nodeTypes/);
    }
  });
});

describe('PATCH /workflows/{id} settings', () => {
  it('stores the dialog settings, and refuses timeout 0 and above the maximum with nothing changed', async () => {
    const wf = await create('Timeouts', [node('Start', 'n8n-nodes-base.manualTrigger', 1, [0, 0])]);
    const ok = await call(s, 'PATCH', `/rest/workflows/${wf.id}`, {
      versionId: wf.versionId,
      settings: { timezone: 'Europe/Berlin', saveDataErrorExecution: 'none', saveManualExecutions: true, executionTimeout: 5400 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.settings).toEqual({ timezone: 'Europe/Berlin', saveDataErrorExecution: 'none', saveManualExecutions: true, executionTimeout: 5400 });

    const before = await snapshot(s);
    const zero = await call(s, 'PATCH', `/rest/workflows/${wf.id}`, { settings: { executionTimeout: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('body/settings/executionTimeout: Timeout is activated but set to 0');
    const above = await call(s, 'PATCH', `/rest/workflows/${wf.id}`, { settings: { executionTimeout: 5401 } });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe('body/settings/executionTimeout: The timeout is longer than allowed. Maximum Timeout is: 1 hours, 30 minutes, 0 seconds');
    const unknown = await call(s, 'PATCH', `/rest/workflows/${wf.id}`, { settings: { saveDataSuccessExecution: 'sometimes' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/saveDataSuccessExecution/);
    expect(await snapshot(s)).toBe(before);

    // -1 (off) is always allowed.
    expect((await call(s, 'PATCH', `/rest/workflows/${wf.id}`, { settings: { executionTimeout: -1 } })).status).toBe(200);
  });

  it('keeps a stored timeout above a lowered maximum saveable (only a changed value is checked)', async () => {
    const wf = await create('Stored above', [node('Start', 'n8n-nodes-base.manualTrigger', 1, [0, 0])], { executionTimeout: 9000 });
    const res = await call(s, 'PATCH', `/rest/workflows/${wf.id}`, { name: 'Renamed', settings: { executionTimeout: 9000 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
