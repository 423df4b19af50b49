// Snapping kernel: node positions land on the grid (spec 001 §9, grid size 20).
import { GRID_SIZE } from '../../model/constants.ts';

export function snapToGrid(v: number, grid = GRID_SIZE): number {
  return Math.round(v / grid) * grid || 0; // no -0 in positions
}

/**
 * The offset to apply to every dragged node: the node under the pointer (the anchor) lands on
 * the grid and the others keep their relative placement.
 */
export function snappedDragDelta(anchorX: number, anchorY: number, rawDx: number, rawDy: number, grid = GRID_SIZE): { dx: number; dy: number } {
  return { dx: snapToGrid(anchorX + rawDx, grid) - anchorX, dy: snapToGrid(anchorY + rawDy, grid) - anchorY };
}
