// Grouping items by "split by" fields and aggregating each group, as Summarize (v1, v1.1) and
// Item Lists "Summarize" do. They differ only in how group keys are kept (see KeyMode).
import type { INodeExecutionData } from '../../../../model/execution.ts';
import type { IDataObject } from '../../../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../../types.ts';
import { aggregate, aggregationKey, normalizeFieldName, type Aggregation, type ValueGetter } from './aggregations.ts';

/**
 * - 'objectKeys' (Item Lists): groups in a plain object, so keys are strings and integer-like
 *   keys come first in ascending order; objects and null become JSON text.
 * - 'string' (Summarize 1): keys become strings, groups keep first-seen order.
 * - 'typed' (Summarize 1.1): keys keep their type (1 and "1" are different groups).
 */
export type KeyMode = 'objectKeys' | 'string' | 'typed';

export interface SummarizeOptions {
  outputFormat?: 'separateItems' | 'singleItem';
  skipEmptySplitFields?: boolean;
}

interface Leaf {
  returnData: IDataObject;
  pairedItems: number[];
}
interface Split {
  fieldName: string;
  splits: Map<unknown, Node>;
}
type Node = Leaf | Split;

type Row = IDataObject & { _itemIndex: number };

/** The group a value falls in, or undefined to skip the item ("ignore items without valid fields"). */
function groupKey(value: unknown, mode: KeyMode, skipEmpty: boolean | undefined): { key: unknown } | undefined {
  let key = mode === 'objectKeys' ? (typeof value === 'object' ? JSON.stringify(value) : value) : value && typeof value === 'object' ? JSON.stringify(value) : value;
  if (mode === 'string') key = String(key);
  if (skipEmpty && typeof key !== 'number' && !key) return undefined;
  return { key: mode === 'objectKeys' ? String(key) : key };
}

function splitData(rows: Row[], splitKeys: string[], fields: Aggregation[], options: SummarizeOptions, getValue: ValueGetter, mode: KeyMode): Node {
  if (!splitKeys.length) {
    const returnData: IDataObject = {};
    for (const entry of fields) returnData[aggregationKey(entry)] = aggregate(rows, entry, getValue) as IDataObject;
    return { returnData, pairedItems: rows.map((r) => r._itemIndex) };
  }
  const [first, ...rest] = splitKeys;
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) {
    const group0 = groupKey(getValue(row, first), mode, options.skipEmptySplitFields);
    if (!group0) continue;
    const { key } = group0;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  let keys = [...groups.keys()];
  if (mode === 'objectKeys') {
    // Plain-object key order: array-index-like keys ascending, then the rest as inserted.
    const isIndex = (k: unknown) => typeof k === 'string' && /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 2 ** 32 - 1;
    keys = [...keys.filter(isIndex).sort((a, b) => Number(a) - Number(b)), ...keys.filter((k) => !isIndex(k))];
  }
  return { fieldName: first, splits: new Map(keys.map((k) => [k, splitData(groups.get(k) as Row[], rest, fields, options, getValue, mode)])) };
}

function toObject(node: Node): IDataObject {
  if ('splits' in node) return Object.fromEntries([...node.splits].map(([key, value]) => [String(key), toObject(value)]));
  return node.returnData;
}

function toRows(node: Node): Leaf[] {
  if (!('splits' in node)) return [{ returnData: { ...node.returnData }, pairedItems: node.pairedItems }];
  return [...node.splits].flatMap(([value, inner]) =>
    toRows(inner).map((row) => {
      row.returnData[normalizeFieldName(node.fieldName)] = value as IDataObject;
      return row;
    }),
  );
}

export interface SummarizeParams {
  items: INodeExecutionData[];
  fieldsToSummarize: Aggregation[];
  fieldsToSplitBy: string[];
  options: SummarizeOptions;
  getValue: ValueGetter;
  keyMode: KeyMode;
}

export function checkFieldsExist(ctx: ExecuteFunctions, items: IDataObject[], fields: Aggregation[], getValue: ValueGetter): void {
  for (const { field } of fields) {
    if (field === '') continue;
    if (!items.some((item) => getValue(item, field) !== undefined)) {
      throw new NodeOperationError(ctx.getNode(), `The field '${field}' does not exist in any items`);
    }
  }
}

export function requireSummarizeFields(ctx: ExecuteFunctions, fields: Aggregation[]): void {
  if (!fields.some((f) => f.field !== '')) {
    throw new NodeOperationError(ctx.getNode(), "You need to add at least one aggregation to 'Fields to Summarize' with non empty 'Field'");
  }
}

export function summarizeRows(items: INodeExecutionData[]): Row[] {
  return items.map(({ json }, i) => ({ ...json, _itemIndex: i }));
}

export function summarize(p: SummarizeParams): INodeExecutionData[] {
  const rows = summarizeRows(p.items);
  const result = splitData(rows, p.fieldsToSplitBy, p.fieldsToSummarize, p.options, p.getValue, p.keyMode);
  if (p.options.outputFormat === 'singleItem') {
    return [{ json: toObject(result), pairedItem: rows.map((_, item) => ({ item })) }];
  }
  return toRows(result).map(({ returnData, pairedItems }) => ({ json: returnData, pairedItem: pairedItems.map((item) => ({ item })) }));
}
