// Activation calls (spec 001 §7): the ids of the workflows running actively, the last
// activation error of one, and the PATCH that switches a workflow active or inactive.
import type { IWorkflowDb, WorkflowSavePayload } from '../../model/api.ts';
import { request } from './client.ts';

/** The server's record of a failed activation (GET /active/error/{id}); null when there is none. */
export interface ActivationErrorData {
  time?: string;
  error?: { message?: string };
}

/** GET /active — ids of the workflows that run actively now. */
export function getActiveWorkflows(): Promise<string[]> {
  return request('GET', '/active');
}

/** GET /active/error/{id} */
export function getActivationError(id: string): Promise<ActivationErrorData | null> {
  return request('GET', `/active/error/${encodeURIComponent(id)}`);
}

/** PATCH /workflows/{id} with the save payload (or just `{ active }`) and the new state. */
export function patchWorkflowActive(id: string, body: Partial<WorkflowSavePayload> & { active: boolean }): Promise<IWorkflowDb> {
  return request('PATCH', `/workflows/${encodeURIComponent(id)}`, { body });
}
