// Field type validation and conversion with n8n's rules and messages (n8n-workflow's
// validateFieldType): used by Set (field types), the filter kernel (IF v2, Filter, Switch v3)
// and anything else that converts loosely typed values.
import { DateTime } from 'luxon';

export type FieldType = 'string' | 'number' | 'boolean' | 'dateTime' | 'time' | 'array' | 'object' | 'options' | 'url' | 'any';

export type ValidationResult = { valid: true; newValue?: unknown } | { valid: false; errorMessage: string };

export interface ValidateOptions {
  /** No conversion: the value must already have the type. */
  strict?: boolean;
  /** Convert non-strings to strings for type 'string' (otherwise strings pass as they are). */
  parseStrings?: boolean;
  valueOptions?: Array<{ value: unknown }>;
}

class ConversionError extends Error {}

/** JSON.parse that also takes simple JS object literals ({a: 1, 'b': 'x'}), as n8n's jsonParse(acceptJSObject). */
export function parseJsonLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    try {
      return JSON.parse(text.replace(/(\w+)\s*:/g, '"$1":').replace(/'/g, '"'));
    } catch {
      throw error;
    }
  }
}

export function tryToParseNumber(value: unknown): number {
  if (Number.isNaN(Number(value))) throw new ConversionError('Failed to parse value to number');
  return Number(value);
}

export function tryToParseString(value: unknown): string {
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'undefined') return '';
  return String(value);
}

export function tryToParseBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && ['true', 'false'].includes(value.toLowerCase())) return value.toLowerCase() === 'true';
  // Non-empty values that are numerically 0 or 1 count as booleans.
  if (!(typeof value === 'string' && value.trim() === '')) {
    const num = Number(value);
    if (num === 0) return false;
    if (num === 1) return true;
  }
  throw new ConversionError('Failed to parse value as boolean');
}

export function tryToParseDateTime(value: unknown, defaultZone?: string): DateTime {
  if (DateTime.isDateTime(value) && value.isValid) return value;
  if (value instanceof Date) {
    const fromJSDate = DateTime.fromJSDate(value, { zone: defaultZone });
    if (fromJSDate.isValid) return fromJSDate;
  }
  const text = String(value).trim();
  const opts = { zone: defaultZone, setZone: true };
  const parsers = [
    (t: string) => DateTime.fromISO(t, opts),
    (t: string) => DateTime.fromHTTP(t, opts),
    (t: string) => DateTime.fromRFC2822(t, opts),
    (t: string) => DateTime.fromSQL(t, opts),
  ];
  for (const parse of parsers) {
    const parsed = parse(text);
    if (parsed.isValid) return parsed;
  }
  const millis = DateTime.fromMillis(Date.parse(text), { zone: defaultZone });
  if (millis.isValid) return millis;
  throw new ConversionError('Value is not a valid date');
}

export function tryToParseTime(value: unknown): string {
  if (!/^\d{2}:\d{2}(:\d{2})?((-|\+)\d{4})?((-|\+)\d{1,2}(:\d{2})?)?$/s.test(String(value))) {
    throw new ConversionError('Value is not a valid time');
  }
  return String(value);
}

export function tryToParseArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  let parsed: unknown;
  try {
    try {
      parsed = JSON.parse(String(value));
    } catch {
      parsed = JSON.parse(String(value).replace(/'/g, '"'));
    }
  } catch {
    throw new ConversionError('Value is not a valid array');
  }
  if (!Array.isArray(parsed)) throw new ConversionError('Value is not a valid array');
  return parsed;
}

export function tryToParseObject(value: unknown): object {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value;
  let parsed: unknown;
  try {
    parsed = parseJsonLoose(String(value));
  } catch {
    throw new ConversionError('Value is not a valid object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ConversionError('Value is not a valid object');
  return parsed;
}

export function tryToParseUrl(value: unknown): string {
  if (typeof value === 'string' && !value.includes('://')) value = `http://${value}`;
  if (!/^(https?|ftp|file):\/\/\S+|www\.\S+/.test(String(value))) throw new ConversionError(`The value "${String(value)}" is not a valid url.`);
  return String(value);
}

/** How n8n names a value in type errors: quoted scalars, 'null', array, object. */
export function getValueDescription(value: unknown): string {
  if (typeof value === 'object') {
    if (value === null) return "'null'";
    if (Array.isArray(value)) return 'array';
    return 'object';
  }
  return `'${String(value)}'`;
}

function isObject(value: unknown): boolean {
  return value !== null && (typeof value === 'object' || typeof value === 'function');
}

export function validateFieldType(fieldName: string, value: unknown, type: FieldType, options: ValidateOptions = {}): ValidationResult {
  if (value === null || value === undefined) return { valid: true };
  const strict = options.strict ?? false;
  const defaultErrorMessage = `'${fieldName}' expects a ${type} but we got ${getValueDescription(value)}`;
  const attempt = (convert: () => unknown, errorMessage = defaultErrorMessage): ValidationResult => {
    try {
      return { valid: true, newValue: convert() };
    } catch {
      return { valid: false, errorMessage };
    }
  };
  switch (type.toLowerCase()) {
    case 'string':
      if (!options.parseStrings) return { valid: true, newValue: value };
      if (strict && typeof value !== 'string') return { valid: false, errorMessage: defaultErrorMessage };
      return attempt(() => tryToParseString(value));
    case 'number':
      if (strict && typeof value !== 'number') return { valid: false, errorMessage: defaultErrorMessage };
      return attempt(() => tryToParseNumber(value));
    case 'boolean':
      if (strict && typeof value !== 'boolean') return { valid: false, errorMessage: defaultErrorMessage };
      return attempt(() => tryToParseBoolean(value));
    case 'datetime': {
      const luxonDocsURL = 'https://moment.github.io/luxon/api-docs/index.html#datetimefromformat';
      return attempt(
        () => tryToParseDateTime(value),
        `${defaultErrorMessage} <br/><br/> Consider using <a href="${luxonDocsURL}" target="_blank"><code>DateTime.fromFormat</code></a> to work with custom date formats.`,
      );
    }
    case 'time':
      return attempt(() => tryToParseTime(value), `'${fieldName}' expects time (hh:mm:(:ss)) but we got ${getValueDescription(value)}.`);
    case 'object':
      if (strict && !isObject(value)) return { valid: false, errorMessage: defaultErrorMessage };
      return attempt(() => tryToParseObject(value));
    case 'array':
      if (strict && !Array.isArray(value)) return { valid: false, errorMessage: defaultErrorMessage };
      return attempt(() => tryToParseArray(value));
    case 'options': {
      const valueOptions = options.valueOptions ?? [];
      if (!valueOptions.some((o) => o.value === value)) {
        const valid = valueOptions.map((o) => String(o.value)).join(', ');
        return { valid: false, errorMessage: `'${fieldName}' expects one of the following values: [${valid}] but we got ${getValueDescription(value)}` };
      }
      return { valid: true, newValue: value };
    }
    case 'url':
      return attempt(() => tryToParseUrl(value));
    default:
      return { valid: true, newValue: value };
  }
}
