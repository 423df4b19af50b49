// Small node types for engine tests: each does one thing the scheduler must handle.
import type { NodeType } from '../../src/nodes/types.ts';
import type { INodeTypeDescription } from '../../src/model/nodeTypes.ts';
import type { IDataObject, INode, IConnections, IWorkflowBase } from '../../src/model/workflow.ts';
import { createRegistry, builtinTypes } from '../../src/nodes/registry.ts';

function description(name: string, inputs: number, outputs: number, extra: Partial<INodeTypeDescription> = {}): INodeTypeDescription {
  return {
    name: `test.${name}`,
    displayName: name,
    description: name,
    group: ['transform'],
    version: 1,
    defaults: { name },
    inputs: new Array(inputs).fill('main'),
    outputs: new Array(outputs).fill('main'),
    properties: [
      { displayName: 'Items', name: 'items', type: 'json', default: [] },
      { displayName: 'Fail times', name: 'failTimes', type: 'number', default: 0 },
      { displayName: 'Delay', name: 'delay', type: 'number', default: 0 },
    ],
    ...extra,
  };
}

/** Emits the items in its `items` parameter (ignores input). */
export const emit: NodeType = {
  kind: 'regular',
  description: description('emit', 1, 1),
  async execute(ctx) {
    const items = ctx.getNodeParameter('items', 0) as IDataObject[];
    return [items.map((json) => ({ json: { ...json } }))];
  },
};

/** Tags each item with its own node name, so tests can see the path taken. */
export const tag: NodeType = {
  kind: 'regular',
  description: description('tag', 1, 1),
  async execute(ctx) {
    const name = ctx.getNode().name;
    return [ctx.getInputData().map((i) => ({ json: { ...i.json, path: [...((i.json.path as string[]) ?? []), name] } }))];
  },
};

/** Two inputs: outputs input 0 then input 1. */
export const join: NodeType = {
  kind: 'regular',
  description: description('join', 2, 1),
  async execute(ctx) {
    return [[...ctx.getInputData(0), ...ctx.getInputData(1)].map((i) => ({ json: { ...i.json } }))];
  },
};

/** Two outputs: items with `even` true to output 0, others to output 1. */
export const split: NodeType = {
  kind: 'regular',
  description: description('split', 1, 2),
  async execute(ctx) {
    const a = ctx.getInputData().filter((i) => i.json.even);
    const b = ctx.getInputData().filter((i) => !i.json.even);
    return [a, b];
  },
};

const failures = new Map<string, number>();
/** Throws `failTimes` times (per node name), then passes items through. */
export const flaky: NodeType = {
  kind: 'regular',
  description: description('flaky', 1, 1),
  async execute(ctx) {
    const name = ctx.getNode().name;
    const times = ctx.getNodeParameter('failTimes', 0) as number;
    const seen = failures.get(name) ?? 0;
    if (seen < times) {
      failures.set(name, seen + 1);
      throw new Error(`boom ${seen + 1}`);
    }
    return [ctx.getInputData()];
  },
};
export function resetFlaky(): void {
  failures.clear();
}

/** Waits `delay` ms (abortable) then passes items through. */
export const slow: NodeType = {
  kind: 'regular',
  description: description('slow', 1, 1),
  async execute(ctx) {
    const delay = ctx.getNodeParameter('delay', 0) as number;
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(resolve, delay);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(t);
        reject(new Error('aborted'));
      });
    });
    return [ctx.getInputData()];
  },
};

/** Returns no output at all (null). */
export const nothing: NodeType = {
  kind: 'regular',
  description: description('nothing', 1, 1),
  async execute() {
    return null;
  },
};

export const registry = createRegistry([...builtinTypes, emit, tag, join, split, flaky, slow, nothing]);

let y = 0;
export function n(name: string, type: string, parameters: IDataObject = {}, extra: Partial<INode> = {}): INode {
  const fullType = type.includes('.') ? type : `test.${type}`;
  return { id: name, name, type: fullType, typeVersion: 1, position: [0, (y += 20)], parameters, ...extra };
}

/** connections from a list of [from, to, output?, input?]. */
export function wire(...edges: Array<[string, string, number?, number?]>): IConnections {
  const c: IConnections = {};
  for (const [from, to, output = 0, input = 0] of edges) {
    const outs = ((c[from] ??= {}).main ??= []);
    while (outs.length <= output) outs.push([]);
    outs[output]!.push({ node: to, type: 'main', index: input });
  }
  return c;
}

export function wf(nodes: INode[], connections: IConnections, settings: IWorkflowBase['settings'] = {}): IWorkflowBase {
  return { name: 'test', active: false, nodes, connections, settings };
}

export const trigger = () => n('Trigger', 'n8n-nodes-base.manualTrigger');
