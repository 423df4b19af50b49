// Routing for Switch versions 1 and 2: expression mode sends each item to the output its
// expression names; rules mode compares "Value 1" with each rule's "Value 2" using n8n's
// loose v1 comparisons (shared with IF v1) and stops at the first match.
import type { INodeExecutionData } from '../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions } from '../types.ts';
import { compareOperations, convertDateTime } from '../If/v1/compare.ts';

export interface LegacyRule {
  operation?: string;
  value2?: unknown;
  output?: number;
}

export function checkIndexRange(ctx: ExecuteFunctions, outputs: number, index: number): void {
  if (index < 0 || index >= outputs) {
    throw new NodeOperationError(ctx.getNode(), `The ouput ${index} is not allowed. It has to be between 0 and ${outputs - 1}!`);
  }
}

/** Index of the first rule whose comparison passes for this item, or -1. */
export function firstMatchingRule(ctx: ExecuteFunctions, itemIndex: number, rules: LegacyRule[]): number {
  const dataType = ctx.getNodeParameter('dataType', 0) as string;
  let value1 = ctx.getNodeParameter('value1', itemIndex);
  if (dataType === 'dateTime') value1 = convertDateTime(ctx.getNode(), value1);
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    let value2 = rule.value2;
    if (dataType === 'dateTime') value2 = convertDateTime(ctx.getNode(), value2);
    const compare = compareOperations[rule.operation as string];
    if (!compare) throw new TypeError('compareOperationFunctions[ruleData.operation] is not a function');
    if (compare(value1, value2)) return i;
  }
  return -1;
}

/** n8n v1/v2 continue-on-fail: the error message goes to the first output. */
export function pushError(returnData: INodeExecutionData[][], error: unknown): void {
  (returnData[0] ??= []).push({ json: { error: (error as Error).message } });
}
