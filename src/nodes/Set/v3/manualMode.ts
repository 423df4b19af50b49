// Manual mapping: typed fields (≤ 3.2 'fields.values', ≥ 3.3 'assignments').
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject, INode } from '../../../model/workflow.ts';
import type { ExecuteFunctions } from '../../types.ts';
import type { FieldType } from '../../shared/typeValidation.ts';
import { composeReturnItem } from './composeItem.ts';
import { toNodeOperationError } from './errors.ts';
import { parseJsonParameter, resolveRawData } from './jsonInput.ts';
import type { SetNodeOptions } from './options.ts';
import { validateEntry } from './validateEntry.ts';

export interface SetField {
  name: string;
  type: 'stringValue' | 'numberValue' | 'booleanValue' | 'arrayValue' | 'objectValue';
  [value: string]: unknown;
}

interface Assignment {
  id?: string;
  name: string;
  value: unknown;
  type?: string;
}

/**
 * Object fields written as expressions keep their raw text (item-independent): their {{ }}
 * parts are resolved into the JSON text per item rather than as one value.
 */
export function rawObjectFields(ctx: ExecuteFunctions): IDataObject {
  const raw: IDataObject = {};
  const fields = ctx.getNodeParameter('fields.values', 0, [], { rawExpressions: true }) as SetField[];
  for (const entry of Array.isArray(fields) ? fields : []) {
    if (entry.type === 'objectValue' && typeof entry.objectValue === 'string' && entry.objectValue.startsWith('=')) {
      raw[entry.name] = entry.objectValue.replace(/^=+/, '');
    }
  }
  return raw;
}

function fieldsItem(ctx: ExecuteFunctions, item: INodeExecutionData, i: number, options: SetNodeOptions, rawFields: IDataObject, node: INode) {
  const fields = ctx.getNodeParameter('fields.values', i, []) as SetField[];
  const newData: IDataObject = {};
  for (const entry of fields) {
    if (entry.type === 'objectValue' && rawFields[entry.name] !== undefined && entry.objectValue !== undefined && entry.objectValue !== null) {
      entry.objectValue = parseJsonParameter(resolveRawData(ctx, rawFields[entry.name] as string, i), node, i, entry.name);
    }
    const type = entry.type.replace('Value', '') as FieldType;
    const { name, value } = validateEntry(entry.name, type, entry[entry.type], node, i, options.ignoreConversionErrors, node.typeVersion);
    newData[name] = value as IDataObject[string];
  }
  return composeReturnItem(ctx, i, item, newData, options, node.typeVersion);
}

function assignmentsItem(ctx: ExecuteFunctions, item: INodeExecutionData, i: number, options: SetNodeOptions, node: INode) {
  const collection = ctx.getNodeParameter('assignments', i) as { assignments?: Assignment[] } | undefined;
  const newData: IDataObject = {};
  for (const assignment of collection?.assignments ?? []) {
    const { name, value } = validateEntry(assignment.name, assignment.type as FieldType, assignment.value, node, i, options.ignoreConversionErrors, node.typeVersion);
    newData[name] = value as IDataObject[string];
  }
  return composeReturnItem(ctx, i, item, newData, options, node.typeVersion);
}

export function manualItem(
  ctx: ExecuteFunctions,
  item: INodeExecutionData,
  i: number,
  options: SetNodeOptions,
  rawFields: IDataObject,
  node: INode,
): INodeExecutionData {
  try {
    return node.typeVersion < 3.3 ? fieldsItem(ctx, item, i, options, rawFields, node) : assignmentsItem(ctx, item, i, options, node);
  } catch (e) {
    if (ctx.continueOnFail()) {
      // n8n puts pairedItem inside json here; kept so items match.
      return { json: { error: (e as Error).message, pairedItem: { item: i } } };
    }
    throw toNodeOperationError(ctx.getNode(), e, i);
  }
}
