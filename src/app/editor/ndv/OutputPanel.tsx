import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { faTriangleExclamation } from '@fortawesome/free-solid-svg-icons';
import type { INodeExecutionData, ITaskData } from '../../../model/execution.ts';
import { isTriggerType } from '../../../model/nodeTypes.ts';
import { isNodeDataStale } from '../../../model/staleData.ts';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useRunWorkflow } from '../controls/useRunWorkflow.ts';
import { RunDataView } from './RunDataView.tsx';
import { nodeOutputNames, regularOutputNames } from './outputNames.ts';
import { pinEditStore } from './pin/pinEditStore.ts';
import { PIN_BINARY, PinActions, PinDialogs, PinDiscovery, PinEditBody, PinnedBanner } from './pin/PinParts.tsx';

export const OutputPanel = observer(function OutputPanel({ node }: { node: NodeModel }) {
  const root = useStores();
  const runNow = useRunWorkflow();
  const { workflow, nodeTypes, run, ui } = root;
  const pins = pinEditStore(root);
  void workflow.runDataVersion;
  const runs = workflow.runData?.[node.name];
  const d = nodeTypes.get(node.type, node.typeVersion);
  // The outputs the canvas draws: Switch's come from its rules and fallback output.
  const outputNames = nodeOutputNames(d, node);
  const pinItems = workflow.pinData[node.name];
  const pinned = pinItems !== undefined;
  const editing = pins.session?.nodeId === node.id;
  // n8n pins nodes with one main output (no IF, no Switch with several routes, no sub-nodes);
  // read-only routes hide it all.
  const pinnable = !ui.readOnly && !!d && regularOutputNames(d, node).length === 1 && d.outputs.length === 1;
  const latest = runs?.[runs.length - 1];
  const latestItems = (latest && !latest.error ? (latest.data?.main?.[0] ?? []) : []) as INodeExecutionData[];
  // What the panel shows (the run and branch picked there); pinning and editing take that, as in n8n.
  const [shownRun, setShownRun] = useState<{ items: INodeExecutionData[]; runIndex: number; runs: number } | undefined>();
  const current = !pinned && shownRun ? shownRun.items : latestItems;
  const hasBinary = useMemo(() => current.some((i) => i.binary && Object.keys(i.binary).length), [current]);

  // Pinned data is what the node outputs: shown as its one run, without run times.
  const shown: ITaskData[] | undefined = useMemo(
    () => (pinItems ? [{ startTime: latest?.startTime ?? 0, executionTime: latest?.executionTime ?? 0, source: [], data: { main: [pinItems as INodeExecutionData[]] } }] : runs ? [...runs] : undefined),
    [pinItems, runs, latest, workflow.runDataVersion], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // Leaving the node (or the workflow) ends its edit mode; closing by the user asks first.
  useEffect(() => () => pins.abandon(node.id), [pins, node.id]);

  const pinBlocked = hasBinary ? PIN_BINARY : run.running ? 'The workflow is running' : undefined;
  const togglePin = () => {
    if (pinned) return pins.unpin(node.name);
    const run = shownRun && shownRun.runs > 1 ? shownRun.runIndex + 1 : undefined;
    void pins.pin(node.name, current).then((ok) => {
      // n8n's ndv.pinData.pin.multipleRuns texts.
      if (ok && run) ui.toasts.show({ kind: 'info', title: `Run #${run} was pinned`, message: 'This run will be outputted each time the node is run.' });
    });
  };
  const trigger = !!d && (isTriggerType(d) || d.inputs.length === 0);

  return (
    <section className="ndv-panel ndv-output" aria-label="Output">
      <RunDataView
        key={node.id}
        runs={shown}
        outputNames={pinned ? outputNames.slice(0, 1) : outputNames}
        title="Output"
        testId="ndv-output"
        nodeName={node.name}
        link={{ side: 'output', nodeId: node.id }}
        hideRunInfo={pinned}
        onShown={pinned ? undefined : setShownRun}
        actions={
          pinnable ? (
            <PinActions
              store={pins}
              pinned={pinned}
              editing={editing}
              canPin={current.length > 0}
              pinBlocked={pinBlocked}
              onEdit={() => pins.startEdit(node.id, current)}
              onTogglePin={togglePin}
            />
          ) : undefined
        }
        override={editing ? <PinEditBody store={pins} /> : undefined}
        notice={
          pinned ? (
            <>
              <PinnedBanner readOnly={ui.readOnly} onUnpin={() => pins.unpin(node.name)} />
              <PinnedParametersNote node={node} />
            </>
          ) : // Spec 001 §4.1: the data is stale when the parameters changed after the run started.
          node.stale && node.status !== 'running' ? (
            <div className="run-notice run-notice-warning" role="status" data-testid="ndv-output-stale">
              <Icon icon={faTriangleExclamation} />
              <span>Node parameters have changed. Execute the node again to refresh the output.</span>
            </div>
          ) : pinnable && trigger && current.length > 0 ? (
            <PinDiscovery />
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
              {pinnable && (
                <div>
                  or{' '}
                  <button type="button" className="link-button" onClick={() => pins.startEdit(node.id, undefined)} data-testid="ndv-set-mock-data">
                    set mock data
                  </button>
                </div>
              )}
            </>
          )
        }
      />
      <PinDialogs store={pins} />
    </section>
  );
});

/**
 * n8n's ndv.output.staleDataWarning.pinData: a pinned node that has run, whose parameters changed
 * after that run started, is told the change does nothing to what it outputs. Its own observer, so
 * typing in a parameter re-renders only this line.
 */
const PinnedParametersNote = observer(function PinnedParametersNote({ node }: { node: NodeModel }) {
  const { workflow } = useStores();
  void node.parameters; // changes with every edit; the last-update time itself is not observable
  void workflow.runDataVersion;
  if (!isNodeDataStale(workflow.parametersLastUpdate(node.name), workflow.runData?.[node.name], false)) return null;
  return (
    <div className="run-notice run-notice-warning" role="status" data-testid="ndv-output-pinned-stale">
      <Icon icon={faTriangleExclamation} />
      <span>Node parameter changes will not affect pinned output data.</span>
    </div>
  );
});
