// The interaction states, tldraw-style: each is a small object that handles pointer input
// and names its successor. Gestures (see src/canvas/README.md):
//   drag on background            pans            shift+drag on background  rubber-band select
//   middle-drag, space+drag        pan anywhere    drag a node               moves the selection (grid snap)
//   drag from an output / input    connects        click an output's plus    asks the app to add a node
import { MULTI_OUTPUT_OFFSETS, NODE_SIZE, PUSH_NODES_OFFSET } from '../../model/constants.ts';
import { snapToGrid, snappedDragDelta } from '../kernels/snapping.ts';
import { cursorForHandle, resizeBox, type Box, type ResizeHandle } from '../kernels/resize.ts';
import type { Effect, MachineContext, PointerInput, Port, Target } from './types.ts';

/** Screen pixels a pointer moves before a press becomes a drag. */
export const DRAG_THRESHOLD_PX = 4;

export interface State {
  readonly name: string;
  handle(ev: PointerInput, ctx: MachineContext, out: Effect[]): State;
}

function moved(a: { sx: number; sy: number }, b: { sx: number; sy: number }): boolean {
  return Math.hypot(b.sx - a.sx, b.sy - a.sy) >= DRAG_THRESHOLD_PX;
}

export class Idle implements State {
  readonly name = 'idle';
  handle(ev: PointerInput, ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'move') {
      out.push({ type: 'cursor', cursor: cursorFor(ctx.hit(ev.wx, ev.wy), ctx) });
      return this;
    }
    if (ev.type !== 'down') return this;
    if (ev.button === 1 || (ev.button === 0 && ev.space)) {
      out.push({ type: 'cursor', cursor: 'grabbing' });
      return new Panning(ev);
    }
    if (ev.button !== 0) return this;
    const t = ctx.hit(ev.wx, ev.wy);
    switch (t.kind) {
      case 'node': {
        const was = ctx.isSelected(t.nodeId);
        if (!was) out.push({ type: 'select', ids: [t.nodeId], mode: ev.shift || ev.mod ? 'add' : 'replace' });
        return new PointingNode(ev, t.nodeId, was);
      }
      case 'output':
      case 'input':
        if (ctx.readOnly) {
          out.push({ type: 'readOnly', action: 'connect' });
          return new Ignoring();
        }
        return new PointingPort(ev, { nodeId: t.nodeId, side: t.kind, index: t.index }, t.kind === 'output' && t.plus);
      case 'edge':
        out.push({ type: 'selectConnection', id: t.edgeId, mode: ev.shift || ev.mod ? 'toggle' : 'replace' });
        return this;
      case 'edgeButton':
        if (t.button === 'add') out.push({ type: 'insertNode', edgeId: t.edgeId, position: [snapToGrid(t.x - NODE_SIZE / 2), snapToGrid(t.y - NODE_SIZE / 2)] });
        else out.push({ type: 'disconnect', edgeId: t.edgeId });
        return new Ignoring();
      case 'stickyEdge': {
        if (!ctx.isSelected(t.nodeId) || ev.shift || ev.mod) out.push({ type: 'select', ids: [t.nodeId], mode: ev.shift || ev.mod ? 'add' : 'replace' });
        const box = ctx.nodeBox(t.nodeId);
        if (ctx.readOnly || !box) {
          if (ctx.readOnly) out.push({ type: 'readOnly', action: 'resize' });
          return new Ignoring();
        }
        return new ResizingSticky(ev, t.nodeId, t.handle, box);
      }
      case 'background':
        return new PointingBackground(ev);
    }
  }
}

function cursorFor(t: Target, ctx: MachineContext): string {
  switch (t.kind) {
    case 'stickyEdge': return ctx.readOnly ? 'pointer' : cursorForHandle(t.handle);
    case 'edgeButton': return 'pointer';
    case 'node': return ctx.readOnly ? 'pointer' : 'move';
    case 'output': return ctx.readOnly ? 'default' : t.plus ? 'pointer' : 'crosshair';
    case 'input': return ctx.readOnly ? 'default' : 'crosshair';
    case 'edge': return 'pointer';
    case 'background': return 'grab';
  }
}

export class PointingNode implements State {
  readonly name = 'pointingNode';
  readonly down: PointerInput;
  readonly nodeId: string;
  readonly wasSelected: boolean;
  constructor(down: PointerInput, nodeId: string, wasSelected: boolean) {
    this.down = down;
    this.nodeId = nodeId;
    this.wasSelected = wasSelected;
  }
  handle(ev: PointerInput, ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'cancel') return new Idle();
    if (ev.type === 'move' && moved(this.down, ev)) {
      if (ctx.readOnly) {
        out.push({ type: 'readOnly', action: 'move' });
        return new Ignoring();
      }
      const ids = ctx.selectedIds();
      const box = ctx.nodeBox(this.nodeId);
      if (!box || ids.length === 0) return new Idle();
      out.push({ type: 'cursor', cursor: 'grabbing' });
      return new DraggingNodes(this.down, ids, box.x, box.y).handle(ev, ctx, out);
    }
    if (ev.type === 'up') {
      // A click (no drag) on an already selected node: shift toggles it off, a plain click
      // narrows a multi-selection to it.
      if (this.wasSelected) {
        if (this.down.shift || this.down.mod) out.push({ type: 'select', ids: [this.nodeId], mode: 'toggle' });
        else if (ctx.selectedIds().length > 1) out.push({ type: 'select', ids: [this.nodeId], mode: 'replace' });
      }
      out.push({ type: 'click', nodeId: this.nodeId, wx: ev.wx, wy: ev.wy });
      return new Idle();
    }
    return this;
  }
}

export class DraggingNodes implements State {
  readonly name = 'draggingNodes';
  private dx = 0;
  private dy = 0;
  readonly down: PointerInput;
  readonly ids: string[];
  readonly anchorX: number;
  readonly anchorY: number;
  constructor(down: PointerInput, ids: string[], anchorX: number, anchorY: number) {
    this.down = down;
    this.ids = ids;
    this.anchorX = anchorX;
    this.anchorY = anchorY;
  }
  handle(ev: PointerInput, _ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'cancel') {
      out.push({ type: 'dragEnd', ids: this.ids, dx: 0, dy: 0, commit: false });
      return new Idle();
    }
    if (ev.type === 'move' || ev.type === 'up') {
      const d = snappedDragDelta(this.anchorX, this.anchorY, ev.wx - this.down.wx, ev.wy - this.down.wy);
      if (ev.type === 'up') {
        out.push({ type: 'dragEnd', ids: this.ids, dx: d.dx, dy: d.dy, commit: d.dx !== 0 || d.dy !== 0 });
        out.push({ type: 'cursor', cursor: 'move' });
        return new Idle();
      }
      if (d.dx !== this.dx || d.dy !== this.dy) {
        this.dx = d.dx;
        this.dy = d.dy;
        out.push({ type: 'dragPreview', ids: this.ids, dx: d.dx, dy: d.dy });
      }
    }
    return this;
  }
}

export class PointingBackground implements State {
  readonly name = 'pointingBackground';
  readonly down: PointerInput;
  constructor(down: PointerInput) {
    this.down = down;
  }
  handle(ev: PointerInput, ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'cancel') return new Idle();
    if (ev.type === 'move' && moved(this.down, ev)) {
      if (this.down.shift) return new RubberBand(this.down).handle(ev, ctx, out);
      out.push({ type: 'cursor', cursor: 'grabbing' });
      return new Panning(this.down).handle(ev, ctx, out);
    }
    if (ev.type === 'up') {
      if (!this.down.shift && !this.down.mod) out.push({ type: 'clearSelection' });
      out.push({ type: 'backgroundClick', wx: this.down.wx, wy: this.down.wy });
      return new Idle();
    }
    return this;
  }
}

export class Panning implements State {
  readonly name = 'panning';
  private lastX: number;
  private lastY: number;
  constructor(down: PointerInput) {
    this.lastX = down.sx;
    this.lastY = down.sy;
  }
  handle(ev: PointerInput, _ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'move' || ev.type === 'up') {
      const dx = ev.sx - this.lastX;
      const dy = ev.sy - this.lastY;
      if (dx || dy) out.push({ type: 'pan', dx, dy });
      this.lastX = ev.sx;
      this.lastY = ev.sy;
    }
    if (ev.type === 'up' || ev.type === 'cancel') {
      out.push({ type: 'cursor', cursor: 'grab' });
      return new Idle();
    }
    return this;
  }
}

export class RubberBand implements State {
  readonly name = 'rubberBand';
  readonly down: PointerInput;
  constructor(down: PointerInput) {
    this.down = down;
  }
  handle(ev: PointerInput, _ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'cancel') {
      out.push({ type: 'band', rect: null });
      return new Idle();
    }
    if (ev.type !== 'move' && ev.type !== 'up') return this;
    const rect = {
      minX: Math.min(this.down.wx, ev.wx),
      minY: Math.min(this.down.wy, ev.wy),
      maxX: Math.max(this.down.wx, ev.wx),
      maxY: Math.max(this.down.wy, ev.wy),
    };
    if (ev.type === 'move') {
      out.push({ type: 'band', rect });
      return this;
    }
    out.push({ type: 'band', rect: null });
    out.push({ type: 'bandSelect', rect, additive: this.down.shift || this.down.mod });
    return new Idle();
  }
}

/**
 * Where a node added from an output goes: PUSH_NODES_OFFSET to the right (the same constant as
 * src/model/placement.ts, so the plus and the creator place alike), fanned out per the spec's
 * multi-output offsets (001 §4.1). A node wider than the default box pushes it further.
 */
export function addPositionFor(box: { x: number; y: number; w: number; outputs: number }, output: number): [number, number] {
  const offsets = MULTI_OUTPUT_OFFSETS[box.outputs];
  const dy = offsets ? (offsets[output] ?? 0) : 0;
  return [snapToGrid(box.x + Math.max(0, box.w - NODE_SIZE) + PUSH_NODES_OFFSET), snapToGrid(box.y + dy)];
}

export class PointingPort implements State {
  readonly name = 'pointingPort';
  readonly down: PointerInput;
  readonly from: Port;
  readonly plus: boolean;
  constructor(down: PointerInput, from: Port, plus: boolean) {
    this.down = down;
    this.from = from;
    this.plus = plus;
  }
  handle(ev: PointerInput, ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'cancel') return new Idle();
    if (ev.type === 'move' && moved(this.down, ev)) return new Connecting(this.from).handle(ev, ctx, out);
    if (ev.type === 'up') {
      // A click on an unconnected main output (or its plus) asks for a node to follow it.
      if (this.from.side === 'output' && this.from.index >= 0 && (this.plus || !ctx.outputConnected(this.from.nodeId, this.from.index))) {
        const box = ctx.nodeBox(this.from.nodeId);
        if (box) out.push({ type: 'addNode', fromNodeId: this.from.nodeId, fromOutput: this.from.index, position: addPositionFor(box, this.from.index) });
      }
      return new Idle();
    }
    return this;
  }
}

export class Connecting implements State {
  readonly name = 'connecting';
  readonly from: Port;
  constructor(from: Port) {
    this.from = from;
  }

  /** The port a drop at this target would connect to, or null. Ports of different connection types never join. */
  targetFor(t: Target, ctx: MachineContext): Port | null {
    let port: Port | null = null;
    if (this.from.side === 'output') {
      if (t.kind === 'input' && t.nodeId !== this.from.nodeId) port = { nodeId: t.nodeId, side: 'input', index: t.index };
      // Only single-input nodes take a main connection dropped onto the body (spec 001 §2.4).
      else if (t.kind === 'node' && !t.sticky && t.nodeId !== this.from.nodeId && this.from.index >= 0 && ctx.nodeBox(t.nodeId)?.inputs === 1) {
        port = { nodeId: t.nodeId, side: 'input', index: 0 };
      }
    } else if (t.kind === 'output' && t.nodeId !== this.from.nodeId) port = { nodeId: t.nodeId, side: 'output', index: t.index };
    if (port && ctx.portType && ctx.portType(port) !== ctx.portType(this.from)) return null;
    return port;
  }

  handle(ev: PointerInput, ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'cancel') {
      out.push({ type: 'connectEnd' });
      return new Idle();
    }
    if (ev.type !== 'move' && ev.type !== 'up') return this;
    const t = ctx.hit(ev.wx, ev.wy);
    const target = this.targetFor(t, ctx);
    if (ev.type === 'move') {
      out.push({ type: 'connectPreview', from: this.from, x: ev.wx, y: ev.wy, target });
      return this;
    }
    out.push({ type: 'connectEnd' });
    if (target) {
      const [src, dst] = this.from.side === 'output' ? [this.from, target] : [target, this.from];
      // Duplicate connections between the same endpoints are prevented (spec 001 §2.4).
      if (!ctx.connectionExists(src.nodeId, src.index, dst.nodeId, dst.index)) {
        out.push({ type: 'connect', sourceId: src.nodeId, sourceOutput: src.index, targetId: dst.nodeId, targetInput: dst.index });
      }
    } else if (t.kind === 'background' && this.from.side === 'output' && this.from.index >= 0) {
      out.push({
        type: 'addNode',
        fromNodeId: this.from.nodeId,
        fromOutput: this.from.index,
        position: [snapToGrid(ev.wx), snapToGrid(ev.wy - NODE_SIZE / 2)],
      });
    }
    return new Idle();
  }
}

/** Swallows the rest of a gesture that was refused or already handled on press. */
export class Ignoring implements State {
  readonly name = 'ignoring';
  handle(ev: PointerInput): State {
    return ev.type === 'up' || ev.type === 'cancel' ? new Idle() : this;
  }
}

/** Dragging an edge or corner of a sticky note: previews the box, commits it on release. */
export class ResizingSticky implements State {
  readonly name = 'resizingSticky';
  readonly down: PointerInput;
  readonly nodeId: string;
  readonly handleKind: ResizeHandle;
  readonly start: Box;
  private last: Box;
  constructor(down: PointerInput, nodeId: string, handle: ResizeHandle, start: Box) {
    this.down = down;
    this.nodeId = nodeId;
    this.handleKind = handle;
    this.start = { x: start.x, y: start.y, w: start.w, h: start.h };
    this.last = this.start;
  }
  handle(ev: PointerInput, _ctx: MachineContext, out: Effect[]): State {
    if (ev.type === 'cancel') {
      out.push({ type: 'resizeEnd', nodeId: this.nodeId, box: this.start, commit: false });
      return new Idle();
    }
    if (ev.type !== 'move' && ev.type !== 'up') return this;
    const box = resizeBox(this.start, this.handleKind, ev.wx - this.down.wx, ev.wy - this.down.wy);
    if (ev.type === 'up') {
      const changed = box.x !== this.start.x || box.y !== this.start.y || box.w !== this.start.w || box.h !== this.start.h;
      out.push({ type: 'resizeEnd', nodeId: this.nodeId, box, commit: changed });
      return new Idle();
    }
    if (box.x !== this.last.x || box.y !== this.last.y || box.w !== this.last.w || box.h !== this.last.h) {
      this.last = box;
      out.push({ type: 'resizePreview', nodeId: this.nodeId, box });
    }
    return this;
  }
}
