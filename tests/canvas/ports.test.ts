// Which ports a node shows by connection type (src/canvas/kernels/ports.ts): known types as
// described and widened to what their connections use, unknown types from their connections
// alone, the error output of continueErrorOutput, and the geometry indexes connections sit on.
import { describe, expect, it } from 'vitest';
import { layoutPorts, looksLikeTrigger, portAt, portLabel, portSlot, rememberUses, samePorts, type DescribedPorts, type PortUse } from '../../src/canvas/kernels/ports.ts';

const known = (over: Partial<DescribedPorts> = {}): DescribedPorts => ({ known: true, isTrigger: false, mainInputs: 1, mainOutputs: 1, ...over });
const unknown = (isTrigger = false): DescribedPorts => ({ known: false, isTrigger, mainInputs: 0, mainOutputs: 0 });
const use = (side: PortUse['side'], type: string, index = 0): PortUse => ({ side, type, index });

describe('ports of a known type', () => {
  it('are the described ones, main on the sides and other types on the bottom (inputs) and top (outputs)', () => {
    const agent = layoutPorts(known({ nonMainInputs: ['ai_languageModel', 'ai_memory', 'ai_tool'] }), false, []);
    expect(agent).toMatchObject({ mainInputs: 1, mainOutputs: 1, errorOutput: -1, subNode: false });
    expect(agent.bottom).toEqual([{ type: 'ai_languageModel', index: 0 }, { type: 'ai_memory', index: 0 }, { type: 'ai_tool', index: 0 }]);
    const model = layoutPorts(known({ mainInputs: 0, mainOutputs: 0, nonMainOutputs: ['ai_languageModel'] }), false, []);
    expect(model).toMatchObject({ mainInputs: 0, mainOutputs: 0, subNode: true, top: [{ type: 'ai_languageModel', index: 0 }] });
  });

  it('add n8n’s error output after the type’s outputs with continueErrorOutput', () => {
    expect(layoutPorts(known(), true, [])).toMatchObject({ mainOutputs: 2, errorOutput: 1 });
    expect(layoutPorts(known({ mainOutputs: 2 }), true, [])).toMatchObject({ mainOutputs: 3, errorOutput: 2 });
    // A trigger has no input, errors or not.
    expect(layoutPorts(known({ isTrigger: true }), true, [use('output', 'main', 1)])).toMatchObject({ mainInputs: 0, mainOutputs: 2, errorOutput: 1 });
  });

  it('widen to every port a connection uses, so no connection hangs in the air', () => {
    const p = layoutPorts(known(), false, [use('output', 'main', 3), use('input', 'ai_tool'), use('input', 'main', 1)]);
    expect(p).toMatchObject({ mainInputs: 2, mainOutputs: 4, bottom: [{ type: 'ai_tool', index: 0 }] });
    // Used ports already described add nothing; bad indexes are ignored.
    expect(layoutPorts(known(), false, [use('output', 'main', 0), use('input', 'main', -1), use('input', 'main', 1.5), use('output', 'main', 1e9)])).toMatchObject({ mainInputs: 1, mainOutputs: 1 });
  });
});

describe('ports of an unknown type', () => {
  it('come from its connections: a root node keeps main ports and gets its sub-node inputs in n8n’s order', () => {
    const p = layoutPorts(unknown(), false, [use('input', 'ai_tool'), use('input', 'main'), use('output', 'main'), use('input', 'ai_memory'), use('input', 'ai_languageModel')]);
    expect(p.mainInputs).toBe(1);
    expect(p.mainOutputs).toBe(1);
    expect(p.bottom.map((x) => x.type)).toEqual(['ai_languageModel', 'ai_memory', 'ai_tool']);
    expect(p.subNode).toBe(false);
  });

  it('make a sub-node of a node whose connections are all outputs of other types (no main ports)', () => {
    const model = layoutPorts(unknown(), false, [use('output', 'ai_languageModel')]);
    expect(model).toMatchObject({ mainInputs: 0, mainOutputs: 0, subNode: true, top: [{ type: 'ai_languageModel', index: 0 }] });
    // A retriever: its vector store below, its root above.
    const retriever = layoutPorts(unknown(), false, [use('output', 'ai_retriever'), use('input', 'ai_vectorStore')]);
    expect(retriever).toMatchObject({ subNode: true, top: [{ type: 'ai_retriever', index: 0 }], bottom: [{ type: 'ai_vectorStore', index: 0 }] });
  });

  it('give a node without connections one input and one output (none in for a trigger-like name)', () => {
    expect(layoutPorts(unknown(), false, [])).toMatchObject({ mainInputs: 1, mainOutputs: 1 });
    expect(looksLikeTrigger('n8n-nodes-base.telegramTrigger')).toBe(true);
    expect(looksLikeTrigger('n8n-nodes-base.telegram')).toBe(false);
    expect(layoutPorts(unknown(true), false, [use('output', 'main')])).toMatchObject({ mainInputs: 0, mainOutputs: 1 });
  });

  it('end with the error output at the highest used main output (at least the second)', () => {
    expect(layoutPorts(unknown(), true, [use('input', 'main'), use('output', 'main', 0)])).toMatchObject({ mainOutputs: 2, errorOutput: 1 });
    expect(layoutPorts(unknown(), true, [use('output', 'main', 1)])).toMatchObject({ mainOutputs: 2, errorOutput: 1 });
    expect(layoutPorts(unknown(), true, [use('output', 'main', 2)])).toMatchObject({ mainOutputs: 3, errorOutput: 2 });
    expect(layoutPorts(unknown(), false, [use('output', 'main', 1)])).toMatchObject({ mainOutputs: 2, errorOutput: -1 });
  });

  it('are remembered: deleting a connection leaves its port (rememberUses only grows)', () => {
    const seen = rememberUses(undefined, [use('output', 'ai_tool'), use('output', 'ai_tool')]);
    expect(seen).toEqual([use('output', 'ai_tool')]);
    expect(rememberUses(seen, [])).toBe(seen);
    expect(rememberUses(seen, [use('output', 'ai_tool')])).toBe(seen);
    expect(rememberUses(seen, [use('input', 'main')])).toEqual([use('output', 'ai_tool'), use('input', 'main')]);
    expect(layoutPorts(unknown(), false, seen).top).toEqual([{ type: 'ai_tool', index: 0 }]);
  });
});

describe('geometry indexes of connection ends', () => {
  it('are the main index, or -1 - k for the k-th bottom input / top output; and back', () => {
    const p = layoutPorts(known({ nonMainInputs: ['ai_languageModel', 'ai_tool'], nonMainOutputs: ['ai_agent'] }), true, []);
    expect(portSlot(p, 'output', 'main', 1)).toBe(1); // the error output
    expect(portSlot(p, 'output', 'main', 2)).toBeUndefined();
    expect(portSlot(p, 'input', 'ai_tool', 0)).toBe(-2);
    expect(portSlot(p, 'input', 'ai_memory', 0)).toBeUndefined();
    expect(portSlot(p, 'output', 'ai_agent', 0)).toBe(-1);
    expect(portAt(p, 'input', -2)).toEqual({ type: 'ai_tool', index: 0 });
    expect(portAt(p, 'output', 1)).toEqual({ type: 'main', index: 1 });
    expect(portAt(p, 'input', -5)).toBeUndefined();
  });

  it('compare layouts by value and label ports with n8n’s short names', () => {
    expect(samePorts(layoutPorts(unknown(), false, [use('input', 'ai_tool')]), layoutPorts(unknown(), false, [use('input', 'ai_tool')]))).toBe(true);
    expect(samePorts(layoutPorts(unknown(), false, []), layoutPorts(unknown(), true, []))).toBe(false);
    expect(portLabel('ai_languageModel')).toBe('Model');
    expect(portLabel('ai_outputParser')).toBe('Output Parser');
    expect(portLabel('ai_somethingNew')).toBe('Something New');
  });
});
