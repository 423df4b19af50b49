// Combine by matching fields (v2 "Merge By Fields", v3 "Matching Fields"): inner, outer,
// left and right joins, or the items without a match.
import type { INodeExecutionData } from '../../../model/execution.ts';
import { addSourceField, addSuffixToEntriesKeys, findMatches } from './matchFields.ts';
import { mergeMatched } from './mergeItems.ts';
import type { ClashResolveOptions, MatchFieldsJoinMode, MatchFieldsOptions, MatchFieldsOutput, PairToMatch } from './types.ts';

export interface CombineByFieldsRequest {
  input1: INodeExecutionData[];
  input2: INodeExecutionData[];
  matchFields: PairToMatch[];
  joinMode: MatchFieldsJoinMode;
  outputDataFrom: MatchFieldsOutput;
  options: MatchFieldsOptions;
  clash: ClashResolveOptions;
  /** v2: 'preferInput2', v3: 'preferLast'. */
  preferLast: string;
  /** What "stop here" returns when an input is empty: v2 one empty output, v3 no output. */
  stopped: INodeExecutionData[][];
}

export async function combineByFields(req: CombineByFieldsRequest): Promise<INodeExecutionData[][]> {
  const { input1, input2, matchFields, joinMode, outputDataFrom, options, clash } = req;
  if (input1.length === 0 || input2.length === 0) {
    if (!input1.length && joinMode === 'keepNonMatches' && outputDataFrom === 'input1') return [[]];
    if (!input2.length && joinMode === 'keepNonMatches' && outputDataFrom === 'input2') return [[]];
    if (joinMode === 'keepMatches') return req.stopped;
    if (joinMode === 'enrichInput1' && input1.length === 0) return req.stopped;
    if (joinMode === 'enrichInput2' && input2.length === 0) return req.stopped;
    return [[...input1, ...input2]];
  }
  if (!matchFields.length) {
    return [joinMode === 'keepMatches' || joinMode === 'keepEverything' || joinMode === 'enrichInput2' ? [] : input1];
  }

  const matches = findMatches(input1, input2, matchFields, { ...options, joinMode, outputDataFrom });
  if (joinMode === 'keepMatches' || joinMode === 'keepEverything') {
    let output: INodeExecutionData[] = [];
    if (outputDataFrom === 'input1') output = matches.matched.map((m) => m.entry);
    if (outputDataFrom === 'input2') output = matches.matched2;
    if (outputDataFrom === 'both') output = await mergeMatched(matches.matched, clash, req.preferLast);
    if (joinMode === 'keepEverything') {
      const suffix = clash.resolveClash === 'addSuffix';
      const unmatched1 = suffix ? addSuffixToEntriesKeys(matches.unmatched1, '1') : matches.unmatched1;
      const unmatched2 = suffix ? addSuffixToEntriesKeys(matches.unmatched2, '2') : matches.unmatched2;
      output = [...output, ...unmatched1, ...unmatched2];
    }
    return [output];
  }
  if (joinMode === 'keepNonMatches') {
    if (outputDataFrom === 'input1') return [matches.unmatched1];
    if (outputDataFrom === 'input2') return [matches.unmatched2];
    return [[...addSourceField(matches.unmatched1, 'input1'), ...addSourceField(matches.unmatched2, 'input2')]];
  }
  // enrichInput1 / enrichInput2
  const merged = await mergeMatched(matches.matched, clash, req.preferLast, joinMode);
  const suffix = clash.resolveClash === 'addSuffix';
  const rest = joinMode === 'enrichInput1' ? matches.unmatched1 : matches.unmatched2;
  const label = joinMode === 'enrichInput1' ? '1' : '2';
  return [[...merged, ...(suffix ? addSuffixToEntriesKeys(rest, label) : rest)]];
}
