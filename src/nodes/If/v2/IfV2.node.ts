// IF versions 2.x: evaluates the 'conditions' filter per item with the shared filter kernel.
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../../types.ts';
import { evaluateFilterParameter } from '../../shared/filterParameter.ts';
import { ifV2Description } from './description.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';
import { awaitSlowWork } from '../../../model/expressions/defer.ts';

export const ENABLE_LESS_STRICT_TYPE_VALIDATION =
  "Try changing the type of comparison. Alternatively you can enable 'Convert types where required'.";

type ErrorWithDetails = Error & { description?: string; context?: Record<string, unknown>; node?: unknown };

function looseTypeValidation(ctx: ExecuteFunctions, itemIndex: number, option: boolean | undefined): boolean | undefined {
  if (ctx.getNode().typeVersion < 2.1) return option;
  return ctx.getNodeParameter('looseTypeValidation', itemIndex, false) as boolean;
}

export const ifV2: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: ifV2Description,
  async execute(ctx) {
    const trueItems: INodeExecutionData[] = [];
    const falseItems: INodeExecutionData[] = [];
    const items = ctx.getInputData();
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      let item = items[itemIndex];
      try {
        const options = ctx.getNodeParameter('options', itemIndex) as { ignoreCase?: boolean; looseTypeValidation?: boolean };
        let pass: boolean;
        try {
          // Slow regexes and long evaluations are awaited, not held (awaitSlowWork: the conditions are evaluated again).
          pass = await awaitSlowWork(() => evaluateFilterParameter(ctx, 'conditions', itemIndex));
        } catch (e) {
          const error = e as ErrorWithDetails;
          if (!looseTypeValidation(ctx, itemIndex, options.looseTypeValidation) && !error.description) {
            error.description = ENABLE_LESS_STRICT_TYPE_VALIDATION;
          }
          error.context = { ...(error.context ?? {}), itemIndex };
          error.node = ctx.getNode();
          throw error;
        }
        if (item.pairedItem === undefined) item = { ...item, pairedItem: { item: itemIndex } };
        (pass ? trueItems : falseItems).push(item);
      } catch (e) {
        if (ctx.continueOnFail()) {
          falseItems.push(item);
          continue;
        }
        if (e instanceof NodeOperationError) throw e;
        const error = e as ErrorWithDetails;
        throw new NodeOperationError(ctx.getNode(), error.message ?? String(e), { itemIndex, description: error.description });
      }
    }
    return [trueItems, falseItems];
  },
};
