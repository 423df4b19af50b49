// Graphics contexts for node bodies, ports and plus buttons, built once per distinct look and
// shared by every node that looks that way: a thousand idle Set nodes reference one context,
// so creating, recycling or restyling a node view never tessellates geometry again.
import { GraphicsContext } from 'pixi.js';
import type { VisualState } from '../kernels/nodeState.ts';
import {
  INPUT_HEIGHT, INPUT_WIDTH, OUTPUT_RADIUS, PLUS_CENTER_DX, PLUS_SIZE, SUB_PORT_SIZE, edgePortX, portY,
} from '../../../workers/spatial/geometry.ts';
import { SIZES, THEME, stateColor } from './theme.ts';

/** 'subnode': a sub-node with only outputs of other types (an AI model, memory, tool …), drawn round. */
export type BodyShape = 'regular' | 'trigger' | 'subnode';

const cache = new Map<string, GraphicsContext>();

function cached(key: string, build: () => GraphicsContext): GraphicsContext {
  let ctx = cache.get(key);
  if (!ctx) {
    ctx = build();
    // Always batched with the other nodes: a context over Pixi's vertex threshold would cost
    // a draw call per node, and draw calls are dear in software rendering.
    ctx.batchMode = 'batch';
    cache.set(key, ctx);
  }
  return ctx;
}

/** Rounded box whose left corners can be rounder (trigger nodes are rounded on the left). */
function shapePath(g: GraphicsContext, x: number, y: number, w: number, h: number, rl: number, rr: number): GraphicsContext {
  rl = Math.min(rl, h / 2, w / 2);
  rr = Math.min(rr, h / 2, w / 2);
  return g
    .moveTo(x + rl, y)
    .lineTo(x + w - rr, y)
    .arcTo(x + w, y, x + w, y + rr, rr)
    .lineTo(x + w, y + h - rr)
    .arcTo(x + w, y + h, x + w - rr, y + h, rr)
    .lineTo(x + rl, y + h)
    .arcTo(x, y + h, x, y + h - rl, rl)
    .lineTo(x, y + rl)
    .arcTo(x, y, x + rl, y, rl)
    .closePath();
}

function radii(shape: BodyShape, h: number): [number, number] {
  if (shape === 'subnode') return [h / 2, h / 2];
  return shape === 'trigger' ? [SIZES.triggerRadius, SIZES.nodeRadius] : [SIZES.nodeRadius, SIZES.nodeRadius];
}

/**
 * Full-detail body: shadow, selection halo, fill, state border, strike for disabled nodes.
 * `missing`: the node's type is not installed — a grey body (n8n's node-type-missing look).
 */
export function bodyContext(shape: BodyShape, w: number, h: number, state: VisualState, selected: boolean, missing = false): GraphicsContext {
  return cached(`body|${shape}|${w}|${h}|${state}|${selected ? 1 : 0}|${missing ? 1 : 0}`, () => {
    const g = new GraphicsContext();
    const [rl, rr] = radii(shape, h);
    if (selected) {
      const p = SIZES.selectionPad;
      shapePath(g, -p, -p, w + 2 * p, h + 2 * p, rl + p, rr + p).fill({ color: THEME.selection, alpha: 0.22 });
    } else {
      // Only the band that shows below the body: a full-size shadow would double every
      // node's shaded pixels, which is what software rendering pays for.
      if (shape === 'subnode') g.ellipse(w / 2, h - 1, w * 0.3, 4).fill({ color: THEME.shadow, alpha: 0.08 });
      else {
        const x0 = shape === 'trigger' ? rl * 0.7 : 1;
        g.roundRect(x0, h - 12, w - 1 - x0, 15, SIZES.nodeRadius).fill({ color: THEME.shadow, alpha: 0.08 });
      }
    }
    const disabled = state === 'disabled' || missing;
    const border = selected && state === 'idle' ? THEME.selection : stateColor(state) ?? THEME.nodeBorder;
    const width = state === 'idle' && !selected ? SIZES.border : SIZES.stateBorder;
    shapePath(g, 0, 0, w, h, rl, rr)
      .fill({ color: disabled ? THEME.disabledFill : THEME.nodeFill })
      .stroke({ color: border, width, alignment: 1 });
    return g;
  });
}

/** The strike through a disabled node, drawn above its icon. */
export function strikeContext(w: number, h: number): GraphicsContext {
  return cached(`strike|${w}|${h}`, () => new GraphicsContext().moveTo(-10, h / 2).lineTo(w + 10, h / 2).stroke({ color: THEME.disabledBorder, width: 2.5 }));
}

/**
 * Corner points of a rounded box, `seg` segments per corner (0 radius: the corner itself).
 * For nodes small on screen: Pixi tessellates arcs and strokes for their world size, and a
 * software rasteriser pays per triangle (a simplified body stroked with arcs was ~104
 * triangles; a thousand of them ~100 ms of SwiftShader per frame).
 */
export function roundedBoxPoints(x: number, y: number, w: number, h: number, rl: number, rr: number, segL: number, segR: number): number[] {
  rl = Math.max(0, Math.min(rl, h / 2, w / 2));
  rr = Math.max(0, Math.min(rr, h / 2, w / 2));
  const out: number[] = [];
  const corner = (cx: number, cy: number, r: number, a0: number, seg: number) => {
    const n = r > 0 ? Math.max(1, seg) : 0;
    for (let i = 0; i <= n; i++) {
      const a = a0 + (Math.PI / 2) * (n ? i / n : 0.5);
      out.push(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
    }
  };
  corner(x + w - rr, y + rr, rr, -Math.PI / 2, segR);
  corner(x + w - rr, y + h - rr, rr, 0, segR);
  corner(x + rl, y + h - rl, rl, Math.PI / 2, segL);
  corner(x + rl, y + rl, rl, Math.PI, segL);
  return out;
}

/**
 * Segments per corner for a radius seen at most at the simplified level's top scale (0.5): a
 * node's 10-unit corner (≤ 5 px) in 2, a trigger's 40-unit one (≤ 20 px) in 4. Each segment is
 * two triangles of every body in every frame.
 */
export function cornerSegments(r: number): number {
  return r <= 0 ? 0 : Math.max(1, Math.min(8, Math.ceil(Math.sqrt(r * 0.5) * 0.7)));
}

/**
 * Simplified body: no shadow, the state shows as the border. Two plain polygons (the border's
 * outline, the fill over it) instead of a stroked path: ~20 triangles instead of ~104.
 */
export function simpleBodyContext(shape: BodyShape, w: number, h: number, state: VisualState, selected: boolean, missing = false): GraphicsContext {
  return cached(`simple|${shape}|${w}|${h}|${state}|${selected ? 1 : 0}|${missing ? 1 : 0}`, () => {
    const g = new GraphicsContext();
    const [rl, rr] = radii(shape, h);
    const border = selected ? THEME.selection : stateColor(state) ?? THEME.nodeBorder;
    const b = selected || state !== 'idle' ? 5 : 3;
    g.poly(roundedBoxPoints(-b, -b, w + 2 * b, h + 2 * b, rl + b, rr + b, cornerSegments(rl + b), cornerSegments(rr + b))).fill({ color: border });
    g.poly(roundedBoxPoints(0, 0, w, h, rl, rr, cornerSegments(rl), cornerSegments(rr))).fill({ color: state === 'disabled' || missing ? THEME.disabledFill : THEME.nodeFill });
    return g;
  });
}

/** Plain box (lowest detail): one flat rectangle in the state colour. */
export function boxContext(w: number, h: number, state: VisualState, selected: boolean): GraphicsContext {
  return cached(`box|${w}|${h}|${state}|${selected ? 1 : 0}`, () => {
    const color = selected ? THEME.selection : state === 'idle' ? 0xffffff : stateColor(state)!;
    const g = new GraphicsContext().rect(0, 0, w, h).fill({ color });
    if (state === 'idle' && !selected) g.rect(0, 0, w, h).stroke({ color: THEME.nodeBorder, width: 6, alignment: 1 });
    return g;
  });
}

export interface EdgePorts {
  /** Inputs of other connection types on the bottom edge, outputs of other types on the top edge. */
  bottom: number;
  top: number;
  /** Index of the error output (drawn red), or -1. */
  errorOutput: number;
}

const NO_EDGE_PORTS: EdgePorts = { bottom: 0, top: 0, errorOutput: -1 };

function diamond(g: GraphicsContext, cx: number, cy: number, r: number): GraphicsContext {
  return g.moveTo(cx, cy - r).lineTo(cx + r, cy).lineTo(cx, cy + r).lineTo(cx - r, cy).closePath();
}

/**
 * Ports: input bars on the left, output dots on the right (the error output red), and for every
 * output whose bit is set in plusMask a stub line and a plus button (spec 001 §2.4: hidden once
 * connected); ports of other connection types as diamonds on the bottom (inputs) and top
 * (outputs) edges, as n8n draws a root node's sub-node inputs and a sub-node's output.
 */
export function portsContext(w: number, h: number, inputs: number, outputs: number, plusMask: number, edge: EdgePorts = NO_EDGE_PORTS): GraphicsContext {
  return cached(`ports|${w}|${h}|${inputs}|${outputs}|${plusMask}|${edge.bottom}|${edge.top}|${edge.errorOutput}`, () => {
    const g = new GraphicsContext();
    for (let i = 0; i < inputs; i++) {
      const y = portY(0, h, inputs, i);
      g.roundRect(-INPUT_WIDTH, y - INPUT_HEIGHT / 2, INPUT_WIDTH, INPUT_HEIGHT, 2).fill({ color: THEME.port });
    }
    for (let i = 0; i < outputs; i++) {
      const y = portY(0, h, outputs, i);
      if (i < 31 && plusMask & (1 << i)) {
        const cx = w + PLUS_CENTER_DX;
        g.moveTo(w + OUTPUT_RADIUS, y).lineTo(cx - PLUS_SIZE / 2, y).stroke({ color: THEME.plusBorder, width: 1.5 });
        g.roundRect(cx - PLUS_SIZE / 2, y - PLUS_SIZE / 2, PLUS_SIZE, PLUS_SIZE, 4)
          .fill({ color: THEME.nodeFill })
          .stroke({ color: THEME.plusBorder, width: 1.5 });
        const a = 6;
        g.moveTo(cx - a, y).lineTo(cx + a, y).moveTo(cx, y - a).lineTo(cx, y + a).stroke({ color: THEME.plusGlyph, width: 2 });
      }
      g.circle(w, y, OUTPUT_RADIUS).fill({ color: i === edge.errorOutput ? THEME.danger : THEME.port });
    }
    for (let k = 0; k < edge.bottom; k++) {
      diamond(g, edgePortX(0, w, edge.bottom, k), h, SUB_PORT_SIZE).fill({ color: THEME.nodeFill }).stroke({ color: THEME.subPort, width: 2 });
    }
    for (let k = 0; k < edge.top; k++) {
      diamond(g, edgePortX(0, w, edge.top, k), 0, SUB_PORT_SIZE).fill({ color: THEME.subPort });
    }
    return g;
  });
}

export function clearContextCache(): void {
  for (const c of cache.values()) c.destroy();
  cache.clear();
}
