// Merge v3 "Combine by Position" over any number of inputs: item i of every input merged,
// the preferred input (last by default) winning clashes.
import type { INodeExecutionData, IPairedItemData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { addSuffixToEntriesKeys } from '../shared/matchFields.ts';
import { mergeBinary, selectMergeMethod } from '../shared/mergeItems.ts';
import type { ClashResolveOptions } from '../shared/types.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

export async function combineByPosition(
  inputs: INodeExecutionData[][],
  clash: ClashResolveOptions,
  includeUnpaired: boolean,
  addHint: (message: string) => void,
): Promise<INodeExecutionData[]> {
  const preferredIndex = clash.resolveClash?.includes('preferInput') ? Number(clash.resolveClash.replace('preferInput', '')) - 1 : inputs.length - 1;
  // n8n takes the preferred input before adding suffixes, so its unsuffixed fields are kept too.
  const preferred = inputs[preferredIndex] ?? [];
  let data = inputs;
  if (clash.resolveClash === 'addSuffix') data = inputs.map((input, i) => addSuffixToEntriesKeys(input, String(i + 1)));
  const lengths = data.map((i) => i.length);
  const count = includeUnpaired ? Math.max(...lengths, preferred.length) : Math.min(...lengths, preferred.length);
  if (!includeUnpaired && count === 0) {
    addHint('Consider enabling "Include Any Unpaired Items" in options or check your inputs');
    return [];
  }
  const mergeInto = selectMergeMethod(clash);
  const out: INodeExecutionData[] = [];
  for (let i = 0; i < count; i++) {
    if (sliceDue()) await yieldToLoop();
    const preferredEntry: Partial<INodeExecutionData> = preferred[i] ?? {};
    const rest: Array<Partial<INodeExecutionData>> = data.map((input) => input[i] ?? {});
    const json = { ...(await mergeInto({}, ...rest.map((e) => e.json ?? {}), preferredEntry.json ?? {})) } as IDataObject;
    const binary = { ...mergeBinary(...rest.map((e) => e.binary ?? {}), preferredEntry.binary ?? {}) };
    const pairedItem = [...rest.map((e) => e.pairedItem as IPairedItemData), preferredEntry.pairedItem as IPairedItemData].filter((p) => p !== undefined);
    out.push({ json, binary, pairedItem: pairedItem.flat() as IPairedItemData[] });
  }
  return out;
}
