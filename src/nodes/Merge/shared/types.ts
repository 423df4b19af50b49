// Option shapes of Merge's combine modes (n8n's MatchFieldsOptions, ClashResolveOptions).
import type { INodeExecutionData } from '../../../model/execution.ts';

export type MatchFieldsJoinMode = 'keepEverything' | 'keepMatches' | 'keepNonMatches' | 'enrichInput2' | 'enrichInput1';
export type MatchFieldsOutput = 'both' | 'input1' | 'input2';

export interface MatchFieldsOptions {
  joinMode?: MatchFieldsJoinMode;
  outputDataFrom?: MatchFieldsOutput;
  multipleMatches?: string;
  disableDotNotation?: boolean;
  fuzzyCompare?: boolean;
}

export interface ClashResolveOptions {
  resolveClash?: string;
  mergeMode?: string;
  overrideEmpty?: boolean;
}

export interface PairToMatch {
  field1: string;
  field2: string;
}

export interface EntryMatches {
  entry: INodeExecutionData;
  matches: INodeExecutionData[];
}
