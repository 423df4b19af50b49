// Node and connection geometry shared by the canvas (drawing, main-thread hit-testing) and the
// spatial worker (index, culling): one definition so a click lands where the pixels are.
// Pure functions over numbers; no DOM, no Pixi.
import { NODE_SIZE } from '../../src/model/constants.ts';

/**
 * Per node slot in a Float64Array: x, y, w, h, main inputs, main outputs, flags, connected-output
 * mask, then the ports of other connection types (n8n's ai_* sub-node connections): inputs on the
 * bottom edge and outputs on the top edge.
 */
export const NODE_STRIDE = 10;
export const N_X = 0;
export const N_Y = 1;
export const N_W = 2;
export const N_H = 3;
export const N_INPUTS = 4;
export const N_OUTPUTS = 5;
export const N_FLAGS = 6;
export const N_CONNECTED = 7;
export const N_BOTTOM = 8;
export const N_TOP = 9;

export const FLAG_ALIVE = 1;
export const FLAG_STICKY = 2;
export const FLAG_TRIGGER = 4;
/** The last main output is the error output (onError: continueErrorOutput); drawn red. */
export const FLAG_ERROR_OUTPUT = 8;
/** A sub-node (only non-main outputs, no main ports): drawn round, as n8n draws them. */
export const FLAG_SUBNODE = 16;
/** The node shows its note under its name (n8n's notesInFlow): its drawn extent reaches lower and wider. */
export const FLAG_NOTES = 32;

/**
 * Per connection slot in an Int32Array: source slot, source output, target slot, target input.
 * Main ports are 0, 1, …; a port of another type is -1 - k for the k-th top output (source) or
 * bottom input (target) of its node, so a connection's ends say which edge of the node they sit on.
 */
export const EDGE_STRIDE = 4;
export const E_SOURCE = 0;
export const E_OUTPUT = 1;
export const E_TARGET = 2;
export const E_INPUT = 3;

/** Output endpoint circle radius and input endpoint bar size (world units). */
export const OUTPUT_RADIUS = 6;
export const INPUT_WIDTH = 8;
export const INPUT_HEIGHT = 20;
/** Plus button on an unconnected output: a stub line then a square centred this far right of the node. */
export const PLUS_STUB = 40;
export const PLUS_SIZE = 24;
export const PLUS_CENTER_DX = OUTPUT_RADIUS + PLUS_STUB + PLUS_SIZE / 2;
/** Space below a node for its two-line name label. */
export const LABEL_GAP = 8;
export const LABEL_HEIGHT = 44;
/** Room below the name for a note shown in the flow (three 11-px lines), and half its width. */
export const NOTES_HEIGHT = 48;
export const NOTES_HALF_WIDTH = 110;
/** Ports are spread over the height; above this many the node grows so they stay apart. */
const PORT_SPACING_MIN = 24;
/** Half the diagonal of the diamond of a top or bottom (non-main) port. */
export const SUB_PORT_SIZE = 7;
/** A node with main ports and bottom inputs widens so that each bottom port has this much room for its label. */
export const BOTTOM_PORT_SPACING = 80;
/** Room under the bottom ports for their labels (the name label moves down by it). */
export const PORT_LABEL_HEIGHT = 18;

/** Height of a node box for the given port counts (the spec's 100 box unless ports need more). */
export function nodeHeight(inputs: number, outputs: number): number {
  const ports = Math.max(inputs, outputs);
  return Math.max(NODE_SIZE, (ports + 1) * PORT_SPACING_MIN);
}

/**
 * Width of a node: the default box, or for a root node with bottom inputs (an AI agent or chain
 * with its model, memory and tools below) wide enough to keep their labels apart.
 */
export function nodeWidth(bottomInputs: number, subNode: boolean): number {
  if (subNode || bottomInputs === 0) return NODE_SIZE;
  return Math.max(2 * NODE_SIZE, bottomInputs * BOTTOM_PORT_SPACING + 40);
}

/** x of top or bottom port `k` of `count` along a node of width w at x. */
export function edgePortX(x: number, w: number, count: number, k: number): number {
  return x + (w * (k + 1)) / (count + 1);
}

/** y of port `index` of `count` ports along a node of height h at y. */
export function portY(y: number, h: number, count: number, index: number): number {
  return y + (h * (index + 1)) / (count + 1);
}

export function inputPoint(nodes: Float64Array, slot: number, index: number, out: Float64Array | number[]): void {
  const o = slot * NODE_STRIDE;
  if (index < 0) {
    out[0] = edgePortX(nodes[o + N_X], nodes[o + N_W], Math.max(1, nodes[o + N_BOTTOM]), -1 - index);
    out[1] = nodes[o + N_Y] + nodes[o + N_H];
    return;
  }
  out[0] = nodes[o + N_X];
  out[1] = portY(nodes[o + N_Y], nodes[o + N_H], Math.max(1, nodes[o + N_INPUTS]), index);
}

export function outputPoint(nodes: Float64Array, slot: number, index: number, out: Float64Array | number[]): void {
  const o = slot * NODE_STRIDE;
  if (index < 0) {
    out[0] = edgePortX(nodes[o + N_X], nodes[o + N_W], Math.max(1, nodes[o + N_TOP]), -1 - index);
    out[1] = nodes[o + N_Y];
    return;
  }
  out[0] = nodes[o + N_X] + nodes[o + N_W];
  out[1] = portY(nodes[o + N_Y], nodes[o + N_H], Math.max(1, nodes[o + N_OUTPUTS]), index);
}

/**
 * The drawn extent of a node (ports, plus buttons and the label under it), used for culling:
 * anything of the node that can be on screen is inside it.
 */
export function nodeExtent(nodes: Float64Array, slot: number, out: Float64Array | number[]): void {
  const o = slot * NODE_STRIDE;
  const x = nodes[o + N_X];
  const y = nodes[o + N_Y];
  const w = nodes[o + N_W];
  const h = nodes[o + N_H];
  if (nodes[o + N_FLAGS] & FLAG_STICKY) {
    out[0] = x; out[1] = y; out[2] = x + w; out[3] = y + h;
    return;
  }
  out[0] = x - INPUT_WIDTH - 4;
  out[1] = y - 8;
  out[2] = x + w + PLUS_CENTER_DX + PLUS_SIZE / 2 + 4;
  out[3] = y + h + LABEL_GAP + LABEL_HEIGHT + (nodes[o + N_BOTTOM] > 0 ? PORT_LABEL_HEIGHT : 0);
  if (nodes[o + N_FLAGS] & FLAG_NOTES) {
    // The note is centred under the node and may be wider than it.
    out[0] = Math.min(out[0], x + w / 2 - NOTES_HALF_WIDTH);
    out[2] = Math.max(out[2], x + w / 2 + NOTES_HALF_WIDTH);
    out[3] += NOTES_HEIGHT;
  }
}

/**
 * Control points of the connection curve from an output at (sx, sy) to an input at (tx, ty):
 * horizontal tangents at both ends. A backward connection (input left of the output) dips
 * below both ports in a U, so it passes under the nodes instead of through them.
 * Writes [sx, sy, c1x, c1y, c2x, c2y, tx, ty] into out.
 */
export function connectionCurve(sx: number, sy: number, tx: number, ty: number, out: Float64Array | number[]): void {
  const dx = tx - sx;
  out[0] = sx; out[1] = sy;
  out[6] = tx; out[7] = ty;
  if (dx >= 0) {
    const offset = Math.max(dx * 0.5, 40);
    out[2] = sx + offset; out[3] = sy;
    out[4] = tx - offset; out[5] = ty;
    return;
  }
  const offset = Math.min(Math.max(-dx * 0.25, 60), 160);
  const below = Math.max(sy, ty) + BACKWARD_DIP;
  out[2] = sx + offset; out[3] = below;
  out[4] = tx - offset; out[5] = below;
}

/**
 * The curve of a connection of another type than main (n8n's sub-node connections): from a
 * sub-node's top output up into its root node's bottom input, vertical tangents at both ends.
 */
export function subConnectionCurve(sx: number, sy: number, tx: number, ty: number, out: Float64Array | number[]): void {
  const offset = Math.max(Math.abs(sy - ty) * 0.5, 40);
  out[0] = sx; out[1] = sy;
  out[2] = sx; out[3] = sy - offset;
  out[4] = tx; out[5] = ty + offset;
  out[6] = tx; out[7] = ty;
}

/** How far below the lower port a backward connection's control points sit (the curve reaches 3/4 of it). */
export const BACKWARD_DIP = 150;

export function bezierPoint(c: ArrayLike<number>, t: number, out: Float64Array | number[]): void {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const d = 3 * u * t * t;
  const e = t * t * t;
  out[0] = a * c[0] + b * c[2] + d * c[4] + e * c[6];
  out[1] = a * c[1] + b * c[3] + d * c[5] + e * c[7];
}

/** Bounding box of a cubic curve: the hull of its control points contains it. */
export function curveBounds(c: ArrayLike<number>, out: Float64Array | number[]): void {
  out[0] = Math.min(c[0], c[2], c[4], c[6]);
  out[1] = Math.min(c[1], c[3], c[5], c[7]);
  out[2] = Math.max(c[0], c[2], c[4], c[6]);
  out[3] = Math.max(c[1], c[3], c[5], c[7]);
}

const CURVE_SEGMENTS = 32;
const curveScratch = new Float64Array(2);

/**
 * Distance from (px, py) to a cubic curve: the curve is flattened into 32 chords, then the
 * parameter near the nearest chord is refined by ternary search, so the error is far below a pixel.
 */
export function distanceToCurve(c: ArrayLike<number>, px: number, py: number): number {
  // The nearest chord picks the neighbourhood; distances are measured to points ON the curve
  // (a chord can pass inside the curve and would under-report).
  let bestT = 0;
  let bestChord = Infinity;
  let bestPoint = (c[0] - px) ** 2 + (c[1] - py) ** 2;
  const pt = curveScratch;
  let prevX = c[0];
  let prevY = c[1];
  for (let i = 1; i <= CURVE_SEGMENTS; i++) {
    const t = i / CURVE_SEGMENTS;
    bezierPoint(c, t, pt);
    const d = segmentDistanceSq(px, py, prevX, prevY, pt[0], pt[1]);
    if (d < bestChord) {
      bestChord = d;
      bestT = t;
    }
    const dp = (pt[0] - px) ** 2 + (pt[1] - py) ** 2;
    if (dp < bestPoint) bestPoint = dp;
    prevX = pt[0];
    prevY = pt[1];
  }
  let lo = Math.max(0, bestT - 2 / CURVE_SEGMENTS);
  let hi = Math.min(1, bestT + 1 / CURVE_SEGMENTS);
  for (let i = 0; i < 30; i++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    bezierPoint(c, m1, pt);
    const d1 = (pt[0] - px) ** 2 + (pt[1] - py) ** 2;
    bezierPoint(c, m2, pt);
    const d2 = (pt[0] - px) ** 2 + (pt[1] - py) ** 2;
    if (d1 < d2) hi = m2;
    else lo = m1;
  }
  bezierPoint(c, (lo + hi) / 2, pt);
  const refined = (pt[0] - px) ** 2 + (pt[1] - py) ** 2;
  return Math.sqrt(Math.min(bestPoint, refined));
}

function segmentDistanceSq(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  let t = len > 0 ? ((px - ax) * dx + (py - ay) * dy) / len : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return qx * qx + qy * qy;
}

const edgeScratch = new Float64Array(2);

/** The curve of connection slot e, from the current node geometry. */
export function edgeCurve(nodes: Float64Array, edges: Int32Array, e: number, out: Float64Array | number[]): void {
  const o = e * EDGE_STRIDE;
  const p = edgeScratch;
  outputPoint(nodes, edges[o + E_SOURCE], edges[o + E_OUTPUT], p);
  const sx = p[0];
  const sy = p[1];
  inputPoint(nodes, edges[o + E_TARGET], edges[o + E_INPUT], p);
  if (edges[o + E_OUTPUT] < 0 || edges[o + E_INPUT] < 0) subConnectionCurve(sx, sy, p[0], p[1], out);
  else connectionCurve(sx, sy, p[0], p[1], out);
}
