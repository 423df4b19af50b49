// POST /executions/{id}/retry (spec 001 §4.9, §7): runs a failed execution again from the node
// that failed, with the run data before it, as a new execution in mode 'retry' (retryOf = id).
// loadWorkflow true uses the workflow as saved now, otherwise the execution's own copy. Answers
// whether the retry succeeded; a success is recorded on the original as retrySuccessId.
import type { FastifyInstance } from 'fastify';
import type { IWorkflowBase } from '../../model/workflow.ts';
import type { ServerContext } from '../context.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { IdParams } from './schemas.ts';
import { assertExecutionAccess } from '../auth/access.ts';

export function executionsRetryRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/executions/:id/retry', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params as IdParams;
    const body = request.body as unknown;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw new BadRequestError('body must be an object such as { "loadWorkflow": true }');
    const loadWorkflow = (body as { loadWorkflow?: unknown } | undefined)?.loadWorkflow;
    if (loadWorkflow !== undefined && typeof loadWorkflow !== 'boolean') throw new BadRequestError('body/loadWorkflow must be boolean');

    await assertExecutionAccess(ctx, request, id, `The execution with the ID "${id}" does not exist.`);
    // One the database has not taken yet (its row still says running) is retried as it ended.
    const execution = ctx.executions.unsavedExecution(id) ?? (await ctx.repos.executions.get(id));
    if (!execution) throw new NotFoundError(`The execution with the ID "${id}" does not exist.`);
    if (execution.finished || execution.status === 'success') throw new BadRequestError('The execution succeeded, so it cannot be retried.');
    if (execution.status === 'running' || execution.status === 'new' || ctx.executions.isActive(id)) throw new ConflictError(`The execution ${id} is still running, so it cannot be retried.`);
    if (execution.status === 'waiting') throw new ConflictError(`The execution ${id} is waiting, so it cannot be retried.`);
    if (execution.retrySuccessId) throw new BadRequestError(`The execution ${id} was already retried successfully (execution ${execution.retrySuccessId}).`);
    if (execution.retryOf) throw new BadRequestError(`The execution ${id} is a retry of execution ${execution.retryOf}: retry that one instead.`);

    let workflow: IWorkflowBase = execution.workflowData;
    if (loadWorkflow === true) {
      const saved = execution.workflowId ? await ctx.repos.workflows.get(execution.workflowId) : undefined;
      if (!saved) throw new NotFoundError(`The workflow of execution ${id} could not be found: retry with the original workflow instead.`);
      workflow = saved;
    }
    const runData = structuredClone(execution.data.resultData.runData ?? {});
    const failed = execution.data.resultData.lastNodeExecuted;
    let startNodes: Array<{ name: string }> | undefined;
    if (failed && runData[failed]) {
      if (!workflow.nodes.some((n) => n.name === failed)) {
        throw new BadRequestError(`Could not find the node "${failed}" in workflow. It probably got deleted or renamed. Without it the workflow can sadly not be retried.`);
      }
      // The failed run of the node is replaced by the retry's.
      if (runData[failed].at(-1)?.error) runData[failed].pop();
      if (runData[failed].length === 0) delete runData[failed];
      const graphHasParents = Object.values(workflow.connections ?? {}).some((o) => (o.main ?? []).some((l) => (l ?? []).some((c) => c.node === failed)));
      if (graphHasParents) startNodes = [{ name: failed }];
    }
    const { done } = await ctx.executions.start({
      workflow,
      workflowId: execution.workflowId ?? null,
      // The same user's run as the one retried.
      runAs: (await ctx.executions.userOf(id)) ?? null,
      mode: 'retry',
      retryOf: id,
      runData: startNodes ? runData : undefined,
      startNodes,
      triggerItems: startNodes ? undefined : (execution.data.resultData.runData[failed ?? '']?.[0]?.data?.main?.[0] ?? undefined),
      startNode: startNodes ? undefined : failed,
    });
    const result = await done;
    return { data: result.finished === true };
  });
}
