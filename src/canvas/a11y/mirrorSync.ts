// Which nodes the accessible mirror lists: the visible ones, at most MIRROR_MAX of them,
// nearest the view's centre first. Pure choice plus the membership update; the entries
// themselves are written when a node's view is refreshed (CanvasController.refreshNode).
import { NODE_STRIDE, N_X, N_Y } from '../../../workers/spatial/geometry.ts';
import { MIRROR_MAX } from './A11yMirror.ts';

/** The part of A11yMirror the membership update needs. */
export interface MirrorMembers {
  ids(): Iterable<string>;
  has(id: string): boolean;
  remove(id: string): void;
}

/** The visible slots the mirror keeps: all of them, or the `max` whose top-left is nearest `centre`. */
export function mirrorSlots(visible: Iterable<number>, nodes: Float64Array, centre: { x: number; y: number }, max = MIRROR_MAX): number[] {
  const slots = [...visible];
  if (slots.length <= max) return slots;
  const d = (slot: number) => (nodes[slot * NODE_STRIDE + N_X] - centre.x) ** 2 + (nodes[slot * NODE_STRIDE + N_Y] - centre.y) ** 2;
  return slots.map((slot) => [d(slot), slot]).sort((a, b) => a[0] - b[0]).slice(0, max).map((p) => p[1]);
}

/**
 * Removes from the mirror the nodes not among `slots`; returns the slots of those not yet in it
 * (the caller refreshes them, which puts them in).
 */
export function syncMirrorMembers(mirror: MirrorMembers, slots: readonly number[], idOf: (slot: number) => string | undefined): number[] {
  const keep = new Set<string>();
  for (const slot of slots) {
    const id = idOf(slot);
    if (id) keep.add(id);
  }
  for (const id of [...mirror.ids()]) if (!keep.has(id)) mirror.remove(id);
  const missing: number[] = [];
  for (const slot of slots) {
    const id = idOf(slot);
    if (id && !mirror.has(id)) missing.push(slot);
  }
  return missing;
}
