// The sidebar's Workflows menu, its pure parts and commands over the real stores: the exported
// file (name rule, content, n8n's key order, a round trip over the real-workflow corpus), the
// duplicate name and copy rules, the enabled rules, reading an imported file (size, JSON
// position errors, shape) and importing it into the open workflow, the URL prompt.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInAction } from 'mobx';
import { exportFileName, workflowExportData } from '../../src/model/workflowExport.ts';
import { duplicateNameError, duplicateWorkflowName, nodesForCopy } from '../../src/model/duplicateWorkflow.ts';
import { readWorkflowFile, workflowFileSizeError, IMPORT_ERROR_TITLE } from '../../src/model/workflowFile.ts';
import { workflowMenuEntries, type WorkflowMenuContext } from '../../src/app/shell/workflowMenuState.ts';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { workflowExport } from '../../src/app/commands/downloadWorkflow.ts';
import { duplicatePayload } from '../../src/app/commands/duplicateWorkflow.ts';
import { importedTagNames, importWorkflowFile } from '../../src/app/commands/importWorkflow.ts';
import { cleanNode } from '../../src/app/commands/savePayload.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { FrontendSettings } from '../../src/model/api.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';

const TRIGGER = 'n8n-nodes-base.manualTrigger';
const WEBHOOK = 'n8n-nodes-base.webhook';
const SET = 'n8n-nodes-base.set';

function sample(): IWorkflowBase {
  return {
    id: 'wf1AbC',
    name: 'Orders → CRM (EU) #2',
    active: false,
    versionId: 'v-1',
    nodes: [
      { id: 'n1', name: 'Start', type: TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 'n2', name: 'Hook', type: WEBHOOK, typeVersion: 2, position: [200, 0], parameters: { path: 'orders', httpMethod: 'POST' }, webhookId: 'hook-1' },
      { id: 'n3', name: 'Dyn', type: WEBHOOK, typeVersion: 2, position: [200, 200], parameters: { path: '={{ $env.P }}' }, webhookId: 'hook-2' },
      { id: 'n4', name: 'Set', type: SET, typeVersion: 3.4, position: [400, 0], parameters: { options: {} }, notes: 'keep me', color: '#ff0000', credentials: { httpHeaderAuth: { id: 'c1', name: 'Key' } } } as INode,
    ],
    connections: { Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] }, Hook: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1', timezone: 'Europe/Berlin' },
    pinData: { Set: [{ json: { a: 1 } }] },
    tags: [{ id: 't1', name: 'crm', usageCount: 3, createdAt: '2024-01-01T00:00:00.000Z' } as IWorkflowBase['tags'] extends Array<infer T> ? T : never],
    meta: { templateCredsSetupCompleted: true, instanceId: 'someone-else' },
  };
}

function rootWith(wf: IWorkflowBase, instanceId = 'inst-42'): RootStore {
  const root = new RootStore();
  runInAction(() => {
    root.nodeTypes.set(builtinNodeTypes.descriptions());
    root.settings.set({ instanceId, templates: { enabled: false, host: '' } } as unknown as FrontendSettings);
    root.workflow.load(wf);
  });
  return root;
}

afterEach(() => vi.unstubAllGlobals());

describe('exported file (spec 001 §3)', () => {
  it('names the file after the workflow, non-alphanumerics as underscores, or unsaved_workflow', () => {
    expect(exportFileName('My workflow')).toBe('My_workflow.json');
    expect(exportFileName('Orders → CRM (EU) #2')).toBe('Orders___CRM__EU___2.json');
    expect(exportFileName('Über-flow_v2')).toBe('_ber_flow_v2.json');
    expect(exportFileName('')).toBe('unsaved_workflow.json');
  });

  it("holds the saved payload's fields, the id as a string, meta.instanceId of this instance and tags without usageCount, in n8n's key order", () => {
    const root = rootWith(sample());
    const { fileName, data } = workflowExport(root);
    expect(fileName).toBe('Orders___CRM__EU___2.json');
    expect(Object.keys(data)).toEqual(['name', 'nodes', 'pinData', 'connections', 'active', 'settings', 'versionId', 'meta', 'id', 'tags']);
    expect(data.id).toBe('wf1AbC');
    expect(data.meta).toEqual({ templateCredsSetupCompleted: true, instanceId: 'inst-42' });
    expect(data.tags).toEqual([{ id: 't1', name: 'crm', createdAt: '2024-01-01T00:00:00.000Z' }]);
    expect(data.settings).toEqual({ executionOrder: 'v1', timezone: 'Europe/Berlin' });
    expect(data.pinData).toEqual({ Set: [{ json: { a: 1 } }] });
    // The save payload drops color (spec 001 §3); everything else of the node is kept.
    const set = data.nodes.find((x) => x.name === 'Set')!;
    expect(set).toEqual({ id: 'n4', name: 'Set', type: SET, typeVersion: 3.4, position: [400, 0], parameters: { options: {} }, notes: 'keep me', credentials: { httpHeaderAuth: { id: 'c1', name: 'Key' } } });
  });

  it('an unsaved workflow has no id; the workflow name is used as the editor holds it', () => {
    const wf = sample();
    delete wf.id;
    const root = rootWith(wf);
    runInAction(() => root.workflow.setName(''));
    const { fileName, data } = workflowExport(root);
    expect(fileName).toBe('unsaved_workflow.json');
    expect('id' in data).toBe(false);
  });

  it('a node that came with disabled: false keeps the field in the file (n8n keeps it); one without it gets none', () => {
    const wf = sample();
    wf.nodes[1] = { ...wf.nodes[1], disabled: false };
    const root = rootWith(wf);
    const out = () => workflowExport(root).data.nodes.map((n) => [n.name, n.disabled]);
    expect(out()).toEqual([['Start', undefined], ['Hook', false], ['Dyn', undefined], ['Set', undefined]]);
    expect('disabled' in workflowExport(root).data.nodes[0]).toBe(false);
    runInAction(() => root.workflow.setDisabled(['n1', 'n2'], true));
    expect(out()).toEqual([['Start', true], ['Hook', true], ['Dyn', undefined], ['Set', undefined]]);
    runInAction(() => root.workflow.setDisabled(['n1', 'n2'], false));
    expect(out()).toEqual([['Start', undefined], ['Hook', false], ['Dyn', undefined], ['Set', undefined]]);
    // Undo brings back the node as it was, field included.
    runInAction(() => root.workflow.undo());
    runInAction(() => root.workflow.undo());
    expect(out()).toEqual([['Start', undefined], ['Hook', false], ['Dyn', undefined], ['Set', undefined]]);
  });

  it('meta without an instance id in the settings keeps what the workflow had', () => {
    const data = workflowExportData({ name: 'x', nodes: [], connections: {}, meta: { instanceId: 'old' } }, { tags: [] });
    expect(data.meta).toEqual({ instanceId: 'old' });
    expect(data).toMatchObject({ pinData: {}, settings: {}, active: false, tags: [] });
  });

  it('every workflow of the real-workflow corpus exports the nodes, connections and pinned data the editor holds, and reads back as an import unchanged', () => {
    // The whole corpus beside the checkout when it is there, else the committed sample of it.
    const corpus = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'real-workflows');
    const dir = existsSync(corpus) ? corpus : resolve(import.meta.dirname, '..', 'fixtures', 'real-workflows');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d)) {
        const p = join(d, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (e.endsWith('.json')) files.push(p);
      }
    };
    walk(dir);
    expect(files.length).toBeGreaterThan(dir === corpus ? 300 : 30);
    let checked = 0;
    const notJson: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const read = readWorkflowFile(text);
      if (read.kind === 'error') {
        // The corpus's non-JSON files: the importer says where, by line and column.
        if (/not valid JSON/.test(read.message)) {
          expect(read.message).toMatch(/\(line \d+, column \d+\)$|not valid JSON: /);
          notJson.push(file);
        }
        continue;
      }
      const original = read.data as unknown as IWorkflowBase;
      const root = rootWith({ ...original, name: typeof original.name === 'string' ? original.name : 'x', active: false });
      const { data } = workflowExport(root);
      // What the editor holds goes out as JSON and comes back the same.
      const again = readWorkflowFile(JSON.stringify(data, null, 2));
      expect(again.kind, file).toBe('workflow');
      expect((again as { data: unknown }).data, file).toEqual(JSON.parse(JSON.stringify(data)));
      // The file is what the editor holds, through the save payload (what loading repairs is
      // the loader's subject, not the export's).
      const held = root.workflow.toWorkflow();
      expect(data.nodes, file).toEqual(held.nodes.map(cleanNode));
      expect(data.connections, file).toEqual(held.connections);
      expect(data.pinData, file).toEqual(held.pinData ?? {});
      checked++;
    }
    expect(checked).toBeGreaterThan(dir === corpus ? 300 : 20);
    expect(notJson.length).toBeLessThan(10);
  });
});

describe('duplicate (spec 002 §5)', () => {
  it("proposes the name plus ' copy', or the name as is when that would reach 128 characters", () => {
    expect(duplicateWorkflowName('Orders')).toBe('Orders copy');
    expect(duplicateWorkflowName('x'.repeat(122))).toBe(`${'x'.repeat(122)} copy`);
    expect(duplicateWorkflowName('x'.repeat(123))).toBe('x'.repeat(123));
    expect(duplicateWorkflowName('x'.repeat(128))).toBe('x'.repeat(128));
  });

  it("asks for a name: 'Please enter a name.' when the trimmed name is empty", () => {
    expect(duplicateNameError('')).toBe('Please enter a name.');
    expect(duplicateNameError('   ')).toBe('Please enter a name.');
    expect(duplicateNameError(' ok ')).toBeUndefined();
    expect(duplicateNameError('y'.repeat(129))).toMatch(/longer than 128/);
  });

  it('gives the copy new node and webhook ids; a plain webhook path follows the new id, an expression stays', () => {
    const nodes = sample().nodes;
    const before = JSON.stringify(nodes);
    let i = 0;
    const copy = nodesForCopy(nodes, () => `new-${++i}`);
    expect(JSON.stringify(nodes)).toBe(before);
    expect(copy.map((x) => x.id)).toEqual(['new-1', 'new-2', 'new-4', 'new-6']);
    expect(copy[1]).toMatchObject({ name: 'Hook', webhookId: 'new-3', parameters: { path: 'new-3', httpMethod: 'POST' } });
    expect(copy[2]).toMatchObject({ name: 'Dyn', webhookId: 'new-5', parameters: { path: '={{ $env.P }}' } });
    expect(copy[3]).toEqual({ ...nodes[3], id: 'new-6' });
  });

  it('the copy is the open workflow as edited, inactive, under the new name and tags, without the versionId', () => {
    const root = rootWith({ ...sample(), active: true });
    runInAction(() => root.workflow.setName('Edited'));
    const p = duplicatePayload(root, '  Orders copy  ', ['t9']);
    expect(p).toMatchObject({ name: 'Orders copy', active: false, tags: ['t9'], settings: { executionOrder: 'v1', timezone: 'Europe/Berlin' }, pinData: { Set: [{ json: { a: 1 } }] } });
    expect('versionId' in p).toBe(false);
    expect(p.nodes.map((x) => x.name)).toEqual(['Start', 'Hook', 'Dyn', 'Set']);
    expect(p.nodes.some((x) => ['n1', 'n2', 'n3', 'n4'].includes(x.id))).toBe(false);
    expect(p.connections).toEqual(sample().connections);
  });
});

describe('Workflows menu: entries and enabled rules (spec 001 §2.3)', () => {
  const flat = (ctx: Partial<WorkflowMenuContext>) =>
    Object.fromEntries(workflowMenuEntries({ onWorkflowPage: true, saved: true, templates: false, workflowSettings: false, ...ctx }).flat().map((e) => [e.key, e.disabled ? 'off' : 'on']));

  it('a saved workflow: everything on; entries without their page or dialog are left out', () => {
    expect(flat({})).toEqual({ new: 'on', open: 'on', save: 'on', duplicate: 'on', delete: 'on', download: 'on', importUrl: 'on', importFile: 'on' });
  });

  it('an unsaved workflow: duplicate, delete and settings need a saved one', () => {
    expect(flat({ saved: false, workflowSettings: true })).toMatchObject({ save: 'on', download: 'on', importUrl: 'on', importFile: 'on', duplicate: 'off', delete: 'off', settings: 'off' });
  });

  it('off the workflow page (a past execution): save, download, imports, duplicate and delete are off; new and open stay', () => {
    expect(flat({ onWorkflowPage: false, saved: true, workflowSettings: true })).toEqual({
      new: 'on',
      open: 'on',
      save: 'off',
      duplicate: 'off',
      delete: 'off',
      download: 'off',
      importUrl: 'off',
      importFile: 'off',
      settings: 'off',
    });
  });

  it('new from template shows only when templates are on, in the first group', () => {
    const groups = workflowMenuEntries({ onWorkflowPage: true, saved: true, templates: true, workflowSettings: false });
    expect(groups[0].map((e) => e.key)).toEqual(['new', 'newFromTemplate', 'open']);
    expect(groups.length).toBe(3);
  });
});

describe('import from file (spec 001 §5)', () => {
  it('refuses a file over 12582912 bytes by its size', () => {
    expect(workflowFileSizeError(12582912)).toBeUndefined();
    expect(workflowFileSizeError(12582913)).toBe('The file is too large: 12.0 MB (12582913 bytes); a workflow may be at most 12.0 MB (12582912 bytes).');
  });

  it('says where the JSON breaks, by the line and column of the file', () => {
    const r = readWorkflowFile('\n\n{\n  "nodes": [],\n  "connections": {},\n}\n');
    expect(r).toEqual({ kind: 'error', message: "The file is not valid JSON: Expected a property name in double quotes, found '}' after a comma (line 6, column 1)" });
    expect(readWorkflowFile("{ 'nodes': [] }")).toMatchObject({ kind: 'error', message: expect.stringContaining('single quote') });
  });

  it('wants a workflow object with nodes and connections, and at least one node', () => {
    expect(readWorkflowFile('')).toEqual({ kind: 'error', message: 'The file is empty.' });
    expect(readWorkflowFile('[1]')).toEqual({ kind: 'error', message: "The file's JSON is not a workflow object." });
    expect(readWorkflowFile('{"name":"x"}')).toEqual({ kind: 'error', message: `The file's JSON is not a workflow: it needs a "nodes" array and a "connections" object.` });
    expect(readWorkflowFile('{"nodes":[],"connections":{}}')).toEqual({ kind: 'error', message: "The file's workflow has no nodes to add." });
    expect(readWorkflowFile('\uFEFF{"nodes":[{"name":"a"}],"connections":{}}').kind).toBe('workflow');
  });

  it('reads the tag names a file lists, as objects or plain strings', () => {
    expect(importedTagNames([{ id: '1', name: ' crm ' }, { name: 'crm' }, 'abc', { name: '' }, null, { name: 'eu' }, ' eu ', '', 7])).toEqual(['crm', 'abc', 'eu']);
    expect(importedTagNames(undefined)).toEqual([]);
  });

  it('adds the nodes to the open workflow (names made unique), matches tags by name and creates the missing ones', async () => {
    const root = rootWith({ name: 'Open one', active: false, nodes: [{ id: 'a', name: 'Start', type: TRIGGER, typeVersion: 1, position: [0, 0], parameters: {} }], connections: {} });
    const created: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.endsWith('/rest/tags') && init.method === 'GET') return new Response(JSON.stringify({ data: [{ id: 'T1', name: 'crm' }] }));
      if (url.endsWith('/rest/tags') && init.method === 'POST') {
        const { name } = JSON.parse(String(init.body)) as { name: string };
        created.push(name);
        return new Response(JSON.stringify({ data: { id: `T-${name}`, name } }));
      }
      return new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 });
    });
    const file = new Blob([JSON.stringify({ ...sample(), tags: [{ id: 'elsewhere', name: 'crm' }, { id: 'x', name: 'eu' }] })]);
    const ids = await importWorkflowFile(root, file);
    // The manual trigger is one per workflow (maxNodes): the file's is skipped, with the spec's error.
    expect(ids).toHaveLength(3);
    const names = [...root.workflow.nodes.values()].map((m) => m.name).sort();
    expect(names).toEqual(['Dyn', 'Hook', 'Set', 'Start']);
    expect(root.ui.toasts.toasts.map((t) => t.title)).toContain('Could not insert node');
    const edges = [...root.workflow.connections.values()].map((c) => `${root.workflow.nodes.get(c.sourceId)!.name}>${root.workflow.nodes.get(c.targetId)!.name}`);
    expect(edges).toEqual(['Hook>Set']);
    expect(root.workflow.pinData).toEqual({ Set: [{ json: { a: 1 } }] });
    await vi.waitFor(() => expect(root.workflow.tags).toEqual([{ id: 'T1', name: 'crm' }, { id: 'T-eu', name: 'eu' }]));
    expect(created).toEqual(['eu']);
    expect(root.workflow.dirty).toBe(true);
    expect(root.workflow.name).toBe('Open one');
  });

  it('takes tags listed as plain strings: a tag id of this instance, else a name (matched or created), as the REST API reads them', async () => {
    const root = rootWith({ name: 'Open one', active: false, nodes: [], connections: {} });
    const created: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url.endsWith('/rest/tags') && init.method === 'GET') return new Response(JSON.stringify({ data: [{ id: 'T1', name: 'crm' }, { id: 'T2', name: 'sales' }] }));
      if (url.endsWith('/rest/tags') && init.method === 'POST') {
        const { name } = JSON.parse(String(init.body)) as { name: string };
        created.push(name);
        return new Response(JSON.stringify({ data: { id: `T-${name}`, name } }));
      }
      return new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 });
    });
    const { tags: _tags, ...rest } = sample();
    const file = new Blob([JSON.stringify({ ...rest, nodes: rest.nodes.slice(1), tags: ['crm', 'T2', 'whatsapp'] })]);
    expect(await importWorkflowFile(root, file)).toHaveLength(3);
    await vi.waitFor(() => expect(root.workflow.tags).toEqual([{ id: 'T1', name: 'crm' }, { id: 'T2', name: 'sales' }, { id: 'T-whatsapp', name: 'whatsapp' }]));
    expect(created).toEqual(['whatsapp']);
  });

  it("a bad file: 'Could not import workflow' with the reason, nothing added", async () => {
    const root = rootWith({ name: 'x', active: false, nodes: [], connections: {} });
    expect(await importWorkflowFile(root, new Blob(['{"nodes": [1,]}']))).toEqual([]);
    const t = root.ui.toasts.toasts.at(-1)!;
    expect(t).toMatchObject({ kind: 'error', title: IMPORT_ERROR_TITLE });
    expect(t.message).toMatch(/^The file is not valid JSON: .*\(line 1, column 14\)$/);
    expect(root.workflow.nodes.size).toBe(0);
  });

  it('a file over the limit is refused without being read', async () => {
    const root = rootWith({ name: 'x', active: false, nodes: [], connections: {} });
    const big = { size: 12582913, text: vi.fn(async () => '{}') } as unknown as Blob;
    expect(await importWorkflowFile(root, big)).toEqual([]);
    expect(big.text).not.toHaveBeenCalled();
    expect(root.ui.toasts.toasts.at(-1)).toMatchObject({ title: IMPORT_ERROR_TITLE, message: expect.stringContaining('12582912 bytes') });
  });

  it('read-only views refuse the import', async () => {
    const root = rootWith({ name: 'x', active: false, nodes: [], connections: {} });
    runInAction(() => root.ui.setReadOnly(true));
    expect(await importWorkflowFile(root, new Blob([JSON.stringify(sample())]))).toEqual([]);
    expect(root.workflow.nodes.size).toBe(0);
  });
});

describe('import from URL prompt', () => {
  it('the sidebar asks for the link and gets what was typed; a pasted link is confirmed as it is', async () => {
    const root = new RootStore();
    const typed = runInAction(() => root.ui.askImportUrl());
    expect(root.ui.urlImportPrompt).toMatchObject({ url: '', editable: true });
    runInAction(() => root.ui.answerUrlImport(true, 'https://example.com/a.json'));
    expect(await typed).toBe('https://example.com/a.json');

    const pasted = runInAction(() => root.ui.askUrlImport('https://example.com/b.json'));
    expect(root.ui.urlImportPrompt).toMatchObject({ url: 'https://example.com/b.json', editable: false });
    runInAction(() => root.ui.answerUrlImport(true));
    expect(await pasted).toBe(true);

    const cancelled = runInAction(() => root.ui.askImportUrl());
    runInAction(() => root.ui.answerUrlImport(false));
    expect(await cancelled).toBeUndefined();
  });
});
