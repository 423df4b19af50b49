// Opening or pasting a workflow that is not quite right (spec 001 §5, DESIGN "hostile input is
// normal"): instead of refusing it or crashing the canvas, repair what can be repaired and say
// what was done. Connections to missing nodes are dropped, positions that are not finite or
// absurdly far away are placed below the others, duplicate names and ids made unique, nodes
// without a type skipped. Unknown node types are kept (the issue kernel marks them). Older
// forms are read as n8n's editor reads them (readWorkflow.ts): credentials given by name alone
// become {id: null, name}, pinned items get their `json` wrapper, nulls mean absent.
import { DEFAULT_START_POSITION, DEFAULT_WORKFLOW_NAME, GRID_SIZE, NODE_SIZE, PUSH_NODES_OFFSET } from './constants.ts';
import { newId, uniqueNodeName } from './names.ts';
import { readNode, readPinItems, readSettings } from './readWorkflow.ts';
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

function coordinate(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= POSITION_LIMIT;
}

function validPosition(p: unknown): p is [number, number] {
  return Array.isArray(p) && p.length >= 2 && coordinate(p[0]) && coordinate(p[1]);
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
    const typeVersion = typeof raw.typeVersion === 'number' && Number.isFinite(raw.typeVersion) ? raw.typeVersion : 1;
    const goodPosition = validPosition(raw.position);
    const parameters = isObject(raw.parameters) ? raw.parameters : {};
    // Most nodes are fine: keep them as they are (opening 10,000 nodes should not copy 10,000).
    const untouched = name === raw.name && id === raw.id && typeVersion === raw.typeVersion && goodPosition && (raw.position as unknown[]).length === 2 && parameters === raw.parameters;
    const node = readNode(
      untouched
        ? (raw as unknown as INode)
        : ({
            ...raw,
            id,
            name,
            type: raw.type,
            typeVersion,
            position: goodPosition ? ([(raw.position as number[])[0], (raw.position as number[])[1]] as [number, number]) : ([0, 0] as [number, number]),
            parameters,
          } as INode),
    );
    if (!goodPosition) {
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
      if (items === null) continue;
      const target = nameMap.get(name);
      if (!target || !Array.isArray(items)) {
        report.droppedPinData++;
        continue;
      }
      pinData[target] = readPinItems(items);
    }
  }

  const workflow: IWorkflowBase = {
    ...(src as Partial<IWorkflowBase>),
    name: typeof src.name === 'string' && src.name.trim() !== '' ? src.name : DEFAULT_WORKFLOW_NAME,
    active: src.active === true,
    nodes,
    connections,
    pinData,
    settings: readSettings(src.settings) ?? {},
  };
  if (src.tags !== undefined && !Array.isArray(src.tags)) delete workflow.tags;
  return { workflow, report };
}

/**
 * Puts nodes without a usable position in a row under the others (or at the start position),
 * PUSH_NODES_OFFSET apart as added nodes are: closer, a node's output stub and plus button reach
 * into the next one and look like a connection.
 */
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
    n.position = [snap(startX + i * PUSH_NODES_OFFSET), snap(startY)];
  });
}

function goodConnection(c: unknown, nameMap: Map<string, string>): c is IConnection {
  if (!isObject(c) || typeof c.node !== 'string' || !nameMap.has(c.node)) return false;
  return c.index === undefined || (Number.isInteger(c.index) && (c.index as number) >= 0);
}

/** The source's connections need no change (names kept, every entry well-formed). */
function untouchedOutputs(byType: Record<string, unknown>, nameMap: Map<string, string>): boolean {
  for (const type in byType) {
    const outputs = byType[type];
    if (!Array.isArray(outputs)) return false;
    for (const list of outputs) {
      if (list === null) continue;
      if (!Array.isArray(list)) return false;
      for (const c of list) if (!goodConnection(c, nameMap) || nameMap.get(c.node) !== c.node || typeof c.type !== 'string' || c.type === '' || c.index === undefined) return false;
    }
  }
  return true;
}

function repairConnections(raw: unknown, nameMap: Map<string, string>, report: RepairReport): IConnections {
  const result: IConnections = {};
  if (!isObject(raw)) return result;
  for (const source in raw) {
    const byType = raw[source];
    const from = nameMap.get(source);
    if (!isObject(byType)) {
      report.droppedConnections++;
      continue;
    }
    // Well-formed connections between nodes that kept their names are used as they are.
    if (from === source && untouchedOutputs(byType, nameMap)) {
      result[from] = byType as IConnections[string];
      continue;
    }
    for (const type in byType) {
      const outputs = byType[type];
      if (!Array.isArray(outputs)) {
        report.droppedConnections++;
        continue;
      }
      const kept: Array<IConnection[]> = [];
      outputs.forEach((list: unknown, outputIndex: number) => {
        const out: IConnection[] = [];
        if (Array.isArray(list)) {
          for (const c of list) {
            if (!from || !goodConnection(c, nameMap)) {
              report.droppedConnections++;
              continue;
            }
            out.push({ node: nameMap.get(c.node)!, type: typeof c.type === 'string' && c.type ? c.type : type, index: c.index ?? 0 });
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
