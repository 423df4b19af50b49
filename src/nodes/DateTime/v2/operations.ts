// Date & Time v2 operations: each computes the value written to the output field.
import { DateTime, type DurationLikeObject } from 'luxon';
import { NodeOperationError, type ExecuteFunctions } from '../../types.ts';
import { parseDate } from './parseDate.ts';

type Param = (name: string) => unknown;

function currentDate(ctx: ExecuteFunctions, param: Param, workflowTimezone: string): string {
  const { timezone } = param('options') as { timezone?: string };
  const zone = timezone ? timezone : workflowTimezone;
  const now = DateTime.now().setZone(zone);
  if (now.invalidReason === 'unsupported zone') throw new NodeOperationError(ctx.getNode(), `The timezone ${zone} is not valid. Please check the timezone.`);
  return (param('includeTime') ? now : now.startOf('day')).toString();
}

function shift(ctx: ExecuteFunctions, param: Param, workflowTimezone: string, sign: 1 | -1): string {
  const date = parseDate(ctx, param('magnitude'), { timezone: workflowTimezone });
  const change = { [param('timeUnit') as string]: param('duration') as number } as DurationLikeObject;
  return (sign > 0 ? date.plus(change) : date.minus(change)).toString();
}

function format(ctx: ExecuteFunctions, param: Param, workflowTimezone: string): unknown {
  const date = param('date');
  if (date === null || date === undefined) return date;
  const { timezone, fromFormat } = param('options') as { timezone?: boolean; fromFormat?: string };
  const parsed = parseDate(ctx, date, { timezone: timezone ? workflowTimezone : undefined, fromFormat });
  const tokens = param('format') as string;
  return parsed.toFormat(tokens === 'custom' ? (param('customFormat') as string) : tokens);
}

function round(ctx: ExecuteFunctions, param: Param, workflowTimezone: string): string | undefined {
  const date = parseDate(ctx, param('date'), { timezone: workflowTimezone });
  const mode = param('mode');
  if (mode === 'roundDown') return date.startOf(param('toNearest') as 'month').toString();
  if (mode === 'roundUp') {
    const to = param('to') as 'month';
    return date.plus({ [to]: 1 }).startOf(to).toString();
  }
  return undefined;
}

function between(ctx: ExecuteFunctions, param: Param, workflowTimezone: string): unknown {
  const start = parseDate(ctx, param('startDate'), { timezone: workflowTimezone });
  const end = parseDate(ctx, param('endDate'), { timezone: workflowTimezone });
  const duration = end.diff(start, param('units') as 'day');
  return (param('options') as { isoString?: boolean }).isoString ? duration.toString() : duration.toObject();
}

function extract(ctx: ExecuteFunctions, param: Param, workflowTimezone: string): number {
  const date = parseDate(ctx, param('date'), { timezone: workflowTimezone });
  const part = param('part') as string;
  return part === 'week' ? date.weekNumber : date.get(part as 'month');
}

export const OPERATIONS: Record<string, (ctx: ExecuteFunctions, param: Param, workflowTimezone: string) => unknown> = {
  getCurrentDate: currentDate,
  addToDate: (ctx, param, tz) => shift(ctx, param, tz, 1),
  subtractFromDate: (ctx, param, tz) => shift(ctx, param, tz, -1),
  formatDate: format,
  roundDate: round,
  getTimeBetweenDates: between,
  extractDate: extract,
};
