// `value.name(args)` where `name` is an n8n extension method: n8n's `extend`
// (expression-extension.ts). The value's kind picks the table first — array, ISO date
// string (as a Date), string, number, DateTime/Date, object, boolean — then a native method
// of that name, then the generic isEmpty/isNotEmpty, else an error naming the types that
// have the method.
import { DateTime } from 'luxon';
import type { Ctx } from '../compile/types.ts';
import { extensionError } from '../errors.ts';
import { getMember } from '../runtime/members.ts';
import { callFunction } from '../runtime/calls.ts';
import { account, afterHeavy, chargeArguments, chargeContent, chargeSize, DEFER_EXTENSION, tick } from '../runtime/ticks.ts';
import { SHORT } from '../compile/short.ts';
import type { ExtensionContext, ExtensionFn, ExtensionKind, ExtensionTable } from './types.ts';
import { stringExtensions } from './string.ts';
import { numberExtensions } from './number.ts';
import { arrayExtensions } from './array.ts';
import { objectExtensions } from './object.ts';
import { dateExtensions } from './date.ts';
import { booleanExtensions } from './boolean.ts';
import { isIsoDateString } from './dates.ts';

const TABLES: Record<ExtensionKind, ExtensionTable> = {
  array: arrayExtensions,
  date: dateExtensions,
  number: numberExtensions,
  object: objectExtensions,
  string: stringExtensions,
  boolean: booleanExtensions,
};

// Order n8n lists the types in its "only callable on types …" message.
const TABLE_ORDER: ExtensionKind[] = ['array', 'date', 'number', 'object', 'string', 'boolean'];

const isEmptyValue = (v: unknown) => v === null || v === undefined || !v;
const GENERIC: Record<string, ExtensionFn> = Object.assign(Object.create(null) as Record<string, ExtensionFn>, {
  isEmpty: (v: unknown) => isEmptyValue(v),
  isNotEmpty: (v: unknown) => !isEmptyValue(v),
});

/** Every method name that makes a call go through the extension lookup. */
export const EXTENSION_NAMES = new Set<string>(['isEmpty', 'isNotEmpty']);
for (const kind of TABLE_ORDER) for (const name of Object.keys(TABLES[kind].functions)) EXTENSION_NAMES.add(name);

/** Adds (or replaces) an extension method for one kind of value. */
export function registerExtension(kind: ExtensionKind, name: string, fn: ExtensionFn): void {
  TABLES[kind].functions[name] = fn;
  EXTENSION_NAMES.add(name);
}

interface Found {
  fn: Function;
  native: boolean;
  input: unknown;
}

function find(input: unknown, name: string): Found | undefined {
  let fn: ExtensionFn | undefined;
  let value = input;
  if (Array.isArray(input)) fn = arrayExtensions.functions[name];
  else if (isIsoDateString(input) && name !== 'toDate' && name !== 'toDateTime') {
    value = new Date(input);
    fn = dateExtensions.functions[name];
  } else if (typeof input === 'string') fn = stringExtensions.functions[name];
  else if (typeof input === 'number') fn = numberExtensions.functions[name];
  else if (input && (DateTime.isDateTime(input) || input instanceof Date)) fn = dateExtensions.functions[name];
  else if (input !== null && typeof input === 'object') fn = objectExtensions.functions[name];
  else if (typeof input === 'boolean') fn = booleanExtensions.functions[name];
  if (fn !== undefined) return { fn, native: false, input: value };
  // A builtin with that name on another type (e.g. a DateTime's own toLocaleString).
  if (value) {
    let native: unknown;
    try {
      native = getMember(value, name);
    } catch (e) {
      // On a function only whitelisted statics are readable (Object.keys); anything else is
      // simply "not a method here", reported below with the types that have it.
      if (typeof value !== 'function') throw e;
    }
    if (typeof native === 'function') return { fn: native, native: true, input: value };
  }
  const generic = GENERIC[name];
  return generic ? { fn: generic, native: false, input: value } : undefined;
}

/** Extensions whose cost follows the content of their values, not only the receiver's length. */
const WALKING = new Set([
  'pluck',
  'compact',
  'renameKeys',
  'toJsonString',
  'unique',
  'removeDuplicates',
  'merge',
  'mergeIntoObject',
  'union',
  'difference',
  'intersection',
  'smartJoin',
  'removeFieldsContaining',
  'keepFieldsContaining',
  'urlEncode',
  'values',
  'chunk',
]);

export function callExtension(c: Ctx, input: unknown, name: string, args: unknown[], optionalCall: boolean, describe: () => string): unknown {
  const found = find(input, name);
  if (found === undefined) {
    if (optionalCall) return SHORT;
    if (input === null || input === undefined) {
      throw extensionError(`${name} can't be used on ${String(input)} value`, `To ignore this error, add a ? to the variable before this function, e.g. my_var?.${name}`);
    }
    const types = TABLE_ORDER.filter((k) => name in TABLES[k].functions).map((k) => `"${TABLES[k].typeName}"`);
    if (types.length === 0) throw extensionError(`Unknown expression function: ${name}`);
    if (types.length === 1) throw extensionError(`${name}() is only callable on type ${types[0]}`);
    const lastType = types.pop();
    throw extensionError(`${name}() is only callable on types ${types.join(', ')}, and ${lastType}`);
  }
  if (found.native) return callFunction(c, found.fn, found.input, args, describe);
  tick(c);
  // Work on a long input is charged like a built-in's, and deferred sooner (JavaScript, slower).
  const heavy = chargeSize(c, found.input, DEFER_EXTENSION) || (args.length !== 0 && chargeSize(c, args[0], DEFER_EXTENSION));
  // Those that walk what they are given (pluck, compact, renameKeys, merge … over wide objects):
  // their cost is the content's, which the receiver's length does not show.
  if (WALKING.has(name)) chargeContent(c, args.length === 0 ? found.input : [found.input, ...args]);
  // An object argument is walked or converted to text by the rest (hasField(nested arrays)).
  else for (const a of args) chargeContent(c, a);
  chargeArguments(c, args, 0);
  const ctx: ExtensionContext = { timezone: c.timezone };
  const result = (found.fn as (v: unknown, a: unknown[], x: ExtensionContext) => unknown)(found.input, args, ctx);
  // The clock after a call on anything but a short text or array: 64 calls of ~13 ms each
  // (toTitleCase on 60K characters) ran before the step counter's next reading. Not after every
  // call: reading the clock costs ~0.4 µs on this machine class, more than a short call.
  if (heavy || notSmall(found.input) || args.some(notSmall)) afterHeavy(c);
  account(c, result);
  return result;
}

/** Inputs an extension may spend a millisecond or more on: objects, texts of 1K+ characters, arrays of 64+ elements. */
function notSmall(v: unknown): boolean {
  if (typeof v === 'string') return v.length >= 1_024;
  if (Array.isArray(v)) return v.length >= 64;
  return typeof v === 'object' && v !== null;
}
