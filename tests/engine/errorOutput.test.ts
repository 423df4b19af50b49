// onError 'continueErrorOutput' (n8n's "Continue (using error output)"): the node gets an extra
// last output; items that carry an error go there, with the fields of the input item they came
// from, and the rest stay on their regular output. Cases follow n8n's WorkflowExecute
// handleNodeErrorOutput (packages/core/src/execution-engine/workflow-execute.ts) and its tests.
import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import { routeErrorOutput } from '../../src/engine/errorOutput.ts';
import type { INodeExecutionData } from '../../src/model/execution.ts';
import type { NodeType } from '../../src/nodes/types.ts';
import { builtinTypes, createRegistry } from '../../src/nodes/registry.ts';
import { emit, n, split, tag, trigger, wf, wire } from './testNodes.ts';

const input: INodeExecutionData[][] = [[{ json: { id: 7, name: 'seven' } }, { json: { id: 8, name: 'eight' } }]];

describe('routeErrorOutput (n8n handleNodeErrorOutput)', () => {
  it('moves items whose json is only error / message / details to the last output, with the paired input item under them', () => {
    const out = routeErrorOutput(
      [[
        { json: { error: 'Error occurred', message: 'Error details' }, pairedItem: { item: 0, input: 0 } },
        { json: { ok: true }, pairedItem: { item: 1 } },
      ]],
      1,
      input,
    );
    expect(out[0]).toEqual([{ json: { ok: true }, pairedItem: { item: 1 } }]);
    expect(out[1]).toEqual([{ json: { id: 7, name: 'seven', error: 'Error occurred', message: 'Error details' }, pairedItem: { item: 0, input: 0 } }]);
  });

  it('keeps an item with other fields beside error on its regular output', () => {
    const item = { json: { error: 'Test error', additionalData: 'preserved' }, pairedItem: { item: 0, input: 0 } };
    expect(routeErrorOutput([[item]], 1, input)).toEqual([[item], []]);
  });

  it('takes an item with `error` set, whatever its json; pairs by the first of several pairedItems', () => {
    const err = new Error('boom');
    const out = routeErrorOutput([[{ json: { partial: 1 }, error: err as never, pairedItem: [{ item: 1 }, { item: 0 }] }]], 1, input);
    expect(out[0]).toEqual([]);
    expect(out[1]).toEqual([{ json: { id: 8, name: 'eight', partial: 1 }, error: err, pairedItem: [{ item: 1 }, { item: 0 }] }]);
  });

  it('does not treat a falsy json.error as an error, and leaves an unpaired error item as it is', () => {
    const falsy = { json: { error: '' } };
    const unpaired = { json: { error: 'no origin' } };
    expect(routeErrorOutput([[falsy, unpaired]], 1, input)).toEqual([[falsy], [unpaired]]);
  });

  it('collects errors of every regular output of a multi-output node; the error output is the last', () => {
    const out = routeErrorOutput([[{ json: { error: 'a' } }, { json: { v: 1 } }], [{ json: { error: 'b' } }]], 2, input);
    expect(out).toEqual([[{ json: { v: 1 } }], [], [{ json: { error: 'a' } }, { json: { error: 'b' } }]]);
  });

  it('replaces what the node put on the error output index itself (n8n assigns the error items there)', () => {
    expect(routeErrorOutput([[{ json: { v: 1 } }], [{ json: { stray: true } }]], 1, input)).toEqual([[{ json: { v: 1 } }], []]);
  });
});

/** Marks odd `v` as failed items ({ error } json, paired), passes the others: a node continuing on fail per item. */
const checker: NodeType = {
  kind: 'regular',
  description: {
    name: 'test.checker', displayName: 'checker', description: 'checker', group: ['transform'], version: 1, defaults: { name: 'checker' },
    inputs: ['main'], outputs: ['main'], properties: [],
  },
  async execute(ctx) {
    return [ctx.getInputData().map((item, i) => (Number(item.json.v) % 2 ? { json: { error: `odd ${item.json.v}` }, pairedItem: { item: i } } : { json: { ...item.json, checked: true }, pairedItem: { item: i } }))];
  },
};

const registry = createRegistry([...builtinTypes, emit, tag, split, checker]);
const run = (workflow: ReturnType<typeof wf>) => runWorkflow({ nodeTypes: registry, mode: 'manual', executionId: 'e1', workflow });
const json = (r: Awaited<ReturnType<typeof run>>, node: string, output = 0) => r.data.resultData.runData[node]?.[0]?.data?.main?.[output]?.map((i) => i.json);

describe('runWorkflow with continueErrorOutput', () => {
  it('routes failed items to the error output (index = the type’s outputs) and runs the node connected there', async () => {
    const r = await run(
      wf(
        [trigger(), n('Emit', 'emit', { items: [{ v: 1, who: 'a' }, { v: 2, who: 'b' }, { v: 3, who: 'c' }] }), n('Check', 'checker', {}, { onError: 'continueErrorOutput' }), n('Good', 'tag'), n('Bad', 'tag')],
        wire(['Trigger', 'Emit'], ['Emit', 'Check'], ['Check', 'Good', 0], ['Check', 'Bad', 1]),
      ),
    );
    expect(r.status).toBe('success');
    expect(json(r, 'Check', 0)).toEqual([{ v: 2, who: 'b', checked: true }]);
    expect(json(r, 'Check', 1)).toEqual([{ v: 1, who: 'a', error: 'odd 1' }, { v: 3, who: 'c', error: 'odd 3' }]);
    expect(json(r, 'Good')).toEqual([{ v: 2, who: 'b', checked: true, path: ['Good'] }]);
    expect(json(r, 'Bad')).toEqual([{ v: 1, who: 'a', error: 'odd 1', path: ['Bad'] }, { v: 3, who: 'c', error: 'odd 3', path: ['Bad'] }]);
  });

  it('puts a two-output node’s error output third (index 2), and runs nothing after it when no item failed', async () => {
    const r = await run(
      wf(
        [trigger(), n('Emit', 'emit', { items: [{ even: true }, { even: false }] }), n('Split', 'split', {}, { onError: 'continueErrorOutput' }), n('Yes', 'tag'), n('No', 'tag'), n('Err', 'tag')],
        wire(['Trigger', 'Emit'], ['Emit', 'Split'], ['Split', 'Yes', 0], ['Split', 'No', 1], ['Split', 'Err', 2]),
      ),
    );
    expect(r.status).toBe('success');
    expect(r.data.resultData.runData.Split[0].data?.main).toHaveLength(3);
    expect(json(r, 'Yes')).toEqual([{ even: true, path: ['Yes'] }]);
    expect(json(r, 'No')).toEqual([{ even: false, path: ['No'] }]);
    expect(r.data.resultData.runData.Err).toBeUndefined();
  });
});
