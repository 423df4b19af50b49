// Engine additions the flow nodes need: parameter names with list indexes, per-execution node
// context, parameter-dependent required inputs and sub-workflow runs.
import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import { createRegistry, builtinTypes } from '../../src/nodes/registry.ts';
import type { NodeType } from '../../src/nodes/types.ts';
import { n, wf, wire, trigger } from './testNodes.ts';

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

const registry = createRegistry([...builtinTypes, pick]);

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
