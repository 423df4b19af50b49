// The input panel: a parent's output (the branch that feeds this node); a dropdown picks
// another ancestor, with its distance (spec 001 §2.7). Its fields can be dragged onto the
// parameters (mapping); without data it offers to execute the previous nodes; without a parent
// it shows the not-connected illustration. Trigger nodes get a trigger panel.
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { faPlay } from '@fortawesome/free-solid-svg-icons';
import { INPUT_NODE_NAME_MAX } from '../../../model/constants.ts';
import { buildGraph, directParents } from '../../../model/graph.ts';
import { isTriggerType } from '../../../model/nodeTypes.ts';
import type { INodeExecutionData, ITaskData } from '../../../model/execution.ts';
import { useStores } from '../../stores/context.ts';
import type { NodeModel } from '../../stores/WorkflowStore.ts';
import { runWorkflow } from '../../commands/runWorkflow.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useRunWorkflow } from '../controls/useRunWorkflow.ts';
import { RunDataView } from './RunDataView.tsx';
import { MappingDragPill } from './mapping/MappingDropTarget.tsx';
import { nodeOutputNames } from './outputNames.ts';

export const CONNECTIONS_DOCS_URL = 'https://docs.n8n.io/workflows/connections/';

export function truncate(name: string): string {
  return name.length > INPUT_NODE_NAME_MAX ? name.slice(0, INPUT_NODE_NAME_MAX) + '…' : name;
}

/** Ancestors nearest first, with their distance and the output that leads towards the node. */
function ancestors(connections: ReturnType<typeof buildGraph>, name: string): Array<{ name: string; depth: number; output: number }> {
  const out: Array<{ name: string; depth: number; output: number }> = [];
  const seen = new Set([name]);
  let frontier = [name];
  for (let depth = 1; frontier.length; depth++) {
    const next: string[] = [];
    for (const child of frontier) {
      for (const list of directParents(connections, child)) {
        for (const c of list) {
          if (seen.has(c.node)) continue;
          seen.add(c.node);
          out.push({ name: c.node, depth, output: c.index });
          next.push(c.node);
        }
      }
    }
    frontier = next;
  }
  return out;
}

/**
 * What the input panel shows of a parent: its pinned data as its one run when it is pinned (a
 * pinned node has one output, so only a path through output 0 carries it), else its runs.
 */
export function parentRuns(
  runs: readonly ITaskData[] | undefined,
  pinned: INodeExecutionData[] | undefined,
  output: number,
): { runs: ITaskData[] | undefined; pinned: boolean } {
  if (pinned && output === 0) {
    const last = runs?.[runs.length - 1];
    return { runs: [{ startTime: last?.startTime ?? 0, executionTime: last?.executionTime ?? 0, source: [], data: { main: [pinned] } }], pinned: true };
  }
  return { runs: runs ? [...runs] : undefined, pinned: false };
}

export const InputPanel = observer(function InputPanel({ node }: { node: NodeModel }) {
  const root = useStores();
  const runNow = useRunWorkflow();
  const [, navigate] = useLocation();
  const { workflow, nodeTypes, ui, run } = root;
  const d = nodeTypes.get(node.type, node.typeVersion);
  const [chosen, setChosen] = useState<string | undefined>();
  void workflow.runDataVersion;
  const connectionsKey = [...workflow.connections.keys()].join("|");
  const parents = useMemo(() => {
    const wf = workflow.toWorkflow();
    return ancestors(buildGraph(wf.nodes, wf.connections), node.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workflow, node.name, connectionsKey]);

  if (d && (isTriggerType(d) || d.inputs.length === 0)) {
    const panel = d.triggerPanel;
    return (
      <section className="ndv-panel ndv-input ndv-trigger" aria-label="Trigger">
        <div className="trigger-panel">
          <div className="trigger-title">{panel?.header ?? 'This node starts the workflow'}</div>
          <p className="hint">
            {typeof panel?.executionsHelp === 'string'
              ? panel.executionsHelp
              : d.eventTriggerDescription || 'Click “Execute workflow” to run the workflow from here. Its output shows on the right.'}
          </p>
          {!ui.readOnly && (
            <button type="button" className="btn btn-primary" disabled={run.running} onClick={runNow}>
              Execute workflow
            </button>
          )}
        </div>
      </section>
    );
  }

  const current = parents.find((p) => p.name === chosen) ?? parents[0];
  const parentModel = current ? workflow.nodeByName(current.name) : undefined;
  const parentType = parentModel ? nodeTypes.get(parentModel.type, parentModel.typeVersion) : undefined;
  // Pinned data is what a pinned parent outputs in test runs, so it stands in for the parent's
  // runs (newer or older), as n8n's input pane shows it (RunData's getPinDataOrLiveData).
  const shown = current ? parentRuns(workflow.runData?.[current.name], workflow.pinData[current.name] as INodeExecutionData[] | undefined, current.output) : undefined;

  const executePrevious = () => void runWorkflow(root, { destinationNode: current!.name, onCreated: (id) => navigate(`/workflow/${id}`) });

  return (
    <section className="ndv-panel ndv-input" aria-label="Input">
      <MappingDragPill />
      {!current ? (
        <div className="run-empty ndv-not-connected" data-testid="ndv-input-not-connected">
          <NotConnectedIllustration />
          <div className="run-empty-title">Wire me up</div>
          <div>This node can only receive input data if you connect it to another node.</div>
          <a href={CONNECTIONS_DOCS_URL} target="_blank" rel="noopener noreferrer" data-testid="ndv-input-docs">
            Learn more about connections
          </a>
        </div>
      ) : (
        <RunDataView
          key={current.name}
          runs={shown?.runs}
          outputNames={parentModel ? nodeOutputNames(parentType, parentModel) : ['Output']}
          fixedOutput={current.output}
          hideRunInfo={shown?.pinned}
          testId="ndv-input"
          mapping={ui.readOnly ? undefined : { nodeName: current.name, distance: current.depth }}
          link={{ side: 'input', nodeId: node.id }}
          title={
            <label className="input-parent">
              <span className="input-parent-label">Input</span>
              <select className="select select-s" value={current.name} onChange={(e) => setChosen(e.target.value)} data-testid="ndv-input-parent" title={current.name}>
                {parents.map((p) => (
                  <option key={p.name} value={p.name}>
                    {truncate(p.name)}
                    {p.depth > 1 ? ` (${p.depth} nodes back)` : ''}
                  </option>
                ))}
              </select>
            </label>
          }
          empty={
            <>
              <div className="run-empty-title">No input data yet</div>
              <div>Execute the previous nodes to see what “{truncate(current.name)}” passes to this node.</div>
              {!ui.readOnly && (
                <button type="button" className="btn btn-secondary btn-s" disabled={run.running} onClick={executePrevious} title={run.running ? 'The workflow is already running' : `Run the workflow up to “${current.name}”`} data-testid="ndv-input-execute-previous">
                  <Icon icon={faPlay} />
                  Execute previous nodes
                </button>
              )}
            </>
          }
        />
      )}
    </section>
  );
});

/** Two nodes and the missing wire between them. */
function NotConnectedIllustration() {
  return (
    <svg className="not-connected-art" width="160" height="64" viewBox="0 0 160 64" aria-hidden="true">
      <rect x="4" y="12" width="40" height="40" rx="8" className="nc-node" />
      <rect x="116" y="12" width="40" height="40" rx="8" className="nc-node nc-node-this" />
      <circle cx="44" cy="32" r="4" className="nc-port" />
      <circle cx="116" cy="32" r="4" className="nc-port" />
      <path d="M52 32 H108" className="nc-wire" />
    </svg>
  );
}
