// One edit of the open workflow as data: enough to apply it again and to apply its inverse.
// The WorkflowStore records these from its actions; undo applies the inverse of each change of
// a step in reverse order, redo the changes in order.
import type { INode, IPinData } from '../../../model/workflow.ts';

export interface ConnectionSpec {
  sourceId: string;
  sourceOutput: number;
  targetId: string;
  targetInput: number;
  type: string;
}

/** Node fields a change may replace as a whole. */
export type NodeField = 'name' | 'parameters' | 'settings' | 'disabled';

export type Change =
  /** Nodes as they were added (id, name, position … as n8n JSON). */
  | { kind: 'addNodes'; nodes: INode[] }
  | { kind: 'removeNodes'; nodes: INode[] }
  | { kind: 'connect'; connections: ConnectionSpec[] }
  | { kind: 'disconnect'; connections: ConnectionSpec[] }
  | { kind: 'positions'; ids: string[]; before: Array<[number, number]>; after: Array<[number, number]> }
  | { kind: 'field'; id: string; field: NodeField; before: unknown; after: unknown }
  | { kind: 'pinData'; before: IPinData; after: IPinData };

export function invert(c: Change): Change {
  switch (c.kind) {
    case 'addNodes':
      return { kind: 'removeNodes', nodes: c.nodes };
    case 'removeNodes':
      return { kind: 'addNodes', nodes: c.nodes };
    case 'connect':
      return { kind: 'disconnect', connections: c.connections };
    case 'disconnect':
      return { kind: 'connect', connections: c.connections };
    case 'positions':
      return { ...c, before: c.after, after: c.before };
    case 'field':
      return { ...c, before: c.after, after: c.before };
    case 'pinData':
      return { kind: 'pinData', before: c.after, after: c.before };
  }
}

/**
 * Folds `next` into `into` (typing into one field): a field change of the same node and field
 * keeps its first `before` and takes the new `after`; anything else is appended.
 */
export function mergeChanges(into: Change[], next: Change[]): Change[] {
  const out = [...into];
  for (const c of next) {
    const i = c.kind === 'field' ? out.findIndex((o) => o.kind === 'field' && o.id === c.id && o.field === c.field) : -1;
    if (i >= 0) out[i] = { ...(out[i] as Extract<Change, { kind: 'field' }>), after: (c as Extract<Change, { kind: 'field' }>).after };
    else out.push(c);
  }
  return out;
}

/** Ids of the nodes a change touches (for selecting them after undo/redo). */
export function touchedNodeIds(c: Change): string[] {
  switch (c.kind) {
    case 'addNodes':
    case 'removeNodes':
      return c.nodes.map((n) => n.id);
    case 'connect':
    case 'disconnect':
      return [];
    case 'positions':
      return c.ids;
    case 'field':
      return [c.id];
    case 'pinData':
      return [];
  }
}
