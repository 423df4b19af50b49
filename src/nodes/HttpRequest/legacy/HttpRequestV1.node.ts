// HTTP Request versions 1 and 2.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { NodeType } from '../../types.ts';
import { failureJson, toNodeApiError } from '../transport/apiError.ts';
import { waitForBatch } from '../transport/batching.ts';
import { sendRequest, type SendResult } from '../transport/send.ts';
import { buildLegacyRequest, type LegacyOptions } from './buildRequest.ts';
import { httpRequestLegacyDescription } from './description.ts';
import { formatLegacyResponse } from './formatResponse.ts';
import { sliceDue, yieldToLoop } from '../../../model/yieldToLoop.ts';

export const httpRequestV1: NodeType = {
  kind: 'regular',
  description: httpRequestLegacyDescription,
  async execute(ctx) {
    const node = ctx.getNode();
    const items = ctx.getInputData();
    const responseFormat = ctx.getNodeParameter('responseFormat', 0) as string;
    const pending: Array<{ url: string; result: Promise<SendResult> }> = [];
    for (let i = 0; i < items.length; i++) {
      if (sliceDue()) await yieldToLoop();
      const options = ctx.getNodeParameter('options', i, {}) as LegacyOptions;
      await waitForBatch(i, options.batchSize ?? -1, options.batchInterval ?? 0, ctx.signal);
      const spec = await buildLegacyRequest(ctx, items[i], i, responseFormat);
      pending.push({ url: spec.url, result: sendRequest(ctx, spec) });
    }
    const out: INodeExecutionData[] = [];
    for (let i = 0; i < items.length; i++) {
      const result = await pending[i].result;
      if (!result.ok) {
        if (!ctx.continueOnFail()) throw toNodeApiError(node, result.failure, i);
        out.push({ json: { error: failureJson(result.failure) }, pairedItem: { item: i } });
        continue;
      }
      const options = ctx.getNodeParameter('options', i, {}) as LegacyOptions;
      out.push(...(await formatLegacyResponse(ctx, result.response, responseFormat, options, items[i], pending[i].url, i)));
    }
    return [out];
  },
};
