// Where Execute Workflow gets the workflow to run: inline JSON, or the workflow store by id.
// Local files and URLs are not offered by Switchyard's runtime and fail clearly.
import type { IWorkflowBase, INode } from '../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../types.ts';
import { workflowIdFromUrl } from './listSearch.ts';

const TRIGGER_TYPE = 'n8n-nodes-base.executeWorkflowTrigger';

function parseWorkflowJson(ctx: ExecuteFunctions, value: unknown): IWorkflowBase {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new NodeOperationError(ctx.getNode(), 'The workflow JSON is not valid JSON', { description: 'Paste a workflow exported as JSON into "Workflow JSON".' });
    }
  }
  const wf = parsed as Partial<IWorkflowBase> | null;
  if (!wf || typeof wf !== 'object' || !Array.isArray(wf.nodes)) {
    throw new NodeOperationError(ctx.getNode(), 'The workflow JSON has no "nodes" list');
  }
  return { name: 'Sub-workflow', active: false, connections: {}, ...wf } as IWorkflowBase;
}

export async function loadSubWorkflow(ctx: ExecuteFunctions, source: string, itemIndex: number): Promise<IWorkflowBase> {
  if (source === 'parameter') return parseWorkflowJson(ctx, ctx.getNodeParameter('workflowJson', itemIndex));
  if (source === 'database') {
    // v1 stores the id as a string, later versions as a resource locator {__rl, value, mode}.
    // A locator in 'url' mode holds the workflow's address; the id is its /workflow/<id> segment.
    const locator = ctx.getNodeParameter('workflowId', itemIndex, '');
    const raw = String(ctx.getNodeParameter('workflowId', itemIndex, '', { extractValue: true }) ?? '').trim();
    const isUrl = !!locator && typeof locator === 'object' && (locator as { mode?: unknown }).mode === 'url';
    const id = isUrl ? (workflowIdFromUrl(raw) ?? raw) : raw;
    if (!ctx.loadWorkflow) throw new NodeOperationError(ctx.getNode(), 'Workflows can not be loaded by ID here', { description: 'This run has no workflow store; use the source "Parameter".' });
    try {
      return await ctx.loadWorkflow(id);
    } catch (e) {
      // The store's message as n8n shows it ("Workflow does not exist."), with the id asked for.
      throw new NodeOperationError(ctx.getNode(), (e as Error).message, { description: `Workflow ID: "${id}"`, itemIndex });
    }
  }
  if (source === 'localFile' || source === 'url') {
    throw new NodeOperationError(ctx.getNode(), `The source "${source === 'url' ? 'URL' : 'Local File'}" is not supported in Switchyard`, {
      description: 'Use the source "Database" or "Parameter".',
    });
  }
  throw new NodeOperationError(ctx.getNode(), `The source "${source}" is not known`);
}

/** The sub-workflow starts at its Execute Workflow Trigger when it has one. */
export function startNodeOf(workflow: IWorkflowBase): string | undefined {
  return (workflow.nodes as INode[]).find((n) => n.type === TRIGGER_TYPE && !n.disabled)?.name;
}
