// JSON.stringify that gives the event loop back. Run data can be tens of megabytes, and one
// native JSON.stringify of it held the server for hundreds of milliseconds. This walks every
// container whose JSON is larger than LEAF_CHARS itself (run data → node → run → items, and
// into a large item such as a 16 MB webhook body) and hands each smaller value to the native
// serializer, yielding a macrotask turn whenever it has held the loop for SLICE_MS. The text is
// JSON.stringify's (same key order, toJSON, undefined and functions skipped or null in arrays,
// non-finite numbers as null, TypeError on a cycle or a BigInt).
import { yieldToLoop } from '../model/yieldToLoop.ts';
import type { FastifyInstance } from 'fastify';
import { jsonLargerThan, jsonSizeUpTo } from './push/jsonSize.ts';

const SLICE_MS = 10;
/** Values serialised between two looks at the clock. */
const CHECK_EVERY = 64;

/** Values whose JSON is at most this long go to the native serializer in one call (~0.1–0.3 ms). */
const LEAF_CHARS = 32 * 1024;


function walkable(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON.stringify of a member: toJSON gets the member's key, as it does there. */
function leaf(value: unknown, key: string): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify((value as { toJSON: (k: string) => unknown }).toJSON(key));
  }
  return JSON.stringify(value);
}

interface Frame {
  value: Record<string, unknown> | unknown[];
  /** null for an array. */
  keys: string[] | null;
  i: number;
  /** An object: nothing written yet (no comma before the next member). */
  first: boolean;
}

/** Strings longer than this are serialised a piece at a time: one JSON.stringify of 20M characters held the loop 200–400 ms. */
const STRING_PIECE_CHARS = 32 * 1024;

/** JSON.stringify(s), a piece at a time (pieces end between the halves of no surrogate pair: the same text). */
function* stringPieces(s: string): Generator<string> {
  yield '"';
  for (let i = 0; i < s.length; ) {
    let end = Math.min(s.length, i + STRING_PIECE_CHARS);
    const last = s.charCodeAt(end - 1);
    if (end < s.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield JSON.stringify(s.slice(i, end)).slice(1, -1);
    i = end;
  }
  yield '"';
}

/** Whether to walk `value` here rather than serialise it natively in one call. */
function walkHere(value: unknown): boolean {
  return walkable(value) && jsonLargerThan(value, LEAF_CHARS);
}

/** Where a sliced serialisation writes: text kept as strings, or encoded to UTF-8 as it goes. */
interface Sink {
  push(text: string): void;
}

/** Texts are joined and encoded every this many characters (~0.05 ms each for JSON). */
const CHUNK_CHARS = 64 * 1024;

/**
 * Chunks of about CHUNK_CHARS, joined (and for bytes, encoded) as they fill: joining a million
 * small parts at the end held the loop 20–40 ms for 15 MB, and encoding the result as much again.
 */
class ChunkSink<T> implements Sink {
  readonly chunks: T[] = [];
  #pending: string[] = [];
  #pendingChars = 0;
  readonly #make: (text: string) => T;
  constructor(make: (text: string) => T) {
    this.#make = make;
  }
  push(text: string): void {
    this.#pending.push(text);
    this.#pendingChars += text.length;
    if (this.#pendingChars >= CHUNK_CHARS) this.flush();
  }
  flush(): void {
    if (!this.#pendingChars) return;
    this.chunks.push(this.#make(this.#pending.join('')));
    this.#pending = [];
    this.#pendingChars = 0;
  }
}

/** JSON.stringify(value), in slices. */
export async function stringifySliced(value: unknown): Promise<string | undefined> {
  const chunks = await stringifySlicedChunks(value);
  if (chunks === undefined || chunks.length <= 1) return chunks?.[0];
  await yieldToLoop();
  return chunks.join('');
}

/**
 * JSON.stringify(value) in slices, as the pieces of text to be joined (undefined where
 * JSON.stringify gives undefined): for a receiver that joins them itself — joining 20M
 * characters held the thread ~40 ms.
 */
export async function stringifySlicedChunks(value: unknown): Promise<string[] | undefined> {
  if (!walkHere(value)) {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : [text];
  }
  const sink = new ChunkSink((text) => text);
  await walkSliced(value as object, sink);
  sink.flush();
  return sink.chunks;
}

/**
 * JSON.stringify(value) as UTF-8, in slices; undefined where JSON.stringify gives undefined.
 * For text that goes to a socket or to gzip: joining tens of megabytes into one string and
 * encoding it held the loop 30–60 ms each.
 */
export async function stringifySlicedBytes(value: unknown): Promise<Buffer | undefined> {
  if (!walkHere(value)) {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : Buffer.from(text, 'utf8');
  }
  const sink = new ChunkSink((text) => Buffer.from(text, 'utf8'));
  await walkSliced(value as object, sink);
  sink.flush();
  await yieldToLoop();
  // One copy (~3 ms for 15 MB) into the buffer Node sends or compresses.
  return Buffer.concat(sink.chunks);
}

/**
 * The end of the run of elements from `start` whose JSON together stays under LEAF_CHARS (by
 * estimate). Elements with toJSON end a run: in place it gets the element's own index as key.
 */
function smallRunEnd(list: unknown[], start: number): number {
  let budget = LEAF_CHARS;
  let end = start;
  while (end < list.length) {
    const c = list[end];
    if (c !== null && typeof c === 'object' && typeof (c as { toJSON?: unknown }).toJSON === 'function') break;
    const size = jsonSizeUpTo(c, budget);
    if (size === Infinity) break;
    budget -= size;
    end++;
  }
  return end;
}

async function walkSliced(value: object, parts: Sink): Promise<void> {
  const stack: Frame[] = [];
  const open = new Set<object>();
  const enter = (v: Record<string, unknown> | unknown[]): void => {
    if (open.has(v)) throw new TypeError('Converting circular structure to JSON');
    open.add(v);
    const isArray = Array.isArray(v);
    parts.push(isArray ? '[' : '{');
    stack.push({ value: v, keys: isArray ? null : Object.keys(v), i: 0, first: true });
  };
  enter(value as Record<string, unknown>);
  let sliceStart = performance.now();
  let count = 0;
  const pushLongString = async (s: string): Promise<void> => {
    for (const piece of stringPieces(s)) {
      parts.push(piece);
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToLoop();
        sliceStart = performance.now();
      }
    }
  };
  while (stack.length) {
    if (++count % CHECK_EVERY === 0 && performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
    const f = stack[stack.length - 1];
    if (f.keys === null) {
      const list = f.value as unknown[];
      if (f.i >= list.length) {
        parts.push(']');
        open.delete(stack.pop()!.value);
        continue;
      }
      // A run of small elements goes to the native serializer in one call: one call per
      // element made 1.9M tiny rows (8 MB) take ~5 s.
      const end = smallRunEnd(list, f.i);
      if (end - f.i > 1) {
        const text = JSON.stringify(f.i === 0 && end === list.length ? list : list.slice(f.i, end));
        parts.push(f.i > 0 ? `,${text.slice(1, -1)}` : text.slice(1, -1));
        f.i = end;
        if (performance.now() - sliceStart >= SLICE_MS) {
          await yieldToLoop();
          sliceStart = performance.now();
        }
        continue;
      }
      const child = list[f.i];
      if (f.i++ > 0) parts.push(',');
      if (walkHere(child)) enter(child as Record<string, unknown>);
      else if (typeof child === 'string' && child.length > STRING_PIECE_CHARS) await pushLongString(child);
      else parts.push(leaf(child, String(f.i - 1)) ?? 'null');
    } else {
      if (f.i >= f.keys.length) {
        parts.push('}');
        open.delete(stack.pop()!.value);
        continue;
      }
      const key = f.keys[f.i++];
      const child = (f.value as Record<string, unknown>)[key];
      if (walkHere(child)) {
        parts.push(f.first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
        f.first = false;
        enter(child as Record<string, unknown>);
      } else if (typeof child === 'string' && child.length > STRING_PIECE_CHARS) {
        parts.push(f.first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
        f.first = false;
        await pushLongString(child);
      } else {
        const text = leaf(child, key);
        if (text === undefined) continue;
        parts.push(f.first ? `${JSON.stringify(key)}:${text}` : `,${JSON.stringify(key)}:${text}`);
        f.first = false;
      }
    }
  }
}

/** The JSON text of an object (`objectJson`, from JSON.stringify) with one more member appended. */
export function appendMember(objectJson: string, key: string, valueJson: string): string {
  return `${objectJson.slice(0, -1)}${objectJson.length > 2 ? ',' : ''}${JSON.stringify(key)}:${valueJson}}`;
}

/** JSON answers this long or longer are serialised in slices. */
export const SLICED_REPLY_CHARS = 256 * 1024;

/** An answer already serialised (by the preSerialization hook below), as UTF-8. */
class SerializedJson {
  readonly bytes: Buffer;
  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }
}

/**
 * Serialises large JSON answers of a Fastify scope in slices (a workflow with megabytes of
 * pinned data, a finished run): Fastify's own serializer is one JSON.stringify call.
 */
export function registerSlicedReplies(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
    if (payload === null || typeof payload !== 'object' || !jsonLargerThan(payload, SLICED_REPLY_CHARS)) return payload;
    return new SerializedJson((await stringifySlicedBytes(payload)) ?? Buffer.from('null'));
  });
  // Fastify sends a Buffer from the serializer as it is (its type says string).
  app.setReplySerializer((payload) => (payload instanceof SerializedJson ? (payload.bytes as unknown as string) : JSON.stringify(payload)));
}
