// Pinning work that must not hold the main thread (issue 11: pin 10 MB with no long task):
// the edit-output text is parsed and checked by the pin-data worker and its items come back in
// parts; items already in memory (the output being pinned) are measured and printed in time
// slices of a few milliseconds, yielding to the browser between slices.
import { utf8ByteLength } from '../../../../model/validateWorkflow.ts';
import type { IPinData, IPinDataItem } from '../../../../model/workflow.ts';
import { pinDataApi, type PinDataApi } from '../../../../../workers/pinData.worker.ts';
import { PIN_TEXT_PART, type PinDataContext, type PinDataError } from '../../../../../workers/pinData/kernel.ts';
import { WorkerClient } from '../../../workers/WorkerClient.ts';

/** Main-thread work per slice before yielding. */
const SLICE_MS = 8;

let client: WorkerClient<PinDataApi> | undefined;
let onFailure: (message: string) => void = () => {};

/** Where worker failures are reported (a toast); set by the editor once. */
export function setPinWorkerFailureHandler(handler: (message: string) => void): void {
  onFailure = handler;
}

function pinClient(): WorkerClient<PinDataApi> {
  client ??= new WorkerClient<PinDataApi>('pinData', pinDataApi, (m) => onFailure(m));
  return client;
}

/** Where validation runs now ('worker' unless the worker could not start). */
export function pinWorkerKind(): 'worker' | 'main-thread' {
  return pinClient().kind;
}

/** A macrotask boundary: lets the browser paint and handle input between slices. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(null);
  });
}

export type PinTextResult = { ok: true; items: IPinDataItem[]; bytes: number } | { ok: false; error: PinDataError };

/** Parses and checks edit-output text in the worker; the items come back in parts. */
export async function checkPinText(text: string, context: PinDataContext): Promise<PinTextResult> {
  const c = pinClient();
  let r;
  if (text.length <= PIN_TEXT_PART) r = await c.call('checkPinDataText', text, context);
  else {
    const token = await c.call('beginPinText');
    for (let i = 0; i < text.length; i += PIN_TEXT_PART) await c.call('addPinText', token, text.slice(i, i + PIN_TEXT_PART));
    r = await c.call('checkHeldPinText', token, context);
  }
  if (!r.ok) return r;
  const parts: IPinDataItem[][] = [];
  for (let i = 0; i < r.chunks; i++) parts.push(await c.call('takePinChunk', r.token, i));
  // One flat list: concat copies references only (a few ms for 100,000 items).
  const items = parts.length === 1 ? parts[0] : ([] as IPinDataItem[]).concat(...parts);
  return { ok: true, items, bytes: r.bytes };
}

/** Stored size of each node's pinned items, by list identity (lists are replaced, never changed). */
const sizes = new WeakMap<readonly IPinDataItem[], number>();

/** Compact JSON size in UTF-8 of `items` (what pinDataBytes counts), measured in slices. */
export async function measureItems(items: readonly IPinDataItem[]): Promise<number> {
  const known = sizes.get(items);
  if (known !== undefined) return known;
  let bytes = 2 + Math.max(0, items.length - 1);
  let t0 = performance.now();
  for (let i = 0; i < items.length; i++) {
    bytes += utf8ByteLength(JSON.stringify(items[i]) ?? 'null');
    if ((i & 63) === 63 && performance.now() - t0 > SLICE_MS) {
      await yieldToBrowser();
      t0 = performance.now();
    }
  }
  sizes.set(items, bytes);
  return bytes;
}

/** Remembers a size the worker measured. */
export function rememberSize(items: readonly IPinDataItem[], bytes: number): void {
  sizes.set(items, bytes);
}

/** Size of the workflow's pinned data without `nodeName`'s. */
export async function otherPinnedBytes(pinData: IPinData, nodeName: string): Promise<number> {
  let total = 0;
  for (const [name, items] of Object.entries(pinData)) if (name !== nodeName && Array.isArray(items)) total += await measureItems(items);
  return total;
}

/**
 * JSON.stringify(list, null, 2) of the items' json, in slices: the edit-output editor's first
 * content (n8n: the pinned data, else the current output items).
 */
export async function prettyItems(items: readonly { json: unknown }[]): Promise<string> {
  if (items.length === 0) return '[]';
  const parts: string[] = [];
  let t0 = performance.now();
  for (let i = 0; i < items.length; i++) {
    parts.push('  ' + (JSON.stringify(items[i].json ?? {}, null, 2) ?? '{}').replace(/\n/g, '\n  '));
    if ((i & 63) === 63 && performance.now() - t0 > SLICE_MS) {
      await yieldToBrowser();
      t0 = performance.now();
    }
  }
  return '[\n' + parts.join(',\n') + '\n]';
}
