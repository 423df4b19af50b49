// Option shapes Compare Datasets passes around.
export interface PairToMatch {
  field1: string;
  field2: string;
}

export interface CompareOptions {
  nodeVersion: number;
  fuzzyCompare?: boolean;
  disableDotNotation?: boolean;
  multipleMatches?: string;
  skipFields?: string;
  resolve?: string;
  preferWhenMix?: string;
  exceptWhenMix?: string;
}
