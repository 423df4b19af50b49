// n8n's deepCopy: plain copies of items; values with toJSON (Date, Luxon) become their JSON
// form, circular references are kept as references to the copy.

/**
 * Sets an own data property, also for the key "__proto__": a plain assignment would replace
 * the object's prototype with data that came from outside (a webhook body, a Code result).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

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
  for (const key of Object.keys(source)) setOwn(copy, key, deepCopy((source as Record<string, unknown>)[key], seen));
  return copy as T;
}
