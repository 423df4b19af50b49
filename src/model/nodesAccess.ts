// 'Allow use by' (n8n's nodesAccess, spec 002 §2 Details tab): which node types may use a
// credential. The rules, as n8n applied them while it had nodesAccess:
// - a credential created without a list gets every node type that can use its type: the node
//   types whose description lists it, those with a credentialsSelect parameter offering it
//   (HTTP Request's generic and predefined authentication), and the type's supportedNodes;
// - an empty list (a credential imported from an older instance, or made through the API with
//   `nodesAccess: []`) allows every node type;
// - otherwise only the listed node types may use it: the run refuses the others and the editor
//   shows a node issue.
// Pure: used by the server (default list, run-time check), the editor's issues and tests.
import type { ICredentialType } from './credentialTypes.ts';
import type { INodeTypeDescription } from './nodeTypes.ts';
import { nodeTypesUsingCredential } from './nodeCredentials.ts';

export interface NodeAccessEntry {
  nodeType: string;
  date?: string;
}

/** The node type names a new credential of this type allows when no list is given. */
export function defaultNodesAccess(credentialType: string, descriptions: readonly INodeTypeDescription[], types: readonly ICredentialType[]): string[] {
  const names = new Set(nodeTypesUsingCredential(credentialType, descriptions, types).map((d) => d.name));
  for (const n of types.find((t) => t.name === credentialType)?.supportedNodes ?? []) names.add(n);
  return [...names].sort();
}

/** Whether a node of `nodeType` may use a credential with this list (empty = every node type). */
export function nodeTypeAllowed(nodesAccess: readonly NodeAccessEntry[] | undefined, nodeType: string): boolean {
  return !nodesAccess || nodesAccess.length === 0 || nodesAccess.some((a) => a.nodeType === nodeType);
}

/** The node issue line (editor) for a node whose type the credential does not allow. */
export function nodeAccessIssue(nodeType: string, credentialName: string): string {
  return `Node type "${nodeType}" is not allowed to use credential "${credentialName}".`;
}

/** The run's error: names the node, its type, the credential, and how to allow it. */
export function nodeAccessRefusal(nodeName: string, nodeType: string, credentialName: string): string {
  return (
    `Node "${nodeName}": node type "${nodeType}" is not allowed to use credential "${credentialName}". ` +
    `To allow it, open the credential, go to its Details tab and tick the node under 'Allow use by'.`
  );
}
