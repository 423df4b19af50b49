// Node issues for a whole workflow (spec 001 §4.1, §5): the same kernel as the server and the
// run preflight (src/model/nodeIssues.ts), over plain node records, so the issue worker can
// recompute thousands of nodes off the main thread and only for the nodes that changed.
import { computeNodeIssues, issueMessages, type KnownCredential } from '../../src/model/nodeIssues.ts';
import { versionsOf, type INodeTypeDescription } from '../../src/model/nodeTypes.ts';
import type { INode } from '../../src/model/workflow.ts';

/** What the issues of one node depend on. */
export interface IssueNodeInput {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  parameters: INode['parameters'];
  credentials?: INode['credentials'];
  disabled: boolean;
  hasPinData: boolean;
  hasRunError: boolean;
}

export interface IssueTypes {
  byName: Map<string, INodeTypeDescription[]>;
  /** The stored credentials, once the editor has them (named credentials are checked then). */
  credentials?: readonly KnownCredential[];
  /** Credential types' display names, for 'Credentials for "Basic Auth" are not set.' */
  credentialTypeNames?: Readonly<Record<string, string>>;
}

export function createIssueTypes(descriptions: INodeTypeDescription[]): IssueTypes {
  const byName = new Map<string, INodeTypeDescription[]>();
  for (const d of descriptions) {
    const list = byName.get(d.name);
    if (list) list.push(d);
    else byName.set(d.name, [d]);
  }
  return { byName };
}

export function descriptionOf(types: IssueTypes, type: string, version: number): INodeTypeDescription | undefined {
  return types.byName.get(type)?.find((d) => versionsOf(d).includes(version));
}

/** Issue lines of one node ('Parameter "URL" is required.'); empty = none. */
export function nodeIssueLines(types: IssueTypes, n: IssueNodeInput): string[] {
  const node: INode = { id: n.id, name: n.name, type: n.type, typeVersion: n.typeVersion, position: [0, 0], parameters: n.parameters ?? {}, disabled: n.disabled, credentials: n.credentials };
  const description = descriptionOf(types, n.type, n.typeVersion);
  // A type installed in other versions only: the issue names them.
  const knownVersions = description ? undefined : types.byName.get(n.type)?.flatMap(versionsOf);
  return issueMessages(computeNodeIssues(node, description, { hasPinData: n.hasPinData, hasRunError: n.hasRunError, credentials: types.credentials, credentialTypeNames: types.credentialTypeNames, knownVersions }), node);
}

/** Issue lines per node id, in input order. */
export function computeIssues(types: IssueTypes, nodes: IssueNodeInput[]): Array<[string, string[]]> {
  return nodes.map((n) => [n.id, nodeIssueLines(types, n)]);
}
