// Where nodes go (spec 001 §2.6, §4.1, §2.4): a node added after a source sits right of it
// (shifted per output on multi-output nodes), else at the default click position, moved down
// until it overlaps nothing; duplicates sit DUPLICATE_OFFSET_Y below (stickies 40 × 40).
import { DEFAULT_CLICK_POSITION, DUPLICATE_OFFSET_Y, GRID_SIZE, MULTI_OUTPUT_OFFSETS, NODE_SIZE, PUSH_NODES_OFFSET, STICKY_DUPLICATE_OFFSET } from './constants.ts';

/** Horizontal distance from a source node to a node added after it (one constant, see constants.ts). */
export { PUSH_NODES_OFFSET };
/** Step used to move a new node off an occupied spot. */
const FREE_STEP: [number, number] = [0, NODE_SIZE + 2 * GRID_SIZE];

export const DEFAULT_POSITION = DEFAULT_CLICK_POSITION;

export interface Point {
  x: number;
  y: number;
}

export function snap(v: number): number {
  return Math.round(v / GRID_SIZE) * GRID_SIZE;
}

/** The y offset of output `outputIndex` of a node with `outputCount` outputs (0 for one output or more than four). */
export function outputOffsetY(outputIndex: number, outputCount: number): number {
  const offsets = MULTI_OUTPUT_OFFSETS[outputCount];
  return offsets ? (offsets[outputIndex] ?? 0) : 0;
}

export function afterSource(source: Point, outputIndex: number, outputCount: number): [number, number] {
  return [source.x + PUSH_NODES_OFFSET, source.y + outputOffsetY(outputIndex, outputCount)];
}

/** The first spot from `wanted` (stepping down) where no existing node overlaps. */
export function freePosition(wanted: [number, number], existing: Iterable<Point>): [number, number] {
  const boxes = [...existing];
  let [x, y] = [snap(wanted[0]), snap(wanted[1])];
  for (let i = 0; i < 200; i++) {
    if (!boxes.some((b) => Math.abs(b.x - x) < NODE_SIZE && Math.abs(b.y - y) < NODE_SIZE)) break;
    x += FREE_STEP[0];
    y += FREE_STEP[1];
  }
  return [x, y];
}

/** Offset of a duplicated node from its original. */
export function duplicateOffset(isSticky: boolean): [number, number] {
  return isSticky ? STICKY_DUPLICATE_OFFSET : [0, DUPLICATE_OFFSET_Y];
}
