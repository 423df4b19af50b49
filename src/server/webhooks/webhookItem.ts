// The item a webhook call becomes, as n8n's Webhook node builds it: { headers, params, query,
// body, webhookUrl, executionMode } plus binary for uploads, binary bodies (v2: any content type
// it does not parse; v1: the "Binary File" option) and the raw body option. Large files go to the
// binary store under the execution's id.
import { decodeUtf8Sliced } from '../slicedDecode.ts';
import { parseFormSliced } from '../slicedForm.ts';
import { randomUUID } from 'node:crypto';
import { parseStringPromise } from 'xml2js';
import type { IDataObject } from '../../model/workflow.ts';
import type { IBinaryData, INodeExecutionData } from '../../model/execution.ts';
import type { BinaryDataStore } from '../../engine/types.ts';
import { parseMultipart } from './multipart.ts';
import { webhookBodyTooDeep } from '../limits.ts';
import { mayHaveInheritedNames, protectXmlName, restoreXmlNames } from './xmlNames.ts';
import { parseJsonSliced, SLICED_PARSE_MIN_CHARS } from '../slicedJsonParse.ts';
import { lineAndColumn, MAX_DATA_ARRAY_LENGTH, MAX_JSON_DEPTH } from '../../model/jsonDepth.ts';

export class WebhookBodyError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export interface WebhookRequestData {
  headers: Record<string, string | string[] | undefined>;
  params: Record<string, string>;
  query: IDataObject;
  body: Buffer | undefined;
  /** Content type without parameters, lower case ('' when absent). */
  contentType: string;
}

export interface ItemOptions {
  typeVersion: number;
  rawBody: boolean;
  /** v1 "Binary File": the whole body is one file. */
  binaryData: boolean;
  /** Set only when the user set it: multipart files are then named <name>0, <name>1 … */
  binaryPropertyName?: string;
  webhookUrl: string;
  executionMode: 'test' | 'production';
  executionId: string;
  store?: BinaryDataStore;
}

function parsable(ct: string): boolean {
  return ct === 'application/json' || ct.endsWith('+json') || ct === 'text/plain' || ct === 'application/x-www-form-urlencoded' || ct.endsWith('/xml') || ct.endsWith('+xml');
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function toBinary(data: Buffer, mimeType: string, fileName: string | undefined, o: ItemOptions): Promise<IBinaryData> {
  const b: IBinaryData =
    o.store && data.byteLength > o.store.inlineMaxBytes
      ? { id: await o.store.store(o.executionId, data, { mimeType, fileName }), mimeType }
      : { data: data.toString('base64'), mimeType };
  b.fileSize = formatSize(data.byteLength);
  if (fileName) {
    b.fileName = fileName;
    if (fileName.includes('.')) b.fileExtension = fileName.split('.').pop();
  }
  return b;
}

function dispositionFileName(header: string | string[] | undefined): string | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v) return undefined;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(v);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to filename= */
    }
  }
  return /filename="?([^";]+)"?/i.exec(v)?.[1];
}

/** A large JSON body, checked and parsed in slices (slicedJsonParse.ts); keys such as __proto__ are data, as in n8n. */
async function parseLargeJson(text: string): Promise<unknown> {
  const r = await parseJsonSliced(text, { maxDepth: MAX_JSON_DEPTH, refusePrototypeKeys: false });
  if (r.ok) return r.value;
  const { line, column } = lineAndColumn(text, r.offset);
  if (r.kind === 'deep') {
    throw new WebhookBodyError(400, `The request body is nested more than ${MAX_JSON_DEPTH} levels deep (line ${line}, column ${column}); the limit keeps the server's stack safe`);
  }
  if (r.kind === 'large') {
    throw new WebhookBodyError(413, `The request body has an array of more than ${MAX_DATA_ARRAY_LENGTH.toLocaleString('en-US')} elements (line ${line}, column ${column}), the limit of one array in workflow data`);
  }
  throw new WebhookBodyError(400, `The request body is not valid JSON: ${r.message ?? 'Unexpected token'} (line ${line}, column ${column})`);
}

/** Parses a body that n8n parses (JSON, text, form-urlencoded, XML). */
export async function parseBody(body: Buffer | undefined, contentType: string): Promise<unknown> {
  if (!body || body.length === 0) return {};
  const text = await decodeUtf8Sliced(body);
  if (contentType === 'application/json' || contentType.endsWith('+json')) {
    if (text.length >= SLICED_PARSE_MIN_CHARS) return parseLargeJson(text);
    const deep = await webhookBodyTooDeep(text, 'json');
    if (deep) throw new WebhookBodyError(400, deep);
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new WebhookBodyError(400, `The request body is not valid JSON: ${(e as Error).message}`);
    }
  }
  if (contentType === 'application/x-www-form-urlencoded') return parseFormSliced(text, 10_000);
  if (contentType.endsWith('/xml') || contentType.endsWith('+xml')) {
    const deep = await webhookBodyTooDeep(text, 'xml');
    if (deep) throw new WebhookBodyError(400, deep);
    try {
      const options = { async: true, normalize: true, normalizeTags: true, explicitArray: false, trim: true };
      if (!mayHaveInheritedNames(text)) return await parseStringPromise(text, options);
      const names = { tagNameProcessors: [protectXmlName], attrNameProcessors: [protectXmlName] };
      return restoreXmlNames(await parseStringPromise(text, { ...options, ...names }));
    } catch (e) {
      throw new WebhookBodyError(400, `The request body is not valid XML: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  return text;
}

export async function webhookItem(req: WebhookRequestData, o: ItemOptions): Promise<INodeExecutionData> {
  const json: IDataObject = { headers: req.headers as IDataObject, params: req.params, query: req.query, body: {} };
  const item: INodeExecutionData = { json };
  const ct = req.contentType;
  if (o.binaryData) {
    if (req.body?.length) item.binary = { [o.binaryPropertyName ?? 'data']: await toBinary(req.body, ct || 'application/octet-stream', dispositionFileName(req.headers['content-disposition']), o) };
  } else if (ct === 'multipart/form-data') {
    const { fields, files } = await parseMultipart(req.body ?? Buffer.alloc(0), req.headers).catch((e: Error) => {
      throw new WebhookBodyError(400, e.message);
    });
    json.body = fields;
    if (files.length) item.binary = {};
    const perField = new Map<string, number>();
    files.forEach((f) => perField.set(f.field, (perField.get(f.field) ?? 0) + 1));
    const seen = new Map<string, number>();
    let count = 0;
    for (const f of files) {
      let name = f.field.endsWith('[]') ? f.field.slice(0, -2) : f.field;
      if ((perField.get(f.field) ?? 0) > 1) {
        const i = seen.get(f.field) ?? 0;
        seen.set(f.field, i + 1);
        name += i;
      }
      if (o.binaryPropertyName) name = `${o.binaryPropertyName}${count}`;
      item.binary![name] = await toBinary(f.data, f.mimeType, f.fileName || undefined, o);
      count++;
    }
  } else if (o.typeVersion > 1 && !o.rawBody && req.body?.length && !parsable(ct)) {
    // v2: a body n8n does not parse arrives as a file.
    const fileName = dispositionFileName(req.headers['content-disposition']) ?? randomUUID();
    item.binary = { [o.binaryPropertyName ?? 'data']: await toBinary(req.body, ct || 'application/octet-stream', fileName, o) };
  } else {
    json.body = parsable(ct) ? await parseBody(req.body, ct) : {};
    if (o.rawBody) item.binary = { data: { data: (req.body ?? Buffer.alloc(0)).toString('base64'), mimeType: ct || 'application/json' } };
  }
  json.webhookUrl = o.webhookUrl;
  json.executionMode = o.executionMode;
  return item;
}
