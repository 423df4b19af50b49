// Small workflows through the real engine: a Manual Trigger, a Code node that emits the given
// items, then a chain of nodes under test.
import { runWorkflow } from '../../src/engine/index.ts';
import type { IRun, RunOptions } from '../../src/engine/index.ts';
import { builtinTypes, createRegistry } from '../../src/nodes/registry.ts';
import type { INode, IConnections, IWorkflowBase, NodeParameters } from '../../src/model/workflow.ts';
import type { INodeExecutionData } from '../../src/model/execution.ts';

export const registry = createRegistry(builtinTypes);

export interface TestNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: NodeParameters;
  continueOnFail?: boolean;
  onError?: INode['onError'];
}

/** Runs trigger → [items] → nodes[0] → nodes[1] …; `branches` wires extra outputs. */
export async function runChain(items: unknown[] | null, nodes: TestNode[], extra: Partial<{ connections: IConnections; nodes: TestNode[]; workflowId: string; runOptions: Partial<RunOptions> }> = {}): Promise<IRun> {
  const all: INode[] = [{ id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }];
  const connections: IConnections = {};
  let previous = 'Trigger';
  if (items) {
    all.push({
      id: 'd',
      name: 'Data',
      type: 'n8n-nodes-base.code',
      typeVersion: 2,
      position: [200, 0],
      parameters: { jsCode: `return ${JSON.stringify(items)};` },
    });
    connections.Trigger = { main: [[{ node: 'Data', type: 'main', index: 0 }]] };
    previous = 'Data';
  }
  for (const [i, n] of [...nodes, ...(extra.nodes ?? [])].entries()) {
    all.push({ id: `n${i}`, position: [400 + i * 200, 0], ...n });
  }
  for (const n of nodes) {
    connections[previous] ??= { main: [[]] };
    connections[previous].main[0]!.push({ node: n.name, type: 'main', index: 0 });
    previous = n.name;
  }
  Object.assign(connections, extra.connections ?? {});
  const workflow: IWorkflowBase = { id: extra.workflowId ?? 'w', name: 'test', active: false, nodes: all, connections, settings: { executionOrder: 'v1' } } as IWorkflowBase;
  return runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1', ...extra.runOptions });
}

/** Output `index` of the node's first run, without pairedItem. */
export function output(run: IRun, node: string, index = 0): INodeExecutionData[] {
  const data = run.data.resultData.runData[node]?.[0]?.data?.main?.[index] ?? [];
  return data.map(({ pairedItem: _p, ...rest }) => rest as INodeExecutionData);
}

export function jsonOf(run: IRun, node: string, index = 0): unknown[] {
  return output(run, node, index).map((i) => i.json);
}

export function errorOf(run: IRun, node: string) {
  return run.data.resultData.runData[node]?.[0]?.error;
}
