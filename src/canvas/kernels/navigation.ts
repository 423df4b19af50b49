// Keyboard navigation over the graph (spec 001 §2.5): arrows move the selection between
// connected nodes, shift+arrows select everything downstream or upstream. Pure: it reads the
// graph through a small interface, so tests and the canvas use the same rules.
export type Direction = 'left' | 'right' | 'up' | 'down';

export interface NavGraph {
  parents(id: string): Iterable<string>;
  children(id: string): Iterable<string>;
  /** Top-left corner of the node; undefined for unknown ids. */
  position(id: string): { x: number; y: number } | undefined;
}

/**
 * The node an arrow key moves to from `from`: right = a child, left = a parent (the one
 * nearest in height, then nearest in x); up / down = the nearest sibling above / below, where
 * siblings share a parent or a child with `from`. Undefined when there is none.
 */
export function navigate(g: NavGraph, from: string, dir: Direction): string | undefined {
  const at = g.position(from);
  if (!at) return undefined;
  let candidates: Iterable<string>;
  if (dir === 'right') candidates = g.children(from);
  else if (dir === 'left') candidates = g.parents(from);
  else candidates = siblings(g, from);
  let best: string | undefined;
  let bestKey = Infinity;
  for (const id of candidates) {
    if (id === from) continue;
    const p = g.position(id);
    if (!p) continue;
    const dy = p.y - at.y;
    if (dir === 'up' && dy >= 0) continue;
    if (dir === 'down' && dy <= 0) continue;
    // Nearest in height first (the row the eye follows); horizontal distance breaks ties.
    const key = Math.abs(dy) * 1e6 + Math.abs(p.x - at.x);
    if (key < bestKey || (key === bestKey && best !== undefined && id < best)) {
      bestKey = key;
      best = id;
    }
  }
  return best;
}

function siblings(g: NavGraph, id: string): Set<string> {
  const out = new Set<string>();
  for (const p of g.parents(id)) for (const c of g.children(p)) out.add(c);
  for (const c of g.children(id)) for (const p of g.parents(c)) out.add(p);
  out.delete(id);
  return out;
}

/** `from` and every node reachable from it along connections (downstream) or against them (upstream). */
export function reachable(g: NavGraph, from: Iterable<string>, direction: 'downstream' | 'upstream'): string[] {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of direction === 'downstream' ? g.children(id) : g.parents(id)) if (!seen.has(next)) stack.push(next);
  }
  return [...seen];
}
