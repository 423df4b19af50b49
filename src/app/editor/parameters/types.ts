import type { INodeProperties } from '../../../model/nodeTypes.ts';
import type { NodeParameters } from '../../../model/workflow.ts';

/** The node whose parameters are edited: what remote options and list searches send to the server. */
export interface ParameterNode {
  /** Node type name, e.g. 'n8n-nodes-base.switch'. */
  type: string;
  /** The type's properties (top level): reloadOnChange is read from them. */
  properties: INodeProperties[];
  credentials?: Record<string, { id?: string | null; name: string }>;
  /** When the chosen credentials were last saved: their options load again after a save (a key fixed). */
  credentialsStamp?: string;
}

/** Everything a parameter input needs besides its own value. */
export interface ParameterContext {
  /** The node's parameters (defaults filled), for display rules that look at the root ('/x'). */
  root: NodeParameters;
  typeVersion: number;
  readOnly: boolean;
  /** Issue messages by parameter path. */
  issues: Record<string, string[]>;
  /** Absent outside a node (credential forms): remote options then use the static ones. */
  node?: ParameterNode;
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
