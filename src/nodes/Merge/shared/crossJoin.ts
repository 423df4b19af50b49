// Every pairing of an input-1 item with an input-2 item (v2 "Multiplex", v3 "All Possible
// Combinations"); "prefer input 1" swaps the inputs so input 1's values win.
import type { INodeExecutionData, IPairedItemData } from '../../../model/execution.ts';
import { addSuffixToEntriesKeys } from './matchFields.ts';
import { mergeBinary, selectMergeMethod } from './mergeItems.ts';
import type { ClashResolveOptions } from './types.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

export async function crossJoin(input1: INodeExecutionData[] | undefined, input2: INodeExecutionData[] | undefined, clash: ClashResolveOptions): Promise<INodeExecutionData[]> {
  let a = input1;
  let b = input2;
  if (clash.resolveClash === 'preferInput1') [a, b] = [b, a];
  if (clash.resolveClash === 'addSuffix') {
    a = addSuffixToEntriesKeys(a ?? [], '1');
    b = addSuffixToEntriesKeys(b ?? [], '2');
  }
  const mergeInto = selectMergeMethod(clash);
  if (!a || !b) return [];
  const out: INodeExecutionData[] = [];
  for (const x of a) {
    for (const y of b) {
      if (sliceDue()) await yieldToLoop();
      out.push({
        json: { ...(await mergeInto(x.json, y.json)) } as INodeExecutionData['json'],
        binary: { ...mergeBinary(x.binary, y.binary) },
        pairedItem: [x.pairedItem as IPairedItemData, y.pairedItem as IPairedItemData],
      });
    }
  }
  return out;
}
