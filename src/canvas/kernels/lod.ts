// Level of detail by zoom: what a node is drawn with at a given scale (screen px per world unit).
//   full        scale >= 0.5   body, shadow, icon, ports, plus buttons, labels, badges
//   simplified  0.2 .. 0.5     body with its state border and icon; no ports, labels or badges
//   boxes       below 0.2      one flat rectangle per node in its state colour
// A 100-unit node is 50 px at 0.5 (labels of 13 units would be under 7 px below that) and
// 20 px at 0.2 (an icon is no longer legible).
export type Lod = 'full' | 'simplified' | 'boxes';

export const LOD_FULL_MIN_SCALE = 0.5;
export const LOD_SIMPLIFIED_MIN_SCALE = 0.2;
/** Connection item-count labels need more room than node names. */
export const EDGE_LABEL_MIN_SCALE = 0.6;

/**
 * Above this many nodes in the culled area (the view plus its margin) nodes are drawn as
 * boxes whatever the zoom: thousands of overlapping nodes (a bad import that put them all at
 * one spot) would otherwise cost a display object each.
 */
export const MAX_DETAILED_NODES = 2500;

export function lodForScale(scale: number, culledNodes = 0): Lod {
  if (culledNodes > MAX_DETAILED_NODES) return 'boxes';
  if (scale >= LOD_FULL_MIN_SCALE) return 'full';
  if (scale >= LOD_SIMPLIFIED_MIN_SCALE) return 'simplified';
  return 'boxes';
}

export function edgeLabelsVisible(scale: number): boolean {
  return scale >= EDGE_LABEL_MIN_SCALE;
}
