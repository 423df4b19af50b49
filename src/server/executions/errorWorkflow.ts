// Error workflows: when a non-manual execution fails, the workflow named in its settings'
// errorWorkflow runs in mode 'error' from its Error Trigger with n8n's item; without that setting
// a workflow that has its own Error Trigger runs itself (never for a run that is already 'error').
import type { IExecution } from '../../model/execution.ts';
import type { IDataObject } from '../../model/workflow.ts';
import type { WorkflowsRepository } from '../db/repositories/workflows.ts';
import type { ExecutionListener, ExecutionService } from './ExecutionService.ts';

const ERROR_TRIGGER = 'n8n-nodes-base.errorTrigger';

export interface ErrorWorkflowDeps {
  workflows: WorkflowsRepository;
  executions: ExecutionService;
  log: { warn(obj: object, msg: string): void };
  /** Editor address, for the execution URL in the item. */
  editorUrl: () => string;
}

export function errorWorkflowData(e: IExecution, editorUrl: string): IDataObject {
  const execution: IDataObject = {
    id: e.id,
    url: `${editorUrl}workflow/${e.workflowId ?? ''}/executions/${e.id}`,
    error: e.data.resultData.error as unknown as IDataObject,
    lastNodeExecuted: e.data.resultData.lastNodeExecuted,
    mode: e.mode,
  };
  if (e.retryOf) execution.retryOf = e.retryOf;
  return { execution, workflow: { id: e.workflowId ?? undefined, name: e.workflowData.name } };
}

export function errorWorkflowListener(d: ErrorWorkflowDeps): ExecutionListener {
  return (e, info) => {
    if (e.mode === 'manual' || (e.status !== 'error' && e.status !== 'crashed') || !e.data.resultData.error) return;
    const configured = e.workflowData.settings?.errorWorkflow;
    const errorWorkflowId = typeof configured === 'string' && configured !== '' && configured !== 'DEFAULT' ? configured : undefined;
    let target: string | undefined;
    if (errorWorkflowId && !(e.mode === 'error' && errorWorkflowId === e.workflowId)) target = errorWorkflowId;
    else if (!errorWorkflowId && e.mode !== 'error' && e.workflowId && e.workflowData.nodes.some((n) => n.type === ERROR_TRIGGER && !n.disabled)) target = e.workflowId;
    if (!target) return;
    void (async () => {
      const found = await d.workflows.getWithOwner(target);
      // Another user's workflow is not a way in (n8n's caller policy: the same owner).
      const wf = found && found.ownerId === info.runAs ? found.workflow : undefined;
      const trigger = wf?.nodes.find((n) => n.type === ERROR_TRIGGER && !n.disabled);
      if (!wf || !trigger) {
        d.log.warn({ executionId: e.id, errorWorkflow: target }, wf ? 'the error workflow has no Error Trigger node' : 'the error workflow does not exist');
        return;
      }
      await d.executions.start({ workflow: wf, workflowId: wf.id, runAs: info.runAs, mode: 'error', startNode: trigger.name, triggerItems: [{ json: errorWorkflowData(e, d.editorUrl()) }] });
    })().catch((err: unknown) => d.log.warn({ executionId: e.id, err: (err as Error).message }, 'the error workflow could not start'));
  };
}
