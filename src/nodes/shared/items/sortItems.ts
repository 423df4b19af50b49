// Sorting items as Item Lists and Sort do: by fields (strings case-insensitively, lodash's
// ordering), at random, or with the user's compare function run in the Code sandbox.
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { isEqual, lt } from './compare.ts';
import { fieldGetter } from './fieldAccess.ts';

export interface SortField {
  fieldName: string;
  order?: 'ascending' | 'descending';
}

const NESTED_HINT = "If you're trying to use a nested field, make sure you turn off 'disable dot notation' in the node options";

export function shuffleItems<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

export function sortByFields(ctx: ExecuteFunctions, items: INodeExecutionData[], sortFields: SortField[] | undefined, disableDotNotation: boolean): INodeExecutionData[] {
  const node = ctx.getNode();
  if (!sortFields?.length) throw new NodeOperationError(node, 'No sorting specified. Please add a field to sort by');
  const get = fieldGetter(disableDotNotation);
  for (const { fieldName } of sortFields) {
    const found = items.some((item) => (disableDotNotation ? Object.prototype.hasOwnProperty.call(item.json, fieldName) : get(item.json, fieldName) !== undefined));
    if (!found) {
      throw new NodeOperationError(node, `Couldn't find the field '${fieldName}' in the input data`, {
        description: disableDotNotation && fieldName.includes('.') ? NESTED_HINT : undefined,
      });
    }
  }
  const fields = sortFields.map((f) => ({ name: f.fieldName, dir: (f.order ?? 'ascending') === 'ascending' ? 1 : -1 }));
  const value = (item: INodeExecutionData, name: string) => {
    const v = get(item.json, name);
    return typeof v === 'string' ? v.toLowerCase() : v;
  };
  return [...items].sort((a, b) => {
    for (const field of fields) {
      const va = value(a, field.name);
      const vb = value(b, field.name);
      if (!isEqual(va, vb)) return (lt(va, vb) ? -1 : 1) * field.dir;
    }
    return 0;
  });
}

const RETURN = /\breturn\b/;

/**
 * Sorts with `code`, the body of a compare function over `a` and `b`. It runs in the Code
 * sandbox on copies of the items and hands back the order, so the items keep their binary
 * data and lineage.
 */
export async function sortByCode(ctx: ExecuteFunctions, items: INodeExecutionData[], code: string): Promise<INodeExecutionData[]> {
  if (!RETURN.test(code)) {
    throw new NodeOperationError(ctx.getNode(), "Sort code doesn't return. Please add a 'return' statement to your code");
  }
  // Item Lists v1/v2 named the list newItems, later versions items.
  const program = [
    'const newItems = items;',
    'const __order = items.map((_, index) => index);',
    `const __compare = (a, b) => {\n${code}\n};`,
    '__order.sort((x, y) => __compare(items[x], items[y]));',
    'return __order;',
  ].join('\n');
  const order = await ctx.code.runCode({ code: program, mode: 'runOnceForAllItems' });
  if (!Array.isArray(order) || order.length !== items.length) {
    throw new NodeOperationError(ctx.getNode(), 'The sort code did not produce an order for every item');
  }
  return (order as number[]).map((index) => items[index]);
}
