import { observer } from 'mobx-react-lite';
import { faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useRunWorkflow } from '../controls/useRunWorkflow.ts';
import { RunDataView } from './RunDataView.tsx';
import { outputNamesOf } from './outputNames.ts';

export const OutputPanel = observer(function OutputPanel({ node }: { node: NodeModel }) {
  const root = useStores();
  const runNow = useRunWorkflow();
  const { workflow, nodeTypes, run, ui } = root;
  void workflow.runDataVersion;
  const runs = workflow.runData?.[node.name];
  const d = nodeTypes.get(node.type, node.typeVersion);
  return (
    <section className="ndv-panel ndv-output" aria-label="Output">
      <RunDataView
        key={node.id}
        runs={runs ? [...runs] : undefined}
        outputNames={outputNamesOf(d, node.settings.onError)}
        title="Output"
        testId="ndv-output"
        notice={
          // Spec 001 §4.1: the data is stale when the parameters changed after the run started.
          node.stale && node.status !== 'running' ? (
            <div className="run-notice run-notice-warning" role="status" data-testid="ndv-output-stale">
              <Icon icon={faTriangleExclamation} />
              <span>Node parameters have changed. Execute the node again to refresh the output.</span>
            </div>
          ) : undefined
        }
        empty={
          node.status === 'running' ? (
            <span>Executing…</span>
          ) : (
            <>
              <div className="run-empty-title">No output yet</div>
              <div>Execute the workflow to see what this node produces.</div>
              {!ui.readOnly && (
                <button type="button" className="btn btn-primary btn-s" disabled={run.running} onClick={runNow}>
                  Execute workflow
                </button>
              )}
            </>
          )
        }
      />
    </section>
  );
});
