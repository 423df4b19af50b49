// The server's node-issue check (spec 001 §4.1, §5): the editor's kernel over our node registry,
// for activation and manual runs. Credential types the instance itself supplies (Send Email's
// 'smtp' from SWITCHYARD_SMTP_HOST) are not missing when a node has none of its own.
import type { INode } from '../model/workflow.ts';
import type { NodeTypeRegistry } from '../nodes/types.ts';
import type { ServerConfig } from './config.ts';
import { workflowNodeIssues, type WorkflowIssueOptions, type WorkflowNodeIssues } from '../model/workflowIssues.ts';
import { versionsOf } from '../model/nodeTypes.ts';

export type NodeIssueCheck = (nodes: INode[], options: Omit<WorkflowIssueOptions, 'suppliedCredentials' | 'versionsOf'>) => WorkflowNodeIssues;

export function createNodeIssueCheck(nodeTypes: NodeTypeRegistry, config: Pick<ServerConfig, 'smtpHost'>): NodeIssueCheck {
  const supplied = new Set(config.smtpHost ? ['smtp'] : []);
  // A type is described once per group of versions; a node at a version none has is unknown
  // (n8n resolves node types by exact version), and its issue names the installed versions.
  let versions = new Map<string, number[]>();
  let generation: number | undefined = -1;
  const describe = (type: string, version: number) => nodeTypes.get(type, version)?.description;
  return (nodes, options) => {
    // Installed community packages change the set of types (NodeTypeRegistry.generation).
    if (generation !== nodeTypes.generation) {
      generation = nodeTypes.generation;
      versions = new Map();
      for (const d of nodeTypes.descriptions()) versions.set(d.name, [...(versions.get(d.name) ?? []), ...versionsOf(d)]);
    }
    return workflowNodeIssues(nodes, describe, { ...options, suppliedCredentials: supplied, versionsOf: (type) => versions.get(type) });
  };
}
