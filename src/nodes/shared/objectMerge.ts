// lodash's merge / mergeWith / assign / assignWith as n8n's Merge node uses them to combine
// item JSON: merge copies plain objects and arrays deeply (arrays index by index) and skips
// `undefined` sources over existing keys; a customizer's non-undefined answer wins.

import { costsMoreThan } from './deepCopy.ts';
import { sliceDue, yieldToLoop } from '../../model/yieldToLoop.ts';

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

/** How far a sliced merge has gone: values merged, checked against the clock every 4,096. */
interface Pace {
  n: number;
}

async function mergeDeepSliced(object: Obj, source: Obj, key: string | number, customizer: MergeCustomizer | undefined, stack: Map<object, unknown>, pace: Pace): Promise<void> {
  const objValue = object[key];
  const srcValue = source[key];
  const stacked = stack.get(srcValue as object);
  if (stacked !== undefined) {
    assignMergeValue(object, key as string, stacked);
    return;
  }
  let newValue = customizer ? customizer(objValue, srcValue, String(key)) : undefined;
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
    await baseMergeSliced(newValue as Obj, srcValue as Obj, customizer, stack, pace);
    stack.delete(srcValue as object);
  }
  assignMergeValue(object, key as string, newValue);
}

/**
 * baseMerge with the loop given back every slice; arrays are walked by index (Object.keys of a
 * 2M-element array alone held the loop) and only containers cost an await.
 */
async function baseMergeSliced(object: Obj, source: Obj, customizer: MergeCustomizer | undefined, stack: Map<object, unknown>, pace: Pace): Promise<void> {
  if (object === source) return;
  const list = Array.isArray(source) ? (source as unknown[]) : undefined;
  const keys = list === undefined ? Object.keys(source) : undefined;
  const n = list !== undefined ? list.length : keys!.length;
  for (let j = 0; j < n; j++) {
    let key: string | number;
    if (list !== undefined) {
      if (!(j in list)) continue;
      key = j;
    } else {
      key = keys![j];
      if (FORBIDDEN.has(key)) continue;
    }
    if ((++pace.n & 4095) === 0 && sliceDue()) await yieldToLoop();
    const srcValue = source[key];
    if (isObjectLike(srcValue)) {
      await mergeDeepSliced(object, source, key, customizer, stack, pace);
    } else {
      let newValue = customizer ? customizer(object[key], srcValue, String(key)) : undefined;
      if (newValue === undefined) newValue = srcValue;
      assignMergeValue(object, key as string, newValue);
    }
  }
}

/**
 * lodash merge / mergeWith for data of any size: the same result as merge(target, ...sources)
 * (mergeWith with a customizer), made at once when every source is small and otherwise in slices
 * with the loop free. Merge's combine modes copy whole items this way: one merge of a 1.9M-value
 * item held the loop 1.3 s.
 */
export function mergeLarge<T extends Obj>(target: T, sources: Array<Obj | null | undefined>, customizer?: MergeCustomizer): T | Promise<T> {
  if (!sources.some((s) => costsMoreThan(s))) {
    for (const s of sources) if (s) baseMerge(target, s, customizer, new Map());
    return target;
  }
  return (async () => {
    const pace: Pace = { n: 0 };
    for (const s of sources) if (s) await baseMergeSliced(target, s, customizer, new Map(), pace);
    return target;
  })();
}
