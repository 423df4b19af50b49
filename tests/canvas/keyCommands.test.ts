// The keyboard part (src/canvas/interaction/KeyCommands.ts) against a fake document and host:
// what each key does, read-only refusals, and that only handled keys are consumed.
import { describe, expect, it } from 'vitest';
import { KeyCommands, type KeyEvent, type KeyHost } from '../../src/canvas/interaction/KeyCommands.ts';
import type { CanvasNode } from '../../src/canvas/types.ts';

function key(k: string, mods: Partial<Pick<KeyEvent, 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>> = {}) {
  const e = { key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: null, consumed: 0, preventDefault() { this.consumed++; }, stopPropagation() { this.consumed++; }, ...mods };
  return e;
}

function setup(opts: { readOnly?: boolean; onDelete?: boolean; cancels?: boolean } = {}) {
  const log: string[] = [];
  // a → b → c, and a → d
  const edges: Array<[string, string]> = [['a', 'b'], ['b', 'c'], ['a', 'd']];
  const pos: Record<string, { x: number; y: number }> = { a: { x: 0, y: 0 }, b: { x: 200, y: 0 }, c: { x: 400, y: 0 }, d: { x: 200, y: 200 }, s: { x: 0, y: 400 } };
  const nodes = new Map<string, CanvasNode>(Object.keys(pos).map((id) => [id, { id, isSticky: id === 's' } as CanvasNode]));
  const doc = {
    nodes,
    selection: new Set<string>(),
    selectedConnections: new Set<string>(),
    lastSelectedId: undefined as string | undefined,
    select(ids: Iterable<string>) {
      doc.selection = new Set(ids);
      doc.lastSelectedId = [...doc.selection].at(-1);
      log.push(`select ${[...doc.selection].join(',')}`);
    },
    removeNodes: (ids: Iterable<string>) => log.push(`remove ${[...ids].join(',')}`),
    disconnect: (ids: Iterable<string>) => log.push(`disconnect ${[...ids].join(',')}`),
  };
  const host: KeyHost = {
    doc,
    callbacks: () => ({ openNode: (id) => log.push(`open ${id}`), onDeleteRequest: opts.onDelete ? (ids) => log.push(`deleteRequest ${ids.join(',')}`) : undefined }),
    readOnly: () => !!opts.readOnly,
    editingSticky: () => false,
    readOnlyEdit: (a) => log.push(`readOnly ${a}`),
    openSticky: (id) => log.push(`sticky ${id}`),
    graph: {
      children: (id) => edges.filter((e) => e[0] === id).map((e) => e[1]),
      parents: (id) => edges.filter((e) => e[1] === id).map((e) => e[0]),
      position: (id) => pos[id],
    },
    moveSelectionTo: (id) => doc.select([id]),
    zoomIn: () => log.push('zoomIn'),
    zoomOut: () => log.push('zoomOut'),
    resetZoom: () => log.push('resetZoom'),
    zoomToFit: () => log.push('zoomToFit'),
    cancel: () => (log.push('cancel'), !!opts.cancels),
  };
  return { keys: new KeyCommands(host), doc, log };
}

describe('KeyCommands', () => {
  it('arrows walk the connections from the anchor; shift+→ selects downstream with the anchor last', () => {
    const t = setup();
    t.doc.select(['a']);
    t.keys.handle(key('ArrowRight'));
    expect(t.doc.lastSelectedId).toBe('b');
    t.keys.handle(key('ArrowLeft'));
    expect(t.doc.lastSelectedId).toBe('a');
    const e = key('ArrowRight', { shiftKey: true });
    t.keys.handle(e);
    expect([...t.doc.selection].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(t.doc.lastSelectedId).toBe('a');
    expect(e.consumed).toBe(2);
  });

  it('Delete asks onDeleteRequest (or removes) and disconnects selected connections; read-only reports instead', () => {
    const t = setup({ onDelete: true });
    t.doc.select(['a', 'b']);
    t.doc.selectedConnections.add('c1');
    t.keys.handle(key('Delete'));
    expect(t.log.slice(-2)).toEqual(['deleteRequest a,b', 'disconnect c1']);
    const plain = setup();
    plain.doc.select(['a']);
    plain.keys.handle(key('Backspace'));
    expect(plain.log.at(-1)).toBe('remove a');
    const ro = setup({ readOnly: true });
    ro.doc.select(['a']);
    ro.keys.handle(key('Delete'));
    expect(ro.log.at(-1)).toBe('readOnly delete');
    // Nothing selected: the key is not consumed.
    const none = setup();
    const e = key('Delete');
    none.keys.handle(e);
    expect(e.consumed).toBe(0);
  });

  it('Enter opens the anchor node, or edits a sticky', () => {
    const t = setup();
    t.doc.select(['b']);
    t.keys.handle(key('Enter'));
    t.doc.select(['s']);
    t.keys.handle(key('Enter'));
    expect(t.log.filter((l) => !l.startsWith('select'))).toEqual(['open b', 'sticky s']);
  });

  it('zoom keys, ctrl+a; Escape is consumed only when it cancelled something; other keys pass', () => {
    const t = setup();
    for (const k of ['+', '-', '0', '1']) t.keys.handle(key(k));
    expect(t.log).toEqual(['zoomIn', 'zoomOut', 'resetZoom', 'zoomToFit']);
    t.keys.handle(key('a', { ctrlKey: true }));
    expect(t.doc.selection.size).toBe(5);
    const esc = key('Escape');
    t.keys.handle(esc);
    expect(esc.consumed).toBe(0);
    const esc2 = key('Escape');
    setup({ cancels: true }).keys.handle(esc2);
    expect(esc2.consumed).toBe(2);
    const tab = key('Tab');
    t.keys.handle(tab);
    const copy = key('c', { ctrlKey: true });
    t.keys.handle(copy);
    expect(tab.consumed + copy.consumed).toBe(0);
  });
});
