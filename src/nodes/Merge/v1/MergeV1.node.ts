// Merge version 1: append, merge by index / key, keep or remove key matches, multiplex,
// pass-through and wait.
import type { INodeExecutionData, IPairedItemData } from '../../../model/execution.ts';
import type { NodeType } from '../../types.ts';
import { mergeV1Description } from './description.ts';
import { mergeByIndex } from './byIndex.ts';
import { mergeByKey, type KeyMode } from './byKey.ts';

export const mergeV1: NodeType = {
  kind: 'regular',
  description: mergeV1Description,
  async execute(ctx) {
    const mode = ctx.getNodeParameter('mode', 0) as string;
    const input1 = ctx.getInputData(0);
    const input2 = ctx.getInputData(1);
    switch (mode) {
      case 'append':
        return [[...input1, ...input2]];
      case 'mergeByIndex':
        return [mergeByIndex(input1, input2, ctx.getNodeParameter('join', 0) as string)];
      case 'multiplex': {
        const out: INodeExecutionData[] = [];
        for (const a of input1) {
          for (const b of input2) out.push({ json: { ...a.json, ...b.json }, pairedItem: [a.pairedItem as IPairedItemData, b.pairedItem as IPairedItemData] });
        }
        return [out];
      }
      case 'keepKeyMatches':
      case 'mergeByKey':
      case 'removeKeyMatches': {
        const property1 = ctx.getNodeParameter('propertyName1', 0) as string;
        const property2 = ctx.getNodeParameter('propertyName2', 0) as string;
        const overwrite = ctx.getNodeParameter('overwrite', 0, 'always') as string;
        if (!property1 || !property2) return [mode === 'keepKeyMatches' ? [] : input1];
        return [await mergeByKey(mode as KeyMode, input1, input2, property1, property2, overwrite)];
      }
      case 'passThrough':
        return [(ctx.getNodeParameter('output', 0) as string) === 'input1' ? input1 : input2];
      case 'wait':
        return [[{ json: {} }]];
      default:
        return [[]];
    }
  },
};
