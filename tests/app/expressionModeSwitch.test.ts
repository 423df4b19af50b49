// The Fixed / Expression switch through the editor's stores and the preview client (no worker in
// Node: the client's main-thread path runs the same kernel the worker runs).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkflowStore } from '../../src/app/stores/WorkflowStore.ts';
import { UIStore } from '../../src/app/stores/UIStore.ts';
import type { RootStore } from '../../src/app/stores/RootStore.ts';
import { switchToExpression, switchToFixed } from '../../src/app/editor/parameters/expression/modeSwitch.ts';
import { registerExpressionEditor } from '../../src/app/editor/parameters/expression/editorRegistry.ts';
import { previewKey, requestPreview, resetPreviewClient } from '../../src/app/editor/parameters/expression/previewClient.ts';
import type { INodeProperties } from '../../src/model/nodeTypes.ts';

function root(): RootStore {
  const workflow = new WorkflowStore();
  workflow.load({
    name: 'Switch',
    active: false,
    nodes: [
      { id: 'a', name: 'Source', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 'b', name: 'Target', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [200, 0], parameters: { count: '={{ $json.n * 2 }}' } },
    ],
    connections: { Source: { main: [[{ node: 'Target', type: 'main', index: 0 }]] } },
    pinData: { Source: [{ json: { n: 21, kinds: 'a,b,zzz' } }] },
  });
  const ui = new UIStore(workflow);
  ui.openNdv('b');
  return { workflow, ui, settings: { timezone: 'UTC' } } as unknown as RootStore;
}

const num: INodeProperties = { name: 'count', displayName: 'Count', type: 'number', default: 1 };
const multi: INodeProperties = {
  name: 'kinds',
  displayName: 'Kinds',
  type: 'multiOptions',
  default: [],
  options: [
    { name: 'A', value: 'a' },
    { name: 'B', value: 'b' },
  ],
};

afterEach(() => {
  resetPreviewClient();
  vi.useRealTimers();
});

describe('switching modes', () => {
  it('to expression wraps the value and focuses the editor 375 ms later', () => {
    vi.useFakeTimers();
    const focus = vi.fn();
    const off = registerExpressionEditor('count', { focus, insertText: () => {} });
    const onChange = vi.fn();
    switchToExpression(42, 'count', onChange);
    expect(onChange).toHaveBeenCalledWith('={{42}}');
    vi.advanceTimersByTime(374);
    expect(focus).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(focus).toHaveBeenCalledTimes(1);
    off();
  });

  it('to fixed uses the computed value for the first input item', async () => {
    const r = root();
    const onChange = vi.fn();
    await switchToFixed(r, '={{ $json.n * 2 }}', num, onChange);
    expect(onChange).toHaveBeenCalledWith(42);
    await switchToFixed(r, '={{ $json.kinds }}', multi, onChange);
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
  });

  it('to fixed falls back to the plain reading when nothing can be computed', async () => {
    const r = root();
    const onChange = vi.fn();
    await switchToFixed(r, '={{ nope }}', num, onChange);
    expect(onChange).toHaveBeenCalledWith(1);
    await switchToFixed(r, '={{ 7 }}', num, onChange);
    expect(onChange).toHaveBeenLastCalledWith(7);
    await switchToFixed(null, '=plain', { name: 's', displayName: 'S', type: 'string', default: '' }, onChange);
    expect(onChange).toHaveBeenLastCalledWith('plain');
  });

  it('previews through the client, and sees pinned data change', async () => {
    const r = root();
    const before = previewKey(r, 'Target');
    const req = { expression: '={{ $json.n }}', nodeName: 'Target', parameters: {}, itemIndex: 0, now: 0 };
    expect((await requestPreview(r, req)).text).toBe('21');
    r.workflow.setPinData('Source', [{ json: { n: 5 } }]);
    expect(previewKey(r, 'Target')).not.toBe(before);
    expect((await requestPreview(r, req)).text).toBe('5');
  });
});
