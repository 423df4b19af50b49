// HTTP Request versions 3, 4, 4.1, 4.2, 4.3, 4.4 (what differs: buildRequest.ts). Requests of all items go out together (after any
// batching pauses); their results come back in item order. With the Pagination option each
// item's request is repeated page by page (pagination.ts) and every page becomes items.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { NodeType } from '../../types.ts';
import { failureJson, toNodeApiError } from '../transport/apiError.ts';
import { waitForBatch } from '../transport/batching.ts';
import { sendRequest, type SendResult } from '../transport/send.ts';
import { buildRequest, responseOptions } from './buildRequest.ts';
import { httpRequestV3Description } from './description.ts';
import { formatResponse } from './formatResponse.ts';
import { paginate, paginationConfig, readPagination, type PaginationResult } from './pagination.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

type Pending =
  | { kind: 'request'; url: string; result: Promise<SendResult> }
  | { kind: 'paged'; result: Promise<PaginationResult> }
  | { kind: 'invalid'; error: Error };

/** The item a failed item becomes when the node continues on fail (n8n keeps the error object). */
function errorJson(error: Error): Record<string, unknown> {
  const out: Record<string, unknown> = { message: error.message, name: error.name };
  const description = (error as { description?: unknown }).description;
  if (description) out.description = description;
  return out;
}

export const httpRequestV3: NodeType = {
  kind: 'regular',
  description: httpRequestV3Description,
  async execute(ctx) {
    const node = ctx.getNode();
    const items = ctx.getInputData();
    const batchSize = ctx.getNodeParameter('options.batching.batch.batchSize', 0, 1) as number;
    const batchInterval = ctx.getNodeParameter('options.batching.batch.batchInterval', 0, 0) as number;
    // Like n8n: read once from the first item; its expressions are evaluated per item and page.
    const pagination = readPagination(ctx);

    const pending: Pending[] = [];
    for (let i = 0; i < items.length; i++) {
      await waitForBatch(i, batchSize, batchInterval, ctx.signal);
      // Building a request evaluates the item's expressions: 3,000 items held the loop 400 ms.
      if (sliceDue()) await yieldToLoop();
      try {
        const config = pagination ? paginationConfig(ctx, pagination, i) : null;
        const spec = await buildRequest(ctx, items[i], i);
        if (config) pending.push({ kind: 'paged', result: paginate(ctx, spec, config, responseOptions(ctx, i), i) });
        else pending.push({ kind: 'request', url: spec.url, result: sendRequest(ctx, spec) });
      } catch (e) {
        if (!ctx.continueOnFail()) throw e;
        pending.push({ kind: 'invalid', error: e as Error });
      }
    }
    // Settle every item first (n8n's allSettled): no item keeps paging after the node failed.
    await Promise.all(pending.map((entry) => (entry.kind === 'invalid' ? undefined : entry.result)));
    if (ctx.signal.aborted) throw ctx.signal.reason;

    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      const entry = pending[i];
      if (entry.kind === 'invalid') {
        out.push({ json: { error: entry.error.message }, pairedItem: { item: i } });
        continue;
      }
      if (entry.kind === 'paged') {
        const result = await entry.result;
        if (!result.ok) {
          const error = 'failure' in result ? toNodeApiError(node, result.failure, i) : result.error;
          if (!ctx.continueOnFail()) throw error;
          out.push({ json: { error: 'failure' in result ? failureJson(result.failure) : errorJson(error) }, pairedItem: { item: i } });
          continue;
        }
        const options = responseOptions(ctx, i);
        for (const page of result.pages) out.push(...(await formatResponse(ctx, page.response, options, items[i], page.url, i)));
        continue;
      }
      const result = await entry.result;
      if (!result.ok) {
        if (!ctx.continueOnFail()) throw toNodeApiError(node, result.failure, i);
        out.push({ json: { error: failureJson(result.failure) }, pairedItem: { item: i } });
        continue;
      }
      out.push(...(await formatResponse(ctx, result.response, responseOptions(ctx, i), items[i], entry.url, i)));
    }
    return [out];
  },
};
