// Deterministic n8n workflows of any size for benches and end-to-end tests: a Manual Trigger,
// then a mix of Set / IF / NoOp / Code nodes laid out left to right in layers (grid-snapped),
// each node fed from the layer before it (about `connectionsPerNode` incoming connections).
import type { IConnections, INode, IWorkflowBase } from '../src/model/workflow.ts';

export interface GenerateOptions {
  /** Same seed, same workflow. Default 1. */
  seed?: number;
  /** Average incoming connections per node after the trigger (>= 0). Default 1. */
  connectionsPerNode?: number;
  /** Workflow name; default 'Generated workflow (N nodes)'. */
  name?: string;
}

const COLUMN = 240;
const ROW = 180;

/** mulberry32: tiny, fast, good enough for layouts. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function uuid(r: () => number): string {
  const h = Array.from({ length: 32 }, () => Math.floor(r() * 16).toString(16));
  h[12] = '4';
  h[16] = '89ab'[Math.floor(r() * 4)];
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

type Kind = 'set' | 'if' | 'noOp' | 'code';

function makeNode(kind: Kind, index: number, position: [number, number], r: () => number): INode {
  const id = uuid(r);
  switch (kind) {
    case 'set':
      return {
        id, name: `Set ${index}`, type: 'n8n-nodes-base.set', typeVersion: 3.4, position,
        parameters: {
          assignments: { assignments: [{ id: uuid(r), name: `field${index}`, value: `value ${index}`, type: 'string' }] },
          options: {},
        },
      };
    case 'if':
      return {
        id, name: `IF ${index}`, type: 'n8n-nodes-base.if', typeVersion: 2, position,
        parameters: {
          conditions: {
            options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
            conditions: [{ id: uuid(r), leftValue: '={{ $json.n }}', rightValue: index % 7, operator: { type: 'number', operation: 'gt' } }],
            combinator: 'and',
          },
          options: {},
        },
      };
    case 'noOp':
      return { id, name: `No Operation ${index}`, type: 'n8n-nodes-base.noOp', typeVersion: 1, position, parameters: {} };
    case 'code':
      return {
        id, name: `Code ${index}`, type: 'n8n-nodes-base.code', typeVersion: 2, position,
        parameters: { jsCode: `for (const item of $input.all()) {\n  item.json.step${index} = true;\n}\nreturn $input.all();` },
      };
  }
}

export function generateWorkflow(nodeCount: number, options: GenerateOptions = {}): IWorkflowBase {
  if (!Number.isInteger(nodeCount) || nodeCount < 1 || nodeCount > 200_000) {
    throw new RangeError(`generateWorkflow: nodeCount must be an integer from 1 to 200000, got ${nodeCount}`);
  }
  const perNode = options.connectionsPerNode ?? 1;
  if (!(perNode >= 0 && perNode <= 10)) throw new RangeError(`generateWorkflow: connectionsPerNode must be within 0..10, got ${perNode}`);
  const r = rng(options.seed ?? 1);
  const rest = nodeCount - 1;
  // Columns and rows so the whole graph is about 16:10 on screen.
  const rows = Math.max(1, Math.round(Math.sqrt((rest * COLUMN) / (1.6 * ROW))));
  const columns = Math.ceil(rest / rows);
  const top = 0;
  const trigger: INode = {
    id: uuid(r),
    name: 'When clicking ‘Execute workflow’',
    type: 'n8n-nodes-base.manualTrigger',
    typeVersion: 1,
    position: [0, top + Math.floor((rows - 1) / 2) * ROW],
    parameters: {},
  };
  const nodes: INode[] = [trigger];
  const layers: INode[][] = [[trigger]];
  const kinds: Kind[] = ['set', 'set', 'if', 'noOp', 'code'];
  for (let c = 0; c < columns; c++) {
    const layer: INode[] = [];
    for (let row = 0; row < rows && nodes.length < nodeCount; row++) {
      const kind = kinds[Math.floor(r() * kinds.length)];
      const n = makeNode(kind, nodes.length, [(c + 1) * COLUMN, top + row * ROW], r);
      nodes.push(n);
      layer.push(n);
    }
    layers.push(layer);
  }
  const connections: IConnections = {};
  const seen = new Set<string>();
  const connect = (from: INode, to: INode) => {
    const outputs = from.type === 'n8n-nodes-base.if' ? 2 : 1;
    const output = outputs === 2 ? Math.floor(r() * 2) : 0;
    const key = `${from.name}:${output}>${to.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const byType = (connections[from.name] ??= { main: [] });
    while (byType.main.length < outputs) byType.main.push([]);
    (byType.main[output] ??= []).push({ node: to.name, type: 'main', index: 0 });
  };
  for (let l = 1; l < layers.length; l++) {
    const prev = layers[l - 1];
    const layer = layers[l];
    for (let i = 0; i < layer.length; i++) {
      // Mostly straight across (nearest row of the previous layer), sometimes a neighbour.
      let count = Math.floor(perNode);
      if (r() < perNode - count) count++;
      for (let k = 0; k < count; k++) {
        const ideal = Math.round((i * (prev.length - 1)) / Math.max(1, layer.length - 1));
        const jitter = k === 0 ? (r() < 0.7 ? 0 : r() < 0.5 ? -1 : 1) : Math.floor(r() * 5) - 2;
        const j = Math.min(prev.length - 1, Math.max(0, (prev.length === 1 ? 0 : ideal) + jitter));
        connect(prev[j], layer[i]);
      }
    }
  }
  return {
    name: options.name ?? `Generated workflow (${nodeCount} nodes)`,
    active: false,
    nodes,
    connections,
    settings: { executionOrder: 'v1' },
    pinData: {},
  };
}
