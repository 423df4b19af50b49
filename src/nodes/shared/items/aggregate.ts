// Combining many items into one (Aggregate, Item Lists "Concatenate Items"): chosen fields
// into lists, or all item data into one list; optionally the items' binary data too.
import type { IBinaryData, INodeExecutionData, IPairedItemData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { fieldGetter, setPath } from './fieldAccess.ts';

export interface FieldToAggregate {
  fieldToAggregate: string;
  renameField?: boolean;
  outputFieldName?: string;
}

export interface IndividualOptions {
  disableDotNotation: boolean;
  mergeLists: boolean;
  keepMissing: boolean;
}

export interface AggregateResult {
  item: INodeExecutionData;
  /** Input fields found in no item (for the "field wasn't found" hint). */
  missingFields: string[];
}

export function aggregateIndividualFields(ctx: ExecuteFunctions, items: INodeExecutionData[], fields: FieldToAggregate[], options: IndividualOptions): AggregateResult {
  const node = ctx.getNode();
  if (!fields.length) throw new NodeOperationError(node, 'No fields specified', { description: 'Please add a field to aggregate' });
  const { disableDotNotation, mergeLists, keepMissing } = options;
  const get = fieldGetter(disableDotNotation);
  const newItem: INodeExecutionData = { json: {}, pairedItem: items.map((_, index) => ({ item: index })) };
  const values: Record<string, unknown[]> = {};
  const outputFields: string[] = [];
  const found = new Map<string, boolean>();

  for (const { fieldToAggregate, outputFieldName, renameField } of fields) {
    const field = (renameField ? outputFieldName : fieldToAggregate) as string;
    if (outputFields.includes(field)) {
      throw new NodeOperationError(node, `The '${field}' output field is used more than once`, { description: 'Please make sure each output field name is unique' });
    }
    outputFields.push(field);
    // A nested input field lands under its last name segment unless renamed.
    const target = outputFieldName || (!disableDotNotation && fieldToAggregate.includes('.') ? (fieldToAggregate.split('.').pop() as string) : fieldToAggregate);
    if (fieldToAggregate === '') continue;
    values[target] = [];
    for (const item of items) {
      let value = get(item.json, fieldToAggregate);
      found.set(fieldToAggregate, (found.get(fieldToAggregate) ?? false) || value !== undefined);
      if (!keepMissing) {
        if (Array.isArray(value)) value = value.filter((entry) => entry !== null);
        else if (value === null || value === undefined) continue;
      }
      if (Array.isArray(value) && mergeLists) values[target].push(...value);
      else values[target].push(value);
    }
  }
  for (const key of Object.keys(values)) {
    if (!disableDotNotation) setPath(newItem.json, key, values[key]);
    else newItem.json[key] = values[key];
  }
  return { item: newItem, missingFields: [...found].filter(([, seen]) => !seen).map(([name]) => name) };
}

export function aggregateAllItemData(items: INodeExecutionData[], destinationFieldName: string, fieldsToInclude: string[], fieldsToExclude: string[]): INodeExecutionData {
  let newItems: IDataObject[] = items.map((item) => item.json);
  let pairedItem: IPairedItemData[] = [];
  if (fieldsToExclude.length || fieldsToInclude.length) {
    const kept: IDataObject[] = [];
    newItems.forEach((json, index) => {
      let keys = Object.keys(json);
      if (fieldsToExclude.length) keys = keys.filter((key) => !fieldsToExclude.includes(key));
      if (fieldsToInclude.length) keys = keys.filter((key) => fieldsToInclude.includes(key));
      if (!keys.length) return;
      const picked: IDataObject = {};
      for (const key of keys) picked[key] = json[key];
      pairedItem.push({ item: index });
      kept.push(picked);
    });
    newItems = kept;
  } else {
    pairedItem = newItems.map((_, item) => ({ item }));
  }
  return { json: { [destinationFieldName]: newItems }, pairedItem };
}

/** Copies the binary data of the aggregated items onto the new item; clashing keys get _1, _2 …. */
export function addBinariesToItem(newItem: INodeExecutionData, items: INodeExecutionData[], uniqueOnly: boolean): INodeExecutionData {
  const seen: IBinaryData[] = [];
  const isUnique = (b: IBinaryData) => {
    if (seen.some((s) => s.mimeType === b.mimeType && s.fileType === b.fileType && s.fileSize === b.fileSize && s.fileExtension === b.fileExtension)) return false;
    seen.push(b);
    return true;
  };
  for (const item of items) {
    if (!item?.binary) continue;
    for (const key of Object.keys(item.binary)) {
      newItem.binary ??= {};
      const binary = item.binary[key];
      if (uniqueOnly && !isUnique(binary)) continue;
      let binaryKey = key;
      for (let i = 1; newItem.binary[binaryKey] !== undefined; i++) binaryKey = `${key}_${i}`;
      newItem.binary[binaryKey] = binary;
    }
  }
  return newItem;
}
