// Removing duplicate items (Item Lists, Remove Duplicates v1): sort copies by the compared
// fields, drop each item equal to the last one kept, return the survivors in input order.
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { isEqual, lt } from './compare.ts';
import { fieldGetter, flattenKeys, pick } from './fieldAccess.ts';

export type CompareMode = 'allFields' | 'allFieldsExcept' | 'selectedFields';

export interface DedupeRules {
  /** Item Lists 3.1: values of different types sort by type first and may be mixed. */
  orderByType?: boolean;
  /** Remove Duplicates 1.1: nulls may stand beside other types; type errors name the items. */
  nullsAllowed?: boolean;
}

export interface DedupeOptions {
  compare: CompareMode;
  /** Fields excluded (allFieldsExcept) or compared (selectedFields). */
  fields: string[];
  disableDotNotation: boolean;
  removeOtherFields: boolean;
}

const NESTED_HINT = "If you're trying to use a nested field, make sure you turn off 'disable dot notation' in the node options";

/** n8n's typeToNumber: an order between value types. */
function typeToNumber(value: unknown): number {
  if (typeof value === 'object') {
    if (Array.isArray(value)) return 9;
    if (value === null) return 10;
    if (value instanceof Date) return 11;
  }
  const types: Record<string, number> = { string: 1, number: 2, bigint: 3, boolean: 4, symbol: 5, undefined: 6, object: 7, function: 8 };
  return types[typeof value];
}

function keysOf(json: Record<string, unknown>, disableDotNotation: boolean): string[] {
  return Object.keys(disableDotNotation ? json : flattenKeys(json));
}

export function removeDuplicateItems(ctx: ExecuteFunctions, items: INodeExecutionData[], options: DedupeOptions, rules: DedupeRules = {}): INodeExecutionData[] {
  const node = ctx.getNode();
  const { disableDotNotation } = options;
  if (!items.length) return [];
  let keys = keysOf(items[0].json, disableDotNotation);
  for (const item of items) {
    for (const key of keysOf(item.json, disableDotNotation)) if (!keys.includes(key)) keys.push(key);
  }
  if (options.compare === 'allFieldsExcept') {
    if (!options.fields.length) throw new NodeOperationError(node, 'No fields specified. Please add a field to exclude from comparison');
    if (!disableDotNotation) keys = Object.keys(flattenKeys(items[0].json));
    keys = keys.filter((key) => !options.fields.includes(key));
  }
  if (options.compare === 'selectedFields') {
    if (!options.fields.length) throw new NodeOperationError(node, 'No fields specified. Please add a field to compare on');
    keys = options.fields.map((key) => key.trim());
  }

  const get = fieldGetter(disableDotNotation);
  const sorted = items.map((item, index) => ({ item, index }));
  sorted.sort((a, b) => {
    for (const key of keys) {
      const va = get(a.item.json, key);
      const vb = get(b.item.json, key);
      if (rules.orderByType) {
        const ta = typeToNumber(va);
        const tb = typeToNumber(vb);
        if (ta !== tb) return ta - tb;
      }
      if (!isEqual(va, vb)) return lt(va, vb) ? -1 : 1;
    }
    return 0;
  });

  for (const key of keys) {
    let type: string | undefined;
    for (const [i, { item }] of sorted.entries()) {
      if (key === '') throw new NodeOperationError(node, 'Name of field to compare is blank');
      const value = get(item.json, key);
      if (value === null && rules.nullsAllowed) continue;
      if (value === undefined) {
        throw new NodeOperationError(node, `'${key}' field is missing from some input items`, {
          description: disableDotNotation && key.includes('.') ? NESTED_HINT : undefined,
        });
      }
      if (!rules.orderByType && type !== undefined && type !== typeof value) {
        const detail = rules.nullsAllowed ? `, in item [${i - 1}] it's a ${type} and in item [${i}] it's a ${typeof value} ` : '';
        throw new NodeOperationError(node, `'${key}' isn't always the same type`, { description: `The type of this field varies between items${detail}` });
      }
      type = typeof value;
    }
  }

  const removed = new Set<number>();
  let kept = sorted[0];
  for (let i = 1; i < sorted.length; i++) {
    const same = keys.every((key) => isEqual(get(sorted[i].item.json, key), get(kept.item.json, key)));
    if (same) removed.add(sorted[i].index);
    else kept = sorted[i];
  }
  const survivors = items.map((item, index) => ({ item, index })).filter(({ index }) => !removed.has(index));
  if (!options.removeOtherFields) return survivors.map(({ item }) => item);
  // Lineage points at the input item (n8n numbers it by position among the survivors, which
  // makes $('…').item pick the wrong input item).
  return survivors.map(({ item, index }) => ({ json: pick(item.json, keys), pairedItem: { item: index } }));
}
