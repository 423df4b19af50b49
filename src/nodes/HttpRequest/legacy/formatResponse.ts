// Turning a response into items (HTTP Request 1 and 2).
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { decodeText, fileNameFor, mimeTypeOf, parseIfJson } from '../transport/decode.ts';
import type { RawResponse } from '../transport/send.ts';
import type { LegacyOptions } from './buildRequest.ts';

const item = (json: unknown, itemIndex: number): INodeExecutionData => ({
  json: (json === null || json === undefined ? {} : json) as IDataObject,
  pairedItem: { item: itemIndex },
});

export async function formatLegacyResponse(
  ctx: ExecuteFunctions,
  response: RawResponse,
  responseFormat: string,
  options: LegacyOptions,
  input: INodeExecutionData,
  url: string,
  itemIndex: number,
): Promise<INodeExecutionData[]> {
  const contentType = response.headers['content-type'];
  const meta = { headers: response.headers, statusCode: response.statusCode, statusMessage: response.statusMessage };
  const dataPropertyName = ctx.getNodeParameter('dataPropertyName', 0, 'data') as string;

  if (responseFormat === 'file') {
    const binary = await ctx.helpers.prepareBinaryData(response.bytes, fileNameFor(url, response.headers['content-disposition']), mimeTypeOf(contentType));
    return [{ json: options.fullResponse ? meta : input.json, binary: { ...(input.binary ?? {}), [dataPropertyName]: binary }, pairedItem: { item: itemIndex } }];
  }

  const text = decodeText(response.bytes, contentType);
  // Outside RAW the response is read like request's json: true.
  let body: unknown = text === '' ? undefined : options.bodyContentType === 'raw' ? text : parseIfJson(text);
  if (responseFormat === 'string') {
    return [item(options.fullResponse ? { [dataPropertyName]: body, ...meta } : { [dataPropertyName]: body }, itemIndex)];
  }
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      throw new NodeOperationError(ctx.getNode(), 'Response body is not valid JSON. Change "Response Format" to "String"', { itemIndex });
    }
  }
  if (options.fullResponse) return [item({ body, ...meta }, itemIndex)];
  if (options.splitIntoItems === true && Array.isArray(body)) return body.map((entry) => item(entry, itemIndex));
  return [item(body, itemIndex)];
}
