// The node's run button (spec 001 §2.7): runs the workflow up to this node, reusing parents'
// data; for triggers 'Listen for test event' (Webhook), 'Fetch event' (polling), 'Listen for
// event', and 'Stop listening' while the run waits for the test call. Disabled with the reason
// as its hint: node disabled, required fields missing, fix previous node, workflow running.
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { faPlay, faStop } from '@fortawesome/free-solid-svg-icons';
import { buildGraph, parentNodes } from '../../../model/graph.ts';
import type { INodeTypeDescription } from '../../../model/nodeTypes.ts';
import { runWorkflow, stopWaitingForWebhook } from '../../commands/runWorkflow.ts';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { Icon } from '../../ui/Icon.tsx';
import { EXECUTION_ISSUE, isListening, runButtonBlocked, runButtonLabel } from './triggerState.ts';

export const ExecuteNodeButton = observer(function ExecuteNodeButton({
  node,
  description,
  size = 's',
  testId = 'ndv-execute-node',
}: {
  node: NodeModel;
  description: INodeTypeDescription;
  size?: 's' | 'm';
  testId?: string;
}) {
  const root = useStores();
  const [, navigate] = useLocation();
  const { run, ui, workflow } = root;
  const connectionsKey = [...workflow.connections.keys()].join('|');
  const parents = useMemo(() => {
    const wf = workflow.toWorkflow();
    return parentNodes(buildGraph(wf.nodes, wf.connections), node.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workflow, node.name, connectionsKey]);
  if (ui.readOnly) return null;
  const state = {
    // Waiting for the test call of this workflow (no execution started yet).
    listening: run.waitingForWebhook && run.activeExecutionId === undefined,
    running: run.running,
    disabled: node.disabled,
    issues: node.issues,
    parentIssues: parents.some((p) => {
      const m = workflow.nodeByName(p);
      return !!m && !m.disabled && m.issues.some((i) => i !== EXECUTION_ISSUE);
    }),
  };
  const listening = isListening(description, state);
  const label = runButtonLabel(description, state);
  const blocked = runButtonBlocked(description, state);
  const onClick = () => {
    if (listening) void stopWaitingForWebhook(root);
    else void runWorkflow(root, { destinationNode: node.name, onCreated: (id) => navigate(`/workflow/${id}`) });
  };
  return (
    <span className="execute-node-wrap" title={blocked} data-testid={`${testId}-wrap`}>
      <button
        type="button"
        className={`btn ${listening ? '' : 'btn-primary'} ${size === 's' ? 'btn-s' : ''}`}
        disabled={!!blocked || run.stopping}
        aria-describedby={blocked ? `${testId}-hint` : undefined}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={onClick}
        data-testid={testId}
      >
        <Icon icon={listening ? faStop : faPlay} />
        {label}
      </button>
      {blocked && (
        <span id={`${testId}-hint`} className="visually-hidden">
          {blocked}
        </span>
      )}
    </span>
  );
});
