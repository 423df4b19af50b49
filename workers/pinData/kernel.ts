// Pin-data validation (spec 001 §5, §4.3, §9): pinned output is JSON the user typed or pasted. It
// must parse (errors say the line and position, as n8n words them; single quotes get n8n's own
// message, the common mistake), be a list of items (or one object), and keep the workflow's
// pinned data within 12 MB overall (measured as n8n does: the compact JSON of each node's items).
// Plain functions over plain data: the pin-data worker runs them off the main thread for big
// texts; paste and import call them directly for what they bring along.
import { MAX_PINNED_DATA_BYTES, MAX_WORKFLOW_PAYLOAD_BYTES } from '../../src/model/constants.ts';
import { locateJsonError } from '../../src/model/jsonErrors.ts';
import { utf8ByteLength } from '../../src/model/validateWorkflow.ts';
import type { IPinData, IPinDataItem } from '../../src/model/workflow.ts';

/** Toast title of a size refusal (spec 001 §8). */
export const PIN_DATA_TOO_LARGE_TITLE = 'Output data is too large to pin';
/** Toast title of text that is not valid pinned data (n8n's runData.editOutputInvalid). */
export const PIN_DATA_INVALID_TITLE = 'Problem with output data';
/** n8n's runData.editOutputInvalid.singleQuote. */
export const SINGLE_QUOTE_MESSAGE = 'Unexpected single quote. Please use double quotes (") instead';
/**
 * Text longer than this is refused before it is parsed: pretty-printed JSON is larger than the
 * compact form the limit counts, but not three times larger; parsing 100 MB only to say "too
 * large" would hold the worker (or, without one, the tab) for seconds.
 */
export const MAX_PIN_TEXT_FACTOR = 3;

export type PinDataError =
  | { kind: 'invalidJson'; message: string; line: number; column: number; position: number }
  | { kind: 'notItems'; message: string }
  | { kind: 'tooLarge'; message: string; bytes: number; limit: number };

export type PinDataResult = { ok: true; items: IPinDataItem[]; bytes: number } | { ok: false; error: PinDataError };

export interface PinDataContext {
  /** UTF-8 bytes of the workflow's other pinned data (not this node's). */
  otherPinnedBytes?: number;
  /** Overall limit; default MAX_PINNED_DATA_BYTES (12 MB). */
  limit?: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** n8n's shape: [{ json: {...} }]; plain objects are wrapped as { json }. */
export function toPinItems(value: unknown): IPinDataItem[] | undefined {
  const list = Array.isArray(value) ? value : [value];
  const items: IPinDataItem[] = [];
  for (const v of list) {
    if (!isObject(v)) return undefined;
    items.push(isObject(v.json) && Object.keys(v).every((k) => k === 'json' || k === 'binary' || k === 'pairedItem') ? (v as unknown as IPinDataItem) : { json: v });
  }
  return items;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** n8n's ndv.pinData.error.tooLarge.description, sizes in MB with one decimal. */
export function tooLargeError(bytes: number, limit: number): PinDataError {
  return { kind: 'tooLarge', bytes, limit, message: `Workflow has reached the maximum allowed pinned data size (${mb(bytes)} / ${mb(limit)})` };
}

/**
 * n8n's rewrite of a JSON error: 'On line 3: Unexpected token '}' (at position 22)', where the
 * position is the character offset in the whole text; a single quote where JSON wants a double
 * one says so instead.
 */
export function invalidJsonError(text: string, parseError?: unknown): PinDataError {
  const at = locateJsonError(text);
  if (!at) {
    const message = parseError instanceof Error ? parseError.message : 'Invalid JSON';
    return { kind: 'invalidJson', message, line: 1, column: 1, position: 0 };
  }
  const what = text[at.offset] === "'" ? SINGLE_QUOTE_MESSAGE : at.message;
  return { kind: 'invalidJson', message: `On line ${at.line}: ${what} (at position ${at.offset})`, line: at.line, column: at.column, position: at.offset };
}

/** UTF-8 size of one node's pinned items as stored (compact JSON, as n8n's getPinDataSize). */
export function pinItemsBytes(items: readonly IPinDataItem[]): number {
  return utf8ByteLength(JSON.stringify(items) ?? '');
}

/** n8n's MAX_EXPECTED_REQUEST_SIZE: room left in a save request for what is not the workflow. */
export const EXPECTED_REQUEST_OVERHEAD = 2048;

/**
 * n8n's second size check: the workflow without its pinned data plus all pinned data must still
 * be savable (the server takes workflows up to MAX_WORKFLOW_PAYLOAD_BYTES, 12 MB); its
 * ndv.pinData.error.tooLargeWorkflow.description.
 */
export function workflowSizeError(workflowBytes: number, pinnedBytes: number, limit = MAX_WORKFLOW_PAYLOAD_BYTES - EXPECTED_REQUEST_OVERHEAD): PinDataError | undefined {
  const total = workflowBytes + pinnedBytes;
  return total > limit ? { kind: 'tooLarge', bytes: total, limit, message: `Workflow has reached the maximum allowed size (${mb(total)} / ${mb(limit)})` } : undefined;
}

/** Validates text typed or pasted as a node's pinned output. */
export function validatePinDataText(text: string, context: PinDataContext = {}): PinDataResult {
  const limit = context.limit ?? MAX_PINNED_DATA_BYTES;
  const other = context.otherPinnedBytes ?? 0;
  // Refuse before parsing what cannot fit even once the whitespace is gone.
  if (text.length > limit * MAX_PIN_TEXT_FACTOR) return { ok: false, error: tooLargeError(utf8ByteLength(text) + other, limit) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: invalidJsonError(text, e) };
  }
  const items = toPinItems(value);
  if (!items) return { ok: false, error: { kind: 'notItems', message: 'Pinned data must be an object or a list of objects, e.g. [{ "name": "Ada" }].' } };
  const bytes = pinItemsBytes(items);
  if (bytes + other > limit) return { ok: false, error: tooLargeError(bytes + other, limit) };
  return { ok: true, items, bytes };
}

// ---- handing big results back in parts ----
// A worker's answer is copied into the main thread in one go; 10 MB of items would take the main
// thread 50-100 ms to rebuild. So a validated text's items stay here under a token and are taken
// in parts of about PIN_CHUNK_BYTES (128 KB) each, one message (and one short task) per part.

export const PIN_CHUNK_BYTES = 128 * 1024;

export type PinTextCheck = { ok: true; token: number; count: number; bytes: number; chunks: number } | { ok: false; error: PinDataError };

const held = new Map<number, { items: IPinDataItem[]; per: number }>();
let nextToken = 1;

/** validatePinDataText, keeping the items here; take them with takePinChunk(token, 0..chunks-1). */
export function checkPinDataText(text: string, context: PinDataContext = {}): PinTextCheck {
  const r = validatePinDataText(text, context);
  if (!r.ok) return r;
  const count = r.items.length;
  const per = count === 0 ? 1 : Math.max(1, Math.floor((count * PIN_CHUNK_BYTES) / Math.max(1, r.bytes)));
  const token = nextToken++;
  held.set(token, { items: r.items, per });
  // At most a few results are held (an abandoned save must not keep 10 MB forever).
  for (const k of held.keys()) if (held.size > 4) held.delete(k);
  return { ok: true, token, count, bytes: r.bytes, chunks: Math.max(1, Math.ceil(count / per)) };
}

/** Part `index` of a checked text's items; the last part releases them. */
export function takePinChunk(token: number, index: number): IPinDataItem[] {
  const h = held.get(token);
  if (!h) throw new Error('These pinned items are no longer held; validate the text again.');
  const part = h.items.slice(index * h.per, (index + 1) * h.per);
  if ((index + 1) * h.per >= h.items.length) held.delete(token);
  return part;
}

// ---- sending a big text in parts ----
// Copying a 14 MB string into a worker message takes the main thread 50-150 ms (a pasted text is
// two bytes a character); 1 MB parts, one message each, keep every copy short.

export const PIN_TEXT_PART = 1024 * 1024;

const texts = new Map<number, string[]>();

/** Starts a text that comes in parts; returns its token. */
export function beginPinText(): number {
  const token = nextToken++;
  texts.set(token, []);
  for (const k of texts.keys()) if (texts.size > 4) texts.delete(k);
  return token;
}

/** Adds the next part of a text begun with beginPinText. */
export function addPinText(token: number, part: string): void {
  const parts = texts.get(token);
  if (!parts) throw new Error('This text is no longer held; send it again.');
  parts.push(part);
}

/** checkPinDataText of the parts sent so far (they are let go). */
export function checkHeldPinText(token: number, context: PinDataContext = {}): PinTextCheck {
  const parts = texts.get(token);
  if (!parts) throw new Error('This text is no longer held; send it again.');
  texts.delete(token);
  return checkPinDataText(parts.join(''), context);
}

/** Drops a checked text's items without taking them. */
export function releasePinItems(token: number): void {
  held.delete(token);
}

/** UTF-8 size of pinned data as it is stored (JSON). */
export function pinDataBytes(pinData: IPinData | undefined): number {
  if (!pinData) return 0;
  let total = 0;
  for (const items of Object.values(pinData)) total += pinItemsBytes(items);
  return total;
}

/** Whether adding `incoming` to `existing` keeps the workflow within the limit. */
export function checkPinDataTotal(existing: IPinData | undefined, incoming: IPinData, limit = MAX_PINNED_DATA_BYTES): PinDataError | undefined {
  const total = pinDataBytes(existing) + pinDataBytes(incoming);
  return total > limit ? tooLargeError(total, limit) : undefined;
}
