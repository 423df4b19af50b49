// Merge v1 "Merge By Index": item i of input 1 merged with item i of input 2 (input 2 wins).
import type { INodeExecutionData, IPairedItemData } from '../../../model/execution.ts';

export function mergeByIndex(input1: INodeExecutionData[], input2: INodeExecutionData[], join: string): INodeExecutionData[] {
  if (!input1.length) return join === 'outer' ? input2 : [];
  if (!input2.length) return join === 'inner' ? [] : input1;
  let count = input1.length;
  if (join === 'inner') count = Math.min(input1.length, input2.length);
  else if (join === 'outer') count = Math.max(input1.length, input2.length);
  const out: INodeExecutionData[] = [];
  for (let i = 0; i < count; i++) {
    if (i >= input1.length) {
      out.push(input2[i]);
      continue;
    }
    if (i >= input2.length) {
      out.push(input1[i]);
      continue;
    }
    const item: INodeExecutionData = {
      json: { ...input1[i].json, ...input2[i].json },
      pairedItem: [input1[i].pairedItem as IPairedItemData, input2[i].pairedItem as IPairedItemData],
    };
    if (input1[i].binary !== undefined || input2[i].binary !== undefined) {
      const binary = { ...(input1[i].binary ?? {}) };
      for (const [key, value] of Object.entries(input2[i].binary ?? {})) binary[key] = value ?? binary[key];
      item.binary = binary;
    }
    out.push(item);
  }
  return out;
}
