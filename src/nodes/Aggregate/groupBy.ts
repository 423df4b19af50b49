// Aggregate's "Group By Fields" option: one output item per combination of the group fields'
// values, holding those values and the group's aggregated data.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../types.ts';
import { addBinariesToItem, aggregateAllItemData, aggregateIndividualFields, type FieldToAggregate } from '../shared/items/aggregate.ts';
import { prepareFieldsArray } from '../shared/items/fieldList.ts';
import { getPath, setPath } from '../shared/items/fieldAccess.ts';

/** Whether one dotted path is the other or lies inside it ('user' and 'user.name'). */
function pathsOverlap(a: string, b: string): boolean {
  const sa = a.split('.');
  const sb = b.split('.');
  return sa.slice(0, Math.min(sa.length, sb.length)).every((s, i) => s === sb[i]);
}

interface Group {
  values: unknown[];
  indexes: number[];
}

function groupItems(ctx: ExecuteFunctions, items: INodeExecutionData[], fields: string[]): Group[] {
  const groups = new Map<string, Group>();
  items.forEach((item, index) => {
    const values = fields.map((field) => {
      const value = getPath(item.json, field);
      if (typeof value === 'object' && value !== null) {
        throw new NodeOperationError(ctx.getNode(), `Field "${field}" has a non-scalar value which cannot be used for grouping.`, {
          description: 'Only scalar values (string, number, boolean, null) can be used in "Group By Fields".',
        });
      }
      return value;
    });
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? { values, indexes: [] };
    group.indexes.push(index);
    groups.set(key, group);
  });
  return [...groups.values()];
}

function checkIndividualFields(ctx: ExecuteFunctions, fields: FieldToAggregate[], groupBy: string[], disableDotNotation: boolean): void {
  const node = ctx.getNode();
  if (!fields.length) throw new NodeOperationError(node, 'No fields specified', { description: 'Please add a field to aggregate' });
  const outputs: string[] = [];
  for (const { fieldToAggregate, outputFieldName, renameField } of fields) {
    const field = (renameField ? outputFieldName : !disableDotNotation && fieldToAggregate.includes('.') ? fieldToAggregate.split('.').pop() : fieldToAggregate) as string;
    if (outputs.includes(field)) {
      throw new NodeOperationError(node, `The '${field}' output field is used more than once`, { description: 'Please make sure each output field name is unique' });
    }
    const clash = groupBy.find((g) => pathsOverlap(field, g));
    if (clash) {
      throw new NodeOperationError(node, `The output field '${field}' conflicts with a Group By field '${clash}'`, {
        description: 'Please rename the aggregated field or choose a different Group By field',
      });
    }
    outputs.push(field);
  }
}

export function aggregateGroups(ctx: ExecuteFunctions, items: INodeExecutionData[], groupBy: string[]): INodeExecutionData[] {
  const aggregate = ctx.getNodeParameter('aggregate', 0, '') as string;
  const disableDotNotation = ctx.getNodeParameter('options.disableDotNotation', 0, false) as boolean;
  const fields = ctx.getNodeParameter('fieldsToAggregate.fieldToAggregate', 0, []) as FieldToAggregate[];
  const destination = ctx.getNodeParameter('destinationFieldName', 0, 'data') as string;
  if (aggregate === 'aggregateAllItemData') {
    const clash = groupBy.find((g) => pathsOverlap(destination, g));
    if (clash) {
      throw new NodeOperationError(ctx.getNode(), `The destination field '${destination}' conflicts with a Group By field '${clash}'`, {
        description: 'Please choose a different destination field name or Group By field',
      });
    }
  } else {
    checkIndividualFields(ctx, fields, groupBy, disableDotNotation);
  }
  const includeBinaries = ctx.getNodeParameter('options.includeBinaries', 0, false) as boolean;
  const keepOnlyUnique = ctx.getNodeParameter('options.keepOnlyUnique', 0, false) as boolean;
  return groupItems(ctx, items, groupBy).map(({ values, indexes }) => {
    const members = indexes.map((i) => items[i]);
    const json: IDataObject = {};
    groupBy.forEach((field, i) => setPath(json, field, values[i]));
    if (aggregate === 'aggregateAllItemData') {
      const include = prepareFieldsArray(ctx, ctx.getNodeParameter('fieldsToInclude', 0, ''), 'Fields To Include');
      const exclude = prepareFieldsArray(ctx, ctx.getNodeParameter('fieldsToExclude', 0, ''), 'Fields To Exclude');
      json[destination] = aggregateAllItemData(members, destination, include, exclude).json[destination];
    } else {
      const { item } = aggregateIndividualFields(ctx, members, fields, {
        disableDotNotation,
        mergeLists: ctx.getNodeParameter('options.mergeLists', 0, false) as boolean,
        keepMissing: ctx.getNodeParameter('options.keepMissing', 0, false) as boolean,
      });
      for (const [key, value] of Object.entries(item.json)) json[key] = value;
    }
    // Lineage names every item of the group (n8n names only the first).
    const out: INodeExecutionData = { json, pairedItem: indexes.map((item) => ({ item })) };
    return includeBinaries ? addBinariesToItem(out, members, keepOnlyUnique) : out;
  });
}
