// Turning lists inside an item into items (Split Out, Item Lists "Split Out Items" from 2.2):
// one or more comma-separated fields split side by side; objects split into their values;
// a single value becomes one item; `$binary` splits the binary data.
import type { IBinaryData, INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { deepCopyLarge } from '../deepCopy.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';
import { unsetPath } from '../path.ts';
import { fieldGetter, isUnsafePath, setPath } from './fieldAccess.ts';

export type IncludeMode = 'noOtherFields' | 'allOtherFields' | 'selectedOtherFields';

export interface SplitOutRules {
  /** Item Lists 3 / Split Out: "$json.a" means "a", "$binary" splits binary data, includeBinary option. */
  modern: boolean;
  /** Split Out: a dotted destination field name writes a nested field. */
  destinationDotNotation?: boolean;
}

export interface SplitOutParams {
  fieldsToSplitOut: string[];
  destinationFields: string[];
  include: IncludeMode;
  disableDotNotation: boolean;
  includeBinary: boolean;
  /** Read lazily: only "Selected Other Fields" needs it. */
  fieldsToInclude: () => string[];
}

export interface SplitOutResult {
  items: INodeExecutionData[];
  /** Fields to split out, each with whether any item had it. */
  seen: Map<string, boolean>;
}

/**
 * The items one input item splits into. "All other fields" copies the item once without the
 * split fields and gives each new item its own copy of that (n8n copies the whole item per new
 * item, then removes the split fields: the same result, but a large list was copied once per
 * element); copies of large data are made in slices with the loop free (deepCopyLarge).
 */
export async function splitOutItem(ctx: ExecuteFunctions, input: INodeExecutionData, itemIndex: number, p: SplitOutParams, rules: SplitOutRules, seen: Map<string, boolean>): Promise<INodeExecutionData[]> {
  const node = ctx.getNode();
  if (p.destinationFields.length && p.destinationFields.length !== p.fieldsToSplitOut.length) {
    throw new NodeOperationError(node, 'If multiple fields to split out are given, the same number of destination fields must be given');
  }
  const get = fieldGetter(p.disableDotNotation);
  const multiSplit = p.fieldsToSplitOut.length > 1;
  const item: IDataObject = { ...input.json };
  const splitted: INodeExecutionData[] = [];

  p.fieldsToSplitOut.forEach((fieldToSplitOut, entryIndex) => {
    let destination = p.destinationFields[entryIndex] || '';
    // A destination naming a prototype key is ignored: the value stays under its own name.
    if (destination && isUnsafePath(destination)) destination = '';
    const isBinary = rules.modern && fieldToSplitOut === '$binary';
    let entries: unknown[];
    if (isBinary) {
      entries = Object.entries(input.binary ?? {}).map(([key, value]) => ({ [key]: value }));
    } else {
      let value = get(item, fieldToSplitOut);
      seen.set(fieldToSplitOut, (seen.get(fieldToSplitOut) ?? false) || value !== undefined);
      if (value === undefined) value = [];
      if (typeof value !== 'object' || value === null) value = [value];
      entries = Array.isArray(value) ? value : Object.values(value as IDataObject);
    }
    entries.forEach((element, elementIndex) => {
      splitted[elementIndex] ??= { json: {}, pairedItem: { item: itemIndex } };
      const entry = splitted[elementIndex];
      if (isBinary) {
        entry.binary ??= {};
        const [key, value] = Object.entries(element as Record<string, IBinaryData>)[0];
        entry.binary[key] = value;
        return;
      }
      const fieldName = destination || fieldToSplitOut;
      if (typeof element === 'object' && element !== null && p.include === 'noOtherFields' && destination === '' && !multiSplit) {
        entry.json = { ...entry.json, ...(element as IDataObject) };
      } else if (rules.destinationDotNotation && destination && !p.disableDotNotation) {
        setPath(entry.json, fieldName, element);
      } else {
        entry.json[fieldName] = element as IDataObject;
      }
    });
  });

  let others: IDataObject | undefined;
  if (p.include === 'allOtherFields' && splitted.length) {
    others = await deepCopyLarge(item);
    for (const field of p.fieldsToSplitOut) {
      if (!p.disableDotNotation) unsetPath(others, field);
      else delete others[field];
    }
  }
  for (let e = 0; e < splitted.length; e++) {
    const entry = splitted[e];
    if (others !== undefined) {
      if (sliceDue()) await yieldToLoop();
      // The first new item takes the copy made above, each next one a copy of it.
      const copy = e === 0 ? others : await deepCopyLarge(others);
      entry.json = rules.destinationDotNotation ? mergeDeep(copy, entry.json) : { ...copy, ...entry.json };
    }
    if (p.include === 'selectedOtherFields') {
      const fields = p.fieldsToInclude();
      if (!fields.length) throw new NodeOperationError(node, 'No fields specified', { description: 'Please add a field to include' });
      for (const field of fields) entry.json[field] = get(item, field) as IDataObject;
    }
    if (rules.modern && p.includeBinary && input.binary && !entry.binary) entry.binary = input.binary;
  }
  return splitted;
}

/** Other fields under the split values; a nested destination merges into an object of the same name. */
function mergeDeep(base: IDataObject, top: IDataObject): IDataObject {
  const out: IDataObject = { ...base };
  for (const [key, value] of Object.entries(top)) {
    const current = out[key];
    const bothObjects = [current, value].every((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
    out[key] = bothObjects ? mergeDeep(current as IDataObject, value as IDataObject) : value;
  }
  return out;
}
