// Engine additions the flow nodes need: parameter names with list indexes, per-execution node
// context, parameter-dependent required inputs and sub-workflow runs.
import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import { createRegistry, builtinTypes } from '../../src/nodes/registry.ts';
import type { NodeType } from '../../src/nodes/types.ts';
import { n, wf, wire, trigger, emit, nothing } from './testNodes.ts';

/** Reads `list[1].v` the way n8n nodes address one entry of a fixedCollection list. */
const pick: NodeType = {
  kind: 'regular',
  description: {
    name: 'test.pick',
    displayName: 'pick',
    description: 'pick',
    group: ['transform'],
    version: 1,
    defaults: { name: 'pick' },
    inputs: ['main'],
    outputs: ['main'],
    properties: [{ displayName: 'List', name: 'list', type: 'json', default: [] }],
  },
  async execute(ctx) {
    return [[{ json: { v: ctx.getNodeParameter('list[1].v', 0) as string } }]];
  },
};

/** Reads `expr` twice with extra keys and once without (HTTP Request pagination's way). */
const extra: NodeType = {
  kind: 'regular',
  description: { ...pick.description, name: 'test.extra', properties: [{ displayName: 'Expr', name: 'expr', type: 'string', default: '' }] },
  async execute(ctx) {
    const read = (keys?: Record<string, unknown>) => ctx.getNodeParameter('expr', 0, '', keys ? { additionalKeys: keys } : undefined);
    return [[{ json: { first: read({ $pageCount: 0, $response: {} }), second: read({ $pageCount: 2, $response: { body: { next: 'n' } } }), plain: read() } as never }]];
  },
};

/** Two inputs; with `both` set it needs data on both before it runs (v1 order). */
const needs: NodeType = {
  kind: 'regular',
  description: { ...pick.description, name: 'test.needs', inputs: ['main', 'main'], properties: [{ displayName: 'Both', name: 'both', type: 'boolean', default: false }] },
  requiredInputsFor: (node) => (node.parameters.both ? [0, 1] : 1),
  async execute(ctx) {
    return [[...ctx.getInputData(0), ...ctx.getInputData(1)]];
  },
};

/** Counts its runs in its node context; loops back to itself until it has run 3 times. */
const counter: NodeType = {
  kind: 'regular',
  description: { ...pick.description, name: 'test.counter', outputs: ['main', 'main'], properties: [] },
  async execute(ctx) {
    const context = ctx.getContext('node');
    context.runs = ((context.runs as number) ?? 0) + 1;
    const item = { json: { runs: context.runs } };
    return (context.runs as number) < 3 ? [[], [item]] : [[item], []];
  },
};

const registry = createRegistry([...builtinTypes, pick, needs, emit, nothing, counter, extra]);

describe('getNodeParameter', () => {
  it('reads list entries by index, like lodash get', async () => {
    const r = await runWorkflow({
      workflow: wf([trigger(), n('Pick', 'pick', { list: [{ v: 'a' }, { v: '={{ "b" + 1 }}' }] })], wire(['Trigger', 'Pick'])),
      nodeTypes: registry,
      mode: 'manual',
      executionId: '1',
    });
    expect(r.data.resultData.runData.Pick[0].data?.main[0]?.[0].json).toEqual({ v: 'b1' });
  });
});

describe('getNodeParameter with additionalKeys', () => {
  it('lets one read see extra variables over the item ones, and only that read', async () => {
    const r = await runWorkflow({
      workflow: wf([trigger(), n('A', 'emit', { items: [{ k: 'item' }] }), n('X', 'extra', { expr: '={{ [$pageCount, $response?.body?.next, $json.k].join("|") }}' })], wire(['Trigger', 'A'], ['A', 'X'])),
      nodeTypes: registry,
      mode: 'manual',
      executionId: '1',
    });
    expect(r.data.resultData.runData.X[0].data?.main[0]?.[0].json).toEqual({ first: '0||item', second: '2|n|item', plain: '||item' });
  });
});

describe('requiredInputsFor', () => {
  for (const both of [false, true]) {
    it(`a waiting node ${both ? 'does not run' : 'runs'} with one input when it requires ${both ? 'both' : 'one'} (v1 order)`, async () => {
      const r = await runWorkflow({
        workflow: wf(
          [trigger(), n('A', 'emit', { items: [{ a: 1 }] }), n('None', 'nothing'), n('Join', 'needs', { both })],
          wire(['Trigger', 'A'], ['Trigger', 'None'], ['A', 'Join', 0, 0], ['None', 'Join', 0, 1]),
          { executionOrder: 'v1' },
        ),
        nodeTypes: registry,
        mode: 'manual',
        executionId: '1',
      });
      expect(r.status).toBe('success');
      if (both) expect(r.data.resultData.runData.Join).toBeUndefined();
      else expect(r.data.resultData.runData.Join[0].data?.main[0]?.map((i) => i.json)).toEqual([{ a: 1 }]);
    });
  }
});

describe('getContext', () => {
  it("keeps a node's context across its runs in one execution, readable as $node[…].context", async () => {
    const run = () =>
      runWorkflow({
        workflow: wf(
          [trigger(), n('Count', 'counter'), n('Back', 'n8n-nodes-base.noOp'), n('After', 'n8n-nodes-base.set', { values: { number: [{ name: 'seen', value: '={{ $node["Count"].context["runs"] }}' }] } })],
          wire(['Trigger', 'Count'], ['Count', 'After', 0, 0], ['Count', 'Back', 1, 0], ['Back', 'Count']),
          { executionOrder: 'v1' },
        ),
        nodeTypes: registry,
        mode: 'manual',
        executionId: '1',
      });
    const r = await run();
    expect(r.data.resultData.runData.Count).toHaveLength(3);
    expect(r.data.resultData.runData.After[0].data?.main[0]?.[0].json).toEqual({ runs: 3, seen: 3 });
    // A new execution starts with a fresh context.
    expect((await run()).data.resultData.runData.Count).toHaveLength(3);
  });
});

describe('executeSubWorkflow', () => {
  it('runs sub-workflows in integrated mode and stops endless nesting', async () => {
    // A workflow that calls itself by id: every level runs in 'integrated' mode until the depth limit.
    const self = wf(
      [n('Start', 'n8n-nodes-base.executeWorkflowTrigger'), n('Again', 'n8n-nodes-base.executeWorkflow', { source: 'database', workflowId: 'self' })],
      wire(['Start', 'Again']),
    );
    const modes: string[] = [];
    const r = await runWorkflow({
      workflow: self,
      nodeTypes: registry,
      mode: 'manual',
      executionId: '1',
      loadWorkflow: async () => {
        modes.push('load');
        return self;
      },
    });
    expect(r.status).toBe('error');
    // The 21st call loads the workflow, then the engine refuses to run it.
    expect(modes.length).toBe(21);
    expect(JSON.stringify(r.data.resultData.error)).toContain('Sub-workflows are nested more than 20 levels deep');
  });
});
