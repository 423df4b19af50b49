// Pin-data validation (spec 001 §5, §4.3): pinned output is JSON the user typed or pasted. It
// must parse (errors with line and column; single quotes get their own message, the common
// mistake), be a list of items (or one object), and keep the workflow's pinned data within
// 12 MB overall. Plain functions over plain data: the pin-data worker runs them off the main
// thread for big texts; paste and import call them directly for what they bring along.
import { MAX_PINNED_DATA_BYTES } from '../../src/model/constants.ts';
import { locateJsonError } from '../../src/model/jsonErrors.ts';
import { utf8ByteLength } from '../../src/model/validateWorkflow.ts';
import type { IPinData, IPinDataItem } from '../../src/model/workflow.ts';

export const PIN_DATA_TOO_LARGE_TITLE = 'Output data is too large to pin';

export type PinDataError =
  | { kind: 'invalidJson'; message: string; line: number; column: number }
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

function tooLarge(bytes: number, limit: number): PinDataError {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  return { kind: 'tooLarge', bytes, limit, message: `${PIN_DATA_TOO_LARGE_TITLE}: the workflow's pinned data would be ${mb(bytes)}, the limit is ${mb(limit)}.` };
}

/** Validates text typed or pasted as a node's pinned output. */
export function validatePinDataText(text: string, context: PinDataContext = {}): PinDataResult {
  const limit = context.limit ?? MAX_PINNED_DATA_BYTES;
  const other = context.otherPinnedBytes ?? 0;
  // Refuse before parsing: parsing 50 MB only to say "too large" would freeze the tab.
  const bytes = text.length * 3 + other <= limit ? text.length : utf8ByteLength(text);
  if (bytes + other > limit) return { ok: false, error: tooLarge(bytes + other, limit) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const at = locateJsonError(text);
    const fallback = e instanceof Error ? e.message : 'Invalid JSON';
    return { ok: false, error: { kind: 'invalidJson', message: at ? `${at.message} at line ${at.line}, position ${at.column}` : fallback, line: at?.line ?? 1, column: at?.column ?? 1 } };
  }
  const items = toPinItems(value);
  if (!items) return { ok: false, error: { kind: 'notItems', message: 'Pinned data must be an object or a list of objects, e.g. [{ "name": "Ada" }].' } };
  return { ok: true, items, bytes };
}

/** UTF-8 size of pinned data as it is stored (JSON). */
export function pinDataBytes(pinData: IPinData | undefined): number {
  if (!pinData) return 0;
  let total = 0;
  for (const items of Object.values(pinData)) total += utf8ByteLength(JSON.stringify(items) ?? '');
  return total;
}

/** Whether adding `incoming` to `existing` keeps the workflow within the limit. */
export function checkPinDataTotal(existing: IPinData | undefined, incoming: IPinData, limit = MAX_PINNED_DATA_BYTES): PinDataError | undefined {
  const total = pinDataBytes(existing) + pinDataBytes(incoming);
  return total > limit ? tooLarge(total, limit) : undefined;
}
