import type { IWorkflowDb, IWorkflowListItem, NewWorkflowData, WorkflowSavePayload } from '../../model/api.ts';
import type { IWorkflowSettings } from '../../model/workflow.ts';
import { request } from './client.ts';

/** GET /workflows */
export function getWorkflows(filter?: { name?: string; tags?: string[]; nodeTypes?: string[] }): Promise<IWorkflowListItem[]> {
  return request('GET', '/workflows', { query: filter ? { filter: JSON.stringify(filter) } : undefined });
}

/** GET /workflows/{id} */
export function getWorkflow(id: string, options: { authFlow?: boolean } = {}): Promise<IWorkflowDb> {
  return request('GET', `/workflows/${encodeURIComponent(id)}`, options);
}

/** GET /workflows/new — a free default name. */
export function getNewWorkflow(name?: string): Promise<NewWorkflowData> {
  return request('GET', '/workflows/new', { query: { name } });
}

/** POST /workflows */
export function createWorkflow(payload: WorkflowSavePayload): Promise<IWorkflowDb> {
  return request('POST', '/workflows', { body: payload });
}

/** PATCH /workflows/{id} */
export function updateWorkflow(id: string, payload: WorkflowSavePayload): Promise<IWorkflowDb> {
  return request('PATCH', `/workflows/${encodeURIComponent(id)}`, { body: payload });
}

/** PATCH /workflows/{id} with the settings only (the settings dialog), based on `versionId`. */
export function updateWorkflowSettings(id: string, settings: IWorkflowSettings, versionId: string | undefined): Promise<IWorkflowDb> {
  return request('PATCH', `/workflows/${encodeURIComponent(id)}`, { body: versionId ? { settings, versionId } : { settings } });
}

/** DELETE /workflows/{id} */
export function deleteWorkflow(id: string): Promise<unknown> {
  return request('DELETE', `/workflows/${encodeURIComponent(id)}`);
}

/** GET /workflows/from-url — the server fetches a workflow file the user pasted a link to. */
export function getWorkflowFromUrl(url: string, signal?: AbortSignal): Promise<unknown> {
  return request('GET', '/workflows/from-url', { query: { url }, signal });
}
