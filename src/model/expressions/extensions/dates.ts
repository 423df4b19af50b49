// Turning strings, numbers and Dates into luxon DateTimes the way n8n does
// (type-validation.ts tryToParseDateTime, number-extensions.ts toDateTime).
import { DateTime } from 'luxon';
import { extensionError } from '../errors.ts';

function zoneOpts(zone: string | undefined): { zone?: string } {
  return zone ? { zone } : {};
}

export function parseDateTime(value: unknown, zone: string | undefined): DateTime {
  if (DateTime.isDateTime(value) && value.isValid) return value;
  if (value instanceof Date) {
    const d = DateTime.fromJSDate(value, zoneOpts(zone));
    if (d.isValid) return d;
  }
  const text = String(value).trim();
  const opts = { ...zoneOpts(zone), setZone: true };
  for (const parse of [DateTime.fromISO, DateTime.fromHTTP, DateTime.fromRFC2822, DateTime.fromSQL]) {
    const d = parse(text, opts);
    if (d.isValid) return d;
  }
  const d = DateTime.fromMillis(Date.parse(text), zoneOpts(zone));
  if (d.isValid) return d;
  throw extensionError('Value is not a valid date');
}

export type TimestampFormat = 'ms' | 's' | 'us' | 'excel';

export function numberToDateTime(value: number, format: unknown, zone: string | undefined): DateTime {
  const f = format === undefined ? 'ms' : format;
  const opts = zoneOpts(zone);
  switch (f) {
    case 'excel': {
      // Days since 1900, with Excel's 1900 leap-year bug.
      const DAYS_BETWEEN_1900_1970 = 25567;
      const LEAP_BUG = 2;
      return DateTime.fromSeconds((value - (DAYS_BETWEEN_1900_1970 + LEAP_BUG)) * 86_400, opts);
    }
    case 's':
      return DateTime.fromSeconds(value, opts);
    case 'us':
      return DateTime.fromMillis(value / 1000, opts);
    case 'ms':
      return DateTime.fromMillis(value, opts);
    default:
      throw extensionError(`Unsupported format '${String(f)}'. toDateTime() supports 'ms', 's', 'us' and 'excel'.`);
  }
}

/** Strings n8n treats as dates for extension calls: exactly Date#toISOString output. */
export function isIsoDateString(input: unknown): input is string {
  // toISOString gives 24 characters (27 for years past 9999): no longer text can equal it, and the
  // unanchored test scanned a 20M-character string for 100 ms before a method call on it.
  if (typeof input !== 'string' || input.length > 27 || !/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}.\d{3}Z/.test(input)) return false;
  const d = new Date(input);
  return !isNaN(d.valueOf()) && d.toISOString() === input;
}
