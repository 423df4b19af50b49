// Matching items of two inputs on field pairs (n8n's Merge findMatches): each input-1 item
// is paired with all (or the first) input-2 items whose fields are equal (fuzzy optional).
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { getPath } from '../../shared/path.ts';
import { fuzzyCompare, type CompareFunction } from '../../shared/fuzzyCompare.ts';
import type { EntryMatches, MatchFieldsOptions, PairToMatch } from './types.ts';

export class MergeInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApplicationError';
  }
}

function fieldValue(json: IDataObject, field: string, disableDotNotation: boolean): unknown {
  return disableDotNotation ? json[field] : getPath(json, field);
}

function matchesLookup(entry: INodeExecutionData | undefined, lookup: IDataObject, disableDotNotation: boolean, equal: CompareFunction): boolean {
  if (entry === undefined) return false;
  for (const key of Object.keys(lookup)) {
    if (!equal(lookup[key], fieldValue(entry.json, key, disableDotNotation))) return false;
  }
  return true;
}

export function findMatches(input1: INodeExecutionData[], input2: INodeExecutionData[], fieldsToMatch: PairToMatch[], options: MatchFieldsOptions) {
  const equal = fuzzyCompare(!!options.fuzzyCompare);
  const disableDotNotation = options.disableDotNotation || false;
  const multipleMatches = options.multipleMatches || 'all';
  const result = {
    matched: [] as EntryMatches[],
    matched2: [] as INodeExecutionData[],
    unmatched1: [] as INodeExecutionData[],
    unmatched2: [] as INodeExecutionData[],
  };
  const matchedInInput2 = new Set<number>();

  for (const entry1 of input1) {
    const lookup: IDataObject = {};
    for (const pair of fieldsToMatch) lookup[pair.field2] = fieldValue(entry1.json, pair.field1, disableDotNotation) as IDataObject[string];
    if (Object.values(lookup).some((v) => v === undefined)) {
      result.unmatched1.push(entry1);
      continue;
    }
    const found: number[] = [];
    for (let i = 0; i < input2.length; i++) {
      if (!matchesLookup(input2[i], lookup, disableDotNotation, equal)) continue;
      found.push(i);
      if (multipleMatches !== 'all') break;
    }
    for (const i of found) matchedInInput2.add(i);
    const matches = found.map((i) => input2[i]);
    if (!matches.length) {
      result.unmatched1.push(entry1);
    } else if (options.outputDataFrom === 'both' || options.joinMode === 'enrichInput1' || options.joinMode === 'enrichInput2') {
      for (const match of matches) result.matched.push({ entry: entry1, matches: [match] });
    } else {
      result.matched.push({ entry: entry1, matches });
    }
  }
  input2.forEach((entry, i) => (matchedInInput2.has(i) ? result.matched2 : result.unmatched2).push(entry));
  return result;
}

export function checkMatchFieldsInput(data: IDataObject[]): PairToMatch[] {
  if (data.length === 1 && data[0].field1 === '' && data[0].field2 === '') {
    throw new MergeInputError('You need to define at least one pair of fields in "Fields to Match" to match on');
  }
  for (const [index, pair] of data.entries()) {
    if (pair.field1 === '' || pair.field2 === '') {
      throw new MergeInputError(
        `You need to define both fields in "Fields to Match" for pair ${index + 1},\n\t\t\t\t field 1 = '${pair.field1}'\n\t\t\t\t field 2 = '${pair.field2}'`,
      );
    }
  }
  return data as unknown as PairToMatch[];
}

/** Before 2.1, every match field must be present in at least one item of the input. */
export function checkInput(input: INodeExecutionData[], fields: string[], disableDotNotation: boolean, inputLabel: string): INodeExecutionData[] {
  for (const field of fields) {
    const present = (input || []).some((entry) =>
      disableDotNotation ? Object.prototype.hasOwnProperty.call(entry.json, field) : getPath(entry.json, field) !== undefined,
    );
    if (!present) throw new MergeInputError(`Field '${field}' is not present in any of items in '${inputLabel}'`);
  }
  return input;
}

export function addSuffixToEntriesKeys(data: INodeExecutionData[], suffix: string): INodeExecutionData[] {
  return data.map((entry) => {
    const json: IDataObject = {};
    for (const key of Object.keys(entry.json)) json[`${key}_${suffix}`] = entry.json[key];
    return { ...entry, json };
  });
}

export function addSourceField(data: INodeExecutionData[], sourceField: string): INodeExecutionData[] {
  return data.map((entry) => ({ ...entry, json: { ...entry.json, _source: sourceField } }));
}
