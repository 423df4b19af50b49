// Reading a 'filter' parameter the way n8n's getNodeParameter(…, { extractValue: true }) does:
// resolve it for the item, then evaluate it to a verdict.
import { NodeOperationError, type ExecuteFunctions } from '../types.ts';
import { executeFilter, isFilterValue } from './filter/index.ts';

export function evaluateFilterParameter(ctx: ExecuteFunctions, name: string, itemIndex: number): boolean {
  const value = ctx.getNodeParameter(name, itemIndex, false);
  // n8n hands back anything that is not a filter value untouched.
  if (!isFilterValue(value)) return value as boolean;
  try {
    return executeFilter(value, { itemIndex });
  } catch (e) {
    const error = e as Error & { description?: string };
    throw new NodeOperationError(ctx.getNode(), error.message, { description: error.description });
  }
}
