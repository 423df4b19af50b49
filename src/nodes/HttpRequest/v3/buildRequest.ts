// Turning one item's parameters into a request (HTTP Request 3–4.4). What changes by version:
//   4:   redirects followed unless the Redirects option says otherwise; JSON body fields may
//        name nested paths (a.b).
//   4.3: a name given twice in query, header or form-urlencoded fields keeps every value (query
//        and form: an array, written in the chosen array format; headers: joined with ", "),
//        where earlier versions keep the last one.
//   4.4: Authorization, Proxy-Authorization and Cookie headers set on the node are not sent on a
//        redirect to another origin unless the option "Send Credentials on Cross-Origin
//        Redirect" is on (before 4.4 they are, unless it is off). A credential's own headers
//        never cross origins here, in any version (src/engine/auth/redirects.ts).
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

function toObject(list: KeyValue[], nested: boolean, repeatToArray = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, value } of list) {
    // From 4.x on JSON body fields may name nested paths (a.b); before, keys are taken as written.
    if (nested) setPath(out, name, value);
    else if (repeatToArray && Object.hasOwn(out, name)) {
      // 4.3: a repeated name collects its values (n8n's updadeQueryParameterConfig).
      const existing = out[name];
      out[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    } else out[name] = value;
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
  const repeatToArray = version >= 4.3;
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
  const options = p<{
    redirect?: { redirect?: { followRedirects?: boolean; maxRedirects?: number } };
    queryParameterArrays?: ArrayFormat;
    sendCredentialsOnCrossOriginRedirect?: boolean;
  }>('options', {});
  const redirect = options.redirect;
  // 4.x follows redirects unless told otherwise; 3 only when asked.
  const followByDefault = version >= 4 && redirect === undefined;
  if (redirect?.redirect?.followRedirects || followByDefault) spec.followRedirects = true;
  if (redirect?.redirect?.maxRedirects) spec.maxRedirects = redirect.redirect.maxRedirects;
  // n8n: the option when set, else true before 4.4 and false from 4.4 on.
  const sendCredentials = options.sendCredentialsOnCrossOriginRedirect ?? version < 4.4;
  if (!sendCredentials) spec.sendCredentialsOnCrossOriginRedirect = false;

  if (p<boolean>('sendQuery', false)) {
    // From 4.3 on arrays are written as n8n sends them when no format is chosen: name[]=a&name[]=b.
    spec.arrayFormat = options.queryParameterArrays ?? (repeatToArray ? 'brackets' : undefined);
    spec.qs =
      p<string>('specifyQuery', 'keypair') === 'json'
        ? jsonParameter(ctx, p('jsonQuery', ''), itemIndex)
        : toObject(keyValues(ctx, 'queryParameters', itemIndex), false, repeatToArray);
  }

  if (p<boolean>('sendHeaders', false)) {
    const headers =
      p<string>('specifyHeaders', 'keypair') === 'json'
        ? jsonParameter(ctx, p('jsonHeaders', ''), itemIndex)
        : toObject(
            keyValues(ctx, 'headerParameters', itemIndex).filter((h) => h && h.name),
            false,
            repeatToArray,
          );
    const lowercase = p<boolean>('options.lowercaseHeaders', true);
    for (const [name, value] of Object.entries(headers)) {
      if (!name) continue;
      // 4.3's repeated header: one field with the values joined, as HTTP combines repeated fields.
      spec.headers[lowercase ? name.toLowerCase() : name] = Array.isArray(value) && repeatToArray ? value.map(String).join(', ') : String(value);
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
      spec.body =
        specifyBody === 'string'
          ? Object.fromEntries(new URLSearchParams(p<string>('body', '')))
          : toObject(keyValues(ctx, 'bodyParameters', itemIndex), false, repeatToArray);
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
