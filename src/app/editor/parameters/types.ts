import type { INodeProperties } from '../../../model/nodeTypes.ts';
import type { NodeParameters } from '../../../model/workflow.ts';

/** Everything a parameter input needs besides its own value. */
export interface ParameterContext {
  /** The node's parameters (defaults filled), for display rules that look at the root ('/x'). */
  root: NodeParameters;
  typeVersion: number;
  readOnly: boolean;
  /** Issue messages by parameter path. */
  issues: Record<string, string[]>;
}

export interface InputProps<V = unknown> {
  property: INodeProperties;
  value: V;
  onChange: (value: unknown) => void;
  /** Dotted path from the node's parameters (ids for labels and issues). */
  path: string;
  ctx: ParameterContext;
}

export function inputId(path: string): string {
  return `param-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
}
