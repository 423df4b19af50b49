// Node issues of the part of a workflow that would run (spec 001 §4.1, §5; n8n's
// checkReadyForExecution): the node-issue kernel (nodeIssues.ts) once per node in scope, so the
// server refuses what the editor refuses. Pure: the caller passes the node-type lookup.
import type { INodeTypeDescription } from './nodeTypes.ts';
import type { INode, IPinData } from './workflow.ts';
import { STICKY_NODE_TYPE } from './constants.ts';
import { childNodes, parentNodes, type GraphIndex } from './graph.ts';
import { blockingIssueMessages, computeNodeIssues } from './nodeIssues.ts';

/** n8n's wording for a workflow refused because of node issues (activation and runs). */
export const WORKFLOW_HAS_ISSUES_MESSAGE = 'The workflow has issues and cannot be executed for that reason. Please fix them first.';

/** Issue lines per node name, in workflow order; empty when nothing blocks. */
export type WorkflowNodeIssues = Record<string, string[]>;

/**
 * The nodes a run would execute: with a destination, the destination and its ancestors;
 * otherwise each start node and everything downstream of it. Disabled nodes stay in the set
 * (items pass through them); the issue check skips them.
 */
export function nodesThatRun(g: GraphIndex, startNodes: string[], destinationNode?: string): Set<string> {
  if (destinationNode) return new Set([...parentNodes(g, destinationNode), destinationNode]);
  const out = new Set<string>();
  for (const start of startNodes) {
    if (!g.nodes.has(start) || out.has(start)) continue;
    out.add(start);
    for (const c of childNodes(g, start)) out.add(c);
  }
  return out;
}

export interface WorkflowIssueOptions {
  /** Only these nodes are checked (undefined: all). */
  scope?: Set<string>;
  /** Nodes with pinned data report no issues (manual runs only: production runs ignore pins). */
  pinData?: IPinData;
  /** Credential types the instance supplies when a node has none of its own (no issue then). */
  suppliedCredentials?: ReadonlySet<string>;
  /** Installed versions of a type (for the issue of a node at a version that is not installed). */
  versionsOf?: (type: string) => readonly number[] | undefined;
  /** Only nodes whose type (or version) is not installed, with that issue alone. */
  onlyTypeUnknown?: boolean;
}

/** Blocking issues (parameters, credentials, unknown type) of the nodes in scope. */
export function workflowNodeIssues(
  nodes: INode[],
  describe: (type: string, typeVersion: number) => INodeTypeDescription | undefined,
  options: WorkflowIssueOptions = {},
): WorkflowNodeIssues {
  const out: WorkflowNodeIssues = {};
  for (const node of nodes) {
    if (node.disabled || node.type === STICKY_NODE_TYPE) continue;
    if (options.scope && !options.scope.has(node.name)) continue;
    const hasPinData = !!options.pinData?.[node.name];
    const description = describe(node.type, node.typeVersion);
    if (options.onlyTypeUnknown && description) continue;
    const knownVersions = description ? undefined : options.versionsOf?.(node.type);
    const issues = computeNodeIssues(node, description, { hasPinData: hasPinData && !options.onlyTypeUnknown, knownVersions });
    if (issues?.credentials && options.suppliedCredentials?.size) {
      const credentials = Object.fromEntries(Object.entries(issues.credentials).filter(([type]) => !options.suppliedCredentials!.has(type)));
      issues.credentials = Object.keys(credentials).length ? credentials : undefined;
    }
    const lines = blockingIssueMessages(issues, node);
    if (lines.length) out[node.name] = lines;
  }
  return out;
}

/** n8n's sentence, then one 'node: issue' line each (spec 001 §5), at most maxLines of them. */
export function workflowIssuesMessage(issues: WorkflowNodeIssues, maxLines = 20): string {
  const lines = Object.entries(issues).flatMap(([node, list]) => list.map((issue) => `${node}: ${issue}`));
  const shown = lines.slice(0, maxLines);
  if (lines.length > shown.length) shown.push(`… and ${lines.length - shown.length} more`);
  return [WORKFLOW_HAS_ISSUES_MESSAGE, ...shown].join('\n');
}
