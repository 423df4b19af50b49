// Options every Set v3 mode works with.

export type IncludeMode = 'all' | 'none' | 'selected' | 'except';

export interface SetNodeOptions {
  dotNotation?: boolean;
  ignoreConversionErrors?: boolean;
  include?: IncludeMode;
  includeBinary?: boolean;
  stripBinary?: boolean;
}
