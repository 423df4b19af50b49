// Date extension methods for luxon DateTimes and JS Dates (n8n date-extensions.ts). A Date
// in gives a Date out where n8n does so.
import { DateTime, type DateTimeUnit, type DurationLike, type LocaleOptions } from 'luxon';
import { extensionError } from '../errors.ts';
import { table, type ExtensionContext } from './types.ts';
import { parseDateTime } from './dates.ts';

type AnyDate = Date | DateTime;

const DURATION_UNITS = ['milliseconds', 'seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'quarters', 'years'];
const DATE_PARTS = ['day', 'week', 'month', 'year', 'hour', 'minute', 'second', 'millisecond', 'weekNumber', 'yearDayNumber', 'weekday'];

const DURATION_MAP: Record<string, string> = {
  day: 'days', month: 'months', year: 'years', week: 'weeks', hour: 'hours', minute: 'minutes', second: 'seconds',
  millisecond: 'milliseconds', ms: 'milliseconds', sec: 'seconds', secs: 'seconds', hr: 'hours', hrs: 'hours', min: 'minutes', mins: 'minutes',
};

const DATETIMEUNIT_MAP: Record<string, string> = {
  days: 'day', months: 'month', years: 'year', hours: 'hour', minutes: 'minute', seconds: 'second', milliseconds: 'millisecond',
  hrs: 'hour', hr: 'hour', mins: 'minute', min: 'minute', secs: 'second', sec: 'second', ms: 'millisecond',
};

const isDateTime = (d: unknown): d is DateTime => DateTime.isDateTime(d);
const asDateTime = (d: AnyDate): DateTime => (isDateTime(d) ? d : DateTime.fromJSDate(d));
/** Applies a DateTime transform, returning the same kind of value that came in. */
const sameKind = (d: AnyDate, fn: (dt: DateTime) => DateTime): AnyDate => (isDateTime(d) ? fn(d) : fn(DateTime.fromJSDate(d)).toJSDate());

function durationObject(value: unknown, unit: unknown): DurationLike {
  const u = String(unit ?? 'minutes');
  return { [DURATION_MAP[u] ?? u]: value ?? 0 } as DurationLike;
}

function shift(sign: 1 | -1) {
  return (d: AnyDate, args: unknown[]): AnyDate => {
    const duration = args.length === 1 ? (args[0] as DurationLike) : durationObject(args[0], args[1]);
    return sameKind(d, (dt) => (sign === 1 ? dt.plus(duration) : dt.minus(duration)));
  };
}

function toDateTimeArg(value: unknown): DateTime | undefined {
  if (typeof value === 'string') {
    const d = DateTime.fromJSDate(new Date(value));
    return d.isValid ? d : undefined;
  }
  if (value instanceof Date) return DateTime.fromJSDate(value);
  if (isDateTime(value)) return value;
  return undefined;
}

function extract(d: AnyDate, [partArg]: unknown[]): number {
  let part = String(partArg ?? 'week');
  if (part === 'yearDayNumber') {
    const date = isDateTime(d) ? d.toJSDate() : d;
    const first = new Date(date.getFullYear(), 0, 0);
    const diff = date.getTime() - first.getTime() + (first.getTimezoneOffset() - date.getTimezoneOffset()) * 60_000;
    return Math.floor(diff / 86_400_000);
  }
  if (part === 'week') part = 'weekNumber';
  const unit = (DATETIMEUNIT_MAP[part] ?? part) as keyof DateTime;
  return asDateTime(d).get(unit);
}

function diffTo(d: AnyDate, [other, unit]: unknown[], ctx: ExtensionContext): unknown {
  let units = Array.isArray(unit) ? (unit as string[]) : [String(unit ?? 'days')];
  if (units.length === 0) units = ['days'];
  const allowed = new Set([...DATE_PARTS, ...DURATION_UNITS]);
  const bad = units.find((u) => !allowed.has(u));
  if (bad !== undefined) {
    throw extensionError(`Unsupported unit '${String(bad)}'. Supported: ${DURATION_UNITS.map((u) => `'${u}'`).join(', ')}.`);
  }
  const otherDate = isDateTime(other) ? other : typeof other === 'string' ? parseDateTime(other, ctx.timezone) : DateTime.fromJSDate(other as Date);
  const result = asDateTime(d).diff(otherDate, units as never);
  return units.length > 1 ? result.toObject() : result.as(units[0] as never);
}

export const dateExtensions = table('Date', {
  beginningOf: (d: AnyDate, [unit]: unknown[]) => {
    const u = String(unit ?? 'week');
    return sameKind(d, (dt) => dt.startOf((DATETIMEUNIT_MAP[u] ?? u) as DateTimeUnit));
  },
  endOfMonth: (d: AnyDate) => sameKind(d, (dt) => dt.endOf('month')),
  extract,
  isBetween: (d: AnyDate, args: unknown[]) => {
    if (args.length !== 2) throw extensionError('isBetween(): expected exactly two args');
    const a = toDateTimeArg(args[0]), b = toDateTimeArg(args[1]);
    if (!a || !b) return undefined;
    const x = asDateTime(d);
    return a > b ? b < x && x < a : b > x && x > a;
  },
  isDst: (d: AnyDate) => asDateTime(d).isInDST,
  isInLast: (d: AnyDate, [value, unit]: unknown[]) => {
    const now = DateTime.now();
    const past = now.minus(durationObject(value ?? 0, unit ?? 'minutes'));
    const x = asDateTime(d);
    return past <= x && x <= now;
  },
  isWeekend: (d: AnyDate) => [6, 7].includes(asDateTime(d).weekday),
  minus: shift(-1),
  plus: shift(1),
  format: (d: AnyDate, [fmt, localeOpts]: unknown[]) => asDateTime(d).toFormat(fmt === undefined ? 'yyyy-MM-dd' : String(fmt), { ...((localeOpts as LocaleOptions | undefined) ?? {}) }),
  toDateTime: (d: AnyDate) => asDateTime(d),
  diffTo,
  diffToNow: (d: AnyDate, [unit]: unknown[], ctx: ExtensionContext) => diffTo(d, [DateTime.now(), unit], ctx),
  toInt: (d: AnyDate) => (isDateTime(d) ? d.toMillis() : d.getTime()),
  toFloat: (d: AnyDate) => (isDateTime(d) ? d.toMillis() : d.getTime()),
  toBoolean: () => undefined,
  isEmpty: () => false,
  isNotEmpty: () => true,
});
