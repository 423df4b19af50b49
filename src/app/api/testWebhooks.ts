import { request } from './client.ts';

/** DELETE /test-webhook/{id}: stop listening for the workflow's test webhook call; whether it was listening. */
export function deleteTestWebhook(workflowId: string): Promise<boolean> {
  return request('DELETE', `/test-webhook/${encodeURIComponent(workflowId)}`);
}
