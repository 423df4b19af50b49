// The batching all versions share: the first run (or a reset) stores the input items in the
// node's execution context and returns the first batch; each later run returns the next one.
// From v2 on, the items coming back through the loop are collected for the "done" output.
import type { INodeExecutionData, IPairedItemData, ISourceData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { ExecuteFunctions } from '../types.ts';
import { deepCopy } from '../shared/deepCopy.ts';

type PairedWithSource = IPairedItemData & { sourceOverwrite?: ISourceData };

export interface BatchState {
  batch: INodeExecutionData[];
  /** Loop items collected so far (v2+); the "done" output when the batch is empty. */
  processed: INodeExecutionData[];
}

function withSource(pairedItem: INodeExecutionData['pairedItem'], source: unknown): PairedWithSource | PairedWithSource[] {
  const add = (p: IPairedItemData | number): PairedWithSource => ({ ...(typeof p === 'number' ? { item: p } : p), sourceOverwrite: source as ISourceData });
  if (pairedItem === undefined) return add(0);
  return Array.isArray(pairedItem) ? pairedItem.map(add) : add(pairedItem);
}

/**
 * `collectProcessed`: v2+ gather what comes back through the loop. `resetWhenDone` (v3): new
 * items arriving after the loop finished start a new set, as for an inner loop of nested loops.
 */
export function nextBatch(ctx: ExecuteFunctions, collectProcessed: boolean, resetWhenDone = false): BatchState {
  const items = ctx.getInputData().slice();
  const context = ctx.getContext('node') as IDataObject & { items?: INodeExecutionData[]; processedItems?: INodeExecutionData[] };
  const batchSize = ctx.getNodeParameter('batchSize', 0) as number;
  const options = ctx.getNodeParameter('options', 0, {}) as { reset?: boolean };
  let batch: INodeExecutionData[];

  const restart = resetWhenDone && context.done === true && items.length > 0;
  if (context.items === undefined || options.reset === true || restart) {
    const sourceData = ctx.getInputSourceData();
    context.currentRunIndex = 0;
    context.maxRunIndex = Math.ceil(items.length / batchSize);
    context.sourceData = deepCopy(sourceData) as IDataObject | undefined;
    batch = items.splice(0, batchSize);
    context.items = [...items];
    if (collectProcessed) context.processedItems = [];
    if (resetWhenDone) context.done = false;
  } else {
    context.currentRunIndex = (context.currentRunIndex as number) + 1;
    batch = context.items.splice(0, batchSize);
    if (collectProcessed) {
      // What came back through the loop is remembered, paired with the loop input's source.
      const sourceOverwrite = ctx.getInputSourceData();
      const returned = items.map((item, index) => ({ ...item, pairedItem: { sourceOverwrite, item: index } as PairedWithSource }));
      context.processedItems = [...(context.processedItems ?? []), ...(returned as INodeExecutionData[])];
    }
    batch = batch.map((item) => ({ ...item, pairedItem: withSource(item.pairedItem, context.sourceData) as INodeExecutionData['pairedItem'] }));
  }
  context.noItemsLeft = context.items.length === 0;
  if (collectProcessed) context.done = batch.length === 0;
  return { batch, processed: context.processedItems ?? [] };
}
