// The checks a workflow passes before it is stored or run, beyond its JSON schema: the shared
// workflow rules (src/model/validateWorkflow.ts) and the size limit. Node types this instance
// does not have are not refused (issue 10): they are node issues that block runs and activation.
import { stringifySliced } from '../slicedJson.ts';
import type { IConnections, INode, IWorkflowBase } from '../../model/workflow.ts';
import { checkWorkflowPayloadSize, formatWorkflowIssues, validateWorkflow, type NodeTypeVersions } from '../../model/validateWorkflow.ts';
import { dropDanglingConnections, danglingConnectionsNotice } from '../../model/danglingConnections.ts';
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

/**
 * Throws 400 naming every problem found (bounded), or 413 when the workflow is too large. The
 * size is measured on the workflow's JSON, written in slices: pinned data can be megabytes.
 */
export async function assertValidWorkflow(workflow: WorkflowParts, prefix: string): Promise<void> {
  const tooLarge = checkWorkflowPayloadSize((await stringifySliced(workflow)) ?? '');
  if (tooLarge) throw new PayloadTooLargeError(tooLarge);
  const issues = validateWorkflow(workflow);
  if (issues.length > 0) throw new BadRequestError(formatWorkflowIssues(issues, prefix));
}

/**
 * The connections without those that name a node `nodes` does not contain (n8n files cut from a
 * larger workflow have them), and the notice that says which were dropped.
 */
export function withoutDanglingConnections(connections: IConnections, nodes: readonly INode[]): { connections: IConnections; notice?: string } {
  if (typeof connections !== 'object' || connections === null) return { connections };
  const names = new Set<string>();
  for (const n of nodes) if (n && typeof n.name === 'string') names.add(n.name);
  const r = dropDanglingConnections(connections, (name) => names.has(name));
  return { connections: r.connections, notice: danglingConnectionsNotice(r.dropped) };
}

export function cleanWorkflowName(name: unknown, field: string): string {
  const problem = validateWorkflowName(name);
  if (problem) throw new BadRequestError(`${field}: ${problem}`);
  return (name as string).trim();
}

/**
 * Older n8n exports have nodes without ids (or with null) or parameters; fill them in as n8n's
 * import does (addNodeIds). Every other field stays as sent.
 */
export function normaliseNodes(nodes: INode[]): INode[] {
  return nodes.map((n) => {
    if (typeof n.id === 'string' && n.id !== '' && n.parameters) return n;
    return { ...n, id: typeof n.id === 'string' && n.id !== '' ? n.id : newId(), parameters: n.parameters ?? {} };
  });
}

/** Hours, minutes and seconds of a number of seconds (the settings dialog's inputs). */
export function toHMS(total: number): { hours: number; minutes: number; seconds: number } {
  if (!(total > 0)) return { hours: 0, minutes: 0, seconds: 0 };
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

export const TIMEOUT_ZERO = 'Timeout is activated but set to 0';
export const timeoutAboveMaximum = (max: number): string => {
  const { hours, minutes, seconds } = toHMS(max);
  return `The timeout is longer than allowed. Maximum Timeout is: ${hours} hours, ${minutes} minutes, ${seconds} seconds`;
};

/**
 * Spec 001 §5: a workflow's executionTimeout may not be 0 (the switch on with nothing set) nor
 * above the instance maximum. Checked on update only, and only a value the request changes: a
 * workflow stored under a larger maximum stays saveable, and an n8n file is imported as it was
 * kept (issue 10). Runs are capped to the maximum either way (executions/policy.ts).
 */
export function assertExecutionTimeout(settings: unknown, stored: unknown, max: number): void {
  const timeout = (settings as { executionTimeout?: unknown } | null | undefined)?.executionTimeout;
  if (typeof timeout !== 'number') return;
  if (timeout === (stored as { executionTimeout?: unknown } | null | undefined)?.executionTimeout) return;
  if (timeout === 0) throw new BadRequestError(`body/settings/executionTimeout: ${TIMEOUT_ZERO}`);
  if (timeout > max) throw new BadRequestError(`body/settings/executionTimeout: ${timeoutAboveMaximum(max)}`);
}
