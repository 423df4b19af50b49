// Item Lists v1 and v2–2.2: the operations with their per-version checks.
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { aggregateAllItemData, aggregateIndividualFields, type FieldToAggregate } from '../../shared/items/aggregate.ts';
import { fieldNames } from '../../shared/items/fieldList.ts';
import { fieldGetter } from '../../shared/items/fieldAccess.ts';
import { limitItems } from '../../shared/items/limit.ts';
import { removeDuplicateItems, type CompareMode } from '../../shared/items/removeDuplicates.ts';
import { runSort } from '../../shared/items/sortOperation.ts';
import { splitOutItem, type IncludeMode } from '../../shared/items/splitOut.ts';
import { splitList } from '../../shared/items/splitOutOperation.ts';
import { summarizeItemList } from '../summarizeOperation.ts';
import { splitOutV1 } from './splitOutV1.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

const NESTED_HINT = "If you're trying to use a nested field, make sure you turn off 'disable dot notation' in the node options";

async function splitOutV2(ctx: ExecuteFunctions, items: INodeExecutionData[], version: number): Promise<INodeExecutionData[]> {
  const node = ctx.getNode();
  const out: INodeExecutionData[] = [];
  const seen = new Map<string, boolean>();
  for (let i = 0; i < items.length; i++) {
    if (sliceDue()) await yieldToLoop();
    const fields = (ctx.getNodeParameter('fieldToSplitOut', i) as string).split(',').map((f) => f.trim());
    const disableDotNotation = ctx.getNodeParameter('options.disableDotNotation', 0, false) as boolean;
    const get = fieldGetter(disableDotNotation);
    for (const field of fields) {
      const value = get(items[i].json, field);
      // 2.1 treats a missing field as empty, 2.2 a single value as a list of one.
      if (value === undefined && version < 2.1) {
        const nested = field.includes('.') && disableDotNotation;
        throw new NodeOperationError(node, `Couldn't find the field '${field}' in the input data`, nested ? { description: NESTED_HINT } : { itemIndex: i });
      }
      if (value !== undefined && (typeof value !== 'object' || value === null) && version < 2.2) {
        throw new NodeOperationError(node, `The provided field '${field}' is not an array or object`, { itemIndex: i });
      }
    }
    const params = {
      fieldsToSplitOut: fields,
      destinationFields: splitList(ctx.getNodeParameter('options.destinationFieldName', i, '')),
      include: ctx.getNodeParameter('include', i) as IncludeMode,
      disableDotNotation,
      includeBinary: false,
      fieldsToInclude: () => fieldNames(ctx.getNodeParameter('fieldsToInclude.fields', i, [])),
    };
    out.push(...(await splitOutItem(ctx, items[i], i, params, { modern: false }, seen)));
  }
  return out;
}

function aggregateItems(ctx: ExecuteFunctions, items: INodeExecutionData[], version: number): INodeExecutionData[] {
  const node = ctx.getNode();
  const aggregate = ctx.getNodeParameter('aggregate', 0, '') as string;
  if (aggregate !== 'aggregateIndividualFields') {
    const item = aggregateAllItemData(
      items,
      ctx.getNodeParameter('destinationFieldName', 0) as string,
      fieldNames(ctx.getNodeParameter('fieldsToInclude.fields', 0, [])),
      fieldNames(ctx.getNodeParameter('fieldsToExclude.fields', 0, [])),
    );
    return [item];
  }
  const disableDotNotation = ctx.getNodeParameter('options.disableDotNotation', 0, false) as boolean;
  const keepMissing = ctx.getNodeParameter('options.keepMissing', 0, false) as boolean;
  const fields = ctx.getNodeParameter('fieldsToAggregate.fieldToAggregate', 0, []) as FieldToAggregate[];
  if (!fields.length) throw new NodeOperationError(node, 'No fields specified', { description: 'Please add a field to aggregate' });
  if (version < 2.1) {
    // Before 2.1 every field must exist in some item.
    const get = fieldGetter(disableDotNotation);
    for (const { fieldToAggregate } of fields) {
      if (items.length && fieldToAggregate === '') throw new NodeOperationError(node, 'Field to aggregate is blank', { description: 'Please add a field to aggregate' });
      const found = items.some((item) => (disableDotNotation ? Object.prototype.hasOwnProperty.call(item.json, fieldToAggregate) : get(item.json, fieldToAggregate) !== undefined));
      if (!found && disableDotNotation && fieldToAggregate.includes('.')) {
        throw new NodeOperationError(node, `Couldn't find the field '${fieldToAggregate}' in the input data`, { description: NESTED_HINT });
      }
      if (!found && !keepMissing) throw new NodeOperationError(node, `Couldn't find the field '${fieldToAggregate}' in the input data`);
    }
  }
  const { item } = aggregateIndividualFields(ctx, items, fields, {
    disableDotNotation,
    mergeLists: ctx.getNodeParameter('options.mergeLists', 0, false) as boolean,
    keepMissing,
  });
  return [item];
}

function removeDuplicates(ctx: ExecuteFunctions, items: INodeExecutionData[]): INodeExecutionData[] {
  const compare = ctx.getNodeParameter('compare', 0) as CompareMode;
  const fields =
    compare === 'allFieldsExcept'
      ? fieldNames(ctx.getNodeParameter('fieldsToExclude.fields', 0, []))
      : compare === 'selectedFields'
        ? fieldNames(ctx.getNodeParameter('fieldsToCompare.fields', 0, []))
        : [];
  return removeDuplicateItems(ctx, items, {
    compare,
    fields,
    disableDotNotation: ctx.getNodeParameter('options.disableDotNotation', 0, false) as boolean,
    removeOtherFields: ctx.getNodeParameter('options.removeOtherFields', 0, false) as boolean,
  });
}

export async function executeLegacy(ctx: ExecuteFunctions): Promise<INodeExecutionData[][]> {
  const items = ctx.getInputData();
  const version = ctx.getNode().typeVersion;
  const resource = ctx.getNodeParameter('resource', 0) as string;
  const operation = ctx.getNodeParameter('operation', 0) as string;
  if (resource !== 'itemList') throw new NodeOperationError(ctx.getNode(), `Resource '${resource}' is not recognized`);
  switch (operation) {
    case 'splitOutItems':
      return [version < 2 ? await splitOutV1(ctx, items) : await splitOutV2(ctx, items, version)];
    case 'aggregateItems':
      return [aggregateItems(ctx, items, version)];
    case 'removeDuplicates':
      return [removeDuplicates(ctx, items)];
    case 'sort':
      return [await runSort(ctx, items)];
    case 'limit':
      return [limitItems(items, ctx.getNodeParameter('maxItems', 0) as number, ctx.getNodeParameter('keep', 0) as string)];
    case 'summarize':
      return [summarizeItemList(ctx, items, version < 2.1)];
    default:
      throw new NodeOperationError(ctx.getNode(), `Operation '${operation}' is not recognized`);
  }
}
