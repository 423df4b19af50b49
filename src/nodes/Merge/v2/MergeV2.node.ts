// Merge versions 2 and 2.1: append, combine (by fields, by position, cross join) and choose
// branch. 2.1 no longer requires the match fields to exist in the inputs.
import type { INodeExecutionData, IPairedItemData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import type { ExecuteFunctions, NodeType } from '../../types.ts';
import { preparePairedItemDataArray } from '../../shared/pairedItems.ts';
import { mergeRequiredInputs } from '../base.ts';
import { combineByFields } from '../shared/combineByFields.ts';
import { crossJoin } from '../shared/crossJoin.ts';
import { addSuffixToEntriesKeys, checkInput, checkMatchFieldsInput } from '../shared/matchFields.ts';
import { mergeBinary, selectMergeMethod } from '../shared/mergeItems.ts';
import type { ClashResolveOptions, MatchFieldsJoinMode, MatchFieldsOptions, MatchFieldsOutput } from '../shared/types.ts';
import { mergeV2Description } from './description.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

const clashOf = (ctx: ExecuteFunctions) => ctx.getNodeParameter('options.clashHandling.values', 0, {}) as ClashResolveOptions;

async function byPosition(ctx: ExecuteFunctions): Promise<INodeExecutionData[]> {
  const clash = clashOf(ctx);
  const includeUnpaired = ctx.getNodeParameter('options.includeUnpaired', 0, false) as boolean;
  let input1 = ctx.getInputData(0);
  let input2 = ctx.getInputData(1);
  // If one input is empty, the other input's data goes through.
  if (input1.length === 0 || input2.length === 0) return [...input1, ...input2];
  if (clash.resolveClash === 'preferInput1') [input1, input2] = [input2, input1];
  if (clash.resolveClash === 'addSuffix') {
    input1 = addSuffixToEntriesKeys(input1, '1');
    input2 = addSuffixToEntriesKeys(input2, '2');
  }
  const count = includeUnpaired ? Math.max(input1.length, input2.length) : Math.min(input1.length, input2.length);
  const mergeInto = selectMergeMethod(clash);
  const out: INodeExecutionData[] = [];
  for (let i = 0; i < count; i++) {
    if (sliceDue()) await yieldToLoop();
    if (i >= input1.length) {
      out.push(input2[i]);
      continue;
    }
    if (i >= input2.length) {
      out.push(input1[i]);
      continue;
    }
    const [a, b] = [input1[i], input2[i]];
    out.push({
      json: { ...(await mergeInto(a.json, b.json)) } as IDataObject,
      binary: { ...mergeBinary(a.binary, b.binary) },
      pairedItem: [a.pairedItem as IPairedItemData, b.pairedItem as IPairedItemData],
    });
  }
  return out;
}

async function byFields(ctx: ExecuteFunctions): Promise<INodeExecutionData[][]> {
  const matchFields = checkMatchFieldsInput(ctx.getNodeParameter('mergeByFields.values', 0, []) as IDataObject[]);
  const joinMode = ctx.getNodeParameter('joinMode', 0) as MatchFieldsJoinMode;
  const outputDataFrom = ctx.getNodeParameter('outputDataFrom', 0, 'both') as MatchFieldsOutput;
  const options = ctx.getNodeParameter('options', 0, {}) as MatchFieldsOptions;
  let input1 = ctx.getInputData(0);
  let input2 = ctx.getInputData(1);
  if (ctx.getNode().typeVersion < 2.1) {
    const noDots = options.disableDotNotation || false;
    input1 = checkInput(input1, matchFields.map((p) => p.field1), noDots, 'Input 1');
    input2 = checkInput(input2, matchFields.map((p) => p.field2), noDots, 'Input 2');
  }
  const needsClash = joinMode !== 'keepNonMatches';
  return combineByFields({
    input1,
    input2,
    matchFields,
    joinMode,
    outputDataFrom,
    options,
    clash: needsClash ? clashOf(ctx) : {},
    preferLast: 'preferInput2',
    stopped: [[]],
  });
}

export const mergeV2: NodeType = {
  kind: 'regular',
  description: mergeV2Description,
  requiredInputsFor: mergeRequiredInputs,
  async execute(ctx) {
    const mode = ctx.getNodeParameter('mode', 0) as string;
    if (mode === 'append') return [[...ctx.getInputData(0), ...ctx.getInputData(1)]];
    if (mode === 'combine') {
      const combinationMode = ctx.getNodeParameter('combinationMode', 0) as string;
      if (combinationMode === 'multiplex') return [await crossJoin(ctx.getInputData(0), ctx.getInputData(1), clashOf(ctx))];
      if (combinationMode === 'mergeByPosition') return [await byPosition(ctx)];
      if (combinationMode === 'mergeByFields') return byFields(ctx);
      return [[]];
    }
    if (mode === 'chooseBranch' && ctx.getNodeParameter('chooseBranchMode', 0) === 'waitForBoth') {
      const output = ctx.getNodeParameter('output', 0) as string;
      if (output === 'input1') return [ctx.getInputData(0)];
      if (output === 'input2') return [ctx.getInputData(1)];
      if (output === 'empty') {
        const pairedItem = [...ctx.getInputData(0), ...ctx.getInputData(1)].flatMap((i) => preparePairedItemDataArray(i.pairedItem));
        return [[{ json: {}, pairedItem }]];
      }
    }
    return [[]];
  },
};
