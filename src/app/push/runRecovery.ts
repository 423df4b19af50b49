// A push stream that drops during a run loses the executionFinished message. When it comes
// back while a run is still shown as running, the execution is read once: if it ended, the
// editor shows its result instead of spinning forever.
import { reaction } from 'mobx';
import { IN_PROGRESS_EXECUTION_ID } from '../../model/constants.ts';
import { getExecution } from '../api/executions.ts';
import type { RootStore } from '../stores/RootStore.ts';

export function startRunRecovery(root: RootStore): () => void {
  return reaction(
    () => root.push.active,
    async (active) => {
      const id = root.run.activeExecutionId;
      if (!active || !id || id === IN_PROGRESS_EXECUTION_ID) return;
      const execution = await getExecution(id).catch(() => undefined);
      if (!execution || root.run.activeExecutionId !== id) return;
      if (execution.finished || execution.stoppedAt) root.pushHandler.receive({ type: 'executionFinished', data: { executionId: id, status: execution.status, data: execution.data } });
    },
  );
}
