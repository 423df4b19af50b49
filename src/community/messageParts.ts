// Large item lists between the server and the package host travel in parts. One IPC message is
// serialised and deserialised in one call (structured clone): 50,000 items held the sending and
// the receiving event loop ~80 ms each, 100,000 items 100–125 ms. Arrays longer than PART_ITEMS
// near the top of a message (a run's input items, a node's output, an emit) are cut out and sent
// first as 'part' messages of PART_ITEMS elements; the message itself carries a reference that
// the receiver replaces with the assembled array. Each part costs ~1–2 ms on either side.

/** Elements per part: ~100 KB of ordinary items. */
export const PART_ITEMS = 1000;
/** How deep in a message arrays are looked for (message → payload → inputs → [i] is 3). */
const MAX_DEPTH = 4;

export interface PartMessage {
  kind: 'part';
  parts: number;
  items: unknown[];
}

interface PartsRef {
  $parts: number;
  length: number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isRef(value: unknown): value is PartsRef {
  return isPlainObject(value) && typeof value.$parts === 'number' && typeof value.length === 'number' && Object.keys(value).length === 2;
}

/**
 * The message with its long arrays replaced by references, and the parts to send before it.
 * The message is not changed: what contains a cut array is copied.
 */
export function splitMessage<T>(message: T, nextId: () => number): { message: T; parts: PartMessage[] } {
  const parts: PartMessage[] = [];
  const visit = (value: unknown, depth: number): unknown => {
    if (Array.isArray(value)) {
      if (value.length > PART_ITEMS) {
        const id = nextId();
        for (let i = 0; i < value.length; i += PART_ITEMS) parts.push({ kind: 'part', parts: id, items: value.slice(i, i + PART_ITEMS) });
        return { $parts: id, length: value.length } satisfies PartsRef;
      }
      if (depth >= MAX_DEPTH) return value;
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const next = visit(value[i], depth + 1);
        if (next !== value[i]) (copy ??= value.slice())[i] = next;
      }
      return copy ?? value;
    }
    if (depth >= MAX_DEPTH || !isPlainObject(value)) return value;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      const next = visit(value[key], depth + 1);
      if (next !== value[key]) {
        copy ??= { ...value };
        Object.defineProperty(copy, key, { value: next, writable: true, enumerable: true, configurable: true });
      }
    }
    return copy ?? value;
  };
  const out = visit(message, 0) as T;
  return { message: out, parts };
}

/** The receiving side: collects parts and puts the arrays back into the message they belong to. */
export class PartsAssembler {
  readonly #open = new Map<number, unknown[]>();

  add(part: PartMessage): void {
    const list = this.#open.get(part.parts);
    if (list === undefined) this.#open.set(part.parts, part.items);
    else for (const item of part.items) list.push(item);
  }

  /** Replaces the references in a received message (in place) with their arrays. */
  complete<T>(message: T): T {
    if (this.#open.size === 0) return message;
    const visit = (value: unknown, depth: number): unknown => {
      if (isRef(value)) {
        const list = this.#open.get(value.$parts);
        if (list === undefined || list.length !== value.length) throw new Error(`A message part is missing (${list?.length ?? 0} of ${value.length} items arrived)`);
        this.#open.delete(value.$parts);
        return list;
      }
      if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return value;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const next = visit(value[i], depth + 1);
          if (next !== value[i]) value[i] = next;
        }
      } else if (isPlainObject(value)) {
        for (const key of Object.keys(value)) {
          const next = visit(value[key], depth + 1);
          if (next !== value[key]) Object.defineProperty(value, key, { value: next, writable: true, enumerable: true, configurable: true });
        }
      }
      return value;
    };
    return visit(message, 0) as T;
  }

  /** Drops what is still being assembled (the other side stopped). */
  clear(): void {
    this.#open.clear();
  }
}
