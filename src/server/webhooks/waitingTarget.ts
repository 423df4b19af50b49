// Which waiting execution and Wait node a /webhook-waiting/{id}[/suffix] call resumes, with the
// answers n8n gives when it cannot: unknown execution, finished or running, wrong method/suffix.
import type { IExecution } from '../../model/execution.ts';
import type { INode } from '../../model/workflow.ts';
import type { WebhookSettings } from '../../nodes/Webhook/settings.ts';
import { waitWebhookSettings } from '../../nodes/Wait/Wait.node.ts';
import type { ServerContext } from '../context.ts';
import { errorReply, type WebhookReply } from './respond.ts';

export const WAIT_NODE_TYPE_NAME = 'n8n-nodes-base.wait';

export async function waitTargetOf(
  ctx: ServerContext,
  executionId: string,
  method: string,
  suffix: string,
): Promise<{ execution: IExecution; node: INode; settings: WebhookSettings } | { error: WebhookReply }> {
  const execution = /^\d{1,15}$/.test(executionId) ? await ctx.repos.executions.get(executionId) : undefined;
  if (!execution) return { error: errorReply(404, `The execution "${executionId}" does not exist.`) };
  if (execution.status === 'running' || execution.status === 'new') return { error: errorReply(409, `The execution "${executionId}" is running already.`) };
  if (execution.status !== 'waiting') return { error: errorReply(409, `The execution "${executionId}" has finished already.`) };
  const last = execution.data.resultData.lastNodeExecuted;
  const node = execution.workflowData.nodes.find((n) => n.name === last);
  if (!node || node.type !== WAIT_NODE_TYPE_NAME || node.parameters?.resume !== 'webhook') {
    return { error: errorReply(409, `The execution "${executionId}" is not waiting for a webhook call`) };
  }
  const settings = waitWebhookSettings(node);
  if (!settings.methods.includes(method) || settings.suffix !== suffix) {
    return { error: errorReply(404, `The requested webhook "${method} ${[executionId, suffix].filter(Boolean).join('/')}" is not registered.`, `The execution waits for ${settings.methods.join(', ')} ${[executionId, settings.suffix].filter(Boolean).join('/')}`) };
  }
  return { execution, node, settings };
}
