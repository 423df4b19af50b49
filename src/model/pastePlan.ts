// Planning a paste or a duplicate (spec 001 §4.1, §2.4): which nodes are added (maxNodes per
// type honoured, the excess skipped), under which names (unique, numeric suffix), where (moved
// so they do not cover the originals, or by the duplicate offset), with fresh ids and webhook
// ids, their connections and pinned data under the new names, and expressions that named a
// renamed node rewritten. Pure: the store applies the plan as one undo step.
import { DUPLICATE_OFFSET_Y, GRID_SIZE, NODE_SIZE, STICKY_DEFAULT_HEIGHT, STICKY_DEFAULT_WIDTH, STICKY_NODE_TYPE } from './constants.ts';
import { newId, uniqueNodeName } from './names.ts';
import { rewriteReferencesOfNode } from './nodeReferences.ts';
import type { IConnections, INode, IPinData } from './workflow.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PasteTarget {
  /** Node names already in the workflow. */
  hasName(name: string): boolean;
  /** How many nodes of a type the workflow already has. */
  countOfType(type: string): number;
  /** The type's maxNodes and display name, when it has a limit. */
  limitOf(type: string): { maxNodes: number; displayName: string } | undefined;
  /** Boxes of the nodes already there (overlap is checked per layer: nodes vs nodes, stickies vs stickies). */
  boxes: Array<Rect & { sticky: boolean }>;
  /** The visible world rectangle: a paste that would not land wholly inside it is moved to its centre. */
  viewport?: Rect;
  /** Duplicate: every node moves by this offset (stickies by their own), no overlap search. */
  fixedOffset?: { node: [number, number]; sticky: [number, number] };
  /** Ids for new nodes (tests pass a counter). */
  newId?: () => string;
}

export interface PlannedConnection {
  source: string;
  sourceOutput: number;
  target: string;
  targetInput: number;
  type: string;
}

export interface SkippedType {
  type: string;
  displayName: string;
  maxNodes: number;
  skipped: number;
}

export interface PastePlan {
  /** Nodes to add, in order, with their final ids, names, positions and parameters. */
  nodes: INode[];
  /** Connections among the added nodes, by their new names. */
  connections: PlannedConnection[];
  pinData: IPinData;
  /** Types whose maxNodes stopped some nodes from being added. */
  skipped: SkippedType[];
  /** Pasted name → name it got, for the nodes whose name had to change. */
  renamed: Map<string, string>;
}

/** Maximum group moves while looking for a free spot; after that the group stays where it is. */
const MAX_STEPS = 50;

export function nodeBox(node: Pick<INode, 'type' | 'position' | 'parameters'>): Rect & { sticky: boolean } {
  const sticky = node.type === STICKY_NODE_TYPE;
  const p = node.parameters ?? {};
  const width = sticky && typeof p.width === 'number' && p.width > 0 ? p.width : sticky ? STICKY_DEFAULT_WIDTH : NODE_SIZE;
  const height = sticky && typeof p.height === 'number' && p.height > 0 ? p.height : sticky ? STICKY_DEFAULT_HEIGHT : NODE_SIZE;
  return { x: node.position[0], y: node.position[1], width, height, sticky };
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function bounds(rects: Rect[]): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const r of rects) {
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.width);
    y1 = Math.max(y1, r.y + r.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

const snap = (v: number) => Math.round(v / GRID_SIZE) * GRID_SIZE;

function inside(r: Rect, v: Rect): boolean {
  return r.x >= v.x && r.y >= v.y && r.x + r.width <= v.x + v.width && r.y + r.height <= v.y + v.height;
}

/**
 * The group's offset: to the centre of the view when it would not land wholly inside it, then down
 * by the group's height plus a gap (one DUPLICATE_OFFSET_Y step for a single node) until no
 * pasted box overlaps an existing one of its layer.
 */
function groupOffset(boxes: Array<Rect & { sticky: boolean }>, target: PasteTarget): [number, number] {
  const group = bounds(boxes);
  let dx = 0;
  let dy = 0;
  const v = target.viewport;
  if (v && !inside(group, v)) {
    dx = snap(v.x + v.width / 2 - group.width / 2 - group.x);
    dy = snap(v.y + v.height / 2 - group.height / 2 - group.y);
  }
  // A spatial bucket of the existing boxes keeps big workflows linear instead of n × m.
  const cell = 400;
  const buckets = new Map<string, Array<Rect & { sticky: boolean }>>();
  for (const b of target.boxes) {
    for (let cx = Math.floor(b.x / cell); cx <= Math.floor((b.x + b.width) / cell); cx++) {
      for (let cy = Math.floor(b.y / cell); cy <= Math.floor((b.y + b.height) / cell); cy++) {
        const k = `${cx},${cy}`;
        const list = buckets.get(k);
        if (list) list.push(b);
        else buckets.set(k, [b]);
      }
    }
  }
  const collides = (ox: number, oy: number) =>
    boxes.some((b) => {
      const r = { x: b.x + ox, y: b.y + oy, width: b.width, height: b.height };
      for (let cx = Math.floor(r.x / cell); cx <= Math.floor((r.x + r.width) / cell); cx++) {
        for (let cy = Math.floor(r.y / cell); cy <= Math.floor((r.y + r.height) / cell); cy++) {
          for (const e of buckets.get(`${cx},${cy}`) ?? []) if (e.sticky === b.sticky && overlaps(r, e)) return true;
        }
      }
      return false;
    });
  const step = snap(group.height - NODE_SIZE + DUPLICATE_OFFSET_Y);
  for (let i = 0; i < MAX_STEPS && collides(dx, dy); i++) dy += step;
  return [dx, dy];
}

export function planPaste(source: { nodes: INode[]; connections: IConnections; pinData?: IPinData }, target: PasteTarget): PastePlan {
  const makeId = target.newId ?? newId;
  const added = new Map<string, number>();
  const skippedByType = new Map<string, SkippedType>();
  const kept: INode[] = [];
  for (const node of source.nodes) {
    const limit = target.limitOf(node.type);
    if (limit) {
      const count = target.countOfType(node.type) + (added.get(node.type) ?? 0);
      if (count >= limit.maxNodes) {
        const s = skippedByType.get(node.type) ?? { type: node.type, displayName: limit.displayName, maxNodes: limit.maxNodes, skipped: 0 };
        s.skipped++;
        skippedByType.set(node.type, s);
        continue;
      }
    }
    added.set(node.type, (added.get(node.type) ?? 0) + 1);
    kept.push(node);
  }

  // Names: unique against the workflow and against the nodes pasted before.
  const taken = new Set<string>();
  const renamed = new Map<string, string>();
  const nameOf = new Map<string, string>();
  for (const node of kept) {
    const name = uniqueNodeName(node.name, (x) => taken.has(x) || target.hasName(x));
    taken.add(name);
    nameOf.set(node.name, name);
    if (name !== node.name) renamed.set(node.name, name);
  }

  let offset: (n: INode) => [number, number];
  if (target.fixedOffset) {
    const f = target.fixedOffset;
    offset = (n) => (n.type === STICKY_NODE_TYPE ? f.sticky : f.node);
  } else {
    const o = kept.length ? groupOffset(kept.map(nodeBox), target) : ([0, 0] as [number, number]);
    offset = () => o;
  }

  const nodes = kept.map((node): INode => {
    const [dx, dy] = offset(node);
    const next: INode = {
      ...node,
      id: makeId(),
      name: nameOf.get(node.name)!,
      position: [node.position[0] + dx, node.position[1] + dy],
      parameters: renamed.size ? rewriteReferencesOfNode(node, renamed) : node.parameters,
    };
    // Two nodes must not listen on one webhook path id.
    if (node.webhookId) next.webhookId = makeId();
    return next;
  });

  const connections: PlannedConnection[] = [];
  for (const [sourceName, byType] of Object.entries(source.connections)) {
    const from = nameOf.get(sourceName);
    if (!from) continue;
    for (const [type, outputs] of Object.entries(byType)) {
      (outputs ?? []).forEach((list, sourceOutput) => {
        for (const c of list ?? []) {
          const to = nameOf.get(c.node);
          if (to) connections.push({ source: from, sourceOutput, target: to, targetInput: c.index, type: c.type || type });
        }
      });
    }
  }

  const pinData: IPinData = {};
  for (const [name, items] of Object.entries(source.pinData ?? {})) {
    const to = nameOf.get(name);
    if (to) pinData[to] = items;
  }

  return { nodes, connections, pinData, skipped: [...skippedByType.values()], renamed };
}
