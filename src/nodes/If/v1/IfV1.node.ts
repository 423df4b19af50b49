// IF version 1: routes each item to "true" or "false" by typed comparisons.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { NodeType } from '../../types.ts';
import { compareOperations, convertDateTime } from './compare.ts';
import { ifV1Description } from './description.ts';

const DATA_TYPES = ['boolean', 'dateTime', 'number', 'string'];

interface Condition {
  value1?: unknown;
  value2?: unknown;
  operation?: string;
}

export const ifV1: NodeType = {
  kind: 'regular',
  description: ifV1Description,
  async execute(ctx) {
    const node = ctx.getNode();
    const items = ctx.getInputData();
    const trueItems: INodeExecutionData[] = [];
    const falseItems: INodeExecutionData[] = [];

    for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
      const item = items[itemIndex];
      const combine = ctx.getNodeParameter('combineOperation', itemIndex) as string;
      let decided: boolean | undefined;
      outer: for (const dataType of DATA_TYPES) {
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
          if (result && combine === 'any') {
            decided = true;
            break outer;
          }
          if (!result && combine === 'all') {
            decided = false;
            break outer;
          }
        }
      }
      if (decided === undefined) decided = combine === 'all';
      (decided ? trueItems : falseItems).push(item);
    }
    return [trueItems, falseItems];
  },
};
