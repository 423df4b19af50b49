// Building the output item: which input fields and binary data it keeps, then the new fields.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import type { ExecuteFunctions } from '../../types.ts';
import { deepCopy } from '../../shared/deepCopy.ts';
import { fieldHelper } from './fieldHelper.ts';
import type { SetNodeOptions } from './options.ts';

function fieldList(ctx: ExecuteFunctions, name: string, itemIndex: number): string[] {
  return String(ctx.getNodeParameter(name, itemIndex))
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f);
}

export function composeReturnItem(
  ctx: ExecuteFunctions,
  itemIndex: number,
  inputItem: INodeExecutionData,
  newFields: IDataObject,
  options: SetNodeOptions,
  nodeVersion: number,
): INodeExecutionData {
  const newItem: INodeExecutionData = { json: {}, pairedItem: { item: itemIndex } };
  // 3.4 keeps binary data with the other input fields unless told to strip it; before, only on request.
  const includeBinary = nodeVersion >= 3.4 ? !options.stripBinary && options.include !== 'none' : !!options.includeBinary;
  if (includeBinary && inputItem.binary !== undefined) newItem.binary = { ...inputItem.binary };

  const fields = fieldHelper(options.dotNotation);
  switch (options.include) {
    case 'all':
      newItem.json = deepCopy(inputItem.json);
      break;
    case 'selected':
      for (const key of fieldList(ctx, 'includeFields', itemIndex)) {
        const value = fields.get(inputItem.json, key);
        // A nested field lands under its last name segment.
        const target = options.dotNotation !== false && key.includes('.') ? (key.split('.').pop() as string) : key;
        fields.set(newItem.json, target, value);
      }
      break;
    case 'except': {
      const copy = deepCopy(inputItem.json);
      for (const key of fieldList(ctx, 'excludeFields', itemIndex)) fields.unset(copy, key);
      newItem.json = copy;
      break;
    }
    case 'none':
      break;
    default:
      throw new Error(`The include option "${String(options.include)}" is not known!`);
  }
  for (const key of Object.keys(newFields)) fields.set(newItem.json, key, newFields[key]);
  return newItem;
}
