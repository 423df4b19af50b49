// Execute workflow / stop / clear execution data (spec 001 §2.4). Hidden in read-only views.
import { observer } from 'mobx-react-lite';
import { faFlask, faRotate, faStop, faTrashCan } from '@fortawesome/free-solid-svg-icons';
import { stopRun, clearExecutionData } from '../../commands/runWorkflow.ts';
import { useRunWorkflow } from './useRunWorkflow.ts';
import { useStores } from '../../stores/context.ts';
import { Icon } from '../../ui/Icon.tsx';

export const RunControls = observer(function RunControls() {
  const root = useStores();
  const runNow = useRunWorkflow();
  const { run, workflow, ui } = root;
  if (ui.readOnly) return null;
  const label = !run.running ? 'Execute workflow' : run.waitingForWebhook ? 'Waiting for trigger event' : 'Executing workflow';
  const hasData = !!workflow.runData && Object.keys(workflow.runData).length > 0;
  // Waiting for a test webhook call: a stop-waiting button; otherwise stop-execution (spec 001 §2.4).
  const stopLabel = run.waitingForWebhook ? 'Stop waiting for webhook call' : 'Stop current execution';
  return (
    <div className="canvas-overlay canvas-run" data-fit-avoid>
      <button
        type="button"
        className="btn btn-primary btn-large run-btn"
        data-running={run.running || undefined}
        data-waiting={run.waitingForWebhook || undefined}
        disabled={run.running}
        onClick={runNow}
        data-testid="execute-workflow"
      >
        <Icon icon={run.running ? faRotate : faFlask} />
        {label}
      </button>
      {run.running && (
        <button
          type="button"
          className="btn btn-large btn-icon stop-btn"
          onClick={() => void stopRun(root)}
          disabled={run.stopping}
          title={stopLabel}
          aria-label={stopLabel}
          data-testid={run.waitingForWebhook ? 'stop-waiting-webhook' : 'stop-execution'}
        >
          <Icon icon={faStop} />
        </button>
      )}
      {!run.running && hasData && (
        <button
          type="button"
          className="btn btn-large btn-icon clear-btn"
          onClick={() => clearExecutionData(root)}
          title="Clear execution data"
          aria-label="Clear execution data"
          data-testid="clear-execution"
        >
          <Icon icon={faTrashCan} />
        </button>
      )}
    </div>
  );
});
