// pairedItem bookkeeping: which input item each output item came from, so that
// $('Node').item can walk back through the graph.
import type { INodeExecutionData, ITaskDataConnections } from '../model/execution.ts';
import type { StackEntry } from './scheduling.ts';

/** Stamps each input item with its own position (n8n's addPairedItemLineage); copies, never mutates. */
export function addPairedItemLineage(data: ITaskDataConnections): ITaskDataConnections {
  const out: ITaskDataConnections = {};
  for (const type of Object.keys(data)) {
    out[type] = (data[type] ?? []).map((input, inputIndex) =>
      input === null || input === undefined
        ? input
        : input.map((item, itemIndex) => ({ ...item, pairedItem: { item: itemIndex, input: inputIndex || undefined } })),
    );
  }
  return out;
}

/** Fills in pairedItem where a node did not set it and it can be inferred (n8n's rules). */
export function assignPairedItems(
  output: Array<INodeExecutionData[] | null> | null | undefined,
  entry: StackEntry,
): Array<INodeExecutionData[] | null> | null {
  if (output?.length) {
    const main = entry.data.main ?? [];
    const singleInOut = main.length === 1 && main[0]?.length === 1;
    const sameCount = output.length === 1 && main.length === 1 && main[0]?.length === output[0]?.length;
    const singleOutput = output.length === 1 && output[0]?.length === 1 && main.length === 1 && (main[0]?.length ?? 0) > 1;
    outer: for (const list of output) {
      if (!list) continue;
      for (let index = 0; index < list.length; index++) {
        const item = list[index];
        if (item.pairedItem !== undefined) continue;
        if (singleInOut || singleOutput) item.pairedItem = { item: 0 };
        else if (sameCount) item.pairedItem = { item: index };
        else break outer;
      }
    }
  }
  return output ?? null;
}
