// The NDV's pinned data (issue 11, spec 001 §4.3, §5, §9) through the editor's own stores: pin
// and unpin as undo steps, the size limit, the edit-output session (first text, save, refusals),
// the question on close and the one before executing a pinned node. Without browser workers the
// pin-data client runs the same kernel on this thread.
import { describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { TEST_PIN_DATA, pinEditStore } from '../../src/app/editor/ndv/pin/pinEditStore.ts';
import { prettyItems, measureItems } from '../../src/app/editor/ndv/pin/pinWork.ts';
import { pinDataBytes } from '../../workers/pinData/kernel.ts';

function editor() {
  const root = new RootStore();
  root.workflow.load({
    id: 'wf1',
    name: 'wf',
    active: false,
    nodes: [
      { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 's', name: 'Set', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [200, 0], parameters: {} },
    ],
    connections: {},
  });
  return { root, pins: pinEditStore(root), w: root.workflow };
}

const toastTitles = (root: RootStore) => root.ui.toasts.toasts.map((t) => `${t.title}: ${t.message}`);

describe('pinning from the output panel', () => {
  it('pins the items json as one undo step, unpins as another', async () => {
    const { pins, w } = editor();
    expect(await pins.pin('Set', [{ json: { a: 1 }, binary: undefined }, { json: { a: 2 } }])).toBe(true);
    expect(w.pinData).toEqual({ Set: [{ json: { a: 1 } }, { json: { a: 2 } }] });
    expect(w.dirty).toBe(true);
    expect(w.history.undoLabel).toBe('Pin data');
    pins.unpin('Set');
    expect(w.pinData).toEqual({});
    expect(w.history.undoLabel).toBe('Unpin data');
    w.undo();
    expect(Object.keys(w.pinData)).toEqual(['Set']);
    w.undo();
    expect(w.pinData).toEqual({});
    w.redo();
    expect(w.pinData.Set).toHaveLength(2);
  });

  it('refuses when the workflow would hold more than 12 MB of pinned data', async () => {
    const { root, pins, w } = editor();
    const big = Array.from({ length: 7 }, (_, i) => ({ json: { i, s: 'x'.repeat(1024 * 1024) } }));
    expect(await pins.pin('Trigger', big)).toBe(true);
    expect(await pins.pin('Set', big)).toBe(false);
    expect(Object.keys(w.pinData)).toEqual(['Trigger']);
    expect(toastTitles(root)).toEqual(['Output data is too large to pin: Workflow has reached the maximum allowed pinned data size (14.0 MB / 12.0 MB)']);
  });

  it('refuses pinned data that would make the workflow too large to save (12 MB with its nodes)', async () => {
    const { root, pins, w } = editor();
    // 1.5 MB of node parameters plus 11 MB of pinned data: within the 12 MB for pins, not savable.
    w.setParameters('s', { notes: 'n'.repeat(1536 * 1024) });
    const big = Array.from({ length: 11 }, (_, i) => ({ json: { i, s: 'x'.repeat(1024 * 1024 - 20) } }));
    expect(await pins.pin('Set', big)).toBe(false);
    expect(toastTitles(root)).toEqual([expect.stringMatching(/^Output data is too large to pin: Workflow has reached the maximum allowed size \(12\.5 MB \/ 12\.0 MB\)$/)]);
    expect(w.pinData).toEqual({});
  });

  it('measures as the kernel does, and prints as JSON.stringify(list, null, 2)', async () => {
    const items = [{ json: { é: 'ü', n: [1, { b: null }] } }, { json: {} }];
    expect(await measureItems(items)).toBe(pinDataBytes({ X: items }));
    expect(await prettyItems(items)).toBe(JSON.stringify(items.map((i) => i.json), null, 2));
    expect(await prettyItems([])).toBe('[]');
  });

  it('does nothing on a read-only view', async () => {
    const { root, pins, w } = editor();
    w.setPinData('Set', [{ json: { a: 1 } }]);
    root.ui.setReadOnly(true);
    pins.unpin('Set');
    expect(await pins.pin('Trigger', [{ json: {} }])).toBe(false);
    pins.startEdit('s', undefined);
    expect(pins.session).toBeUndefined();
    expect(Object.keys(w.pinData)).toEqual(['Set']);
  });
});

describe('edit output', () => {
  it('starts with the pinned data, else the current items, else the two sample items', async () => {
    const { pins, w } = editor();
    pins.startEdit('s', undefined);
    expect(pins.session?.initialText).toBe(JSON.stringify(TEST_PIN_DATA, null, 2));
    pins.cancelEdit();
    pins.startEdit('s', [{ json: { run: 1 } }]);
    await vi.waitFor(() => expect(pins.session?.initialText).toBe('[\n  {\n    "run": 1\n  }\n]'));
    pins.cancelEdit();
    w.setPinData('Set', [{ json: { pinned: true } }]);
    pins.startEdit('s', [{ json: { run: 1 } }]);
    await vi.waitFor(() => expect(pins.session?.initialText).toBe('[\n  {\n    "pinned": true\n  }\n]'));
  });

  it('saves valid text as pinned data; refusals keep editing and say where', async () => {
    const { root, pins, w } = editor();
    pins.startEdit('s', undefined);
    let text = '[\n  {"a": 1},\n  {"b": }\n]';
    pins.readText = () => text;
    expect(await pins.saveEdit()).toBe(false);
    expect(pins.session?.nodeId).toBe('s');
    expect(pins.error).toMatchObject({ kind: 'invalidJson', line: 3, column: 9, position: 22 });
    text = "[{'a': 1}]";
    expect(await pins.saveEdit()).toBe(false);
    expect(toastTitles(root)).toEqual([
      "Problem with output data: On line 3: Unexpected token '}' (at position 22)",
      'Problem with output data: On line 1: Unexpected single quote. Please use double quotes (") instead (at position 2)',
    ]);
    text = '{"one": "object"}';
    expect(await pins.saveEdit()).toBe(true);
    expect(pins.session).toBeUndefined();
    expect(pins.error).toBeUndefined();
    expect(w.pinData).toEqual({ Set: [{ json: { one: 'object' } }] });
    expect(w.history.undoLabel).toBe('Pin data');
  });

  it('counts the other nodes against the limit', async () => {
    const { root, pins, w } = editor();
    w.setPinData('Trigger', Array.from({ length: 11 }, () => ({ json: { s: 'x'.repeat(1024 * 1024) } })));
    pins.startEdit('s', undefined);
    pins.readText = () => JSON.stringify([{ s: 'y'.repeat(1024 * 1024 + 512 * 1024) }]);
    expect(await pins.saveEdit()).toBe(false);
    expect(pins.error?.kind).toBe('tooLarge');
    expect(toastTitles(root)[0]).toMatch(/^Output data is too large to pin: Workflow has reached the maximum allowed pinned data size \(12\.5 MB \/ 12\.0 MB\)$/);
    expect(Object.keys(w.pinData)).toEqual(['Trigger']);
  });
});

describe('closing the view while editing', () => {
  it('asks; Save pins valid data and closes, invalid data keeps the view open, Discard closes', async () => {
    const { root, pins, w } = editor();
    root.ui.openNdv('s');
    pins.startEdit('s', undefined);
    let text = '[{"a": 1},]';
    pins.readText = () => text;

    root.ui.closeNdv();
    expect(w.activeNodeId).toBe('s');
    expect(pins.closePrompt).toBeDefined();
    pins.answerClose(true);
    await vi.waitFor(() => expect(pins.busy).toBe(false));
    await new Promise((r) => setTimeout(r, 0));
    expect(w.activeNodeId).toBe('s');
    expect(pins.session?.nodeId).toBe('s');
    expect(w.pinData).toEqual({});

    text = '[{"a": 1}]';
    root.ui.closeNdv();
    pins.answerClose(true);
    await vi.waitFor(() => expect(w.activeNodeId).toBeUndefined());
    expect(w.pinData).toEqual({ Set: [{ json: { a: 1 } }] });

    root.ui.openNdv('s');
    pins.startEdit('s', undefined);
    root.ui.closeNdv();
    pins.answerClose(false);
    await vi.waitFor(() => expect(w.activeNodeId).toBeUndefined());
    expect(pins.session).toBeUndefined();
    expect(w.pinData).toEqual({ Set: [{ json: { a: 1 } }] });
  });

  it('closes at once when not editing, and forgets the session when the view goes away', () => {
    const { root, pins, w } = editor();
    root.ui.openNdv('s');
    root.ui.closeNdv();
    expect(w.activeNodeId).toBeUndefined();
    root.ui.openNdv('s');
    pins.startEdit('s', undefined);
    pins.abandon('s');
    expect(pins.session).toBeUndefined();
    root.ui.closeNdv();
    expect(w.activeNodeId).toBeUndefined();
  });
});

describe('executing a pinned node', () => {
  it("asks 'Unpin output data?': Cancel keeps the pin and stops, Unpin and test unpins (one undo step)", async () => {
    const { pins, w } = editor();
    expect(await pins.confirmUnpinAndExecute('Set')).toBe(true);
    w.setPinData('Set', [{ json: { a: 1 } }]);
    const no = pins.confirmUnpinAndExecute('Set');
    expect(pins.unpinPrompt).toBeDefined();
    pins.answerUnpin(false);
    expect(await no).toBe(false);
    expect(Object.keys(w.pinData)).toEqual(['Set']);
    const yes = pins.confirmUnpinAndExecute('Set');
    pins.answerUnpin(true);
    expect(await yes).toBe(true);
    expect(w.pinData).toEqual({});
    expect(w.history.undoLabel).toBe('Unpin data');
  });
});
