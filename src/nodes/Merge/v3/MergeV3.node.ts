// Merge versions 3–3.2: the mode router over all inputs' data.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject, INode } from '../../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions, type NodeType } from '../../types.ts';
import { preparePairedItemDataArray } from '../../shared/pairedItems.ts';
import { mergeRequiredInputs } from '../base.ts';
import { combineByFields } from '../shared/combineByFields.ts';
import { crossJoin } from '../shared/crossJoin.ts';
import { checkInput, checkMatchFieldsInput } from '../shared/matchFields.ts';
import type { ClashResolveOptions, MatchFieldsJoinMode, MatchFieldsOptions, MatchFieldsOutput } from '../shared/types.ts';
import { combineByPosition } from './byPosition.ts';
import { mergeV3Description } from './description.ts';
import { getInputs, getResolveClashOptions } from './loadOptions.ts';

function inputNames(node: INode): string[] {
  const n = Number(node.parameters?.numberInputs) || 2;
  return Array.from({ length: n }, (_, i) => `Input ${i + 1}`);
}

const clashOf = (ctx: ExecuteFunctions) => ctx.getNodeParameter('options.clashHandling.values', 0, {}) as ClashResolveOptions;

async function byFields(ctx: ExecuteFunctions, inputs: INodeExecutionData[][]): Promise<INodeExecutionData[][]> {
  const advanced = ctx.getNodeParameter('advanced', 0) as boolean;
  const raw = advanced
    ? (ctx.getNodeParameter('mergeByFields.values', 0, []) as IDataObject[])
    : (ctx.getNodeParameter('fieldsToMatchString', 0, '') as string).split(',').map((f) => ({ field1: f.trim(), field2: f.trim() }));
  const matchFields = checkMatchFieldsInput(raw);
  const joinMode = ctx.getNodeParameter('joinMode', 0) as MatchFieldsJoinMode;
  const outputDataFrom = ctx.getNodeParameter('outputDataFrom', 0, 'both') as MatchFieldsOutput;
  const options = ctx.getNodeParameter('options', 0, {}) as MatchFieldsOptions;
  let [input1, input2] = inputs;
  if (ctx.getNode().typeVersion < 2.1) {
    input1 = checkInput(input1, matchFields.map((p) => p.field1), options.disableDotNotation || false, 'Input 1');
    input2 = checkInput(input2, matchFields.map((p) => p.field2), options.disableDotNotation || false, 'Input 2');
  }
  return combineByFields({
    input1,
    input2,
    matchFields,
    joinMode,
    outputDataFrom,
    options,
    clash: joinMode !== 'keepNonMatches' ? clashOf(ctx) : {},
    preferLast: 'preferLast',
    stopped: [],
  });
}

function chooseBranch(ctx: ExecuteFunctions, inputs: INodeExecutionData[][]): INodeExecutionData[][] {
  if (ctx.getNodeParameter('chooseBranchMode', 0) !== 'waitForAll') return [[]];
  const output = ctx.getNodeParameter('output', 0) as string;
  if (output === 'specifiedInput') {
    const use = ctx.getNodeParameter('useDataOfInput', 0) as number;
    if (use > inputs.length) {
      throw new NodeOperationError(ctx.getNode(), `Input ${use} doesn't exist`, {
        description: `The node has only ${inputs.length} inputs, so selecting input ${use} is not possible.`,
      });
    }
    return [[...(inputs[use - 1] ?? [])]];
  }
  if (output === 'empty') {
    const pairedItem = [...ctx.getInputData(0), ...ctx.getInputData(1)].flatMap((i) => preparePairedItemDataArray(i.pairedItem));
    return [[{ json: {}, pairedItem }]];
  }
  return [[]];
}

export const mergeV3: NodeType = {
  kind: 'regular',
  description: mergeV3Description,
  inputsFor: inputNames,
  requiredInputsFor: mergeRequiredInputs,
  methods: { loadOptions: { getResolveClashOptions, getInputs } },
  async execute(ctx) {
    const inputs = inputNames(ctx.getNode()).map((_, i) => ctx.getInputData(i) ?? []);
    let mode = ctx.getNodeParameter('mode', 0) as string;
    if (mode === 'combine') mode = ctx.getNodeParameter('combineBy', 0) as string;
    switch (mode) {
      case 'append':
        return [inputs.flat()];
      case 'combineAll':
        return [await crossJoin(inputs[0], inputs[1], clashOf(ctx))];
      case 'combineByFields':
        return byFields(ctx, inputs);
      case 'combineByPosition': {
        const includeUnpaired = ctx.getNodeParameter('options.includeUnpaired', 0, false) as boolean;
        return [await combineByPosition(inputs, clashOf(ctx), includeUnpaired, (m) => ctx.addHint(m))];
      }
      case 'chooseBranch':
        return chooseBranch(ctx, inputs);
      case 'combineBySql':
        throw new NodeOperationError(ctx.getNode(), 'The SQL Query mode is not supported in Switchyard yet', {
          description: 'Use Combine by Matching Fields, Position or All Possible Combinations, or a Code node, to merge the inputs.',
        });
      default:
        return [[]];
    }
  },
};
