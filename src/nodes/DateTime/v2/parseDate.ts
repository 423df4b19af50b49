// Reading a date for Date & Time v2. Timestamps (seconds under 12 digits, else milliseconds),
// Luxon dates, and text: text that names its own offset or zone is an instant; text without one
// keeps its wall-clock time in the target zone ("2023-04-11 14:30" stays 14:30 there), as
// current n8n does whatever the server's own zone is.
import { DateTime } from 'luxon';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';

export interface ParseOptions {
  /** Zone of the result and of dates written without one; Etc/UTC when not given. */
  timezone?: string;
  /** Luxon tokens the text is written in. */
  fromFormat?: string;
}

// An offset after a time of day (14:30Z, 2:30 PM +0500) or a zone name (GMT, UTC, EST …).
const NUMERIC_OFFSET = /\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[AP]\.?M\.?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)(?=\s|\(|$)/i;
const ZONE_NAME = /\b(?:GMT|UTC|UT|[ECMP][SD]T)\b/i;

function parseText(text: string, zone: string): DateTime {
  const opts = { zone, setZone: true };
  const parsers = [(t: string) => DateTime.fromISO(t, opts), (t: string) => DateTime.fromSQL(t, opts), (t: string) => DateTime.fromRFC2822(t, opts), (t: string) => DateTime.fromHTTP(t, opts)];
  for (const parse of parsers) {
    const parsed = parse(text);
    if (parsed.isValid) return parsed;
  }
  // Anything else the JavaScript date parser understands (n8n reads it through moment the same way).
  const js = new Date(text);
  if (Number.isNaN(js.getTime())) return DateTime.invalid('unparsable');
  if (NUMERIC_OFFSET.test(text) || ZONE_NAME.test(text)) return DateTime.fromJSDate(js, { zone });
  return DateTime.fromObject(
    { year: js.getFullYear(), month: js.getMonth() + 1, day: js.getDate(), hour: js.getHours(), minute: js.getMinutes(), second: js.getSeconds(), millisecond: js.getMilliseconds() },
    { zone },
  );
}

export function parseDate(ctx: ExecuteFunctions, value: unknown, options: ParseOptions = {}): DateTime {
  let timezone = options.timezone;
  let parsed: DateTime;
  if (DateTime.isDateTime(value)) {
    parsed = value;
  } else {
    let date = value as string | number;
    if (!Number.isNaN(Number(date)) && !options.fromFormat) {
      date = Number(date);
      if (!Number.isInteger(date)) date = date * 1000;
    }
    if (typeof date === 'number' && Number.isInteger(date)) {
      parsed = String(date).length < 12 ? DateTime.fromSeconds(date) : DateTime.fromMillis(date);
    } else {
      const text = String(date);
      // Without a target zone, "+05:00" picks the matching fixed zone (n8n's rule).
      if (!timezone && text.includes('+')) timezone = `Etc/GMT-${Number(text.split('+')[1].slice(0, 2))}`;
      const zone = timezone || 'Etc/UTC';
      parsed = options.fromFormat ? DateTime.fromFormat(text, options.fromFormat, { zone }) : parseText(text, zone);
    }
  }
  parsed = parsed.setZone(timezone || 'Etc/UTC');
  if (parsed.invalidReason === 'unparsable') throw new NodeOperationError(ctx.getNode(), 'Invalid date format');
  return parsed;
}
