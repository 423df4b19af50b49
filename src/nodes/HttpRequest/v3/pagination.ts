// HTTP Request pagination (options.pagination, n8n's requestWithAuthenticationPaginated): one
// item's request sent page after page. Before each page the pagination parameters (or the next
// URL) are evaluated with $response (the previous page: body, headers, statusCode), $pageCount
// (pages fetched so far) and $request (the item's request); after each page the completion rule
// decides whether to go on. Bounded by PAGINATION_PAGE_CAP, by n8n's check for a response that
// repeats unchanged, and by the run's abort signal.
import { createHash } from 'node:crypto';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { statusFailure, type RequestFailure } from '../transport/apiError.ts';
import { pause } from '../transport/batching.ts';
import { decodeText, parseIfJson } from '../transport/decode.ts';
import { sendRequest, type RawResponse, type RequestSpec } from '../transport/send.ts';
import type { ResponseOptions } from './buildRequest.ts';

/** Pages one item may fetch, whatever the node says; reaching it while pages remain is an error. */
export const PAGINATION_PAGE_CAP = 1000;

/** n8n stops when the same response came back this many times in a row. */
const IDENTICAL_RESPONSES_LIMIT = 5;

const ROOT = 'options.pagination.pagination';

type Mode = 'off' | 'updateAParameterInEachRequest' | 'responseContainsNextURL';
type CompleteWhen = 'responseIsEmpty' | 'receiveSpecificStatusCodes' | 'other';
type Target = 'qs' | 'headers' | 'body';

/** The Pagination option as stored (expressions unresolved); defaults as n8n's description. */
interface RawPagination {
  paginationMode?: Mode;
  nextURL?: string;
  parameters?: { parameters?: Array<{ type?: string; name?: string; value?: unknown }> };
  paginationCompleteWhen?: CompleteWhen;
  statusCodesWhenComplete?: string;
  completeExpression?: string;
  limitPagesFetched?: boolean;
  maxRequests?: unknown;
  requestInterval?: unknown;
}

export interface PaginationConfig {
  mode: Exclude<Mode, 'off'>;
  /** updateAParameterInEachRequest: where each parameter goes; its value is read per page. */
  parameters: Array<{ type: Target; name: string }>;
  completeWhen: CompleteWhen;
  statusCodes: number[];
  limitPagesFetched: boolean;
}

export interface Page {
  response: RawResponse;
  url: string;
}

/** What a paginated request ended with: its pages, or why it stopped (never a rejection). */
export type PaginationResult = { ok: true; pages: Page[] } | { ok: false; failure: RequestFailure } | { ok: false; error: Error };

/** The Pagination option, or null when it is not set or its mode is Off. Read once, as n8n does. */
export function readPagination(ctx: ExecuteFunctions): RawPagination | null {
  const raw = ctx.getNodeParameter(ROOT, 0, null, { rawExpressions: true }) as RawPagination | null;
  if (!raw || typeof raw !== 'object') return null;
  if ((raw.paginationMode ?? 'updateAParameterInEachRequest') === 'off') return null;
  return raw;
}

const isTarget = (v: string): v is Target => v === 'qs' || v === 'headers' || v === 'body';

/** Checks the option the way n8n does before any request goes out (messages as n8n's). */
export function paginationConfig(ctx: ExecuteFunctions, raw: RawPagination, itemIndex: number): PaginationConfig {
  const node = ctx.getNode();
  const fail = (message: string, description?: string) => new NodeOperationError(node, message, { itemIndex, description });
  const mode = raw.paginationMode ?? 'updateAParameterInEachRequest';
  if (mode !== 'updateAParameterInEachRequest' && mode !== 'responseContainsNextURL') {
    throw fail(`Unknown pagination mode "${String(mode)}"`);
  }
  const parameters: PaginationConfig['parameters'] = [];
  if (mode === 'updateAParameterInEachRequest') {
    const list = Array.isArray(raw.parameters?.parameters) ? raw.parameters.parameters : [];
    if (list.length === 0 || (list.length === 1 && !list[0]?.name && (list[0]?.value ?? '') === '')) {
      throw fail("At least one entry with 'Name' and 'Value' filled must be included in 'Parameters' to use 'Update a Parameter in Each Request' mode");
    }
    list.forEach((entry, i) => {
      const name = String(entry?.name ?? '');
      const type = String(entry?.type ?? 'qs');
      if (name === '') throw fail(`Parameter name must be set for parameter [${i + 1}] in pagination settings`);
      if (!isTarget(type)) throw fail(`Parameter type must be one of: body, headers, qs for parameter [${i + 1}] in pagination settings`);
      if (entry.value === undefined || entry.value === '') {
        throw fail(`Some value must be provided for parameter [${i + 1}] in pagination settings, omitting it will result in an infinite loop`);
      }
      parameters.push({ type, name });
    });
  } else if (typeof raw.nextURL !== 'string' || raw.nextURL.trim() === '') {
    throw fail("'Next URL' must be set to use 'Response Contains Next URL' mode", 'Use an expression such as {{ $response.body.next }}');
  }

  const completeWhen = raw.paginationCompleteWhen ?? 'responseIsEmpty';
  let statusCodes: number[] = [];
  if (completeWhen === 'receiveSpecificStatusCodes') {
    statusCodes = String(raw.statusCodesWhenComplete ?? '')
      .split(',')
      .map((code) => parseInt(code.trim(), 10))
      .filter((code) => Number.isInteger(code));
    if (statusCodes.length === 0) throw fail("Invalid or empty 'Status Code(s) when Complete'", 'Give one or more status codes separated by commas, e.g. 404');
  } else if (completeWhen === 'other') {
    const expression = raw.completeExpression;
    if (typeof expression !== 'string' || expression.trim().length === 0 || expression[0] !== '=') {
      throw fail('Invalid or empty Complete Expression');
    }
  } else if (completeWhen !== 'responseIsEmpty') {
    throw fail(`Unknown value "${String(completeWhen)}" for 'Pagination Complete When'`);
  }
  return { mode, parameters, completeWhen, statusCodes, limitPagesFetched: raw.limitPagesFetched === true };
}

/** $response.body: parsed as the node would read it (n8n parses JSON for the expressions). */
function bodyForExpressions(response: RawResponse, format: ResponseOptions['responseFormat']): unknown {
  if (format === 'file') return response.bytes.byteLength ? response.bytes : '';
  const contentType = response.headers['content-type'] ?? '';
  const text = decodeText(response.bytes, contentType);
  if (format === 'autodetect') {
    if (!contentType.includes('application/json')) return text;
    try {
      return JSON.parse(text);
    } catch {
      return {};
    }
  }
  return text === '' ? '' : parseIfJson(text);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof FormData);

/** lodash-merge-like: objects merged key by key, undefined leaves the target alone. */
function mergeValue(target: unknown, source: unknown): unknown {
  if (source === undefined) return target;
  if (isPlainObject(target) && isPlainObject(source)) {
    const out: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(source)) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
      out[key] = mergeValue(out[key], value);
    }
    return out;
  }
  return source;
}

function setHeader(headers: Record<string, string>, name: string, value: unknown): void {
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  }
  if (value !== undefined && value !== null) headers[name] = typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function setBody(ctx: ExecuteFunctions, spec: RequestSpec, name: string, value: unknown, itemIndex: number): void {
  if (spec.body === undefined || spec.body === null) {
    spec.body = {};
    spec.bodyKind = 'json';
  }
  if (spec.body instanceof FormData) {
    if (value !== undefined) spec.body.set(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
    return;
  }
  if (!isPlainObject(spec.body)) {
    throw new NodeOperationError(ctx.getNode(), `Pagination parameter '${name}' of type Body needs a JSON, form or form-data body`, {
      itemIndex,
      description: 'Raw and binary bodies cannot take pagination parameters; send the parameter as a query parameter or header instead.',
    });
  }
  spec.body = mergeValue(spec.body, { [name]: value });
}

function copyBody(body: unknown): unknown {
  if (body instanceof FormData) {
    const copy = new FormData();
    for (const [key, value] of body.entries()) copy.append(key, value);
    return copy;
  }
  return isPlainObject(body) ? { ...body } : body;
}

/** $request: the item's request before pagination changes it (n8n's request options). */
function requestView(spec: RequestSpec): Record<string, unknown> {
  const view: Record<string, unknown> = { method: spec.method, url: spec.url, uri: spec.url, headers: { ...spec.headers }, qs: { ...(spec.qs ?? {}) } };
  if (spec.body !== undefined && !(spec.body instanceof FormData) && !(spec.body instanceof Uint8Array)) view.body = spec.body;
  return view;
}

function isValidUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

function responseKey(response: RawResponse): string {
  const etag = response.headers.etag;
  if (etag) return `etag:${etag}`;
  return `${response.bytes.byteLength}:${createHash('sha1').update(response.bytes).digest('base64')}`;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Fetches every page of one item's request. Non-2xx pages are kept when they end the
 * pagination (e.g. "Receive Specific Status Code(s)" 404) and fail it when more pages follow.
 */
export async function paginate(
  ctx: ExecuteFunctions,
  base: RequestSpec,
  config: PaginationConfig,
  response: ResponseOptions,
  itemIndex: number,
): Promise<PaginationResult> {
  try {
    return { ok: true, pages: await fetchPages(ctx, base, config, response, itemIndex) };
  } catch (e) {
    // Never a rejection: items are awaited in order, a rejected later one would go unhandled.
    if (ctx.signal.aborted) return { ok: false, error: ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('The run was cancelled') };
    if (isFailure(e)) return { ok: false, failure: e.failure };
    return { ok: false, error: e instanceof Error ? e : new Error(String(e)) };
  }
}

class FailureSignal extends Error {
  failure: RequestFailure;
  constructor(failure: RequestFailure) {
    super(failure.message);
    this.failure = failure;
  }
}
const isFailure = (e: unknown): e is FailureSignal => e instanceof FailureSignal;

async function fetchPages(ctx: ExecuteFunctions, base: RequestSpec, config: PaginationConfig, options: ResponseOptions, itemIndex: number): Promise<Page[]> {
  const node = ctx.getNode();
  const keys: Record<string, unknown> = { $request: requestView(base), $response: {}, $pageCount: 0, $version: node.typeVersion };
  const read = <T>(path: string, fallback: T): T => ctx.getNodeParameter(`${ROOT}.${path}`, itemIndex, fallback, { additionalKeys: keys }) as T;
  const pages: Page[] = [];
  let previousKey = '';
  let identical = 0;

  for (;;) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const spec: RequestSpec = { ...base, headers: { ...base.headers }, qs: base.qs ? { ...base.qs } : undefined, body: copyBody(base.body), neverError: true };
    if (config.mode === 'responseContainsNextURL') {
      const next = read<unknown>('nextURL', undefined);
      // Like n8n's merge: an unresolved (undefined) next URL leaves the node's URL in place.
      if (next !== undefined && next !== null) spec.url = String(next);
      if (!isValidUrl(spec.url)) {
        throw new NodeOperationError(node, `'${spec.url}' is not a valid URL.`, { itemIndex, description: 'Make sure the "Next URL" parameter evaluates to a valid URL.' });
      }
    } else {
      config.parameters.forEach(({ type, name }, i) => {
        const value = read<unknown>(`parameters.parameters[${i}].value`, undefined);
        if (type === 'qs') spec.qs = mergeValue(spec.qs ?? {}, { [name]: value }) as Record<string, unknown>;
        else if (type === 'headers') setHeader(spec.headers, name, value);
        else setBody(ctx, spec, name, value, itemIndex);
      });
    }

    const sent = await sendRequest(ctx, spec);
    if (!sent.ok) throw new FailureSignal(sent.failure);
    const page = sent.response;

    const key = responseKey(page);
    identical = key === previousKey ? identical + 1 : 1;
    previousKey = key;
    if (identical >= IDENTICAL_RESPONSES_LIMIT) {
      throw new NodeOperationError(node, `The returned response was identical ${IDENTICAL_RESPONSES_LIMIT}x, so requests got stopped`, {
        itemIndex,
        description: 'Check if "Pagination Completed When" has been configured correctly.',
      });
    }

    pages.push({ response: page, url: spec.url });
    const body = bodyForExpressions(page, options.responseFormat);
    keys.$response = { body, headers: page.headers, statusCode: page.statusCode };
    keys.$pageCount = pages.length;

    const maxPages = config.limitPagesFetched ? Number(read<unknown>('maxRequests', 100)) : 0;
    if (maxPages > 0 && pages.length >= maxPages) break;

    if (!moreToFetch(config, read, body, page.statusCode, options.neverError)) break;

    if (pages.length >= PAGINATION_PAGE_CAP) {
      const above = maxPages > PAGINATION_PAGE_CAP ? ` ('Max Pages' ${maxPages} is above that limit)` : '';
      throw new NodeOperationError(node, `Pagination did not complete within ${PAGINATION_PAGE_CAP} pages${above}`, {
        itemIndex,
        description: `'Pagination Complete When' never became true. Check the completion rule, or turn on 'Limit Pages Fetched' to stop after a set number of pages (at most ${PAGINATION_PAGE_CAP}).`,
      });
    }
    if (!isSuccess(page.statusCode)) {
      // Another page was asked for after a failed one: the failure is the node's error (n8n).
      throw new FailureSignal(statusFailure(page.statusCode, decodeText(page.bytes, page.headers['content-type'])));
    }
    const interval = Number(read<unknown>('requestInterval', 0));
    if (interval > 0) await pause(interval, ctx.signal);
  }
  return pages;
}

function moreToFetch(config: PaginationConfig, read: <T>(path: string, fallback: T) => T, body: unknown, status: number, neverError: boolean): boolean {
  switch (config.completeWhen) {
    case 'responseIsEmpty':
      return Array.isArray(body) ? body.length > 0 : !!body;
    case 'receiveSpecificStatusCodes':
      return !config.statusCodes.includes(status);
    default: {
      const complete = read<unknown>('completeExpression', false);
      // Without Never Error a failed page never completes the pagination: it fails it (n8n 4.x).
      return !complete || (!neverError && !isSuccess(status));
    }
  }
}
