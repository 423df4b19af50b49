// Execute Workflow v1: runs another workflow with this node's items — once with all items or
// once per item — and outputs what the sub-workflow's last node returned.
import type { INodeExecutionData, IPairedItemData } from '../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../types.ts';
import { generatePairedItemData } from '../shared/pairedItems.ts';
import { executeWorkflowDescription } from './description.ts';
import { loadSubWorkflow, startNodeOf } from './workflowSource.ts';

async function run(ctx: ExecuteFunctions, source: string, itemIndex: number, items: INodeExecutionData[]) {
  if (!ctx.executeSubWorkflow) throw new NodeOperationError(ctx.getNode(), 'Sub-workflows can not be run here');
  const workflow = await loadSubWorkflow(ctx, source, itemIndex);
  // The sub-workflow gets plain items; run data of this workflow stays untouched.
  const input = items.map(({ json, binary }) => (binary ? { json: structuredClone(json), binary } : { json: structuredClone(json) }));
  return ctx.executeSubWorkflow({ workflow, items: input, startNode: startNodeOf(workflow) });
}

async function runEach(ctx: ExecuteFunctions, source: string, items: INodeExecutionData[]): Promise<INodeExecutionData[][]> {
  const returnData: INodeExecutionData[][] = [];
  for (let i = 0; i < items.length; i++) {
    try {
      const wait = ctx.getNodeParameter('options.waitForSubWorkflow', i, true) as boolean;
      const result = run(ctx, source, i, [items[i]]);
      if (!wait) {
        // Not waiting: the item goes on; a failing sub-workflow does not stop this one.
        result.catch(() => undefined);
        (returnData[0] ??= []).push(items[i]);
        continue;
      }
      const { data } = await result;
      data.forEach((output, outputIndex) => {
        for (const item of output ?? []) item.pairedItem = { item: i };
        (returnData[outputIndex] ??= []).push(...(output ?? []));
      });
    } catch (error) {
      if (ctx.continueOnFail()) {
        // Before 1.3 n8n puts each failed item on an output of its own index.
        (returnData[i] ??= []).push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
        continue;
      }
      throw new NodeOperationError(ctx.getNode(), `Error executing workflow with item at index ${i}`, { description: (error as Error).message, itemIndex: i });
    }
  }
  return returnData;
}

async function runOnce(ctx: ExecuteFunctions, source: string, items: INodeExecutionData[]): Promise<INodeExecutionData[][]> {
  try {
    const wait = ctx.getNodeParameter('options.waitForSubWorkflow', 0, true) as boolean;
    const result = run(ctx, source, 0, items);
    if (!wait) {
      result.catch(() => undefined);
      return [items];
    }
    const { data } = await result;
    const fallback: IPairedItemData[] = generatePairedItemData(items.length);
    return data.map((output) =>
      (output ?? []).map((item, index) => ({
        ...item,
        // Items keep no link into the sub-workflow: pair them by position, or with all inputs.
        pairedItem: output!.length === items.length ? { item: index } : fallback,
      })),
    );
  } catch (error) {
    if (ctx.continueOnFail()) return [[{ json: { error: (error as Error).message }, pairedItem: generatePairedItemData(items.length) }]];
    throw error;
  }
}

export const executeWorkflow: NodeType = {
  kind: 'regular',
  description: executeWorkflowDescription,
  async execute(ctx) {
    const source = ctx.getNodeParameter('source', 0) as string;
    const mode = ctx.getNodeParameter('mode', 0, false) as string;
    const items = ctx.getInputData();
    return mode === 'each' ? runEach(ctx, source, items) : runOnce(ctx, source, items);
  },
};
