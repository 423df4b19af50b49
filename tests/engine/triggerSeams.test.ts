// Engine seams the server's triggers use: the start node's inputs (a webhook with one output per
// HTTP method), $execution.resumeUrl, a binary store for large files, Respond to Webhook's
// response hook and node credentials.
import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { BinaryDataStore } from '../../src/engine/index.ts';
import { createRegistry, builtinTypes } from '../../src/nodes/registry.ts';
import type { NodeType } from '../../src/nodes/types.ts';
import { n, wf, wire, tag, trigger } from './testNodes.ts';

const base = {
  name: 'x',
  displayName: 'x',
  description: 'x',
  group: ['transform' as const],
  version: 1,
  defaults: { name: 'x' },
  properties: [],
};

/** A trigger whose outputs are its inputs (like a webhook listening to two methods). */
const twoWay: NodeType = {
  kind: 'trigger',
  description: { ...base, name: 'test.twoWay', group: ['trigger'], inputs: [], outputs: ['main', 'main'] },
  async execute(ctx) {
    return [ctx.getInputData(0), ctx.getInputData(1)];
  },
};

/** Writes a file of `size` bytes as binary `data`, then reads it back into json.length. */
const fileMaker: NodeType = {
  kind: 'regular',
  description: { ...base, name: 'test.fileMaker', inputs: ['main'], outputs: ['main'] },
  async execute(ctx) {
    const size = ctx.getInputData()[0].json.size as number;
    const binary = await ctx.helpers.prepareBinaryData(new Uint8Array(size).fill(7), 'f.bin', 'application/x-test');
    return [[{ json: { size }, binary: { data: binary } }]];
  },
};
const fileReader: NodeType = {
  kind: 'regular',
  description: { ...base, name: 'test.fileReader', inputs: ['main'], outputs: ['main'] },
  async execute(ctx) {
    const bytes = await ctx.helpers.getBinaryDataBuffer(0, 'data');
    return [[{ json: { length: bytes.byteLength, first: bytes[0] } }]];
  },
};
const responder: NodeType = {
  kind: 'regular',
  description: { ...base, name: 'test.responder', inputs: ['main'], outputs: ['main'] },
  async execute(ctx) {
    ctx.sendResponse({ statusCode: 201, headers: { 'x-a': 'b' }, body: { ok: ctx.getInputData().length } });
    return [ctx.getInputData()];
  },
};
const secret: NodeType = {
  kind: 'regular',
  description: { ...base, name: 'test.secret', inputs: ['main'], outputs: ['main'] },
  async execute(ctx) {
    const c = await ctx.getCredentials('smtp');
    return [[{ json: { host: c.host } }]];
  },
};

const registry = createRegistry([...builtinTypes, twoWay, fileMaker, fileReader, responder, secret, tag]);

describe('triggerData', () => {
  for (const mode of ['manual', 'webhook'] as const) {
    it(`routes items to the start node's second output (${mode})`, async () => {
      const r = await runWorkflow({
        workflow: wf([n('Hook', 'twoWay'), n('A', 'tag'), n('B', 'tag')], wire(['Hook', 'A', 0], ['Hook', 'B', 1])),
        nodeTypes: registry,
        mode,
        executionId: '1',
        triggerData: { main: [[], [{ json: { m: 'POST' } }]] },
      });
      expect(r.status).toBe('success');
      expect(r.data.resultData.runData.A).toBeUndefined();
      expect(r.data.resultData.runData.B[0].data?.main[0]?.[0].json).toEqual({ m: 'POST', path: ['B'] });
    });
  }
});

describe('additionalKeys', () => {
  it('exposes $execution.resumeUrl', async () => {
    const r = await runWorkflow({
      workflow: wf(
        [trigger(), n('Set', 'n8n-nodes-base.set', { values: { string: [{ name: 'url', value: '={{ $execution.resumeUrl }}' }] } }, { typeVersion: 2 })],
        wire(['Trigger', 'Set']),
      ),
      nodeTypes: registry,
      mode: 'manual',
      executionId: '7',
      additionalKeys: { resumeUrl: 'http://h/webhook-waiting/7' },
    });
    expect(r.data.resultData.runData.Set[0].data?.main[0]?.[0].json.url).toBe('http://h/webhook-waiting/7');
  });
});

describe('binaryStore', () => {
  const stored = new Map<string, Uint8Array>();
  const store: BinaryDataStore = {
    inlineMaxBytes: 100,
    async store(executionId, data, meta) {
      const id = `mem:${executionId}/${stored.size}/${meta.mimeType}`;
      stored.set(id, data);
      return id;
    },
    async read(id) {
      const d = stored.get(id);
      if (!d) throw new Error('missing');
      return d;
    },
  };
  for (const size of [50, 5000]) {
    it(`keeps ${size} bytes ${size > 100 ? 'in the store' : 'inline'} and reads them back`, async () => {
      const r = await runWorkflow({
        workflow: wf([trigger(), n('Make', 'fileMaker'), n('Read', 'fileReader')], wire(['Trigger', 'Make'], ['Make', 'Read'])),
        nodeTypes: registry,
        mode: 'manual',
        executionId: '9',
        triggerItems: [{ json: { size } }],
        binaryStore: store,
      });
      expect(r.status).toBe('success');
      const binary = r.data.resultData.runData.Make[0].data?.main[0]?.[0].binary?.data;
      if (size > 100) {
        expect(binary?.data).toBeUndefined();
        expect(binary?.id).toMatch(/^mem:9\//);
      } else {
        expect(binary?.id).toBeUndefined();
        expect(binary?.data).toBeTypeOf('string');
      }
      expect(binary).toMatchObject({ mimeType: 'application/x-test', fileName: 'f.bin', fileExtension: 'bin' });
      expect(r.data.resultData.runData.Read[0].data?.main[0]?.[0].json).toEqual({ length: size, first: 7 });
    });
  }
});

describe('sendResponse and getCredentials', () => {
  it('hands the response to the hook with the node name', async () => {
    const seen: unknown[] = [];
    const r = await runWorkflow({
      workflow: wf([trigger(), n('Respond', 'responder')], wire(['Trigger', 'Respond'])),
      nodeTypes: registry,
      mode: 'webhook',
      executionId: '1',
      hooks: { sendResponse: (name, response) => seen.push([name, response]) },
    });
    expect(r.status).toBe('success');
    expect(seen).toEqual([['Respond', { statusCode: 201, headers: { 'x-a': 'b' }, body: { ok: 1 } }]]);
  });

  it('reads credentials through the run option, and fails clearly without it', async () => {
    const workflow = wf([trigger(), n('Secret', 'secret')], wire(['Trigger', 'Secret']));
    const ok = await runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1', getCredentials: async (type) => ({ host: `${type}.local` }) });
    expect(ok.data.resultData.runData.Secret[0].data?.main[0]?.[0].json).toEqual({ host: 'smtp.local' });
    const missing = await runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1' });
    expect(missing.status).toBe('error');
    expect(missing.data.resultData.error?.message).toBe('Node "Secret" has no credentials of type "smtp" available');
  });
});

describe('workflowIsImmutable', () => {
  it('reuses what it derives from the same workflow object across runs without sharing run state', async () => {
    const workflow = wf(
      [trigger(), n('Set', 'n8n-nodes-base.set', { values: { number: [{ name: 'twice', value: '={{ $json.n * 2 }}' }] } }, { typeVersion: 2 })],
      wire(['Trigger', 'Set']),
    );
    const results = [];
    for (const value of [1, 2, 3]) {
      const r = await runWorkflow({ workflow, nodeTypes: registry, mode: 'webhook', executionId: String(value), triggerItems: [{ json: { n: value } }], workflowIsImmutable: true });
      results.push(r.data.resultData.runData.Set[0].data?.main[0]?.[0].json.twice);
    }
    expect(results).toEqual([2, 4, 6]);
  });
});
