// Switch versions 3–3.4: each rule is a filter; an item goes to the first matching rule's
// output (or every matching one), else to the fallback output if one is set.
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../../types.ts';
import { evaluateFilterParameter } from '../../shared/filterParameter.ts';
import { ENABLE_LESS_STRICT_TYPE_VALIDATION } from '../../If/v2/IfV2.node.ts';
import { switchV3Description } from './description.ts';
import { switchV3Outputs } from './outputs.ts';
import { getFallbackOutputOptions } from './loadOptions.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';
import { awaitSlowWork } from '../../../model/expressions/defer.ts';

type ErrorWithDetails = Error & { description?: string; context?: Record<string, unknown>; node?: unknown };

interface RuleOptions {
  fallbackOutput?: string | number;
  allMatchingOutputs?: boolean;
  looseTypeValidation?: boolean;
}

function checkIndexRange(ctx: ExecuteFunctions, outputs: number, index: number, itemIndex: number): void {
  if (Number(index) === outputs) {
    throw new NodeOperationError(ctx.getNode(), `The ouput ${index} is not allowed. `, {
      itemIndex,
      description: `Output indexes are zero based, if you want to use the extra output use ${index - 1}`,
    });
  }
  if (index < 0 || index > outputs) {
    throw new NodeOperationError(ctx.getNode(), `The ouput ${index} is not allowed`, { itemIndex, description: `It has to be between 0 and ${outputs - 1}` });
  }
}

function looseTypeValidation(ctx: ExecuteFunctions, itemIndex: number, option: boolean | undefined): boolean | undefined {
  if (ctx.getNode().typeVersion < 3.1) return option;
  return ctx.getNodeParameter('looseTypeValidation', itemIndex, false) as boolean;
}

function ruleMatches(ctx: ExecuteFunctions, ruleIndex: number, itemIndex: number, options: RuleOptions): boolean {
  try {
    return !!evaluateFilterParameter(ctx, `rules.values[${ruleIndex}].conditions`, itemIndex);
  } catch (e) {
    const error = e as ErrorWithDetails;
    if (!looseTypeValidation(ctx, itemIndex, options.looseTypeValidation) && !error.description) {
      error.description = ENABLE_LESS_STRICT_TYPE_VALIDATION;
    }
    error.context = { ...(error.context ?? {}), itemIndex };
    error.node = ctx.getNode();
    throw error;
  }
}

export const switchV3: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: switchV3Description,
  outputsFor: (node) => switchV3Outputs(node.parameters ?? {}),
  methods: { loadOptions: { getFallbackOutputOptions } },
  async execute(ctx) {
    let returnData: INodeExecutionData[][] = [];
    const items = ctx.getInputData();
    const mode = ctx.getNodeParameter('mode', 0) as string;

    itemLoop: for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      try {
        const item = { ...items[itemIndex], pairedItem: { item: itemIndex } };
        if (mode === 'expression') {
          const numberOutputs = ctx.getNodeParameter('numberOutputs', itemIndex) as number;
          if (itemIndex === 0) returnData = Array.from({ length: numberOutputs }, () => []);
          const outputIndex = ctx.getNodeParameter('output', itemIndex) as number;
          checkIndexRange(ctx, returnData.length, outputIndex, itemIndex);
          returnData[outputIndex].push(item);
        } else if (mode === 'rules') {
          const rules = ctx.getNodeParameter('rules.values', itemIndex, []) as unknown[];
          if (!rules.length) continue;
          const options = ctx.getNodeParameter('options', itemIndex, {}) as RuleOptions;
          const fallbackOutput = options.fallbackOutput;
          if (itemIndex === 0) {
            returnData = rules.map(() => []);
            if (fallbackOutput === 'extra') returnData.push([]);
          }
          let matchFound = false;
          for (let ruleIndex = 0; ruleIndex < rules.length; ruleIndex++) {
            if (!(await awaitSlowWork(() => ruleMatches(ctx, ruleIndex, itemIndex, options)))) continue;
            matchFound = true;
            returnData[ruleIndex].push(item);
            if (!options.allMatchingOutputs) continue itemLoop;
          }
          if (fallbackOutput !== undefined && fallbackOutput !== 'none' && !matchFound) {
            if (fallbackOutput === 'extra') {
              returnData[returnData.length - 1].push(item);
              continue;
            }
            checkIndexRange(ctx, returnData.length, fallbackOutput as number, itemIndex);
            returnData[fallbackOutput as number].push(item);
          }
        }
      } catch (e) {
        if (ctx.continueOnFail()) {
          (returnData[0] ??= []).push({ json: { error: (e as Error).message } });
          continue;
        }
        if (e instanceof NodeOperationError) throw e;
        const error = e as ErrorWithDetails;
        if (error.name === 'FilterError') {
          error.context = { ...(error.context ?? {}), itemIndex };
          throw error;
        }
        throw new NodeOperationError(ctx.getNode(), error.message ?? String(e), { itemIndex, description: error.description });
      }
    }
    if (!returnData.length) return [[]];
    return returnData;
  },
};
