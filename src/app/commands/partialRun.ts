// Running up to one node (spec 001 §4.4, n8n's partial run): parents that already have run
// data are reused; on each path into the node, the first parent (farthest first) without data
// becomes a start node. With nothing to reuse the whole path runs from its trigger.
// A parent whose parameters changed after its run ('dirty' in n8n v1's partial execution, the
// stale ⚠ here) counts as having no data: it runs again, and so does everything after it on the
// way to the node (n8n's findStartNodes, packages/core/src/execution-engine/partial-execution-utils).
import type { IRunData } from '../../model/execution.ts';
import { childNodes, parentNodes, parentNodesN8nOrder, type GraphIndex } from '../../model/graph.ts';

export interface PartialRunPlan {
  startNodes: string[];
  /** First runs of the reused parents; undefined = run the path from its trigger. */
  runData: IRunData | undefined;
}

export function partialRunPlan(g: GraphIndex, runData: IRunData | undefined, destination: string, isDirty: (name: string) => boolean = () => false): PartialRunPlan {
  const hasData = (name: string) => !!runData?.[name]?.length && runData[name][0].data !== undefined && !isDirty(name);
  const startNodes: string[] = [];
  for (const list of g.byDestination[destination]?.main ?? []) {
    for (const c of list ?? []) {
      if (g.nodes.get(c.node)?.disabled) continue;
      const path = [...parentNodesN8nOrder(g, c.node), c.node];
      const missing = path.find((p) => !hasData(p));
      if (missing && !startNodes.includes(missing)) startNodes.push(missing);
    }
  }
  if (startNodes.length === 0) startNodes.push(destination);
  const ancestors = new Set(parentNodes(g, destination));
  // Nodes after a start node run again: their old data is not sent (it would stay as run 1).
  const rerun = new Set(startNodes.flatMap((s) => [s, ...childNodes(g, s)]));
  const reused: IRunData = {};
  for (const name of Object.keys(runData ?? {})) {
    if (ancestors.has(name) && !rerun.has(name) && hasData(name)) reused[name] = runData![name].slice(0, 1);
  }
  return { startNodes, runData: Object.keys(reused).length ? reused : undefined };
}
