// Whether a value's JSON is larger than a limit, found by walking it and stopping as soon as the
// limit is passed, so deciding "too big to push" never serialises a 100 MB run.

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
        for (const key in v) {
          size += key.length + 4;
          stack.push((v as Record<string, unknown>)[key]);
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
