// Turning one item's parameters into a request (HTTP Request 1 and 2).
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import type { BodyKind, RequestSpec } from '../transport/send.ts';
import { applyAuthentication, credentialTypeFor } from '../transport/auth.ts';

export interface LegacyOptions {
  batchInterval?: number;
  batchSize?: number;
  bodyContentType?: 'json' | 'raw' | 'multipart-form-data' | 'form-urlencoded';
  bodyContentCustomMimeType?: string;
  fullResponse?: boolean;
  followAllRedirects?: boolean;
  followRedirect?: boolean;
  ignoreResponseCode?: boolean;
  splitIntoItems?: boolean;
  timeout?: number;
  useQueryString?: boolean;
}

const JSON_PARAMETERS = [
  { parameter: 'bodyParametersJson', target: 'body', displayName: 'Body Parameters' },
  { parameter: 'headerParametersJson', target: 'headers', displayName: 'Headers' },
  { parameter: 'queryParametersJson', target: 'qs', displayName: 'Query Paramters' },
] as const;

const UI_PARAMETERS = [
  { parameter: 'bodyParametersUi', target: 'body' },
  { parameter: 'headerParametersUi', target: 'headers' },
  { parameter: 'queryParametersUi', target: 'qs' },
] as const;

const ACCEPT: Record<string, string> = {
  json: 'application/json,text/*;q=0.99',
  string: 'application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, */*;q=0.1',
  file: 'application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, image/*;q=0.8, */*;q=0.7',
};

type Parts = { body?: unknown; headers?: Record<string, unknown>; qs?: Record<string, unknown> };

async function binaryBody(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number, options: LegacyOptions): Promise<unknown> {
  const node = ctx.getNode();
  if (options.bodyContentType !== 'raw' && options.bodyContentType !== 'multipart-form-data') {
    throw new NodeOperationError(node, 'Sending binary data is only supported when option "Body Content Type" is set to "RAW/CUSTOM" or "FORM-DATA/MULTIPART"!', { itemIndex });
  }
  if (item.binary === undefined) throw new NodeOperationError(node, 'No binary data exists on item!', { itemIndex });
  const names = String(ctx.getNodeParameter('binaryPropertyName', itemIndex));
  if (options.bodyContentType === 'raw') {
    if (item.binary[names] === undefined) throw new NodeOperationError(node, `Item has no binary property called "${names}"`, { itemIndex });
    return ctx.helpers.getBinaryDataBuffer(itemIndex, names);
  }
  const form = new FormData();
  const list = names.split(',').map((k) => k.trim());
  for (const entry of list) {
    let field = 'file';
    let property = entry;
    if (entry.includes(':')) [field, property] = entry.split(':');
    else if (list.length > 1) {
      throw new NodeOperationError(
        node,
        'If more than one property should be send it is needed to define the in the format:<code>"sendKey1:binaryProperty1,sendKey2:binaryProperty2"</code>',
        { itemIndex },
      );
    }
    const binary = item.binary[property];
    if (binary === undefined) throw new NodeOperationError(node, `Item has no binary property called "${property}"`);
    const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
    form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: binary.mimeType }), binary.fileName ?? field);
  }
  return form;
}

async function jsonParts(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number, options: LegacyOptions): Promise<Parts & { binary?: boolean }> {
  const parts: Parts & { binary?: boolean } = {};
  for (const { parameter, target, displayName } of JSON_PARAMETERS) {
    const value = ctx.getNodeParameter(parameter, itemIndex, '') as unknown;
    if (target === 'body' && ctx.getNodeParameter('sendBinaryData', itemIndex, false)) {
      parts.body = await binaryBody(ctx, item, itemIndex, options);
      parts.binary = true;
      continue;
    }
    if (value === '') continue;
    let parsed = value;
    // Anything but RAW must be JSON.
    if (typeof value !== 'object' && options.bodyContentType !== 'raw') {
      try {
        parsed = JSON.parse(String(value));
      } catch {
        throw new NodeOperationError(
          ctx.getNode(),
          `The data in "${displayName}" is no valid JSON. Set Body Content Type to "RAW/Custom" for XML or other types of payloads`,
          { itemIndex },
        );
      }
    }
    (parts as Record<string, unknown>)[target] = parsed;
  }
  return parts;
}

function uiParts(ctx: ExecuteFunctions, itemIndex: number): Parts {
  const parts: Parts = {};
  for (const { parameter, target } of UI_PARAMETERS) {
    const ui = ctx.getNodeParameter(parameter, itemIndex, {}) as { parameter?: Array<{ name: string; value: unknown }> };
    if (ui.parameter === undefined) continue;
    const out: Record<string, unknown> = {};
    for (const { name, value } of ui.parameter) {
      if (target === 'qs') {
        // A repeated query name collects its values.
        const old = out[name];
        out[name] = typeof old === 'string' ? [old, value] : Array.isArray(old) ? [...old, value] : value;
      } else if (target === 'headers') out[String(name).toLowerCase()] = value;
      else out[name] = value;
    }
    (parts as Record<string, unknown>)[target] = out;
  }
  return parts;
}

export async function buildLegacyRequest(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number, responseFormat: string): Promise<RequestSpec> {
  // An unsupported authentication fails before anything else is read.
  credentialTypeFor(ctx, itemIndex);
  const method = ctx.getNodeParameter('requestMethod', itemIndex) as string;
  const url = ctx.getNodeParameter('url', itemIndex) as string;
  const options = ctx.getNodeParameter('options', itemIndex, {}) as LegacyOptions;
  const parts = ctx.getNodeParameter('jsonParameters', itemIndex) ? await jsonParts(ctx, item, itemIndex, options) : uiParts(ctx, itemIndex);

  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(parts.headers ?? {})) headers[k] = String(v);
  const isGet = method === 'GET' || method === 'HEAD';
  const spec: RequestSpec = {
    method,
    url,
    headers,
    qs: parts.qs,
    arrayFormat: options.useQueryString ? 'repeat' : 'indices',
    timeout: options.timeout ?? 3_600_000,
    followRedirects: options.followAllRedirects === true || (isGet && options.followRedirect !== false),
    maxRedirects: 10,
    neverError: options.ignoreResponseCode === true,
    skipSslCertificateValidation: ctx.getNodeParameter('allowUnauthorizedCerts', itemIndex, false) === true,
  };

  let body = parts.body;
  let kind: BodyKind = options.bodyContentType === 'raw' ? 'raw' : 'json';
  if (['PATCH', 'POST', 'PUT'].includes(method)) {
    if (options.bodyContentType === 'multipart-form-data' && !(body instanceof FormData) && body && typeof body === 'object') {
      const form = new FormData();
      for (const [k, v] of Object.entries(body)) form.append(k, String(v));
      body = form;
    }
    if (options.bodyContentType === 'multipart-form-data') kind = 'multipart';
    if (options.bodyContentType === 'form-urlencoded') kind = 'form';
  }
  if (body instanceof Uint8Array) kind = 'binary';
  // Downloads send their body as JSON text unless it is RAW.
  if (responseFormat === 'file' && options.bodyContentType !== 'raw' && kind === 'json') {
    body = body === undefined ? undefined : JSON.stringify(body);
    if (['POST', 'PUT', 'PATCH'].includes(method)) headers['Content-Type'] = 'application/json';
  }
  spec.body = body;
  spec.bodyKind = kind;
  if (options.bodyContentCustomMimeType) headers['Content-Type'] = options.bodyContentCustomMimeType;
  await applyAuthentication(ctx, spec, itemIndex);
  if (headers.accept === undefined) headers.accept = ACCEPT[responseFormat] ?? ACCEPT.file;
  return spec;
}
