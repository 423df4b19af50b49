// Filter version 1: keeps items whose conditions pass (AND: all, OR: any); the rest are discarded.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { ExecuteFunctions, NodeType } from '../../types.ts';
import { awaitSlowWork } from '../../../model/expressions/defer.ts';
import { compareOperations, convertDateTime } from '../../If/v1/compare.ts';
import { filterV1Description } from './description.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

const DATA_TYPES = ['boolean', 'dateTime', 'number', 'string'];

interface Condition {
  value1?: unknown;
  value2?: unknown;
  operation?: string;
}

/** Whether one item is kept (no side effects: it may run again, see awaitSlowWork). */
function keeps(ctx: ExecuteFunctions, itemIndex: number): boolean {
  const combine = ctx.getNodeParameter('combineConditions', itemIndex) as string;
  for (const dataType of DATA_TYPES) {
    for (const condition of ctx.getNodeParameter(`conditions.${dataType}`, itemIndex, []) as Condition[]) {
      let { value1, value2 } = condition;
      if (dataType === 'dateTime') {
        value1 = convertDateTime(ctx.getNode(), value1);
        value2 = convertDateTime(ctx.getNode(), value2);
      }
      const compare = compareOperations[condition.operation as string];
      if (!compare) throw new TypeError('compareOperationFunctions[condition.operation] is not a function');
      const result = compare(value1, value2);
      if (result && combine === 'OR') return true;
      if (!result && combine === 'AND') return false;
    }
  }
  return combine === 'AND';
}

export const filterV1: NodeType = {
  kind: 'regular',
  evaluatesItemsItself: true,
  description: filterV1Description,
  async execute(ctx) {
    const kept: INodeExecutionData[] = [];
    const discarded: INodeExecutionData[] = [];
    const items = ctx.getInputData();
    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      if (sliceDue()) await yieldToLoop();
      const item = items[itemIndex];
      // Slow regexes and long evaluations are awaited, not held (awaitSlowWork: the conditions are evaluated again).
      (await awaitSlowWork(() => keeps(ctx, itemIndex)) ? kept : discarded).push(item);
    }
    return [kept, discarded];
  },
};
