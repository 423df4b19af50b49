// lodash's merge / mergeWith / assign / assignWith as n8n's Merge node uses them to combine
// item JSON: merge copies plain objects and arrays deeply (arrays index by index) and skips
// `undefined` sources over existing keys; a customizer's non-undefined answer wins.

type Obj = Record<string, unknown>;
export type MergeCustomizer = (objValue: unknown, srcValue: unknown, key: string) => unknown;

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(v: unknown): v is Obj {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype;
}

function isObjectLike(v: unknown): v is object {
  return v !== null && typeof v === 'object';
}

function assignMergeValue(object: Obj, key: string, value: unknown): void {
  if ((value !== undefined && !Object.is(object[key], value)) || (value === undefined && !(key in object))) {
    object[key] = value;
  }
}

function mergeDeep(object: Obj, source: Obj, key: string, customizer: MergeCustomizer | undefined, stack: Map<object, unknown>): void {
  const objValue = object[key];
  const srcValue = source[key];
  const stacked = stack.get(srcValue as object);
  if (stacked !== undefined) {
    assignMergeValue(object, key, stacked);
    return;
  }
  let newValue = customizer ? customizer(objValue, srcValue, key) : undefined;
  let isCommon = newValue === undefined;
  if (isCommon) {
    newValue = srcValue;
    if (Array.isArray(srcValue)) {
      newValue = Array.isArray(objValue) ? objValue : [];
    } else if (isPlainObject(srcValue)) {
      newValue = isObjectLike(objValue) && !Array.isArray(objValue) ? objValue : {};
    } else {
      isCommon = false;
    }
  }
  if (isCommon) {
    stack.set(srcValue as object, newValue);
    baseMerge(newValue as Obj, srcValue as Obj, customizer, stack);
    stack.delete(srcValue as object);
  }
  assignMergeValue(object, key, newValue);
}

function baseMerge(object: Obj, source: Obj, customizer: MergeCustomizer | undefined, stack: Map<object, unknown>): void {
  if (object === source) return;
  for (const key of Object.keys(source)) {
    if (FORBIDDEN.has(key)) continue;
    const srcValue = source[key];
    if (isObjectLike(srcValue)) {
      mergeDeep(object, source, key, customizer, stack);
    } else {
      let newValue = customizer ? customizer(object[key], srcValue, key) : undefined;
      if (newValue === undefined) newValue = srcValue;
      assignMergeValue(object, key, newValue);
    }
  }
}

/** lodash merge: mutates and returns `target`. */
export function merge<T extends Obj>(target: T, ...sources: Array<Obj | null | undefined>): T {
  for (const s of sources) if (s) baseMerge(target, s, undefined, new Map());
  return target;
}

/** lodash mergeWith. */
export function mergeWith<T extends Obj>(target: T, sources: Array<Obj | null | undefined>, customizer: MergeCustomizer): T {
  for (const s of sources) if (s) baseMerge(target, s, customizer, new Map());
  return target;
}

/** lodash assignWith (assign when no customizer): own enumerable keys, shallow. */
export function assignWith<T extends Obj>(target: T, sources: Array<Obj | null | undefined>, customizer?: MergeCustomizer): T {
  for (const s of sources) {
    if (!s) continue;
    for (const key of Object.keys(s)) {
      if (FORBIDDEN.has(key)) continue;
      let value = customizer ? customizer(target[key], s[key], key) : undefined;
      if (value === undefined) value = s[key];
      const t = target as Obj;
      if (!(Object.prototype.hasOwnProperty.call(t, key) && Object.is(t[key], value)) || (value === undefined && !(key in t))) t[key] = value;
    }
  }
  return target;
}
