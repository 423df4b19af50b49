// Turning one item's parameters into a request (HTTP Request 3–4.2).
import type { INodeExecutionData } from '../../../model/execution.ts';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { setPath } from '../../shared/path.ts';
import type { ArrayFormat } from '../transport/queryString.ts';
import type { BodyKind, RequestSpec } from '../transport/send.ts';
import { applyAuthentication, credentialTypeFor } from '../transport/auth.ts';

interface KeyValue {
  name: string;
  value?: unknown;
  parameterType?: 'formData' | 'formBinaryData';
  inputDataFieldName?: string;
}

export interface ResponseOptions {
  fullResponse: boolean;
  neverError: boolean;
  responseFormat: 'autodetect' | 'json' | 'text' | 'file';
  outputPropertyName: string;
}

const ACCEPT: Record<string, string> = {
  json: 'application/json,text/*;q=0.99',
  text: 'application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, */*;q=0.1',
  other: 'application/json,text/html,application/xhtml+xml,application/xml,text/*;q=0.9, image/*;q=0.8, */*;q=0.7',
};

function invalidJson(ctx: ExecuteFunctions, itemIndex: number): NodeOperationError {
  return new NodeOperationError(ctx.getNode(), 'JSON parameter needs to be valid JSON', { itemIndex });
}

/** JSON given as text or as an object (from an expression). */
function jsonParameter(ctx: ExecuteFunctions, value: unknown, itemIndex: number): Record<string, unknown> {
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  try {
    return JSON.parse(String(value)) as Record<string, unknown>;
  } catch {
    throw invalidJson(ctx, itemIndex);
  }
}

function keyValues(ctx: ExecuteFunctions, name: string, itemIndex: number): KeyValue[] {
  const list = ctx.getNodeParameter(`${name}.parameters`, itemIndex, []) as KeyValue[];
  return Array.isArray(list) ? list : [];
}

function toObject(list: KeyValue[], nested: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, value } of list) {
    // From 4.x on JSON body fields may name nested paths (a.b); before, keys are taken as written.
    if (nested) setPath(out, name, value);
    else out[name] = value;
  }
  return out;
}

async function multipartBody(ctx: ExecuteFunctions, item: INodeExecutionData, list: KeyValue[], itemIndex: number): Promise<FormData> {
  const form = new FormData();
  for (const entry of list) {
    if (entry.parameterType === 'formBinaryData') {
      if (!entry.inputDataFieldName) continue;
      const binary = item.binary?.[entry.inputDataFieldName];
      if (!binary) {
        throw new NodeOperationError(ctx.getNode(), `Input Data Field Name '${entry.inputDataFieldName}' could not be found in input`, { itemIndex });
      }
      const bytes = await ctx.helpers.getBinaryDataBuffer(itemIndex, entry.inputDataFieldName);
      form.append(entry.name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: binary.mimeType }), binary.fileName ?? entry.name);
    } else {
      form.append(entry.name, String(entry.value ?? ''));
    }
  }
  return form;
}

export function responseOptions(ctx: ExecuteFunctions, itemIndex: number): ResponseOptions {
  const response = ctx.getNodeParameter('options.response.response', itemIndex, {}) as Partial<ResponseOptions>;
  return {
    fullResponse: !!response.fullResponse,
    neverError: !!response.neverError,
    responseFormat: response.responseFormat ?? 'autodetect',
    outputPropertyName: response.outputPropertyName ?? 'data',
  };
}

export async function buildRequest(ctx: ExecuteFunctions, item: INodeExecutionData, itemIndex: number): Promise<RequestSpec> {
  const version = ctx.getNode().typeVersion;
  const p = <T>(name: string, fallback?: T) => ctx.getNodeParameter(name, itemIndex, fallback) as T;
  // An unsupported authentication fails before anything else is read.
  credentialTypeFor(ctx, itemIndex);

  const method = p<string>('method', 'GET');
  const url = p<string>('url');
  const response = responseOptions(ctx, itemIndex);
  const spec: RequestSpec = {
    method,
    url,
    headers: {},
    timeout: p<number>('options.timeout', 0) || 3_600_000,
    followRedirects: false,
    neverError: response.neverError,
    skipSslCertificateValidation: p<boolean>('options.allowUnauthorizedCerts', false) === true,
  };

  // Read through the collection: an option that was not added is undefined, not an error.
  const options = p<{ redirect?: { redirect?: { followRedirects?: boolean; maxRedirects?: number } }; queryParameterArrays?: ArrayFormat }>('options', {});
  const redirect = options.redirect;
  // 4.x follows redirects unless told otherwise; 3 only when asked.
  const followByDefault = version >= 4 && redirect === undefined;
  if (redirect?.redirect?.followRedirects || followByDefault) spec.followRedirects = true;
  if (redirect?.redirect?.maxRedirects) spec.maxRedirects = redirect.redirect.maxRedirects;

  if (p<boolean>('sendQuery', false)) {
    spec.arrayFormat = options.queryParameterArrays;
    spec.qs = p<string>('specifyQuery', 'keypair') === 'json' ? jsonParameter(ctx, p('jsonQuery', ''), itemIndex) : toObject(keyValues(ctx, 'queryParameters', itemIndex), false);
  }

  if (p<boolean>('sendHeaders', false)) {
    const headers =
      p<string>('specifyHeaders', 'keypair') === 'json' ? jsonParameter(ctx, p('jsonHeaders', ''), itemIndex) : toObject(keyValues(ctx, 'headerParameters', itemIndex), false);
    const lowercase = p<boolean>('options.lowercaseHeaders', true);
    for (const [name, value] of Object.entries(headers)) {
      if (!name) continue;
      spec.headers[lowercase ? name.toLowerCase() : name] = String(value);
    }
  }

  if (p<boolean>('sendBody', false)) {
    const contentType = p<string>('contentType', 'json');
    const specifyBody = p<string>('specifyBody', 'keypair');
    let kind: BodyKind = 'json';
    if (contentType === 'multipart-form-data') {
      kind = 'multipart';
      spec.body = await multipartBody(ctx, item, keyValues(ctx, 'bodyParameters', itemIndex), itemIndex);
    } else if (contentType === 'form-urlencoded') {
      kind = 'form';
      spec.body = specifyBody === 'string' ? Object.fromEntries(new URLSearchParams(p<string>('body', ''))) : toObject(keyValues(ctx, 'bodyParameters', itemIndex), false);
    } else if (contentType === 'binaryData') {
      kind = 'binary';
      const field = p<string>('inputDataFieldName', '');
      const binary = item.binary?.[field];
      spec.body = await ctx.helpers.getBinaryDataBuffer(itemIndex, field);
      if (binary?.mimeType) spec.headers['content-type'] ??= binary.mimeType;
    } else if (contentType === 'raw') {
      kind = 'raw';
      spec.body = p<string>('body', '');
      spec.headers['content-type'] = p<string>('rawContentType', '');
    } else if (specifyBody === 'json') {
      spec.body = jsonParameter(ctx, p('jsonBody', ''), itemIndex);
    } else {
      spec.body = toObject(keyValues(ctx, 'bodyParameters', itemIndex), version >= 4);
    }
    spec.bodyKind = kind;
  }

  await applyAuthentication(ctx, spec, itemIndex);
  if (spec.headers.accept === undefined && spec.headers.Accept === undefined) {
    spec.headers.accept = ACCEPT[response.responseFormat] ?? ACCEPT.other;
  }
  return spec;
}
