// Property paths with lodash's get/set/unset semantics ("a.b[0].c", "a['x.y']"), which n8n's
// Set, Rename Keys and friends use for dot notation. Own properties only are walked, so a
// path like "toString.call" creates data instead of reaching into prototypes.

type Obj = Record<string, unknown>;

const PROP_NAME = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
const DEEP_PROP = /\.|\[(?:[^[\]]*|(["'])(?:(?!\1)[^\\]|\\.)*?\1)\]/;
const PLAIN_PROP = /^\w*$/;
const ESCAPE_CHAR = /\\(\\)?/g;
const INDEX = /^(?:0|[1-9]\d*)$/;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function isObjectLike(v: unknown): v is Obj {
  return v !== null && (typeof v === 'object' || typeof v === 'function');
}

/** lodash's stringToPath. */
export function stringToPath(path: string): string[] {
  const result: string[] = [];
  if (path.charCodeAt(0) === 46 /* . */) result.push('');
  path.replace(PROP_NAME, (match: string, num: string | undefined, quote: string | undefined, sub: string | undefined) => {
    result.push(quote ? (sub as string).replace(ESCAPE_CHAR, '$1') : num || match);
    return match;
  });
  return result;
}

/** lodash's castPath: a key that exists as written, or has no path syntax, is used whole. */
export function toPath(path: string, object?: unknown): string[] {
  if (PLAIN_PROP.test(path) || !DEEP_PROP.test(path)) return [path];
  if (isObjectLike(object) && path in object) return [path];
  return stringToPath(path);
}

export function getPath(object: unknown, path: string): unknown {
  let cur: unknown = object;
  for (const key of toPath(path, object)) {
    if (cur === null || cur === undefined) return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

export function setPath(object: Obj, path: string, value: unknown): Obj {
  const keys = toPath(path, object);
  let nested: Obj = object;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (FORBIDDEN.has(key)) return object;
    if (i === keys.length - 1) {
      nested[key] = value;
      break;
    }
    const current = Object.prototype.hasOwnProperty.call(nested, key) ? nested[key] : undefined;
    const next = isObjectLike(current) ? current : INDEX.test(keys[i + 1]) ? [] : {};
    if (next !== current) nested[key] = next;
    nested = next as Obj;
  }
  return object;
}

export function unsetPath(object: Obj, path: string): boolean {
  const keys = toPath(path, object);
  let parent: unknown = object;
  for (let i = 0; i < keys.length - 1; i++) {
    if (!isObjectLike(parent)) return true;
    parent = (parent as Obj)[keys[i]];
  }
  const last = keys[keys.length - 1];
  if (!isObjectLike(parent) || FORBIDDEN.has(last)) return true;
  return delete (parent as Obj)[last];
}
