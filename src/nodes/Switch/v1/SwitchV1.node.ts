// Switch version 1: routes items to one of four outputs by expression or by rules.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { NodeType } from '../../types.ts';
import { checkIndexRange, firstMatchingRule, pushError, type LegacyRule } from '../legacyRouting.ts';
import { switchV1Description } from './description.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';
import { awaitSlowWork } from '../../../model/expressions/defer.ts';

export const switchV1: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: switchV1Description,
  async execute(ctx) {
    const returnData: INodeExecutionData[][] = [[], [], [], []];
    const items = ctx.getInputData();
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      const item = items[itemIndex];
      try {
        const mode = ctx.getNodeParameter('mode', itemIndex) as string;
        if (mode === 'expression') {
          const outputIndex = ctx.getNodeParameter('output', itemIndex) as number;
          checkIndexRange(ctx, returnData.length, outputIndex);
          returnData[outputIndex].push(item);
        } else if (mode === 'rules') {
          const rules = ctx.getNodeParameter('rules.rules', itemIndex, []) as LegacyRule[];
          const match = await awaitSlowWork(() => firstMatchingRule(ctx, itemIndex, rules));
          if (match !== -1) {
            const output = rules[match].output as number;
            checkIndexRange(ctx, returnData.length, output);
            returnData[output].push(item);
            continue;
          }
          const fallback = ctx.getNodeParameter('fallbackOutput', itemIndex) as number;
          if (fallback !== -1) {
            checkIndexRange(ctx, returnData.length, fallback);
            returnData[fallback].push(item);
          }
        }
      } catch (error) {
        if (!ctx.continueOnFail()) throw error;
        pushError(returnData, error);
      }
    }
    return returnData;
  },
};
