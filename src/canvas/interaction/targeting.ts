// What the pointer is on, in the interaction machine's terms (Target): a kernel hit translated
// to ids, and the grips of drawn sticky notes (resize). Pure over the geometry's arrays.
import { FLAG_STICKY, NODE_STRIDE, N_FLAGS, N_H, N_W, N_X, N_Y } from '../../../workers/spatial/geometry.ts';
import type { Hit } from '../../../workers/spatial/kernel.ts';
import { handleAt } from '../kernels/resize.ts';
import type { Target } from './types.ts';

/** Screen px around a sticky's border that grabs it for resizing. */
export const STICKY_GRIP_PX = 6;

/** A kernel hit as a machine target; a slot freed meanwhile is the background. */
export function targetOfHit(h: Hit, nodeIdOf: (slot: number) => string | undefined, edgeIdOf: (slot: number) => string | undefined): Target {
  if (h.kind === 'edge') {
    const id = edgeIdOf(h.slot);
    return id ? { kind: 'edge', edgeId: id } : { kind: 'background' };
  }
  const nodeId = nodeIdOf(h.slot);
  if (!nodeId) return { kind: 'background' };
  switch (h.kind) {
    case 'input': return { kind: 'input', nodeId, index: h.index };
    case 'output': return { kind: 'output', nodeId, index: h.index, plus: false };
    case 'plus': return { kind: 'output', nodeId, index: h.index, plus: true };
    case 'sticky': return { kind: 'node', nodeId, sticky: true };
    default: return { kind: 'node', nodeId, sticky: false };
  }
}

/** The edge or corner of a sticky among `slots` under world point (wx, wy) at scale k; the smallest note wins. */
export function stickyGripAt(nodes: Float64Array, slots: ArrayLike<number>, nodeIdOf: (slot: number) => string | undefined, wx: number, wy: number, k: number): Target | null {
  const tol = STICKY_GRIP_PX / k;
  let best: Target | null = null;
  let bestArea = Infinity;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    const o = slot * NODE_STRIDE;
    if (!(nodes[o + N_FLAGS] & FLAG_STICKY)) continue;
    const box = { x: nodes[o + N_X], y: nodes[o + N_Y], w: nodes[o + N_W], h: nodes[o + N_H] };
    const handle = handleAt(box, wx, wy, tol);
    const id = nodeIdOf(slot);
    if (handle && id && box.w * box.h < bestArea) {
      bestArea = box.w * box.h;
      best = { kind: 'stickyEdge', nodeId: id, handle };
    }
  }
  return best;
}
