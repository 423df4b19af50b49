// The checks a workflow passes before it is stored or run, beyond its JSON schema: the shared
// workflow rules (src/model/validateWorkflow.ts) against our node registry, and the size limit.
import type { INode, IWorkflowBase } from '../../model/workflow.ts';
import { checkWorkflowPayloadSize, formatWorkflowIssues, validateWorkflow, type NodeTypeVersions } from '../../model/validateWorkflow.ts';
import { newId, validateWorkflowName } from '../../model/names.ts';
import { versionsOf } from '../../model/nodeTypes.ts';
import type { NodeTypeRegistry } from '../../nodes/types.ts';
import { BadRequestError, PayloadTooLargeError } from '../errors.ts';

export function registryVersions(registry: NodeTypeRegistry): NodeTypeVersions {
  const map = new Map<string, number[]>();
  // A type may be described more than once (one description per group of versions).
  for (const d of registry.descriptions()) map.set(d.name, [...(map.get(d.name) ?? []), ...versionsOf(d)]);
  return { versions: (type) => map.get(type) };
}

/** What is checked and measured: the parts of a workflow that get stored or run. */
type WorkflowParts = Pick<IWorkflowBase, 'nodes' | 'connections'> & { settings?: unknown; pinData?: unknown };

/** Throws 400 naming every problem found (bounded), or 413 when the workflow is too large. */
export function assertValidWorkflow(workflow: WorkflowParts, types: NodeTypeVersions, prefix: string): void {
  const tooLarge = checkWorkflowPayloadSize(JSON.stringify(workflow));
  if (tooLarge) throw new PayloadTooLargeError(tooLarge);
  const issues = validateWorkflow(workflow, { nodeTypes: types });
  if (issues.length > 0) throw new BadRequestError(formatWorkflowIssues(issues, prefix));
}

export function cleanWorkflowName(name: unknown, field: string): string {
  const problem = validateWorkflowName(name);
  if (problem) throw new BadRequestError(`${field}: ${problem}`);
  return (name as string).trim();
}

/** Older n8n exports have nodes without ids or parameters; fill them in as n8n's import does. */
export function normaliseNodes(nodes: INode[]): INode[] {
  return nodes.map((n) => {
    if (typeof n.id === 'string' && n.id !== '' && n.parameters) return n;
    return { ...n, id: typeof n.id === 'string' && n.id !== '' ? n.id : newId(), parameters: n.parameters ?? {} };
  });
}
