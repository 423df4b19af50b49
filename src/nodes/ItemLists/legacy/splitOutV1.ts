// Item Lists v1 "Split Out Items": one field, which must hold a list.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { fieldNames } from '../../shared/items/fieldList.ts';
import { fieldGetter } from '../../shared/items/fieldAccess.ts';
import { unsetPath } from '../../shared/path.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

const NESTED_HINT = "If you're trying to use a nested field, make sure you turn off 'disable dot notation' in the node options";

export async function splitOutV1(ctx: ExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
  const node = ctx.getNode();
  const out: INodeExecutionData[] = [];
  for (let i = 0; i < items.length; i++) {
    if (sliceDue()) await yieldToLoop();
    const fieldToSplitOut = ctx.getNodeParameter('fieldToSplitOut', i) as string;
    const disableDotNotation = ctx.getNodeParameter('options.disableDotNotation', 0, false) as boolean;
    const destinationFieldName = ctx.getNodeParameter('options.destinationFieldName', i, '') as string;
    const include = ctx.getNodeParameter('include', i) as string;
    const get = fieldGetter(disableDotNotation);
    const json = items[i].json;
    const list = get(json, fieldToSplitOut);
    if (list === undefined) {
      const nested = fieldToSplitOut.includes('.') && disableDotNotation;
      throw new NodeOperationError(node, `Couldn't find the field '${fieldToSplitOut}' in the input data`, nested ? { description: NESTED_HINT } : { itemIndex: i });
    }
    if (!Array.isArray(list)) throw new NodeOperationError(node, `The provided field '${fieldToSplitOut}' is not an array`, { itemIndex: i });
    for (const element of list) {
      let newItem: IDataObject = {};
      if (include === 'selectedOtherFields') {
        const fields = fieldNames(ctx.getNodeParameter('fieldsToInclude.fields', i, []));
        if (!fields.length) throw new NodeOperationError(node, 'No fields specified', { description: 'Please add a field to include' });
        for (const field of fields) if (field !== fieldToSplitOut) newItem[field] = get(json, field) as IDataObject;
      } else if (include === 'allOtherFields') {
        for (const key of Object.keys(json)) newItem[key] = get(json, key) as IDataObject;
        unsetPath(newItem, fieldToSplitOut);
      }
      if (typeof element === 'object' && include === 'noOtherFields' && destinationFieldName === '') newItem = { ...newItem, ...(element as IDataObject) };
      else newItem = { ...newItem, [destinationFieldName || fieldToSplitOut]: element as IDataObject };
      out.push({ json: newItem, pairedItem: { item: i } });
    }
  }
  return out;
}
