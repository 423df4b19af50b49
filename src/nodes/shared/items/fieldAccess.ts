// Reading, writing and picking item fields with or without dot notation (lodash get/set/pick).
import { getPath, setPath, stringToPath, toPath } from '../path.ts';

type Obj = Record<string, unknown>;

export function fieldGetter(disableDotNotation: boolean | undefined): (item: Obj, field: string) => unknown {
  return disableDotNotation ? (item, field) => item[field] : (item, field) => getPath(item, field);
}

export { getPath, setPath };

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a dot-notation path names a prototype key (such paths are never written). */
export function isUnsafePath(path: string): boolean {
  return stringToPath(path).some((key) => FORBIDDEN.has(key));
}

/** lodash's pick: a new object with just the given (dot-notation) paths that exist in `source`. */
export function pick(source: Obj, paths: string[]): Obj {
  const out: Obj = {};
  for (const path of paths) {
    const keys = toPath(path, source);
    let cur: unknown = source;
    let found = true;
    for (const key of keys) {
      if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) {
        found = false;
        break;
      }
      cur = (cur as Obj)[key];
    }
    if (!found || keys.some((k) => FORBIDDEN.has(k))) continue;
    let target = out;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) target[key] = cur;
      else {
        const next = target[key];
        target = (next !== null && typeof next === 'object' ? next : (target[key] = /^(?:0|[1-9]\d*)$/.test(keys[i + 1]) ? [] : {})) as Obj;
      }
    });
  }
  return out;
}

/** n8n's flattenKeys: every leaf of an object under its dotted path; empty objects and arrays vanish. */
export function flattenKeys(value: unknown, path: string[] = [], out: Obj = {}): Obj {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    out[path.join('.')] = value;
    return out;
  }
  for (const key of Object.keys(value as Obj)) flattenKeys((value as Obj)[key], [...path, key], out);
  return out;
}
