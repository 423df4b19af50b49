// lodash's isEqual for the values items hold: primitives (NaN equals NaN), plain objects and
// arrays compared deeply by own keys, Dates by time. Cycles are followed once.

function tag(v: unknown): string {
  return Object.prototype.toString.call(v);
}

export function isEqual(a: unknown, b: unknown, seen: Map<object, object> = new Map()): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (tag(a) !== tag(b)) return false;
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    return a.every((v, i) => isEqual(v, other[i], seen));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ob = b as Record<string, unknown>;
  const oa = a as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(ob, k) && isEqual(oa[k], ob[k], seen));
}

/** lodash's isEmpty for item values: null/undefined, empty strings/arrays, objects without own keys. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return true;
}
