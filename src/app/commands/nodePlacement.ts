// Where a new node goes (spec 001 §2.6, §4.1): right of its source (shifted per output on
// multi-output nodes), else the default click position; moved down until it overlaps nothing.
import { DEFAULT_CLICK_POSITION, GRID_SIZE, MULTI_OUTPUT_OFFSETS, NODE_SIZE } from '../../model/constants.ts';

/** Horizontal distance from a source node to a node added after it (n8n's PUSH_NODES_OFFSET). */
export const PUSH_NODES_OFFSET = NODE_SIZE * 2 + GRID_SIZE;
/** Step used to move a new node off an occupied spot. */
const FREE_STEP: [number, number] = [0, NODE_SIZE + 2 * GRID_SIZE];

export interface Box {
  x: number;
  y: number;
}

export function snap(v: number): number {
  return Math.round(v / GRID_SIZE) * GRID_SIZE;
}

export function afterSource(source: Box, outputIndex: number, outputCount: number): [number, number] {
  const offsets = MULTI_OUTPUT_OFFSETS[outputCount];
  const dy = offsets ? (offsets[outputIndex] ?? 0) : 0;
  return [source.x + PUSH_NODES_OFFSET, source.y + dy];
}

/** The first spot from `wanted` (stepping down) where no existing node overlaps. */
export function freePosition(wanted: [number, number], existing: Iterable<Box>): [number, number] {
  const boxes = [...existing];
  let [x, y] = [snap(wanted[0]), snap(wanted[1])];
  for (let i = 0; i < 200; i++) {
    if (!boxes.some((b) => Math.abs(b.x - x) < NODE_SIZE && Math.abs(b.y - y) < NODE_SIZE)) break;
    x += FREE_STEP[0];
    y += FREE_STEP[1];
  }
  return [x, y];
}

export const DEFAULT_POSITION = DEFAULT_CLICK_POSITION;
