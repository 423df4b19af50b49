// Date parsing and formatting as Date & Time v1 does it, with moment: dates without a zone are
// read in the server's local time zone (the process TZ), exactly as n8n does.
import moment, { type Moment } from 'moment-timezone';
import { DateTime } from 'luxon';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';

// moment warns once on the console for strings it hands to Date(); that is the intended path here.
moment.suppressDeprecationWarnings = true;

export interface FormatOptions {
  fromFormat?: string;
  fromTimezone?: string;
  toTimezone?: string;
}

/** The "Format a Date" action: the formatted text, or undefined when there is no value. */
export function formatDate(ctx: ExecuteFunctions, raw: unknown, toFormat: string, options: FormatOptions, workflowTimezone: string, itemIndex: number): string | undefined {
  let value: unknown = DateTime.isDateTime(raw) ? raw.toISO() : raw;
  // Numbers and numeric text are timestamps; fractional ones are seconds with milliseconds.
  if (!Number.isNaN(Number(value))) {
    value = Number(value);
    if (!Number.isInteger(value)) value = (value as number) * 1000;
  }
  if (value === undefined) return undefined;
  const input = value as string | number;
  if (options.fromFormat === undefined && !moment(input).isValid()) {
    throw new NodeOperationError(ctx.getNode(), 'The date input format could not be recognized. Please set the "From Format" field', { itemIndex });
  }
  let date: Moment;
  if (Number.isInteger(input)) {
    // Under 12 digits a timestamp counts as seconds.
    date = String(input).length < 12 ? moment.unix(input as number) : moment(input);
  } else if (options.fromTimezone || options.toTimezone) {
    const zone = options.fromTimezone || workflowTimezone;
    date = options.fromFormat ? moment.tz(String(input), options.fromFormat, zone) : moment.tz(input, zone);
  } else {
    date = options.fromFormat ? moment(input, options.fromFormat) : moment(input);
  }
  if (options.toTimezone || options.fromTimezone) date = date.tz(options.toTimezone || workflowTimezone);
  return date.format(toFormat);
}

/** The "Calculate a Date" action: the shifted date as an ISO instant. */
export function calculateDate(ctx: ExecuteFunctions, raw: unknown, operation: string, duration: number, unit: string, fromFormat: string | undefined): string {
  let date: Moment;
  if (fromFormat) {
    date = moment(raw as string, fromFormat, true);
    if (!date.isValid()) throw new NodeOperationError(ctx.getNode(), 'Date input cannot be parsed. Please recheck the value and the "From Format" field.');
  } else {
    const parsed = new Date(raw as string);
    if (Number.isNaN(parsed.getTime())) throw new NodeOperationError(ctx.getNode(), 'Unrecognized date input. Please specify a format in the "From Format" field.');
    date = moment(parsed.toISOString());
  }
  const units = unit as moment.unitOfTime.DurationConstructor;
  if (operation === 'add') date.add(duration, units);
  else date.subtract(duration, units);
  return date.toISOString();
}
