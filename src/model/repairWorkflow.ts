// Opening or pasting a workflow that is not quite right (spec 001 §5, DESIGN "hostile input is
// normal"): instead of refusing it or crashing the canvas, repair what can be repaired and say
// what was done. Connections to missing nodes are dropped, positions that are not finite or
// absurdly far away are placed below the others, duplicate names and ids made unique, nodes
// without a type skipped. Unknown node types are kept (the issue kernel marks them).
import { DEFAULT_START_POSITION, DEFAULT_WORKFLOW_NAME, GRID_SIZE, NODE_SIZE } from './constants.ts';
import { newId, uniqueNodeName } from './names.ts';
import type { IConnection, IConnections, INode, IPinData, IWorkflowBase } from './workflow.ts';

/** Positions beyond this (in either axis) are treated as broken: no real workflow is that wide. */
export const POSITION_LIMIT = 1_000_000;

export interface RepairReport {
  /** Connections whose source or destination does not exist (or that were malformed). */
  droppedConnections: number;
  /** Entries of `nodes` that were not nodes (no object, no type). */
  droppedNodes: number;
  /** Nodes whose position was not two finite numbers within ±POSITION_LIMIT. */
  repairedPositions: number;
  /** Nodes renamed because their name was missing or already taken. */
  renamedNodes: number;
  /** Nodes given a new id because theirs was missing or already taken. */
  newIds: number;
  /** Pinned data for nodes that do not exist, or not a list of items. */
  droppedPinData: number;
}

export interface RepairResult {
  workflow: IWorkflowBase;
  report: RepairReport;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function validPosition(p: unknown): p is [number, number] {
  return Array.isArray(p) && p.length >= 2 && p.slice(0, 2).every((v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= POSITION_LIMIT);
}

/** 'n8n-nodes-base.httpRequest' → 'httpRequest' (a name for a node that has none). */
function nameFromType(type: string): string {
  const last = type.slice(type.lastIndexOf('.') + 1);
  return last || 'Node';
}

export function repairWorkflow(input: unknown): RepairResult {
  const report: RepairReport = { droppedConnections: 0, droppedNodes: 0, repairedPositions: 0, renamedNodes: 0, newIds: 0, droppedPinData: 0 };
  const src = isObject(input) ? input : {};
  const rawNodes = Array.isArray(src.nodes) ? src.nodes : [];
  const names = new Set<string>();
  const ids = new Set<string>();
  /** Original name → final name, for the first node that had it (connections use names). */
  const nameMap = new Map<string, string>();
  const nodes: INode[] = [];
  const misplaced: INode[] = [];

  for (const raw of rawNodes) {
    if (!isObject(raw) || typeof raw.type !== 'string' || raw.type === '') {
      report.droppedNodes++;
      continue;
    }
    const originalName = typeof raw.name === 'string' ? raw.name : '';
    let name = originalName.trim() === '' ? nameFromType(raw.type) : originalName;
    if (names.has(name) || name !== originalName) {
      name = uniqueNodeName(name, names);
      report.renamedNodes++;
    }
    names.add(name);
    if (originalName !== '' && !nameMap.has(originalName)) nameMap.set(originalName, name);
    let id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : '';
    if (id === '' || ids.has(id)) {
      id = newId();
      report.newIds++;
    }
    ids.add(id);
    const node = {
      ...raw,
      id,
      name,
      type: raw.type,
      typeVersion: typeof raw.typeVersion === 'number' && Number.isFinite(raw.typeVersion) ? raw.typeVersion : 1,
      position: validPosition(raw.position) ? ([raw.position[0], raw.position[1]] as [number, number]) : ([0, 0] as [number, number]),
      parameters: isObject(raw.parameters) ? raw.parameters : {},
    } as INode;
    if (!validPosition(raw.position)) {
      report.repairedPositions++;
      misplaced.push(node);
    }
    nodes.push(node);
  }
  placeBelow(misplaced, nodes);

  const connections = repairConnections(src.connections, nameMap, report);
  const pinData: IPinData = {};
  if (isObject(src.pinData)) {
    for (const [name, items] of Object.entries(src.pinData)) {
      const target = nameMap.get(name);
      if (!target || !Array.isArray(items)) {
        report.droppedPinData++;
        continue;
      }
      pinData[target] = items as IPinData[string];
    }
  }

  const workflow: IWorkflowBase = {
    ...(src as Partial<IWorkflowBase>),
    name: typeof src.name === 'string' && src.name.trim() !== '' ? src.name : DEFAULT_WORKFLOW_NAME,
    active: src.active === true,
    nodes,
    connections,
    pinData,
    settings: isObject(src.settings) ? (src.settings as IWorkflowBase['settings']) : {},
  };
  if (src.tags !== undefined && !Array.isArray(src.tags)) delete workflow.tags;
  return { workflow, report };
}

/** Puts nodes without a usable position in a row under the others (or at the start position). */
function placeBelow(misplaced: INode[], all: INode[]): void {
  if (!misplaced.length) return;
  const skip = new Set(misplaced);
  let x = Infinity;
  let bottom = -Infinity;
  for (const n of all) {
    if (skip.has(n)) continue;
    x = Math.min(x, n.position[0]);
    bottom = Math.max(bottom, n.position[1]);
  }
  const [startX, startY] = Number.isFinite(x) ? [x, bottom + NODE_SIZE * 2] : DEFAULT_START_POSITION;
  const snap = (v: number) => Math.round(v / GRID_SIZE) * GRID_SIZE;
  misplaced.forEach((n, i) => {
    n.position = [snap(startX + i * (NODE_SIZE + 2 * GRID_SIZE)), snap(startY)];
  });
}

function repairConnections(raw: unknown, nameMap: Map<string, string>, report: RepairReport): IConnections {
  const result: IConnections = {};
  if (!isObject(raw)) return result;
  for (const [source, byType] of Object.entries(raw)) {
    const from = nameMap.get(source);
    if (!isObject(byType)) {
      report.droppedConnections++;
      continue;
    }
    for (const [type, outputs] of Object.entries(byType)) {
      if (!Array.isArray(outputs)) {
        report.droppedConnections++;
        continue;
      }
      const kept: Array<IConnection[]> = [];
      outputs.forEach((list: unknown, outputIndex: number) => {
        const out: IConnection[] = [];
        if (Array.isArray(list)) {
          for (const c of list) {
            const ok = isObject(c) && typeof c.node === 'string' && nameMap.has(c.node) && (c.index === undefined || (Number.isInteger(c.index) && (c.index as number) >= 0));
            if (!from || !ok) {
              report.droppedConnections++;
              continue;
            }
            out.push({ node: nameMap.get(c.node as string)!, type: typeof c.type === 'string' && c.type ? c.type : type, index: (c.index as number | undefined) ?? 0 });
          }
        } else if (list !== null && list !== undefined) report.droppedConnections++;
        kept[outputIndex] = out;
      });
      if (from && kept.some((l) => l.length)) ((result[from] ??= {})[type] = kept.map((l) => l ?? []));
    }
  }
  return result;
}

/** One sentence per repair, for a toast; empty when nothing was repaired. */
export function repairMessages(report: RepairReport): string[] {
  const lines: string[] = [];
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  if (report.droppedNodes) lines.push(`${n(report.droppedNodes, 'entry was', 'entries were')} not a node (no type) and skipped.`);
  if (report.droppedConnections) lines.push(`${n(report.droppedConnections, 'connection', 'connections')} to missing nodes ${report.droppedConnections === 1 ? 'was' : 'were'} dropped.`);
  if (report.repairedPositions) lines.push(`${n(report.repairedPositions, 'node had an invalid position and was', 'nodes had invalid positions and were')} placed below the others.`);
  if (report.renamedNodes) lines.push(`${n(report.renamedNodes, 'node was', 'nodes were')} renamed (name missing or used twice).`);
  if (report.droppedPinData) lines.push(`Pinned data of ${n(report.droppedPinData, 'node', 'nodes')} that do not exist was dropped.`);
  return lines;
}
