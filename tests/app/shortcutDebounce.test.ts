// The spec's key debounces (001 §9): ctrl+s (save) and ctrl+a (select all) 1000 ms, leading
// edge as n8n's callDebounced: the first press acts, presses until a quiet second are dropped.
import { describe, expect, it } from 'vitest';
import { DEBOUNCE_SAVE_MS, DEBOUNCE_SELECT_ALL_MS } from '../../src/model/constants.ts';
import { editorShortcutHandler } from '../../src/app/views/useEditorShortcuts.ts';
import { selectAllDebounce, type GuardedKey } from '../../src/app/views/useCanvasEditing.ts';
import type { RootStore } from '../../src/app/stores/RootStore.ts';

function key(k: string, mods: { ctrl?: boolean; meta?: boolean; alt?: boolean } = { ctrl: true }) {
  const e = {
    key: k,
    code: `Key${k.toUpperCase()}`,
    ctrlKey: !!mods.ctrl,
    metaKey: !!mods.meta,
    altKey: !!mods.alt,
    shiftKey: false,
    target: null,
    defaultPrevented: false,
    stopped: false,
    preventDefault() {
      e.defaultPrevented = true;
    },
    stopImmediatePropagation() {
      e.stopped = true;
    },
  };
  return e;
}

function fakeRoot(readOnly: boolean) {
  const shown: string[] = [];
  const root = {
    ui: { readOnly, readOnlyReason: 'execution', toasts: { toasts: [] as Array<{ title: string }>, show: (t: { title: string }) => shown.push(t.title) } },
    modalOpen: () => false,
  };
  return { root: root as unknown as RootStore, shown };
}

describe('ctrl+s save debounce', () => {
  it('is the spec value', () => expect(DEBOUNCE_SAVE_MS).toBe(1000));

  it('saves on the first press and drops presses until a quiet second has passed', () => {
    let now = 0;
    let saves = 0;
    const { root } = fakeRoot(false);
    const onKey = editorShortcutHandler(root, { save: () => saves++, newWorkflow: () => undefined }, () => now);
    const first = key('s');
    onKey(first as unknown as KeyboardEvent);
    expect(saves).toBe(1);
    expect(first.defaultPrevented).toBe(true);
    for (const t of [100, 500, 900]) {
      now = t;
      const e = key('s');
      onKey(e as unknown as KeyboardEvent);
      // The browser's save dialog stays prevented even when the save itself is dropped.
      expect(e.defaultPrevented).toBe(true);
    }
    expect(saves).toBe(1);
    now = 1900; // 1000 ms after the last press
    onKey(key('s', { meta: true }) as unknown as KeyboardEvent);
    expect(saves).toBe(2);
  });

  it('read-only: the error instead of a save, debounced the same way', () => {
    let now = 0;
    let saves = 0;
    const { root, shown } = fakeRoot(true);
    const onKey = editorShortcutHandler(root, { save: () => saves++, newWorkflow: () => undefined }, () => now);
    onKey(key('s') as unknown as KeyboardEvent);
    now = 300;
    onKey(key('s') as unknown as KeyboardEvent);
    expect(saves).toBe(0);
    expect(shown).toEqual(['This view is read-only']);
  });
});

describe('ctrl+a select-all debounce', () => {
  it('is the spec value', () => expect(DEBOUNCE_SELECT_ALL_MS).toBe(1000));

  it('lets the first ctrl+a through to the canvas and swallows repeats within the quiet period', () => {
    let now = 0;
    const guard = selectAllDebounce(DEBOUNCE_SELECT_ALL_MS, () => now, () => true);
    const first = key('a');
    guard(first as GuardedKey);
    expect(first.stopped).toBe(false);
    expect(first.defaultPrevented).toBe(false);
    now = 400;
    const second = key('A', { meta: true });
    guard(second as GuardedKey);
    expect(second.stopped).toBe(true);
    expect(second.defaultPrevented).toBe(true);
    now = 1399; // 999 ms after the last press
    const third = key('a');
    guard(third as GuardedKey);
    expect(third.stopped).toBe(true);
    now = 2399;
    const fourth = key('a');
    guard(fourth as GuardedKey);
    expect(fourth.stopped).toBe(false);
  });

  it('ignores other keys and ctrl+a outside the canvas (text fields keep theirs)', () => {
    let now = 0;
    let onCanvas = true;
    const guard = selectAllDebounce(1000, () => now, () => onCanvas);
    guard(key('a') as GuardedKey);
    now = 10;
    for (const e of [key('c'), key('a', {}), key('a', { ctrl: true, alt: true })]) {
      guard(e as GuardedKey);
      expect(e.stopped).toBe(false);
    }
    onCanvas = false;
    const inField = key('a');
    guard(inField as GuardedKey);
    expect(inField.stopped).toBe(false);
    expect(inField.defaultPrevented).toBe(false);
  });
});
