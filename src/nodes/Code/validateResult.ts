// Checks what user code returned and turns it into items, with n8n's messages.
import type { INodeExecutionData } from '../../model/execution.ts';
import { NodeOperationError } from '../types.ts';

const ITEM_KEYS = new Set(['json', 'binary', 'pairedItem', 'error', 'index']);

export class ValidationError extends NodeOperationError {
  constructor(message: string, description: string, itemIndex?: number) {
    super(undefined, itemIndex === undefined ? message : `${message} [item ${itemIndex}]`, { description, itemIndex });
    this.name = 'ValidationError';
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function normalizeItems(data: unknown[]): INodeExecutionData[] {
  if (data.every((i) => isPlainObject(i) && 'json' in i)) return data as INodeExecutionData[];
  if (data.some((i) => isPlainObject(i) && 'json' in i)) {
    throw new ValidationError('Inconsistent item format', 'Either return every item as { json: … } or none of them.');
  }
  return data.map((json) => ({ json: json as INodeExecutionData['json'] }));
}

function checkTopLevelKeys(item: Record<string, unknown>, itemIndex: number): void {
  for (const key of Object.keys(item)) {
    if (!ITEM_KEYS.has(key)) {
      throw new ValidationError(`Unknown top-level item key: ${key}`, 'Access the properties of an item under `.json`, e.g. `item.json`', itemIndex);
    }
  }
}

function checkItem(item: Record<string, unknown>, itemIndex: number): void {
  if (item.json !== undefined && !isPlainObject(item.json)) {
    throw new ValidationError("A 'json' property isn't an object", "In the returned data, every key named 'json' must point to an object.", itemIndex);
  }
  if (item.binary !== undefined && !isPlainObject(item.binary)) {
    throw new ValidationError("A 'binary' property isn't an object", "In the returned data, every key named 'binary' must point to an object.", itemIndex);
  }
}

export function validateAllItemsResult(result: unknown): INodeExecutionData[] {
  if (result === null || result === undefined) return [];
  if (typeof result !== 'object') {
    throw new ValidationError("Code doesn't return items properly", 'Please return an array of objects, one for each item you would like to output.');
  }
  let list: unknown[];
  if (Array.isArray(result)) list = result;
  else list = isPlainObject(result) && result.json !== undefined ? [result] : [result];
  const mustHaveItemKeys = list.some((i) => isPlainObject(i) && Object.keys(i).some((k) => ITEM_KEYS.has(k)) && 'json' in i);
  list.forEach((item, index) => {
    if (!isPlainObject(item)) {
      throw new ValidationError("Code doesn't return items properly", 'Please return an array of objects, one for each item you would like to output.', index);
    }
    checkItem(item, index);
    if (mustHaveItemKeys) checkTopLevelKeys(item, index);
  });
  if (!Array.isArray(result) && isPlainObject(result) && result.json === undefined) return [{ json: result as INodeExecutionData['json'] }];
  return normalizeItems(list);
}

export function validateEachItemResult(result: unknown, itemIndex: number): INodeExecutionData | undefined {
  if (result === null || result === undefined) return undefined;
  if (typeof result !== 'object') {
    throw new ValidationError("Code doesn't return an object", `Please return an object representing the output item. ('${String(result)}' was returned instead.)`, itemIndex);
  }
  if (Array.isArray(result)) {
    const first = result.length > 0 ? `An array of ${typeof result[0]}s was returned.` : 'An empty array was returned.';
    throw new ValidationError("Code doesn't return a single object", `${first} If you need to output multiple items, please use the 'Run Once for All Items' mode instead.`, itemIndex);
  }
  const obj = result as Record<string, unknown>;
  const item = 'json' in obj ? (obj as unknown as INodeExecutionData) : { json: obj as INodeExecutionData['json'] };
  checkItem(item as unknown as Record<string, unknown>, itemIndex);
  if ('json' in obj) checkTopLevelKeys(obj, itemIndex);
  return item;
}
