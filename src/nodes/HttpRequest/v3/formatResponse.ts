// Turning a response into items (HTTP Request 3–4.4): autodetected, JSON, text or file, with
// or without status and headers.
import type { INodeExecutionData } from '../../../model/execution.ts';
import type { IDataObject } from '../../../model/workflow.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { decodeText, fileNameFor, isBinaryContentType, mimeTypeOf, parseIfJson } from '../transport/decode.ts';
import type { RawResponse } from '../transport/send.ts';
import type { ResponseOptions } from './buildRequest.ts';

const toText = (data: unknown) => (typeof data === 'object' && data !== null ? JSON.stringify(data) : data);

function meta(response: RawResponse): IDataObject {
  return { headers: response.headers, statusCode: response.statusCode, statusMessage: response.statusMessage };
}

/** n8n turns a null item into {}. */
const jsonItem = (json: unknown, itemIndex: number): INodeExecutionData => ({
  json: (json === null || json === undefined ? {} : json) as IDataObject,
  pairedItem: { item: itemIndex },
});

export async function formatResponse(
  ctx: ExecuteFunctions,
  response: RawResponse,
  options: ResponseOptions,
  input: INodeExecutionData,
  url: string,
  itemIndex: number,
): Promise<INodeExecutionData[]> {
  const contentType = response.headers['content-type'] ?? '';
  let format = options.responseFormat;
  let body: unknown;
  if (format === 'autodetect') {
    if (contentType.includes('application/json')) {
      format = 'json';
      const text = decodeText(response.bytes, contentType);
      if (text === '') body = undefined;
      else {
        try {
          body = JSON.parse(text);
        } catch {
          if (!options.neverError) throw new NodeOperationError(ctx.getNode(), 'Invalid JSON in response body', { itemIndex });
          body = {};
        }
      }
    } else if (isBinaryContentType(contentType)) {
      format = 'file';
    } else {
      format = 'text';
      body = decodeText(response.bytes, contentType) || undefined;
    }
  } else if (format === 'json' || format === 'text') {
    // Like request's json: true: JSON bodies arrive parsed, anything else as text.
    const text = decodeText(response.bytes, contentType);
    body = text === '' ? undefined : parseIfJson(text);
  }

  if (format === 'file') {
    const fileName = fileNameFor(url, response.headers['content-disposition']);
    const binary = await ctx.helpers.prepareBinaryData(response.bytes, fileName, mimeTypeOf(contentType));
    return [
      {
        json: options.fullResponse ? meta(response) : input.json,
        binary: { ...(input.binary ?? {}), [options.outputPropertyName]: binary },
        pairedItem: { item: itemIndex },
      },
    ];
  }
  if (format === 'text') {
    const json: IDataObject = { [options.outputPropertyName]: toText(body) as IDataObject[string] };
    return [jsonItem(options.fullResponse ? { ...json, ...meta(response) } : json, itemIndex)];
  }
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      throw new NodeOperationError(ctx.getNode(), 'Response body is not valid JSON. Change "Response Format" to "Text"', { itemIndex });
    }
  }
  if (options.fullResponse) return [jsonItem({ body, ...meta(response) }, itemIndex)];
  if (Array.isArray(body)) return body.map((entry) => jsonItem(entry, itemIndex));
  return [jsonItem(body, itemIndex)];
}
