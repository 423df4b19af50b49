// Switch version 2: one output per rule, or a given number of outputs in expression mode.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { NodeType } from '../../types.ts';
import { checkIndexRange, firstMatchingRule, pushError, type LegacyRule } from '../legacyRouting.ts';
import { switchV2Description } from './description.ts';
import { switchV2Outputs } from './outputs.ts';
import { getFallbackOutputOptions } from './loadOptions.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';
import { awaitSlowWork } from '../../../model/expressions/defer.ts';

export const switchV2: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: switchV2Description,
  outputsFor: (node) => switchV2Outputs(node.parameters ?? {}),
  methods: { loadOptions: { getFallbackOutputOptions } },
  async execute(ctx) {
    let returnData: INodeExecutionData[][] = [];
    const items = ctx.getInputData();
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      const item = { ...items[itemIndex], pairedItem: { item: itemIndex } };
      try {
        const rules = ctx.getNodeParameter('rules.rules', itemIndex, []) as LegacyRule[];
        const mode = ctx.getNodeParameter('mode', itemIndex) as string;
        if (mode === 'expression') {
          const amount = ctx.getNodeParameter('outputsAmount', itemIndex) as number;
          if (itemIndex === 0) returnData = Array.from({ length: amount }, () => []);
          const outputIndex = ctx.getNodeParameter('output', itemIndex) as number;
          checkIndexRange(ctx, returnData.length, outputIndex);
          returnData[outputIndex].push(item);
        } else if (mode === 'rules') {
          if (itemIndex === 0) returnData = rules.map(() => []);
          const match = await awaitSlowWork(() => firstMatchingRule(ctx, itemIndex, rules));
          if (match !== -1) {
            // n8n checks the rule's (absent) `output` here, which never fails.
            returnData[match].push(item);
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
