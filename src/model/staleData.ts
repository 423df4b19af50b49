// Stale run data (spec 001 §4.1: "Node data is stale when parameters changed after the run
// started"). The editor records, per node, when the user last changed its parameters (n8n's
// nodeMetadata[name].parametersLastUpdatedAt); the node's output is stale when that moment is
// later than the start of the run that produced the output.

/** What a node's metadata holds in the editor (not saved with the workflow, as in n8n). */
export interface NodeMetadata {
  /** Epoch ms of the user's last parameter change; undefined = unchanged since the workflow was opened. */
  parametersLastUpdatedAt?: number;
}

/**
 * True when the node's latest run started before its parameters were last changed. Pinned data
 * is never stale (pinned output does not come from a run), and no run means nothing to be stale.
 */
export function isNodeDataStale(
  parametersLastUpdatedAt: number | undefined,
  runs: ReadonlyArray<{ readonly startTime: number }> | undefined,
  pinned: boolean,
): boolean {
  if (pinned || parametersLastUpdatedAt === undefined || !runs?.length) return false;
  const startTime = runs[runs.length - 1].startTime;
  return typeof startTime === 'number' && Number.isFinite(startTime) && parametersLastUpdatedAt > startTime;
}
