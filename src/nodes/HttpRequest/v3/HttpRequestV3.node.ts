// HTTP Request versions 3, 4, 4.1, 4.2. Requests of all items go out together (after any
// batching pauses); their results come back in item order.
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type NodeType } from '../../types.ts';
import { failureJson, toNodeApiError } from '../transport/apiError.ts';
import { waitForBatch } from '../transport/batching.ts';
import { sendRequest, type SendResult } from '../transport/send.ts';
import { buildRequest, responseOptions } from './buildRequest.ts';
import { httpRequestV3Description } from './description.ts';
import { formatResponse } from './formatResponse.ts';

type Pending = { kind: 'request'; url: string; result: Promise<SendResult> } | { kind: 'invalid'; error: Error };

function assertNoPagination(node: { parameters: Record<string, unknown> }): void {
  const pagination = (node.parameters.options as { pagination?: { pagination?: { paginationMode?: string } } } | undefined)?.pagination;
  if (pagination && (pagination.pagination?.paginationMode ?? 'updateAParameterInEachRequest') !== 'off') {
    throw new Error('Pagination is not supported yet: remove the Pagination option or set its mode to "Off"');
  }
}

export const httpRequestV3: NodeType = {
  kind: 'regular',
  description: httpRequestV3Description,
  async execute(ctx) {
    const node = ctx.getNode();
    try {
      assertNoPagination(node as unknown as { parameters: Record<string, unknown> });
    } catch (e) {
      throw new NodeOperationError(node, (e as Error).message);
    }
    const items = ctx.getInputData();
    const batchSize = ctx.getNodeParameter('options.batching.batch.batchSize', 0, 1) as number;
    const batchInterval = ctx.getNodeParameter('options.batching.batch.batchInterval', 0, 0) as number;

    const pending: Pending[] = [];
    for (let i = 0; i < items.length; i++) {
      await waitForBatch(i, batchSize, batchInterval, ctx.signal);
      try {
        const spec = await buildRequest(ctx, items[i], i);
        pending.push({ kind: 'request', url: spec.url, result: sendRequest(ctx, spec) });
      } catch (e) {
        if (!ctx.continueOnFail()) throw e;
        pending.push({ kind: 'invalid', error: e as Error });
      }
    }

    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      const entry = pending[i];
      if (entry.kind === 'invalid') {
        out.push({ json: { error: entry.error.message }, pairedItem: { item: i } });
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
