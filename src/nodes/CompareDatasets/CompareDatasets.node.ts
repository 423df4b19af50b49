// Compare Datasets: n8n-nodes-base.compareDatasets, versions 1–2.3.
import type { INodeExecutionData } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { NodeType } from '../types.ts';
import { getPath } from '../shared/path.ts';
import { isEmpty } from '../shared/isEqual.ts';
import { compareDatasetsDescription } from './description.ts';
import { findMatches } from './findMatches.ts';
import type { CompareOptions, PairToMatch } from './types.ts';

function checkMatchFieldsInput(data: IDataObject[]): PairToMatch[] {
  if (data.length === 1 && data[0].field1 === '' && data[0].field2 === '') {
    throw new Error('You need to define at least one pair of fields in "Fields to Match" to match on');
  }
  for (const [index, pair] of data.entries()) {
    if (pair.field1 === '' || pair.field2 === '') {
      throw new Error(`You need to define both fields in "Fields to Match" for pair ${index + 1},\n\t\t\t\t field 1 = '${pair.field1}'\n\t\t\t\t field 2 = '${pair.field2}'`);
    }
  }
  return data as unknown as PairToMatch[];
}

/** Items with empty JSON are left out. */
const withoutEmpty = (input: INodeExecutionData[] | undefined) => (input ?? []).filter((item) => !isEmpty(item.json));

/** Before 2.2: every match field must appear in some item of a non-empty input. */
function checkInputAndThrowError(input: INodeExecutionData[], fields: string[], noDots: boolean, label: string): INodeExecutionData[] {
  const items = withoutEmpty(input);
  if (!items.length) return items;
  for (const field of fields) {
    const present = items.some((e) => (noDots ? Object.prototype.hasOwnProperty.call(e.json, field) : getPath(e.json, field) !== undefined));
    if (!present) throw new Error(`Field '${field}' is not present in any of items in '${label}'`);
  }
  return items;
}

export const compareDatasets: NodeType = {
  kind: 'regular',
  description: compareDatasetsDescription,
  async execute(ctx) {
    const matchFields = checkMatchFieldsInput(ctx.getNodeParameter('mergeByFields.values', 0, []) as IDataObject[]);
    const options = { ...(ctx.getNodeParameter('options', 0, {}) as IDataObject), nodeVersion: ctx.getNode().typeVersion } as CompareOptions;
    if (options.nodeVersion >= 2) options.fuzzyCompare = ctx.getNodeParameter('fuzzyCompare', 0, false) as boolean;
    let input1 = ctx.getInputData(0);
    let input2 = ctx.getInputData(1);
    if (options.nodeVersion < 2.2) {
      const noDots = options.disableDotNotation || false;
      input1 = checkInputAndThrowError(input1, matchFields.map((p) => p.field1), noDots, 'Input A');
      input2 = checkInputAndThrowError(input2, matchFields.map((p) => p.field2), noDots, 'Input B');
    } else {
      input1 = withoutEmpty(input1);
      input2 = withoutEmpty(input2);
    }
    options.resolve = ctx.getNodeParameter('resolve', 0, '') as string;
    if (options.resolve === 'mix') {
      options.preferWhenMix = ctx.getNodeParameter('preferWhenMix', 0, '') as string;
      options.exceptWhenMix = ctx.getNodeParameter('exceptWhenMix', 0, '') as string;
    }
    return await findMatches(input1, input2, matchFields, options);
  },
};
