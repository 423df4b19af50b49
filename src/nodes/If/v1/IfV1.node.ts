// IF version 1: routes each item to "true" or "false" by typed comparisons.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { INode } from '../../../model/workflow.ts';
import type { ExecuteFunctions, NodeType } from '../../types.ts';
import { awaitSlowWork } from '../../../model/expressions/defer.ts';
import { compareOperations, convertDateTime } from './compare.ts';
import { ifV1Description } from './description.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

const DATA_TYPES = ['boolean', 'dateTime', 'number', 'string'];

interface Condition {
  value1?: unknown;
  value2?: unknown;
  operation?: string;
}

/** True or false for one item (no side effects: it may run again, see awaitSlowWork). */
function decide(ctx: ExecuteFunctions, node: INode, itemIndex: number): boolean {
  const combine = ctx.getNodeParameter('combineOperation', itemIndex) as string;
  for (const dataType of DATA_TYPES) {
    for (const condition of ctx.getNodeParameter(`conditions.${dataType}`, itemIndex, []) as Condition[]) {
      let { value1, value2 } = condition;
      if (dataType === 'dateTime') {
        value1 = convertDateTime(node, value1);
        value2 = convertDateTime(node, value2);
      }
      const compare = compareOperations[condition.operation as string];
      if (!compare) throw new TypeError('compareOperationFunctions[compareData.operation] is not a function');
      const result = compare(value1, value2);
      // ANY stops at the first match, ALL at the first mismatch.
      if (result && combine === 'any') return true;
      if (!result && combine === 'all') return false;
    }
  }
  return combine === 'all';
}

export const ifV1: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: ifV1Description,
  async execute(ctx) {
    const node = ctx.getNode();
    const items = ctx.getInputData();
    const trueItems: INodeExecutionData[] = [];
    const falseItems: INodeExecutionData[] = [];

    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      const item = items[itemIndex];
      // Slow regexes and long evaluations are awaited, not held (awaitSlowWork: the conditions are evaluated again).
      const decided = await awaitSlowWork(() => decide(ctx, node, itemIndex));
      (decided ? trueItems : falseItems).push(item);
    }
    return [trueItems, falseItems];
  },
};
