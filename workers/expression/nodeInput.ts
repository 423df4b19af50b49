// The items a node reads as its input in the editor (no run of its own needed).
import { directParents, type GraphIndex } from '../../src/model/graph.ts';
import type { IPinData } from '../../src/model/workflow.ts';
import type { INodeExecutionData, IRunData, ITaskDataConnectionsSource } from '../../src/model/execution.ts';

/**
 * The items the node reads as its input, as the editor shows them: the input of its own last
 * run when it has run, else what its first connected parent produced on that connection, else
 * nothing. A parent's pinned data stands in for its runs either way (older or newer).
 */
export function nodeInput(wf: { runData: IRunData; pinData: IPinData }, graph: GraphIndex, nodeName: string): { items: INodeExecutionData[]; source: ITaskDataConnectionsSource | null } {
  const own = wf.runData[nodeName];
  const lastOwn = own?.[own.length - 1];
  const ownSource = lastOwn?.source?.[0];
  if (ownSource) {
    const output = ownSource.previousNodeOutput ?? 0;
    const task = wf.runData[ownSource.previousNode]?.[ownSource.previousNodeRun ?? 0];
    // A parent pinned since (or before) this run outputs its pinned data, as the input panel shows.
    const pinned = output === 0 ? (wf.pinData[ownSource.previousNode] as INodeExecutionData[] | undefined) : undefined;
    const items = (pinned ?? task?.data?.main?.[output]) as INodeExecutionData[] | null | undefined;
    if (items) return { items, source: { main: lastOwn!.source } };
  }
  for (const list of directParents(graph, nodeName)) {
    for (const c of list) {
      const runs = wf.runData[c.node];
      const run = runs ? runs.length - 1 : -1;
      // Pinned data is what a pinned parent outputs (on its first output), as the input panel shows.
      const pinned = c.index === 0 ? (wf.pinData[c.node] as INodeExecutionData[] | undefined) : undefined;
      const items = (pinned ?? runs?.[run]?.data?.main?.[c.index]) as INodeExecutionData[] | null | undefined;
      if (items) return { items, source: { main: [{ previousNode: c.node, previousNodeOutput: c.index, previousNodeRun: Math.max(0, run) }] } };
    }
  }
  return { items: [], source: null };
}

