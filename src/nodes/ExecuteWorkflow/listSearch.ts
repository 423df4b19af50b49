// The workflow picker of Execute Workflow's resource locator (list mode): the caller's visible
// workflows whose name contains the typed filter, 100 per page, newest first. The server decides
// which workflows the user may see (helpers.searchWorkflows).
import type { ListSearchResult, LoadOptionsFunctions } from '../types.ts';

export const WORKFLOW_SEARCH_PAGE = 100;

export async function searchWorkflows(ctx: LoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<ListSearchResult> {
  const offset = paginationToken !== undefined && /^\d{1,9}$/.test(paginationToken) ? Number(paginationToken) : 0;
  const { workflows, more } = await ctx.helpers.searchWorkflows(filter?.trim() || undefined, offset, WORKFLOW_SEARCH_PAGE);
  return {
    results: workflows.map((w) => ({ name: w.name, value: w.id, url: `/workflow/${encodeURIComponent(w.id)}` })),
    paginationToken: more ? String(offset + workflows.length) : undefined,
  };
}

/** The workflow id a 'url' mode value names: the path segment after /workflow/ (n8n's extractValue). */
export function workflowIdFromUrl(url: string): string | undefined {
  const m = /\/workflows?\/([0-9a-zA-Z_-]{1,64})(?:[/?#]|$)/.exec(url);
  return m?.[1];
}
