// Keeps every node's issue lines current: one MobX reaction per node recomputes its issues
// through the kernel when its parameters, type, disabled flag, pin data or run errors change.
import { observe, reaction, type IReactionDisposer } from 'mobx';
import { blockingIssueMessages, computeNodeIssues, issueMessages } from '../../model/nodeIssues.ts';
import type { RootStore } from './RootStore.ts';
import type { NodeModel } from './WorkflowStore.ts';

function issuesOf(root: RootStore, m: NodeModel) {
  if (m.isSticky) return undefined;
  const { workflow, nodeTypes } = root;
  if (!nodeTypes.loaded) return undefined;
  // runDataVersion makes the reaction see runs arriving in place.
  void workflow.runDataVersion;
  const runs = workflow.runData?.[m.name];
  // Only the fields issues depend on: reading the position would recompute on every drag frame.
  const node = {
    id: m.id,
    name: m.name,
    type: m.type,
    typeVersion: m.typeVersion,
    position: [0, 0] as [number, number],
    parameters: m.parameters,
    disabled: m.disabled,
    credentials: m.settings.credentials,
  };
  return computeNodeIssues(node, nodeTypes.get(m.type, m.typeVersion), {
    hasPinData: !!workflow.pinData[m.name]?.length,
    hasRunError: !!runs?.some((r) => r.error),
  });
}

export function startIssuesSync(root: RootStore): () => void {
  const { workflow } = root;
  const perNode = new Map<string, IReactionDisposer>();
  const track = (m: NodeModel) => {
    perNode.get(m.id)?.();
    perNode.set(
      m.id,
      reaction(
        () => issueMessages(issuesOf(root, m)),
        (lines) => workflow.setNodeIssues(m.id, lines),
        { fireImmediately: true, equals: (a, b) => a.length === b.length && a.every((x, i) => x === b[i]) },
      ),
    );
  };
  for (const m of workflow.nodes.values()) track(m);
  const stop = observe(workflow.nodes, (change) => {
    if (change.type === 'add') track(change.newValue);
    else if (change.type === 'delete') {
      perNode.get(change.oldValue.id)?.();
      perNode.delete(change.oldValue.id);
    } else if (change.type === 'update') track(change.newValue);
  });
  return () => {
    stop();
    for (const d of perNode.values()) d();
    perNode.clear();
  };
}

/** 'node: issue' lines of everything that blocks a run (spec 001 §5); `only` limits it to the nodes that will run. */
export function runIssueLines(root: RootStore, only?: Set<string>): string[] {
  const lines: string[] = [];
  for (const m of root.workflow.nodes.values()) {
    if (only && !only.has(m.name)) continue;
    for (const issue of blockingIssueMessages(issuesOf(root, m))) lines.push(`${m.name}: ${issue}`);
  }
  return lines;
}
