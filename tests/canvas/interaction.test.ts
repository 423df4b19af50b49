import { describe, expect, it } from 'vitest';
import { InteractionMachine } from '../../src/canvas/interaction/machine.ts';
import { addPositionFor } from '../../src/canvas/interaction/states.ts';
import { GRID_SIZE, NODE_SIZE, PUSH_NODES_OFFSET } from '../../src/model/constants.ts';
import { afterSource } from '../../src/model/placement.ts';
import { commandForKey } from '../../src/canvas/interaction/keyboard.ts';
import type { Effect, MachineContext, PointerInput, Target } from '../../src/canvas/interaction/types.ts';

/** A tiny world: nodes A (0,0) and B (300,0) with one input/output each, C (300,300) with two inputs. */
function world(opts: { readOnly?: boolean; selected?: string[]; connections?: string[] } = {}) {
  const selected = new Set(opts.selected ?? []);
  const connections = new Set(opts.connections ?? []);
  const boxes: Record<string, { x: number; y: number; w: number; h: number; inputs: number; outputs: number }> = {
    A: { x: 0, y: 0, w: 100, h: 100, inputs: 1, outputs: 1 },
    B: { x: 300, y: 0, w: 100, h: 100, inputs: 1, outputs: 1 },
    C: { x: 300, y: 300, w: 100, h: 100, inputs: 2, outputs: 1 },
  };
  const hit = (x: number, y: number): Target => {
    for (const [id, b] of Object.entries(boxes)) {
      if (Math.abs(x - (b.x + b.w)) < 8 && Math.abs(y - (b.y + 50)) < 8) return { kind: 'output', nodeId: id, index: 0, plus: false };
      if (Math.abs(x - (b.x + b.w + 58)) < 12 && Math.abs(y - (b.y + 50)) < 12) return { kind: 'output', nodeId: id, index: 0, plus: true };
      if (Math.abs(x - b.x) < 8 && Math.abs(y - (b.y + 50)) < 8) return { kind: 'input', nodeId: id, index: 0 };
      if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) return { kind: 'node', nodeId: id, sticky: false };
    }
    if (y > 900) return { kind: 'edge', edgeId: 'A:0>B:0' };
    return { kind: 'background' };
  };
  const ctx: MachineContext = {
    hit,
    isSelected: (id) => selected.has(id),
    selectedIds: () => [...selected],
    nodeBox: (id) => boxes[id],
    connectionExists: (a, o, b, i) => connections.has(`${a}:${o}>${b}:${i}`),
    outputConnected: (id) => [...connections].some((c) => c.startsWith(`${id}:`)),
    readOnly: !!opts.readOnly,
  };
  const m = new InteractionMachine();
  const apply = (fx: Effect[]) => {
    for (const f of fx) {
      if (f.type === 'select') {
        if (f.mode === 'replace') selected.clear();
        for (const id of f.ids) {
          if (f.mode === 'toggle' && selected.has(id)) selected.delete(id);
          else selected.add(id);
        }
      }
      if (f.type === 'clearSelection') selected.clear();
    }
    return fx;
  };
  const ev = (type: PointerInput['type'], x: number, y: number, extra: Partial<PointerInput> = {}): Effect[] =>
    apply(m.handle({ type, sx: x, sy: y, wx: x, wy: y, button: 0, shift: false, mod: false, space: false, ...extra }, ctx));
  return { m, ev, selected };
}

const types = (fx: Effect[]) => fx.map((f) => f.type);

describe('interaction machine', () => {
  it('click selects, shift-click adds, shift-click on a selected node removes it', () => {
    const w = world();
    w.ev('down', 50, 50);
    w.ev('up', 50, 50);
    expect([...w.selected]).toEqual(['A']);
    w.ev('down', 350, 50, { shift: true });
    w.ev('up', 350, 50, { shift: true });
    expect([...w.selected].sort()).toEqual(['A', 'B']);
    w.ev('down', 50, 50, { shift: true });
    w.ev('up', 50, 50, { shift: true });
    expect([...w.selected]).toEqual(['B']);
  });

  it('a plain click on one of several selected nodes narrows the selection to it', () => {
    const w = world({ selected: ['A', 'B'] });
    w.ev('down', 50, 50);
    expect(w.m.stateName).toBe('pointingNode');
    w.ev('up', 51, 50);
    expect([...w.selected]).toEqual(['A']);
  });

  it('dragging a node moves the whole selection, snapped to the grid, committed on release', () => {
    const w = world({ selected: ['A', 'B'] });
    w.ev('down', 50, 50);
    expect(w.ev('move', 52, 50)).toEqual([]); // under the drag threshold
    const fx = w.ev('move', 77, 61);
    expect(w.m.stateName).toBe('draggingNodes');
    expect(fx.find((f) => f.type === 'dragPreview')).toEqual({ type: 'dragPreview', ids: ['A', 'B'], dx: 20, dy: 20 });
    expect(w.ev('move', 78, 62)).toEqual([]); // same snapped offset: nothing to redraw
    const up = w.ev('up', 95, 48);
    expect(up[0]).toEqual({ type: 'dragEnd', ids: ['A', 'B'], dx: 40, dy: 0, commit: true });
    expect(w.m.stateName).toBe('idle');
    expect([...w.selected].sort()).toEqual(['A', 'B']);
  });

  it('a drag that snaps back to where it started commits nothing; cancel restores', () => {
    const w = world();
    w.ev('down', 50, 50);
    w.ev('move', 60, 60);
    expect(w.ev('up', 53, 52)[0]).toMatchObject({ type: 'dragEnd', commit: false });
    w.ev('down', 50, 50);
    w.ev('move', 90, 90);
    expect(w.ev('cancel', 0, 0)).toEqual([{ type: 'dragEnd', ids: ['A'], dx: 0, dy: 0, commit: false }]);
  });

  it('read-only: nodes can be selected but not moved; the attempt is reported once', () => {
    const w = world({ readOnly: true });
    w.ev('down', 50, 50);
    expect(w.ev('move', 120, 80)).toEqual([{ type: 'readOnly', action: 'move' }]);
    expect(w.ev('move', 160, 90)).toEqual([]);
    w.ev('up', 120, 80);
    expect([...w.selected]).toEqual(['A']);
    // Pressing a port reports an attempt to connect and starts nothing.
    expect(w.ev('down', 100, 50)).toEqual([{ type: 'readOnly', action: 'connect' }]);
    expect(types(w.ev('move', 200, 50))).toEqual([]);
    expect(w.m.stateName).toBe('ignoring');
    w.ev('up', 200, 50);
    expect(w.m.stateName).toBe('idle');
  });

  it('a click without a drag reports the click (sticky links)', () => {
    const w = world();
    w.ev('down', 50, 50);
    expect(w.ev('up', 51, 50)).toContainEqual({ type: 'click', nodeId: 'A', wx: 51, wy: 50 });
  });

  it('drag on the background pans; click on it clears the selection', () => {
    const w = world({ selected: ['A'] });
    w.ev('down', 600, 600);
    const fx = w.ev('move', 610, 590);
    expect(fx.find((f) => f.type === 'pan')).toEqual({ type: 'pan', dx: 10, dy: -10 });
    expect(w.ev('move', 615, 590).find((f) => f.type === 'pan')).toEqual({ type: 'pan', dx: 5, dy: 0 });
    w.ev('up', 615, 590);
    expect([...w.selected]).toEqual(['A']); // panning keeps the selection
    w.ev('down', 600, 600);
    expect(types(w.ev('up', 600, 600))).toContain('clearSelection');
    expect(w.selected.size).toBe(0);
    // The click is reported where it was pressed (the app adds the next node there); a pan is not a click.
    w.ev('down', 600, 600);
    expect(w.ev('up', 601, 600).find((f) => f.type === 'backgroundClick')).toMatchObject({ type: 'backgroundClick' });
    w.ev('down', 600, 600);
    w.ev('move', 640, 600);
    expect(types(w.ev('up', 640, 600))).not.toContain('backgroundClick');
  });

  it('middle button and space+drag pan even over nodes', () => {
    const w = world();
    w.ev('down', 50, 50, { button: 1 });
    expect(w.m.stateName).toBe('panning');
    w.ev('up', 50, 50, { button: 1 });
    w.ev('down', 50, 50, { space: true });
    expect(w.m.stateName).toBe('panning');
    expect(w.selected.size).toBe(0);
  });

  it('shift+drag on the background draws a rubber band and selects on release', () => {
    const w = world();
    w.ev('down', -50, -50, { shift: true });
    const fx = w.ev('move', 150, 120, { shift: true });
    expect(fx).toEqual([{ type: 'band', rect: { minX: -50, minY: -50, maxX: 150, maxY: 120 } }]);
    const up = w.ev('up', 450, 120, { shift: true });
    expect(up).toEqual([
      { type: 'band', rect: null },
      { type: 'bandSelect', rect: { minX: -50, minY: -50, maxX: 450, maxY: 120 }, additive: true },
    ]);
  });

  it('dragging from an output to an input connects them', () => {
    const w = world();
    w.ev('down', 100, 50);
    expect(w.m.stateName).toBe('pointingPort');
    const fx = w.ev('move', 200, 60);
    expect(fx[0]).toMatchObject({ type: 'connectPreview', target: null });
    expect(w.ev('move', 301, 50)[0]).toMatchObject({ type: 'connectPreview', target: { nodeId: 'B', side: 'input', index: 0 } });
    expect(w.ev('up', 301, 50)).toEqual([{ type: 'connectEnd' }, { type: 'connect', sourceId: 'A', sourceOutput: 0, targetId: 'B', targetInput: 0 }]);
  });

  it('a drop on a single-input node body connects; on a multi-input body it does not', () => {
    const w = world();
    w.ev('down', 100, 50);
    w.ev('move', 340, 40);
    expect(types(w.ev('up', 350, 30))).toEqual(['connectEnd', 'connect']);
    w.ev('down', 100, 50);
    w.ev('move', 340, 340);
    expect(w.ev('up', 350, 350)).toEqual([{ type: 'connectEnd' }]);
  });

  it('duplicate connections and self-connections are prevented', () => {
    const w = world({ connections: ['A:0>B:0'] });
    w.ev('down', 100, 50);
    w.ev('move', 200, 50);
    expect(w.ev('up', 301, 50)).toEqual([{ type: 'connectEnd' }]);
    w.ev('down', 100, 50);
    w.ev('move', 60, 60);
    expect(w.ev('up', 50, 50)).toEqual([{ type: 'connectEnd' }]);
  });

  it('dropping a connection on empty canvas asks for a node there', () => {
    const w = world();
    w.ev('down', 100, 50);
    w.ev('move', 500, 500);
    expect(w.ev('up', 611, 489)).toEqual([{ type: 'connectEnd' }, { type: 'addNode', fromNodeId: 'A', fromOutput: 0, position: [620, 440] }]);
  });

  it('dragging from an input to an output connects in reverse', () => {
    const w = world();
    w.ev('down', 300, 50);
    w.ev('move', 200, 50);
    expect(w.ev('up', 100, 50)).toEqual([{ type: 'connectEnd' }, { type: 'connect', sourceId: 'A', sourceOutput: 0, targetId: 'B', targetInput: 0 }]);
  });

  it('clicking a plus asks for a node after that output', () => {
    const w = world();
    w.ev('down', 158, 50);
    expect(w.ev('up', 158, 50)).toEqual([{ type: 'addNode', fromNodeId: 'A', fromOutput: 0, position: [220, 0] }]);
  });

  it('clicking a connection selects it', () => {
    const w = world();
    expect(w.ev('down', 10, 950)).toEqual([{ type: 'selectConnection', id: 'A:0>B:0', mode: 'replace' }]);
    w.ev('up', 10, 950);
    expect(w.ev('down', 10, 950, { shift: true })).toEqual([{ type: 'selectConnection', id: 'A:0>B:0', mode: 'toggle' }]);
  });

  it('hovering reports the cursor for what is under the pointer', () => {
    const w = world();
    expect(w.ev('move', 50, 50)).toEqual([{ type: 'cursor', cursor: 'move' }]);
    expect(w.ev('move', 158, 50)).toEqual([{ type: 'cursor', cursor: 'pointer' }]);
    expect(w.ev('move', 100, 50)).toEqual([{ type: 'cursor', cursor: 'crosshair' }]);
    expect(w.ev('move', 700, 700)).toEqual([{ type: 'cursor', cursor: 'grab' }]);
  });
});

describe('add position', () => {
  it('places nodes right of the source and fans out multi-output nodes per the spec', () => {
    expect(addPositionFor({ x: 100, y: 200, w: 100, outputs: 1 }, 0)).toEqual([320, 200]);
    expect(addPositionFor({ x: 100, y: 200, w: 100, outputs: 2 }, 0)).toEqual([320, 100]);
    expect(addPositionFor({ x: 100, y: 200, w: 100, outputs: 2 }, 1)).toEqual([320, 300]);
    expect(addPositionFor({ x: 100, y: 200, w: 100, outputs: 3 }, 2)).toEqual([320, 340]);
    expect(addPositionFor({ x: 100, y: 200, w: 100, outputs: 4 }, 0)).toEqual([320, -40]);
  });

  it('uses the same gap as the model placement (one constant, 220 = 2 boxes + a grid step)', () => {
    expect(PUSH_NODES_OFFSET).toBe(NODE_SIZE * 2 + GRID_SIZE);
    expect(PUSH_NODES_OFFSET).toBe(220);
    for (const outputs of [1, 2, 3, 4]) {
      for (let i = 0; i < outputs; i++) {
        expect(addPositionFor({ x: 240, y: 300, w: 100, outputs }, i)).toEqual(afterSource({ x: 240, y: 300 }, i, outputs));
      }
    }
  });
});

describe('keyboard', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) =>
    commandForKey({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

  it('maps the spec shortcuts the canvas owns', () => {
    expect(key('Delete')).toBe('delete');
    expect(key('Backspace')).toBe('delete');
    expect(key('Enter')).toBe('open');
    expect(key('+')).toBe('zoomIn');
    expect(key('-')).toBe('zoomOut');
    expect(key('0')).toBe('resetZoom');
    expect(key('1')).toBe('zoomToFit');
    expect(key('a', { ctrlKey: true })).toBe('selectAll');
    expect(key('a', { metaKey: true })).toBe('selectAll');
    expect(key('s', { ctrlKey: true })).toBeNull();
    expect(key('Tab')).toBeNull();
    expect(key('Delete', { altKey: true })).toBeNull();
  });
});

describe('interaction machine: stickies and connection buttons', () => {
  const base = (hit: MachineContext['hit'], readOnly = false): MachineContext => ({
    hit,
    isSelected: () => false,
    selectedIds: () => [],
    nodeBox: () => ({ x: 100, y: 100, w: 400, h: 300, inputs: 0, outputs: 0 }),
    connectionExists: () => false,
    outputConnected: () => false,
    readOnly,
  });
  const ev = (type: PointerInput['type'], x: number, y: number): PointerInput => ({ type, sx: x, sy: y, wx: x, wy: y, button: 0, shift: false, mod: false, space: false });

  it('dragging a sticky corner previews the grid-snapped box and commits it on release', () => {
    const m = new InteractionMachine();
    const ctx = base(() => ({ kind: 'stickyEdge', nodeId: 'S', handle: 'se' }));
    expect(m.handle(ev('down', 500, 400), ctx)).toEqual([{ type: 'select', ids: ['S'], mode: 'replace' }]);
    expect(m.handle(ev('move', 547, 413), ctx)).toEqual([{ type: 'resizePreview', nodeId: 'S', box: { x: 100, y: 100, w: 440, h: 320 } }]);
    expect(m.handle(ev('up', 547, 413), ctx)).toEqual([{ type: 'resizeEnd', nodeId: 'S', box: { x: 100, y: 100, w: 440, h: 320 }, commit: true }]);
  });

  it('Escape during a resize restores the box; read-only refuses resizing', () => {
    const m = new InteractionMachine();
    const ctx = base(() => ({ kind: 'stickyEdge', nodeId: 'S', handle: 'w' }));
    m.handle(ev('down', 100, 200), ctx);
    m.handle(ev('move', 40, 200), ctx);
    expect(m.cancel(ctx)).toEqual([{ type: 'resizeEnd', nodeId: 'S', box: { x: 100, y: 100, w: 400, h: 300 }, commit: false }]);
    const ro = new InteractionMachine();
    const rctx = base(() => ({ kind: 'stickyEdge', nodeId: 'S', handle: 'w' }), true);
    expect(types(ro.handle(ev('down', 100, 200), rctx))).toEqual(['select', 'readOnly']);
    expect(ro.handle(ev('move', 40, 200), rctx)).toEqual([]);
  });

  it('the buttons of a hovered connection insert a node at its midpoint or delete it', () => {
    const m = new InteractionMachine();
    const add = base(() => ({ kind: 'edgeButton', edgeId: 'e1', button: 'add', x: 333, y: 211 }));
    expect(m.handle(ev('down', 320, 211), add)).toEqual([{ type: 'insertNode', edgeId: 'e1', position: [280, 160] }]);
    m.handle(ev('up', 320, 211), add);
    const del = base(() => ({ kind: 'edgeButton', edgeId: 'e1', button: 'delete', x: 333, y: 211 }));
    expect(m.handle(ev('down', 348, 211), del)).toEqual([{ type: 'disconnect', edgeId: 'e1' }]);
  });
});

describe('keyboard commands', () => {
  const k = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) =>
    commandForKey({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
  it('arrows navigate, shift+arrows select along the graph', () => {
    expect([k('ArrowLeft'), k('ArrowRight'), k('ArrowUp'), k('ArrowDown')]).toEqual(['navLeft', 'navRight', 'navUp', 'navDown']);
    expect(k('ArrowRight', { shiftKey: true })).toBe('selectDownstream');
    expect(k('ArrowLeft', { shiftKey: true })).toBe('selectUpstream');
    expect(k('ArrowUp', { shiftKey: true })).toBeNull();
  });
  it('leaves the app its commands', () => {
    for (const key of ['c', 'x', 'v', 'z', 's', 'o', 'f']) expect(k(key, { ctrlKey: true })).toBeNull();
    expect(k('z', { ctrlKey: true, shiftKey: true })).toBeNull();
    expect(k('d')).toBeNull();
    expect(k('F2')).toBeNull();
    expect(k('Tab')).toBeNull();
    expect(k('a', { ctrlKey: true })).toBe('selectAll');
  });
});

describe('interaction machine: ports of other connection types', () => {
  // Agent with a main input (0) and a bottom ai_languageModel input (-1); Model with a top ai_languageModel output (-1); Set with main ports.
  const ports: Record<string, { x: number; y: number; target: Target }> = {
    agentMain: { x: 0, y: 50, target: { kind: 'input', nodeId: 'Agent', index: 0 } },
    agentModel: { x: 50, y: 100, target: { kind: 'input', nodeId: 'Agent', index: -1 } },
    modelOut: { x: 50, y: 300, target: { kind: 'output', nodeId: 'Model', index: -1, plus: false } },
    setOut: { x: 500, y: 50, target: { kind: 'output', nodeId: 'Set', index: 0, plus: false } },
  };
  const types: Record<string, string> = { 'Agent:input:0': 'main', 'Agent:input:-1': 'ai_languageModel', 'Model:output:-1': 'ai_languageModel', 'Set:output:0': 'main' };
  const ctx: MachineContext = {
    hit: (x, y) => Object.values(ports).find((p) => Math.hypot(p.x - x, p.y - y) < 8)?.target ?? { kind: 'background' },
    isSelected: () => false,
    selectedIds: () => [],
    nodeBox: () => ({ x: 0, y: 0, w: 100, h: 100, inputs: 1, outputs: 1 }),
    connectionExists: () => false,
    outputConnected: () => false,
    portType: (p) => types[`${p.nodeId}:${p.side}:${p.index}`],
    readOnly: false,
  };
  const ev = (type: PointerInput['type'], x: number, y: number): PointerInput => ({ type, sx: x, sy: y, wx: x, wy: y, button: 0, shift: false, mod: false, space: false });
  const dragFromTo = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const m = new InteractionMachine();
    const fx: Effect[] = [...m.handle(ev('down', from.x, from.y), ctx)];
    fx.push(...m.handle(ev('move', (from.x + to.x) / 2, (from.y + to.y) / 2), ctx));
    fx.push(...m.handle(ev('move', to.x, to.y), ctx));
    fx.push(...m.handle(ev('up', to.x, to.y), ctx));
    return fx;
  };

  it('connects a sub-node output to a bottom input of its type, from either end', () => {
    expect(dragFromTo(ports.modelOut, ports.agentModel).filter((f) => f.type === 'connect')).toEqual([{ type: 'connect', sourceId: 'Model', sourceOutput: -1, targetId: 'Agent', targetInput: -1 }]);
    expect(dragFromTo(ports.agentModel, ports.modelOut).filter((f) => f.type === 'connect')).toEqual([{ type: 'connect', sourceId: 'Model', sourceOutput: -1, targetId: 'Agent', targetInput: -1 }]);
  });

  it('never joins ports of different types, and a sub-node output neither adds a node on click nor on a drop on empty canvas', () => {
    expect(dragFromTo(ports.modelOut, ports.agentMain).some((f) => f.type === 'connect')).toBe(false);
    expect(dragFromTo(ports.setOut, ports.agentModel).some((f) => f.type === 'connect')).toBe(false);
    expect(dragFromTo(ports.modelOut, { x: 900, y: 900 }).some((f) => f.type === 'addNode')).toBe(false);
    const m = new InteractionMachine();
    m.handle(ev('down', ports.modelOut.x, ports.modelOut.y), ctx);
    expect(m.handle(ev('up', ports.modelOut.x, ports.modelOut.y), ctx).some((f) => f.type === 'addNode')).toBe(false);
  });
});
