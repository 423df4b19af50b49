// Binary folders of executions that were never saved (or were deleted with their workflow):
// removed once the execution is neither running, nor held in memory, nor stored.
import type { ServerContext } from '../context.ts';

const MIN_AGE_MS = 10 * 60 * 1000;

export async function sweepBinaryData(ctx: ServerContext, now = Date.now()): Promise<number> {
  const candidates = (await ctx.binaryStore.folders(now - MIN_AGE_MS)).filter((id) => !ctx.executions.isActive(id) && !ctx.executions.recent.get(id));
  if (candidates.length === 0) return 0;
  const stored = await ctx.repos.executions.existing(candidates);
  const orphans = candidates.filter((id) => !stored.has(id));
  await ctx.binaryStore.deleteExecutions(orphans);
  return orphans.length;
}
