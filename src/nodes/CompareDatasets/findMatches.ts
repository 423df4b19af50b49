// Pairs input A items with input B items on the match fields, then sorts the pairs into
// same / different by comparing the other fields (n8n's CompareDatasets findMatches).
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import { getPath, setPath, unsetPath } from '../shared/path.ts';
import { fuzzyCompare, type CompareFunction } from '../shared/fuzzyCompare.ts';
import { isEmpty } from '../shared/isEqual.ts';
import { compareItems } from './compareItems.ts';
import { cloneLarge } from '../shared/deepCopy.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';
import type { CompareOptions, PairToMatch } from './types.ts';

function fieldValue(json: IDataObject, field: string, noDots: boolean): unknown {
  return noDots ? json[field] : getPath(json, field);
}

function matchingIndexes(data: INodeExecutionData[], lookup: IDataObject, noDots: boolean, equal: CompareFunction, all: boolean): number[] {
  const found: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const entry = data[i];
    if (entry === undefined) continue;
    if (Object.keys(lookup).every((key) => equal(lookup[key], fieldValue(entry.json, key, noDots)))) {
      found.push(i);
      if (!all) break;
    }
  }
  return found;
}

/**
 * "Mix": the preferred item, with the listed fields taken from the other one. Before 2.3 a
 * falsy value (0, '', false) taken over became null.
 */
async function combineItems(item1: INodeExecutionData, item2: INodeExecutionData, options: CompareOptions, noDots: boolean): Promise<INodeExecutionData> {
  const [preferred, match] = options.preferWhenMix === 'input1' ? [item1, item2] : [item2, item1];
  // A copy, so the upstream node's output is not changed (a large one cloned in slices).
  const entry = { ...preferred, json: await cloneLarge(preferred.json) };
  const fields = options.exceptWhenMix ? options.exceptWhenMix.split(',').map((f) => f.trim()) : [];
  for (const field of fields) {
    entry.json[field] = match.json[field];
    if (noDots) continue;
    const value = getPath(match.json, field);
    setPath(entry as unknown as IDataObject, `json.${field}`, (options.nodeVersion >= 2.3 ? (value ?? null) : value || null) as IDataObject[string]);
  }
  return entry;
}

async function omitFields(json: IDataObject, fields: string[], noDots: boolean): Promise<IDataObject> {
  if (noDots || !fields.some((f) => f.includes('.'))) {
    const out: IDataObject = { ...json };
    for (const f of fields) delete out[f];
    return out;
  }
  const copy = await cloneLarge(json);
  for (const f of fields) unsetPath(copy, f);
  return copy;
}

/** The loop is given back between items and pairs; large items are cloned in slices (cloneLarge). */
export async function findMatches(input1: INodeExecutionData[], input2: INodeExecutionData[], fieldsToMatch: PairToMatch[], options: CompareOptions): Promise<INodeExecutionData[][]> {
  const equal = fuzzyCompare(!!options.fuzzyCompare, options.nodeVersion);
  const noDots = options.disableDotNotation || false;
  const all = (options.multipleMatches || 'first') === 'all';
  const skipFields = (options.skipFields || '').split(',').map((f) => f.trim());
  if (noDots && skipFields.some((f) => f.includes('.'))) {
    throw new Error(`Dot notation is disabled, but field to skip comparing '${skipFields.find((f) => f.includes('.'))}' contains dot`);
  }

  const matched: Array<{ entry: INodeExecutionData; matches: INodeExecutionData[] }> = [];
  const unmatched1: INodeExecutionData[] = [];
  const matchedInInput2 = new Set<number>();
  for (const entry of input1) {
    if (sliceDue()) await yieldToLoop();
    const lookup: IDataObject = {};
    for (const pair of fieldsToMatch) lookup[pair.field2] = fieldValue(entry.json, pair.field1, noDots) as IDataObject[string];
    if (Object.values(lookup).some((v) => v === undefined)) {
      unmatched1.push(entry);
      continue;
    }
    const found = matchingIndexes(input2, lookup, noDots, equal, all);
    found.forEach((i) => matchedInInput2.add(i));
    if (found.length) matched.push({ entry, matches: found.map((i) => input2[i]) });
    else unmatched1.push(entry);
  }
  const unmatched2 = input2.filter((_, i) => !matchedInInput2.has(i));

  const same: INodeExecutionData[] = [];
  const different: INodeExecutionData[] = [];
  for (const { entry, matches } of matched) {
    let entryCopy: INodeExecutionData | undefined;
    for (const match of matches) {
      if (sliceDue()) await yieldToLoop();
      let a = entry.json;
      let b = match.json;
      if (skipFields.length) {
        a = await omitFields(a, skipFields, noDots);
        b = await omitFields(b, skipFields, noDots);
      }
      const isSame = options.fuzzyCompare ? Object.keys(a).every((key) => equal(a[key], b[key])) : equal(a, b);
      if (isSame) {
        entryCopy ??= options.fuzzyCompare && options.resolve === 'preferInput2' ? match : entry;
        continue;
      }
      switch (options.resolve) {
        case 'preferInput1':
          different.push(entry);
          break;
        case 'preferInput2':
          different.push(match);
          break;
        case 'mix':
          different.push(await combineItems(entry, match, options, noDots));
          break;
        default:
          different.push(await compareItems(entry, match, fieldsToMatch, options, skipFields, equal));
      }
    }
    if (entryCopy && !isEmpty(entryCopy)) same.push(entryCopy);
  }
  return [unmatched1, same, different, unmatched2];
}
