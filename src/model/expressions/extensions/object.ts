// Object extension methods (n8n object-extensions.ts). Fields are read through the
// expression read policy, so host internals (luxon's) can't be copied out.
import { extensionError } from '../errors.ts';
import { defineField } from '../runtime/members.ts';
import { table } from './types.ts';
import { safeCopy, safeEntries } from './utils.ts';

export function compactObject(value: object, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, val] of safeEntries(value)) {
    if (val === null || val === undefined || val === 'nil' || val === '') continue;
    if (typeof val === 'object') {
      if (Object.keys(val).length === 0) continue;
      defineField(out, key, depth > 100 ? val : compactObject(val, depth + 1));
    } else {
      defineField(out, key, val);
    }
  }
  return out;
}

function removeField(value: object, [name]: unknown[]): object {
  const key = String(name);
  if (!(key in value)) return value;
  const copy = safeCopy(value);
  delete copy[key];
  return copy;
}

function fieldsContaining(keep: boolean) {
  return (value: object, [match]: unknown[]): object => {
    if (typeof match !== 'string' || match === '') {
      throw extensionError(keep ? 'argument of keepFieldsContaining must be a non-empty string' : 'removeFieldsContaining(): expected non-empty string arg');
    }
    const out = safeCopy(value);
    for (const [key, val] of safeEntries(value)) {
      const contains = typeof val === 'string' && val.includes(match);
      if (keep ? !contains : contains) delete out[key];
    }
    return out;
  };
}

export const objectExtensions = table('Object', {
  isEmpty: (v: object) => Object.keys(v).length === 0,
  isNotEmpty: (v: object) => Object.keys(v).length !== 0,
  hasField: (v: object, [name]: unknown[]) => String(name) in v,
  removeField,
  removeFieldsContaining: fieldsContaining(false),
  keepFieldsContaining: fieldsContaining(true),
  compact: (v: object) => compactObject(v),
  urlEncode: (v: object) => new URLSearchParams(Object.fromEntries(safeEntries(v).map(([k, x]) => [k, String(x)]))).toString(),
  keys: (v: object) => Object.keys(v),
  values: (v: object) => safeEntries(v).map(([, x]) => x),
  toJsonString: (v: object) => JSON.stringify(v),
  toInt: () => undefined,
  toFloat: () => undefined,
  toBoolean: () => undefined,
  toDateTime: () => undefined,
});
