// GET /workflows/from-url?url= (spec 001 §7): the server downloads a workflow file the user
// pasted a link to (the browser could not, because of CORS) and returns its JSON.
//
// Risk: this makes the server fetch an address a client names (server-side request forgery).
// What bounds it:
// - http and https only, a URL ending in .json (spec 001 §5), no user:password in it; at most
//   three redirects, each checked the same way (protocol; the .json rule applies to the link);
// - the answer is cut off above the workflow payload limit (12 MB) and after FETCH_TIMEOUT_MS;
// - it must be asked for by the editor: the request needs the editor's push-ref header, which
//   a page on another site cannot add without a CORS preflight this server never grants, so a
//   foreign page cannot make a logged-in browser trigger fetches;
// - the editor asks the user to confirm the link first;
// - only JSON with a "nodes" array and a "connections" object is returned, so the endpoint
//   cannot be used to read arbitrary internal pages back.
// It does NOT refuse private or loopback addresses: whoever may use the editor can already
// reach them with an HTTP Request node in a workflow. Put the server behind an egress policy
// if that matters for a deployment.
import { parseJsonSliced, SLICED_PARSE_MIN_CHARS } from '../slicedJsonParse.ts';
import { readCapped } from '../../engine/readCapped.ts';
import { Type } from '@sinclair/typebox';
import { MAX_WORKFLOW_PAYLOAD_BYTES } from '../../model/constants.ts';
import { isWorkflowUrl } from '../../model/clipboard.ts';
import { jsonErrorMessage } from '../../model/jsonErrors.ts';
import { jsonPrototypeKeyAt, jsonTooDeepAt, lineAndColumn, MAX_DATA_ARRAY_LENGTH, MAX_JSON_DEPTH } from '../../model/jsonDepth.ts';
import { BadRequestError, HttpError, PayloadTooLargeError } from '../errors.ts';

export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;
export const INVALID_URL = 'Invalid URL';

export const FromUrlQuery = Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) });

export interface FetchWorkflowOptions {
  maxBytes?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The remote end failed (status, timeout, not JSON …): 502 with what happened. */
class UpstreamError extends HttpError {
  constructor(message: string) {
    super(502, `Could not get the workflow from the URL: ${message}`);
  }
}

/** A file nested past the depth limit: 400 naming the limit, as every other body and import path. */
function tooDeep(line: number, column: number): BadRequestError {
  return new BadRequestError(`Could not get the workflow from the URL: the file is nested more than ${MAX_JSON_DEPTH} levels deep (line ${line}, column ${column})`);
}

function checkUrl(raw: string, requireJson: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BadRequestError(INVALID_URL, 'Give an http or https link to a .json file');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadRequestError(INVALID_URL, 'Only http and https links can be imported');
  if (url.username || url.password) throw new BadRequestError(INVALID_URL, 'The link must not contain a user name or password');
  if (requireJson && !isWorkflowUrl(raw)) throw new BadRequestError(INVALID_URL, 'The link must end in .json');
  return url;
}

/** Downloads and parses a workflow file; throws HttpErrors that say what went wrong. */
export async function fetchWorkflowFromUrl(raw: string, options: FetchWorkflowOptions = {}): Promise<Record<string, unknown>> {
  const maxBytes = options.maxBytes ?? MAX_WORKFLOW_PAYLOAD_BYTES;
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  let url = checkUrl(raw.trim(), true);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let response: Response | undefined;
    for (let hop = 0; ; hop++) {
      response = await doFetch(url, { redirect: 'manual', signal, headers: { accept: 'application/json' } });
      if (response.status < 300 || response.status >= 400) break;
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (!location) throw new UpstreamError(`redirect ${response.status} without a location`);
      if (hop + 1 > MAX_REDIRECTS) throw new UpstreamError(`more than ${MAX_REDIRECTS} redirects`);
      url = checkUrl(new URL(location, url).href, false);
    }
    if (!response.ok) throw new UpstreamError(`the server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    const text = await readCapped(response, maxBytes, (declared) =>
      declared === undefined
        ? new PayloadTooLargeError(`The workflow file is larger than the maximum of ${maxBytes} bytes`)
        : new PayloadTooLargeError(`The workflow file is ${declared} bytes; the maximum is ${maxBytes} bytes`),
    );
    const data = text.length >= SLICED_PARSE_MIN_CHARS ? await parseLarge(text) : parseSmall(text);
    const obj = data as Record<string, unknown>;
    if (typeof data !== 'object' || data === null || Array.isArray(data) || !Array.isArray(obj.nodes) || typeof obj.connections !== 'object' || obj.connections === null) {
      throw new UpstreamError('the file is not a workflow (it needs a "nodes" array and a "connections" object)');
    }
    return obj;
  } catch (e) {
    if (e instanceof HttpError) throw e;
    if (signal.aborted) throw new UpstreamError(`no complete answer within ${timeoutMs / 1000} s`);
    throw new UpstreamError(e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e));
  }
}

/** A large file (a workflow with megabytes of pinned data) is checked and parsed in slices. */
async function parseLarge(text: string): Promise<unknown> {
  const r = await parseJsonSliced(text, { maxDepth: MAX_JSON_DEPTH, refusePrototypeKeys: true });
  if (r.ok) return r.value;
  const { line, column } = lineAndColumn(text, r.offset);
  if (r.kind === 'deep') throw tooDeep(line, column);
  if (r.kind === 'prototype') throw prototypeKey(r.key ?? '__proto__', line, column);
  if (r.kind === 'large') throw new UpstreamError(`the file has an array of more than ${MAX_DATA_ARRAY_LENGTH.toLocaleString('en-US')} elements (line ${line}, column ${column})`);
  throw new UpstreamError(`the file is not valid JSON: ${r.message ?? 'Unexpected token'} (line ${line}, column ${column})`);
}

function parseSmall(text: string): unknown {
  const deep = jsonTooDeepAt(text);
  if (deep !== undefined) {
    const { line, column } = lineAndColumn(text, deep);
    throw tooDeep(line, column);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UpstreamError(text.trim() === '' ? 'the file is empty' : `the file is not valid JSON: ${jsonErrorMessage(text, e)}`);
  }
  const proto = jsonPrototypeKeyAt(text);
  if (proto) {
    const { line, column } = lineAndColumn(text, proto.offset);
    throw prototypeKey(proto.key, line, column);
  }
  return value;
}

/** Said at import, as saving would say it (a workflow with such a key cannot be saved). */
function prototypeKey(key: string, line: number, column: number): UpstreamError {
  return new UpstreamError(`the file has the key "${key}" (line ${line}, column ${column}), which is refused: keys __proto__, and constructor holding prototype, could change the prototypes of other objects`);
}
