import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, node, snapshot, startServer, type TestServer } from './helpers.ts';
import { branchingWorkflow, n8nExport } from './fixtures.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.dispose();
});

const rest = (path: string) => `/rest${path}`;

describe('workflows CRUD', () => {
  it('creates, reads, lists, updates and deletes', async () => {
    const created = await call(s, 'POST', rest('/workflows'), branchingWorkflow(5, 'CRUD'));
    expect(created.status).toBe(200);
    const wf = created.body.data;
    expect(wf).toMatchObject({ name: 'CRUD', active: false, tags: [] });
    expect(wf.id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(wf.versionId).toMatch(/^[0-9a-f-]{36}$/);

    const read = await call(s, 'GET', rest(`/workflows/${wf.id}`));
    expect(read.body.data).toEqual(wf);

    const list = await call(s, 'GET', rest('/workflows'));
    expect(list.body.data.find((r: { id: string }) => r.id === wf.id)).toEqual({
      id: wf.id,
      name: 'CRUD',
      active: false,
      createdAt: wf.createdAt,
      updatedAt: wf.updatedAt,
      tags: [],
      // Before setup everything belongs to the default user.
      ownerId: (await call(s, 'GET', rest('/me'))).body.data.id,
    });

    const patched = await call(s, 'PATCH', rest(`/workflows/${wf.id}`), { name: '  Renamed  ', versionId: wf.versionId });
    expect(patched.status).toBe(200);
    expect(patched.body.data.name).toBe('Renamed');
    expect(patched.body.data.versionId).not.toBe(wf.versionId);
    expect(patched.body.data.nodes).toEqual(wf.nodes);

    expect((await call(s, 'DELETE', rest(`/workflows/${wf.id}`))).body).toEqual({ data: true });
    const gone = await call(s, 'GET', rest(`/workflows/${wf.id}`));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 404, message: `Workflow with ID "${wf.id}" could not be found` });
    expect((await call(s, 'DELETE', rest(`/workflows/${wf.id}`))).status).toBe(404);
  });

  it('keeps n8n JSON exactly through import, export and re-import', async () => {
    const source = n8nExport();
    const imported = (await call(s, 'POST', rest('/workflows'), source)).body.data;
    for (const key of ['nodes', 'connections', 'settings', 'pinData', 'meta'] as const) expect(imported[key]).toEqual(source[key]);
    expect(JSON.stringify(imported.nodes)).toBe(JSON.stringify(source.nodes));
    expect(imported.tags.map((t: { name: string }) => t.name).sort()).toEqual(['finance', 'imported']);

    const exported = (await call(s, 'GET', rest(`/workflows/${imported.id}`))).body.data;
    const again = (await call(s, 'POST', rest('/workflows'), exported)).body.data;
    expect(again.id).not.toBe(imported.id);
    for (const key of ['name', 'nodes', 'connections', 'settings', 'pinData', 'meta'] as const) expect(again[key]).toEqual(exported[key]);
    // Same tags (matched by id now that they exist), not duplicates.
    expect(again.tags).toEqual(exported.tags);
    expect((await call(s, 'GET', rest('/tags'))).body.data.filter((t: { name: string }) => t.name === 'finance')).toHaveLength(1);
  });

  it('fills node ids and parameters missing in old exports', async () => {
    const old = { name: 'Old', nodes: [{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] }], connections: {} };
    const wf = (await call(s, 'POST', rest('/workflows'), old)).body.data;
    expect(wf.nodes[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(wf.nodes[0].parameters).toEqual({});
  });

  it('filters the list by name and tags', async () => {
    const tag = (await call(s, 'POST', rest('/tags'), { name: 'filter-me' })).body.data;
    await call(s, 'POST', rest('/workflows'), { ...branchingWorkflow(1, 'Needle one'), tags: [tag.id] });
    await call(s, 'POST', rest('/workflows'), branchingWorkflow(1, 'needle two'));
    const byName = await call(s, 'GET', rest(`/workflows?filter=${encodeURIComponent(JSON.stringify({ name: 'NEEDLE' }))}`));
    expect(byName.body.data.map((w: { name: string }) => w.name).sort()).toEqual(['Needle one', 'needle two']);
    const byTag = await call(s, 'GET', rest(`/workflows?filter=${encodeURIComponent(JSON.stringify({ tags: [tag.id] }))}`));
    expect(byTag.body.data.map((w: { name: string }) => w.name)).toEqual(['Needle one']);
    const bad = await call(s, 'GET', rest('/workflows?filter=not-json'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/query\/filter must be JSON/);
    const badField = await call(s, 'GET', rest(`/workflows?filter=${encodeURIComponent(JSON.stringify({ tags: 'x' }))}`));
    expect(badField.status).toBe(400);
    expect(badField.body.message).toMatch(/^query\/filter\/tags /);
  });

  it('gives unique default names for new workflows', async () => {
    const first = (await call(s, 'GET', rest('/workflows/new'))).body.data;
    expect(first).toEqual({ name: 'My workflow', onboardingFlowEnabled: false });
    await call(s, 'POST', rest('/workflows'), branchingWorkflow(1, 'My workflow'));
    expect((await call(s, 'GET', rest('/workflows/new'))).body.data.name).toBe('My workflow 2');
    await call(s, 'POST', rest('/workflows'), branchingWorkflow(1, 'My workflow 2'));
    expect((await call(s, 'GET', rest('/workflows/new'))).body.data.name).toBe('My workflow 3');
    expect((await call(s, 'GET', rest('/workflows/new?name=Invoices'))).body.data.name).toBe('Invoices');
  });

  it('refuses a save based on a stale versionId with 409 and keeps the newer version', async () => {
    const wf = (await call(s, 'POST', rest('/workflows'), branchingWorkflow(1, 'Shared'))).body.data;
    const first = await call(s, 'PATCH', rest(`/workflows/${wf.id}`), { name: 'Saved by A', versionId: wf.versionId });
    expect(first.status).toBe(200);
    const before = await snapshot(s);
    const stale = await call(s, 'PATCH', rest(`/workflows/${wf.id}`), { name: 'Saved by B', versionId: wf.versionId });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect(stale.body.hint).toContain(first.body.data.versionId);
    expect(await snapshot(s)).toBe(before);
    expect((await call(s, 'GET', rest(`/workflows/${wf.id}`))).body.data.name).toBe('Saved by A');
  });

  it('creates workflows inactive and refuses to activate one without a trigger', async () => {
    const wf = (await call(s, 'POST', rest('/workflows'), { ...branchingWorkflow(1, 'Act'), active: false })).body.data;
    expect(wf.active).toBe(false);
    const r = await call(s, 'PATCH', rest(`/workflows/${wf.id}`), { active: true });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/has no node to start the workflow/);
    expect((await call(s, 'GET', rest(`/workflows/${wf.id}`))).body.data.active).toBe(false);
  });
});

describe('bad input changes nothing', () => {
  async function expectRejected(method: 'POST' | 'PATCH', url: string, payload: unknown, status: number, message: RegExp, headers?: Record<string, string>) {
    const before = await snapshot(s);
    const r = await call(s, method, url, payload, headers);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(status);
    expect(r.body.message).toMatch(message);
    expect(await snapshot(s)).toBe(before);
    return r;
  }

  const valid = () => branchingWorkflow(5, 'Bad input');

  it('invalid JSON text', async () => {
    await expectRejected('POST', rest('/workflows'), '{"name": "x", "nodes": [', 400, /not valid JSON/);
    await expectRejected('POST', rest('/workflows/run'), '{"workflowData":', 400, /not valid JSON/);
  });

  it('wrong types name the field', async () => {
    const w = valid() as unknown as { nodes: Array<Record<string, unknown>> };
    w.nodes[0].name = 42;
    await expectRejected('POST', rest('/workflows'), w, 400, /^body\/nodes\/0\/name must be string$/);
    await expectRejected('POST', rest('/workflows/run'), { workflowData: w }, 400, /^body\/workflowData\/nodes\/0\/name must be string$/);
    const { connections: _c, ...noConnections } = valid();
    await expectRejected('POST', rest('/workflows'), noConnections, 400, /^Could not import workflow: the JSON is not a workflow: it has no "connections" object$/);
    await expectRejected('PATCH', rest('/workflows/none'), { connections: [] }, 400, /^body\/connections must be object$/);
    await expectRejected('POST', rest('/workflows'), { ...valid(), settings: { saveManualExecutions: 'sometimes' } }, 400, /^body\/settings\/saveManualExecutions must be one of: true, false, "DEFAULT", null$/);
    await expectRejected('POST', rest('/workflows'), { ...valid(), name: '   ' }, 400, /body\/name: Workflow name cannot be empty/);
    await expectRejected('POST', rest('/workflows/run'), {}, 400, /^body\/workflowData is required$/);
  });

  it('a connection in a run request to a node that does not exist', async () => {
    const w = valid();
    w.connections.Big = { main: [[{ node: 'Nowhere', type: 'main', index: 0 }]] };
    await expectRejected('POST', rest('/workflows/run'), { workflowData: w }, 400, /body\/workflowData\/connections\/Big\/main\/0\/0\/node goes to node "Nowhere"/);
  });

  it('duplicate node names and non-finite positions', async () => {
    const w = valid();
    w.nodes[4].name = 'Big';
    await expectRejected('POST', rest('/workflows'), w, 400, /body\/nodes\/4\/name "Big" is already the name of nodes\/3/);
    const p = valid();
    // 1e999 parses to Infinity, which the schema does not count as a number.
    const text = JSON.stringify(p).replace('"position":[0,0]', '"position":[1e999,0]');
    await expectRejected('POST', rest('/workflows'), text, 400, /^body\/nodes\/0\/position\/0 must be number$/);
  });

  it('run requests naming nodes that are not there', async () => {
    await expectRejected('POST', rest('/workflows/run'), { workflowData: valid(), destinationNode: 'Ghost' }, 400, /body\/destinationNode names node "Ghost"/);
    await expectRejected('POST', rest('/workflows/run'), { workflowData: valid(), startNodes: ['Ghost'] }, 400, /body\/startNodes\/0 names node "Ghost"/);
  });

  it('a 20 MB body gets 413', async () => {
    const w = valid();
    w.pinData = { Big: [{ json: { blob: 'x'.repeat(20 * 1024 * 1024) } }] };
    // A workflow body is held to the workflow payload limit (spec 001 §9), a run request to the server's.
    await expectRejected('POST', rest('/workflows'), w, 413, /^Workflow is too large: \d{8} bytes, the maximum is 12582912 bytes \(12 MB\)$/);
    await expectRejected('POST', rest('/workflows/run'), { workflowData: w }, 413, /Request body is too large: the limit is 16777216 bytes/);
  });

  it('a workflow body over 12582912 bytes gets the workflow size error, on create and on update', async () => {
    const w = valid();
    w.pinData = { Big: [{ json: { blob: 'x'.repeat(12582912) } }] };
    const size = Buffer.byteLength(JSON.stringify(w));
    await expectRejected('POST', rest('/workflows'), w, 413, new RegExp(`^Workflow is too large: ${size} bytes, the maximum is 12582912 bytes \\(12 MB\\)$`));
    const saved = (await call(s, 'POST', rest('/workflows'), valid())).body.data;
    await expectRejected('PATCH', rest(`/workflows/${saved.id}`), { pinData: w.pinData }, 413, /^Workflow is too large: \d+ bytes, the maximum is 12582912 bytes/);
  });

  it('a PATCH that would break the workflow', async () => {
    const wf = (await call(s, 'POST', rest('/workflows'), valid())).body.data;
    await expectRejected('PATCH', rest(`/workflows/${wf.id}`), { nodes: [...wf.nodes, { ...wf.nodes[0], id: 'other' }] }, 400, /body\/nodes\/5\/name ".*" is already the name of nodes\/0; node names must be unique/);
    await expectRejected('PATCH', rest(`/workflows/${wf.id}`), { tags: [{ id: 'no-such-tag' }] }, 400, /body\/tags\/0 refers to tag no-such-tag, which does not exist/);
    await expectRejected('PATCH', rest(`/workflows/${wf.id}`), { tags: ['x'.repeat(30)] }, 400, /body\/tags\/0: Tag name cannot be longer than 24 characters/);
  });

  it('a PATCH that removes nodes drops their connections, with the notice', async () => {
    const wf = (await call(s, 'POST', rest('/workflows'), valid())).body.data;
    const r = await call(s, 'PATCH', rest(`/workflows/${wf.id}`), { nodes: wf.nodes.slice(0, 2) });
    expect(r.status).toBe(200);
    expect(r.body.notices).toEqual([expect.stringMatching(/^\d connections? to missing nodes (was|were) dropped: "/)]);
    expect(JSON.stringify(r.body.data.connections)).not.toContain('"Big"');
  });

  it('a body that is not JSON', async () => {
    await expectRejected('POST', rest('/workflows'), 'name=x', 415, /Unsupported content type "text\/plain"/, { 'content-type': 'text/plain' });
  });
});
