// The node details view's trial findings that need no browser: Switch's output names in the
// output panel (the canvas's ports), the binary view's rows, a pinned node's counts.
import { describe, expect, it } from 'vitest';
import { nodeOutputNames, regularOutputNames } from '../../src/app/editor/ndv/outputNames.ts';
import { binaryRows } from '../../src/app/editor/ndv/BinaryView.tsx';
import { outputCounts } from '../../src/canvas/doc/nodeLook.ts';
import type { INodeTypeDescription } from '../../src/model/nodeTypes.ts';

const switchType = { name: 'n8n-nodes-base.switch', inputs: ['main'], outputs: ['main'], properties: [] } as unknown as INodeTypeDescription;
const sw = (parameters: Record<string, unknown>, onError?: string) => ({ type: 'n8n-nodes-base.switch', typeVersion: 3.2, parameters, settings: { onError } });

describe('output names of a Switch in the output panel', () => {
  it('one per rule (its output key, else its index) and the fallback output', () => {
    const p = { rules: { values: [{ outputKey: 'ONIMBOTMESSAGEADD' }, {}, { outputKey: 'JOIN' }] }, options: { fallbackOutput: 'extra' } };
    expect(nodeOutputNames(switchType, sw(p))).toEqual(['ONIMBOTMESSAGEADD', '1', 'JOIN', 'Fallback']);
    expect(nodeOutputNames(switchType, sw({ ...p, options: { fallbackOutput: 'extra', renameFallbackOutput: 'Other' } }))).toEqual(['ONIMBOTMESSAGEADD', '1', 'JOIN', 'Other']);
    expect(nodeOutputNames(switchType, sw(p, 'continueErrorOutput'))).toEqual(['ONIMBOTMESSAGEADD', '1', 'JOIN', 'Fallback', 'Error']);
  });
  it('expression mode: numbered outputs (4 by default), capped', () => {
    expect(nodeOutputNames(switchType, sw({ mode: 'expression' }))).toEqual(['0', '1', '2', '3']);
    expect(nodeOutputNames(switchType, sw({ mode: 'expression', numberOutputs: 2 }))).toEqual(['0', '1']);
    expect(nodeOutputNames(switchType, sw({ mode: 'expression', numberOutputs: 1e9 })).length).toBe(64);
  });
  it('one rule and no fallback is one output (pinnable, as n8n counts outputs)', () => {
    expect(regularOutputNames(switchType, sw({ rules: { values: [{}] } }))).toEqual(['0']);
  });
  it('fixed types keep their names', () => {
    const ifType = { name: 'n8n-nodes-base.if', outputs: ['main', 'main'], outputNames: ['true', 'false'], inputs: ['main'], properties: [] } as unknown as INodeTypeDescription;
    expect(nodeOutputNames(ifType, { type: 'n8n-nodes-base.if', typeVersion: 2, parameters: {} })).toEqual(['true', 'false']);
    expect(nodeOutputNames(undefined, { type: 'x', typeVersion: 1 })).toEqual(['Output']);
  });
});

describe('binary rows', () => {
  it('keep only the items with files, with their indices in the run', () => {
    const items = [{ json: {} }, { json: {}, binary: {} }, { json: {}, binary: { data: { data: '', mimeType: 'text/plain' } } }] as Parameters<typeof binaryRows>[0];
    expect(binaryRows(items).map((r) => r.index)).toEqual([2]);
  });
});

describe('item counts of a pinned node', () => {
  it('its pinned items win over an older run', () => {
    const n = { itemCount: [60] } as unknown as Parameters<typeof outputCounts>[0];
    expect(outputCounts(n, [{}, {}])).toEqual([2]);
    expect(outputCounts(n, undefined)).toEqual([60]);
  });
});
