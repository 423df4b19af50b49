// Array extension methods (n8n array-extensions.ts).
import { extensionError } from '../errors.ts';
import { defineField, getMember } from '../runtime/members.ts';
import { checkArrayLength } from '../limits.ts';
import { table } from './types.ts';
import { DeepSet, safeCopy } from './utils.ts';
import { compactObject } from './object.ts';

function ensureNumbers(values: unknown[], fnName: string): void {
  if (values.some((v) => typeof v !== 'number')) throw extensionError(`${fnName}(): all array elements must be numbers`);
}

function sum(values: unknown[]): number {
  ensureNumbers(values, 'sum');
  return (values as number[]).reduce((p, c) => p + c, 0);
}

export function average(values: unknown[]): number {
  ensureNumbers(values, 'average');
  // n8n returns 0, not NaN, for an empty array.
  return values.length === 0 ? 0 : sum(values) / values.length;
}

function pluck(values: unknown[], fields: unknown[]): unknown[] {
  if (fields.length === 0) return values;
  const out: unknown[] = [];
  for (const item of values) {
    if (!item || typeof item !== 'object') continue;
    const picked: unknown[] = [];
    for (const k of Object.keys(item)) if (fields.includes(k)) picked.push(getMember(item, k));
    if (picked.length > 0) out.push(picked.length === 1 ? picked[0] : picked);
  }
  return out;
}

function unique(values: unknown[], fields: unknown[]): unknown[] {
  const keyOf = (item: unknown): unknown => {
    if (fields.length > 0 && item && typeof item === 'object') {
      const o: Record<string, unknown> = {};
      for (const f of fields) o[String(f)] = getMember(item, String(f));
      return o;
    }
    return item;
  };
  // The first of each set of equal ones, in order (as a scan of what was kept, in linear time).
  const seen = new DeepSet();
  return values.filter((v) => seen.add(keyOf(v)));
}

function compact(values: unknown[]): unknown[] {
  return values
    .filter((v) => {
      if (v && typeof v === 'object' && Object.keys(v).length === 0) return false;
      return v !== null && v !== undefined && v !== 'nil' && v !== '';
    })
    .map((v) => (typeof v === 'object' && v !== null ? compactObject(v) : v));
}

function smartJoin(values: unknown[], [keyField, valueField]: unknown[]): object {
  if (!keyField || !valueField || typeof keyField !== 'string' || typeof valueField !== 'string') {
    throw extensionError('smartJoin(): expected two string args, e.g. .smartJoin("name", "value")');
  }
  const out: Record<string, unknown> = {};
  for (const v of values) {
    if (typeof v === 'object' && v !== null && hasField(v, keyField) && hasField(v, valueField)) {
      const key = getMember(v, keyField);
      if (key === '__proto__') Object.defineProperty(out, '__proto__', { value: getMember(v, valueField), enumerable: true, writable: true, configurable: true });
      else out[String(key)] = getMember(v, valueField);
    }
  }
  return out;
}

function chunk(values: unknown[], [size]: unknown[]): unknown[][] {
  // n8n only rejects 0; a negative size would loop forever there.
  if (typeof size !== 'number' || !(size > 0)) throw extensionError('chunk(): expected non-zero numeric arg, e.g. .chunk(5)');
  checkArrayLength(Math.ceil(values.length / size));
  const out: unknown[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

function renameKeys(values: unknown[], args: unknown[]): unknown[] {
  if (args.length === 0 || args.length % 2 !== 0) {
    throw extensionError('renameKeys(): expected an even amount of args: from1, to1 [, from2, to2, ...]. e.g. .renameKeys("name", "title")');
  }
  return values.map((v) => {
    if (typeof v !== 'object' || v === null) return v;
    const o = safeCopy(v);
    for (let i = 0; i < args.length; i += 2) {
      const from = String(args[i]), to = String(args[i + 1]);
      if (Object.prototype.hasOwnProperty.call(o, from)) {
        const val = o[from];
        delete o[from];
        if (to === '__proto__') Object.defineProperty(o, to, { value: val, enumerable: true, writable: true, configurable: true });
        else o[to] = val;
      }
    }
    return o;
  });
}

function mergeObjects(value: object, other: unknown): Record<string, unknown> {
  const out = safeCopy(value);
  if (!other) return out;
  if (typeof other !== 'object') throw extensionError('merge(): expected object arg');
  for (const [k, v] of Object.entries(safeCopy(other))) {
    if (!Object.prototype.hasOwnProperty.call(out, k)) defineField(out, k, v);
  }
  return out;
}

/** Adds `other`'s fields that `into` lacks (as mergeObjects, without copying `into`: n merges stay linear). */
function mergeInto(into: Record<string, unknown>, other: object): void {
  for (const [k, v] of Object.entries(safeCopy(other))) if (!Object.prototype.hasOwnProperty.call(into, k)) defineField(into, k, v);
}

function merge(values: unknown[], [others]: unknown[]): unknown {
  if (others === undefined) {
    const merged: Record<string, unknown> = {};
    for (const v of values) if (v !== null && typeof v === 'object' && !Array.isArray(v)) mergeInto(merged, v);
    return merged;
  }
  if (!Array.isArray(others)) throw extensionError('merge(): expected array arg, e.g. .merge([{ id: 1, otherValue: 3 }])');
  const length = Math.max(values.length, others.length);
  let merged: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) {
    if (values[i] !== undefined && typeof values[i] === 'object' && typeof others[i] === 'object') {
      merged = Object.assign(merged, mergeObjects(values[i] as object, others[i]));
    }
  }
  return merged;
}

/** Like merge, but keeps elements past the end of the shorter array (newer n8n). */
function mergeIntoObject(values: unknown[], [others]: unknown[]): unknown {
  if (!Array.isArray(others)) throw extensionError('mergeIntoObject(): expected array arg, e.g. .mergeIntoObject([{ id: 1, otherValue: 3 }])');
  const merged: Record<string, unknown> = {};
  for (let i = 0; i < Math.max(values.length, others.length); i++) {
    const a = values[i], b = others[i];
    const base = a !== null && typeof a === 'object' ? a : {};
    if ((a === null || typeof a !== 'object') && (b === null || typeof b !== 'object')) continue;
    mergeInto(merged, mergeObjects(base, b !== null && typeof b === 'object' ? b : undefined));
  }
  return merged;
}

/** An own field, or one a proxy reports through its `has` trap. */
function hasField(v: object, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(v, name) || (name in v && !(name in Object.prototype));
}

function arrayArg(name: string, example: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw extensionError(`${name}(): expected array arg, e.g. .${name}(${example})`);
  return value;
}

export const arrayExtensions = table('Array', {
  removeDuplicates: unique,
  unique,
  first: (v: unknown[]) => v[0],
  last: (v: unknown[]) => v[v.length - 1],
  pluck,
  randomItem: (v: unknown[]) => (v.length ? v[Math.floor(Math.random() * v.length)] : undefined),
  sum,
  min: (v: unknown[]) => {
    ensureNumbers(v, 'min');
    return (v as number[]).reduce((m, x) => Math.min(m, x), Infinity);
  },
  max: (v: unknown[]) => {
    ensureNumbers(v, 'max');
    return (v as number[]).reduce((m, x) => Math.max(m, x), -Infinity);
  },
  average,
  isNotEmpty: (v: unknown[]) => v.length > 0,
  isEmpty: (v: unknown[]) => v.length === 0,
  compact,
  smartJoin,
  chunk,
  renameKeys,
  merge,
  mergeIntoObject,
  // As n8n's (lodash-equal scans), in linear time: the first of equal elements kept, in order.
  union: (v: unknown[], [others]: unknown[]) => unique([...v, ...arrayArg('union', '[1, 2, 3, 4]', others)], []),
  difference: (v: unknown[], [others]: unknown[]) => {
    const o = DeepSet.of(arrayArg('difference', '[1, 2, 3, 4]', others));
    return unique(v.filter((x) => !o.has(x)), []);
  },
  intersection: (v: unknown[], [others]: unknown[]) => {
    const o = arrayArg('intersection', '[1, 2, 3, 4]', others);
    const inO = DeepSet.of(o), inV = DeepSet.of(v);
    return unique([...v.filter((x) => inO.has(x)), ...o.filter((x) => inV.has(x))], []);
  },
  append: (v: unknown[], args: unknown[]) => {
    checkArrayLength(v.length + args.length);
    return v.concat(args);
  },
  toJsonString: (v: unknown[]) => JSON.stringify(v),
  toInt: () => undefined,
  toFloat: () => undefined,
  toBoolean: () => undefined,
  toDateTime: () => undefined,
});
