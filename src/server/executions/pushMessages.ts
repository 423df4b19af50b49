// Push messages of an execution, sized for the wire: node results carry their items only when
// small (itemCount always, so connection labels work), and the final message carries the full
// run data only when it is small enough; otherwise the editor fetches GET /executions/{id}.
import type { PushMessage } from '../../model/api.ts';
import type { ExecutionStatus, IRunExecutionData, ITaskData, ITaskDataConnections } from '../../model/execution.ts';
import { jsonLargerThan } from '../push/jsonSize.ts';

export const NODE_DATA_PUSH_LIMIT = 256 * 1024;
export const RUN_DATA_PUSH_LIMIT = 5 * 1024 * 1024;

function withoutItems(data: ITaskDataConnections): ITaskDataConnections {
  const out: ITaskDataConnections = {};
  for (const [type, outputs] of Object.entries(data)) out[type] = outputs.map((o) => (o === null ? null : []));
  return out;
}

export function nodeExecuteAfterMessage(executionId: string, nodeName: string, taskData: ITaskData, limit = NODE_DATA_PUSH_LIMIT): PushMessage {
  const main = taskData.data?.main ?? [];
  const itemCount = main.map((o) => o?.length ?? 0);
  const small = !taskData.data || !jsonLargerThan(taskData.data, limit);
  const data = small ? taskData : { ...taskData, data: withoutItems(taskData.data!) };
  return { type: 'nodeExecuteAfter', data: { executionId, nodeName, data, itemCount } };
}

export function executionFinishedMessage(
  executionId: string,
  status: ExecutionStatus,
  runData: IRunExecutionData,
  workflowId: string | null | undefined,
  limit = RUN_DATA_PUSH_LIMIT,
): PushMessage {
  const data: Extract<PushMessage, { type: 'executionFinished' }>['data'] = { executionId, status };
  if (workflowId) data.workflowId = workflowId;
  if (!jsonLargerThan(runData, limit)) data.data = runData;
  return { type: 'executionFinished', data };
}
