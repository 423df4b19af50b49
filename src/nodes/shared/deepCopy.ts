// n8n's deepCopy: plain copies of items; values with toJSON (Date, Luxon) become their JSON
// form, circular references are kept as references to the copy.

export function deepCopy<T>(source: T, seen = new WeakMap<object, unknown>()): T {
  if (typeof source !== 'object' || source === null) return source;
  const withJson = source as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return withJson.toJSON() as T;
  if (seen.has(source)) return seen.get(source) as T;
  if (Array.isArray(source)) {
    const copy: unknown[] = [];
    seen.set(source, copy);
    for (const v of source) copy.push(deepCopy(v, seen));
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  seen.set(source, copy);
  for (const key of Object.keys(source)) copy[key] = deepCopy((source as Record<string, unknown>)[key], seen);
  return copy as T;
}
