// Runs one node once: disabled pass-through, triggers, and regular nodes with their context.
import type { IDataObject } from '../model/workflow.ts';
import type { INodeExecutionData } from '../model/execution.ts';
import type { NodeType } from '../nodes/types.ts';
import { createNodeRunContext, type ContextInit } from './context.ts';
import type { StackEntry } from './scheduling.ts';
import { checkOutputDepth } from './dataDepth.ts';

export interface RunNodeResult {
  data: Array<INodeExecutionData[] | null> | null | undefined;
}

export interface RunNodeInput {
  entry: StackEntry;
  type: NodeType | undefined;
  legacyOrder: boolean;
  resolvedParameters: IDataObject;
  context: Omit<ContextInit, 'node' | 'resolvedParameters' | 'inputData' | 'connectionInputData' | 'source'>;
}

export async function runNode({ entry, type, legacyOrder, resolvedParameters, context }: RunNodeInput): Promise<RunNodeResult> {
  const { node } = entry;
  let inputData = entry.data;

  if (node.disabled) {
    const first = inputData.main?.[0];
    return { data: first === null || first === undefined ? undefined : [first] };
  }
  if (!type) throw new Error(`Node type "${node.type}" (version ${node.typeVersion}) is not known`);

  if (type.kind === 'trigger') {
    if ((context.mode !== 'manual' && !type.executesInEveryMode) || !type.execute) return { data: inputData.main as INodeExecutionData[][] };
  }

  const main = inputData.main ?? [];
  let connectionInputData: INodeExecutionData[] | null | undefined;
  if (type.kind === 'trigger') {
    connectionInputData = main[0] ?? [];
  } else {
    if (!main.length) return { data: undefined };
    connectionInputData = main[0];
    if (!legacyOrder) {
      // Inputs may be missing in v1 order: use the first that has items.
      for (const d of main) {
        if (d?.length) {
          connectionInputData = d;
          break;
        }
      }
    }
    if (!connectionInputData || connectionInputData.length === 0) return { data: undefined };
  }

  if (node.executeOnce === true) {
    inputData = { main: main.map((input) => input && input.slice(0, 1)) };
    connectionInputData = connectionInputData.slice(0, 1);
  }

  const { ctx, prefetch } = createNodeRunContext({
    ...context,
    node,
    resolvedParameters,
    inputData,
    connectionInputData,
    source: entry.source,
  });
  if (!type.execute) throw new Error(`Node type "${node.type}" cannot be executed`);
  if (!type.evaluatesItemsItself) await prefetch();
  const data = await type.execute(ctx);
  await checkOutputDepth(node, data);
  return { data };
}
