// Schedule Trigger rules as cron expressions plus n8n's recurrence filter (cron cannot say
// "every 3 days"): pure functions, used by the server's scheduler and by manual runs.
import moment from 'moment-timezone';
import type { IDataObject, INode } from '../../model/workflow.ts';

export interface Recurrence {
  activated: boolean;
  index?: number;
  intervalSize?: number;
  typeInterval?: 'hours' | 'days' | 'weeks' | 'months';
}

export interface ScheduleRule {
  /** Six-field cron expression (seconds first) or a user's five/six-field one. */
  cron: string;
  recurrence: Recurrence;
}

export class ScheduleRuleError extends Error {
  description?: string;
  constructor(message: string, description?: string) {
    super(message);
    this.description = description;
  }
}

const DEFAULTS: IDataObject = {
  field: 'days',
  secondsInterval: 30,
  minutesInterval: 5,
  hoursInterval: 1,
  daysInterval: 1,
  weeksInterval: 1,
  monthsInterval: 1,
  triggerAtDayOfMonth: 1,
  triggerAtDay: [0],
  triggerAtHour: 0,
  triggerAtMinute: 0,
  expression: '',
};

/** A stable second in 0–59 per node: schedules of many workflows do not all fire at :00. */
export function stableSecond(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return (h >>> 0) % 60;
}

function num(v: unknown, name: string, min: number, max: number): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new ScheduleRuleError('Invalid interval', `${name} must be in range ${min}-${max}`);
  return n;
}

export function scheduleRules(node: INode, seed: string): ScheduleRule[] {
  const intervals = ((node.parameters?.rule as IDataObject | undefined)?.interval as IDataObject[] | undefined) ?? [{ field: 'days' }];
  if (intervals.length === 0) throw new ScheduleRuleError('No trigger rule is set', 'Add at least one trigger interval');
  return intervals.map((raw, index) => {
    const i = { ...DEFAULTS, ...raw };
    const second = stableSecond(`${seed}:${index}`);
    switch (i.field) {
      case 'seconds':
        return { cron: `*/${num(i.secondsInterval, 'Seconds', 1, 59)} * * * * *`, recurrence: { activated: false } };
      case 'minutes':
        return { cron: `${second} */${num(i.minutesInterval, 'Minutes', 1, 59)} * * * *`, recurrence: { activated: false } };
      case 'hours': {
        const size = num(i.hoursInterval, 'Hours', 1, 23);
        return { cron: `${second} ${num(i.triggerAtMinute, 'Minute', 0, 59)} */${size} * * *`, recurrence: size === 1 ? { activated: false } : { activated: true, index, intervalSize: size, typeInterval: 'hours' } };
      }
      case 'days': {
        const size = num(i.daysInterval, 'Days', 1, 31);
        return { cron: `${second} ${num(i.triggerAtMinute, 'Minute', 0, 59)} ${num(i.triggerAtHour, 'Hour', 0, 23)} * * *`, recurrence: size === 1 ? { activated: false } : { activated: true, index, intervalSize: size, typeInterval: 'days' } };
      }
      case 'weeks': {
        const size = num(i.weeksInterval, 'Weeks', 1, 52);
        const days = (Array.isArray(i.triggerAtDay) ? i.triggerAtDay : [i.triggerAtDay]).map((d) => num(d, 'Weekday', 0, 7));
        const dow = days.length === 0 ? '*' : days.join(',');
        return { cron: `${second} ${num(i.triggerAtMinute, 'Minute', 0, 59)} ${num(i.triggerAtHour, 'Hour', 0, 23)} * * ${dow}`, recurrence: size === 1 ? { activated: false } : { activated: true, index, intervalSize: size, typeInterval: 'weeks' } };
      }
      case 'months': {
        const size = num(i.monthsInterval, 'Months', 1, 12);
        return {
          cron: `${second} ${num(i.triggerAtMinute, 'Minute', 0, 59)} ${num(i.triggerAtHour, 'Hour', 0, 23)} ${num(i.triggerAtDayOfMonth, 'Day of month', 1, 31)} */${size} *`,
          recurrence: size === 1 ? { activated: false } : { activated: true, index, intervalSize: size, typeInterval: 'months' },
        };
      }
      case 'cronExpression': {
        const expr = String(i.expression ?? '').trim();
        if (!expr) throw new ScheduleRuleError('Invalid cron expression', 'The cron expression is empty. More information on how to build them at https://crontab.guru/');
        return { cron: expr, recurrence: { activated: false } };
      }
      default:
        throw new ScheduleRuleError(`Unknown trigger interval "${String(i.field)}"`);
    }
  });
}

/** n8n's recurrenceCheck: whether a cron firing counts, updating the last-fired marks. */
export function recurrenceCheck(recurrence: Recurrence, lastRuns: number[], timezone: string, now: number): boolean {
  if (!recurrence.activated) return true;
  const size = recurrence.intervalSize;
  const index = recurrence.index ?? 0;
  if (!size) return false;
  const m = moment.tz(now, timezone);
  const last = lastRuns[index];
  const check = (current: number, cycle: number, sameCounts = false) => {
    if (last === undefined || (current - last + cycle) % cycle >= size || (sameCounts && current === last)) {
      lastRuns[index] = current;
      return true;
    }
    return false;
  };
  switch (recurrence.typeInterval) {
    case 'hours':
      return check(m.hour(), 24);
    case 'days':
      return check(m.dayOfYear(), 365);
    case 'weeks':
      return check(m.week(), 52, true);
    case 'months':
      return check(m.month(), 12);
  }
  return false;
}

/** The item a Schedule Trigger emits, in the workflow's time zone. */
export function scheduleItem(now: number, timezone: string, typeVersion: number): IDataObject {
  const m = moment.tz(now, timezone);
  return {
    timestamp: m.toISOString(true),
    'Readable date': m.format('MMMM Do YYYY, h:mm:ss a'),
    'Readable time': m.format('h:mm:ss a'),
    'Day of week': m.format('dddd'),
    Year: m.format('YYYY'),
    Month: m.format('MMMM'),
    'Day of month': m.format('DD'),
    Hour: m.format('HH'),
    Minute: m.format('mm'),
    Second: m.format('ss'),
    Timezone: typeVersion >= 1.2 ? `${timezone} (UTC${m.format('Z')})` : m.format('z Z'),
  };
}
