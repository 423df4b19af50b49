import type { ExecutionsListResponse, IExecution, IExecutionSummary, StopExecutionResponse } from '../../model/api.ts';
import type { IRunResponse, IStartRunData } from '../../model/execution.ts';
import { request } from './client.ts';

/** POST /workflows/run */
export function runWorkflow(data: IStartRunData): Promise<IRunResponse> {
  return request('POST', '/workflows/run', { body: data });
}

export interface ExecutionsFilter {
  workflowId?: string;
  finished?: boolean;
  waitTill?: boolean;
  status?: string[];
}

/** GET /executions */
export function getExecutions(filter: ExecutionsFilter = {}, page: { firstId?: string; lastId?: string; limit?: number } = {}): Promise<ExecutionsListResponse> {
  return request('GET', '/executions', { query: { filter: JSON.stringify(filter), ...page } });
}

/** GET /executions/{id} */
export function getExecution(id: string): Promise<IExecution> {
  return request('GET', `/executions/${encodeURIComponent(id)}`);
}

/** GET /executions-current */
export function getCurrentExecutions(workflowId?: string): Promise<IExecutionSummary[]> {
  return request('GET', '/executions-current', { query: workflowId ? { filter: JSON.stringify({ workflowId }) } : undefined });
}

/** POST /executions-current/{id}/stop */
export function stopExecution(id: string): Promise<StopExecutionResponse> {
  return request('POST', `/executions-current/${encodeURIComponent(id)}/stop`);
}

/** POST /executions/delete: the chosen ids, or every execution matching `filters` started before `deleteBefore`. */
export function deleteExecutions(body: { ids: string[] } | { deleteBefore: string; filters?: ExecutionsFilter }): Promise<unknown> {
  return request('POST', '/executions/delete', { body });
}

/** POST /executions/{id}/retry: true when the retry succeeded. loadWorkflow: the workflow as saved now instead of the execution's copy. */
export function retryExecution(id: string, loadWorkflow: boolean): Promise<boolean> {
  return request('POST', `/executions/${encodeURIComponent(id)}/retry`, { body: { loadWorkflow } });
}
