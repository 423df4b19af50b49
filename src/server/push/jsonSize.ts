// Whether a value's JSON is larger than a limit, found by walking it and stopping as soon as the
// limit is passed, so deciding "too big to push" never serialises a 100 MB run.

/**
 * Keys of objects with many of them, kept while the object lives: listing an object's keys costs
 * all of them however early the walk stops, and a sliced serialisation asks about every ancestor
 * of a large value, each walk going down into it. One flat object of 50,000 keys in a webhook
 * body cost ~7 ms per ask, 160–290 ms when its run was saved (issue-14 trial). Only sizes are
 * estimated from these lists: a key added later makes an estimate a little short, no more.
 */
const manyKeys = new WeakMap<object, string[]>();
const MANY_KEYS = 1024;

function keysOf(value: object): string[] {
  let keys = manyKeys.get(value);
  if (keys === undefined) {
    keys = Object.keys(value);
    if (keys.length > MANY_KEYS) manyKeys.set(value, keys);
  }
  return keys;
}

/** Approximate JSON length in characters, or Infinity once it exceeds `limit`. */
export function jsonSizeUpTo(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || v === undefined) size += 4;
    else if (typeof v === 'string') size += v.length + 2;
    else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') size += 8;
    else if (Array.isArray(v)) {
      size += 2 + v.length;
      // Before pushing: a million-element array over the limit is answered at once.
      if (size > limit) return Infinity;
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (typeof v === 'object') {
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') {
        size += 32;
      } else {
        const keys = keysOf(v);
        for (let i = 0; i < keys.length; i++) {
          size += keys[i].length + 4;
          if (size > limit) return Infinity;
          stack.push((v as Record<string, unknown>)[keys[i]]);
        }
        size += 2;
      }
    }
    if (size > limit) return Infinity;
  }
  return size;
}

export function jsonLargerThan(value: unknown, limit: number): boolean {
  return jsonSizeUpTo(value, limit) === Infinity;
}
