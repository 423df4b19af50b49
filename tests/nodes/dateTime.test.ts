import { afterEach, describe, expect, it } from 'vitest';
import { Settings } from 'luxon';
import { errorOf, jsonOf, runChain } from './helpers.ts';

const v1 = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'Date', type: 'n8n-nodes-base.dateTime', typeVersion: 1, parameters, ...extra });
const v2 = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'Date', type: 'n8n-nodes-base.dateTime', typeVersion: 2, parameters, ...extra });
const value = async (node: ReturnType<typeof v2>, items: unknown[] = [{}]) => (jsonOf(await runChain(items, [node]), 'Date')[0] as Record<string, unknown>);

const previousTZ = process.env.TZ;
afterEach(() => {
  if (previousTZ === undefined) delete process.env.TZ;
  else process.env.TZ = previousTZ;
  Settings.now = () => Date.now();
});

describe('Date & Time v1', () => {
  it('formats with moment tokens, timestamps in seconds or milliseconds', async () => {
    expect(await value(v1({ value: '1682918315', toFormat: 'YYYY/MM/DD', options: { toTimezone: 'UTC' } }))).toEqual({ data: '2023/05/01' });
    expect(await value(v1({ value: 1682918315906, toFormat: 'x', options: { toTimezone: 'UTC' } }))).toEqual({ data: '1682918315906' });
    expect(await value(v1({ value: '2022-01-12', custom: true, toFormat: 'MMMM Do', options: { fromFormat: 'YYYY-DD-MM', fromTimezone: 'UTC', toTimezone: 'UTC' } }))).toEqual({ data: 'December 1st' });
  });
  it('moves between time zones', async () => {
    const node = v1({ value: '2022-08-01 00:00', toFormat: 'YYYY-MM-DD HH:mm', options: { fromTimezone: 'Europe/Berlin', toTimezone: 'America/New_York' } });
    expect(await value(node)).toEqual({ data: '2022-07-31 18:00' });
  });
  it("adds and subtracts in the server's own zone, as n8n does", async () => {
    process.env.TZ = 'Europe/Berlin';
    expect(await value(v1({ action: 'calculate', value: '08/01/2022', duration: 10 }))).toEqual({ data: '2022-08-10T22:00:00.000Z' });
    process.env.TZ = 'UTC';
    expect(await value(v1({ action: 'calculate', value: '08/01/2022', operation: 'subtract', duration: 1, timeUnit: 'quarters' }))).toEqual({ data: '2022-05-01T00:00:00.000Z' });
  });
  it('writes the property name as one key and keeps the input fields', async () => {
    expect(await value(v1({ value: '0', toFormat: 'YYYY', dataPropertyName: 'a.b', options: { toTimezone: 'UTC' } }), [{ keep: 1 }])).toEqual({ keep: 1, 'a.b': '1970' });
  });
  it('fails on dates it cannot read, or records the error with continue on fail', async () => {
    const strict = await runChain([{}], [v1({ action: 'calculate', value: '2022/13/45', options: { fromFormat: 'YYYY/MM/DD' } })]);
    expect(errorOf(strict, 'Date')?.message).toBe('Date input cannot be parsed. Please recheck the value and the "From Format" field.');
    const loose = await runChain([{}], [v1({ action: 'calculate', value: 'soon' }, { onError: 'continueRegularOutput' })]);
    expect(jsonOf(loose, 'Date')).toEqual([{ error: 'Unrecognized date input. Please specify a format in the "From Format" field.' }]);
  });
});

describe('Date & Time v2', () => {
  const tz = { timezone: 'America/New_York' };
  // Runs use the default workflow time zone, America/New_York (UTC-4 in April).
  it('keeps the wall-clock time of dates written without a zone, converts those with one', async () => {
    const extract = (date: string) => v2({ operation: 'extractDate', date, part: 'hour' });
    const hour = async (date: string) => ((await value(extract(date))) as { datePart: number }).datePart;
    expect(await hour('2023-04-11T14:30:00')).toBe(14);
    expect(await hour('2023-04-11 14:30:00')).toBe(14);
    expect(await hour('April 11, 2023 2:30 PM')).toBe(14);
    expect(await hour('2023-04-11T14:30:00Z')).toBe(10);
    expect(await hour('2023-04-11T14:30:00+05:00')).toBe(5);
    expect(await hour('Tue, 11 Apr 2023 14:30:00 GMT')).toBe(10);
    expect(await hour('Tue Apr 11 2023 14:30:00 GMT+0500 (PKT)')).toBe(5);
  });
  it('uses the workflow time zone', async () => {
    const { runWorkflow } = await import('../../src/engine/index.ts');
    const { registry } = await import('./helpers.ts');
    const workflow = {
      id: 'w',
      name: 'tz',
      active: false,
      settings: { ...tz },
      nodes: [
        { id: 't', name: 'T', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} },
        { id: 'd', name: 'Date', type: 'n8n-nodes-base.dateTime', typeVersion: 2, position: [200, 0] as [number, number], parameters: { operation: 'extractDate', date: '2023-04-11T14:30:00+05:00', part: 'hour' } },
      ],
      connections: { T: { main: [[{ node: 'Date', type: 'main' as const, index: 0 }]] } },
    };
    const run = await runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1' });
    expect(run.data.resultData.runData.Date[0].data?.main[0]?.[0].json).toEqual({ datePart: 5 });
  });
  it('adds, subtracts, rounds and measures', async () => {
    expect(await value(v2({ operation: 'addToDate', magnitude: '2023-01-31', timeUnit: 'months', duration: 1 }))).toEqual({ newDate: '2023-02-28T00:00:00.000-05:00' });
    expect(await value(v2({ operation: 'subtractFromDate', magnitude: 1682918315, timeUnit: 'hours', duration: 1 }))).toEqual({ newDate: '2023-05-01T00:18:35.000-04:00' });
    expect(await value(v2({ operation: 'roundDate', date: '2023-04-11T14:30:00', toNearest: 'day' }))).toEqual({ roundedDate: '2023-04-11T00:00:00.000-04:00' });
    expect(await value(v2({ operation: 'roundDate', date: '2023-02-11', mode: 'roundUp' }))).toEqual({ roundedDate: '2023-03-01T00:00:00.000-05:00' });
    expect(await value(v2({ operation: 'getTimeBetweenDates', startDate: '2023-01-01', endDate: '2023-03-15T12:00:00', units: ['month', 'day', 'hour'] }))).toEqual({ timeDifference: { months: 2, days: 14, hours: 12 } });
    expect(await value(v2({ operation: 'getTimeBetweenDates', startDate: '2023-01-01', endDate: '2023-01-03', options: { isoString: true } }))).toEqual({ timeDifference: 'P2D' });
    expect(await value(v2({ operation: 'extractDate', date: '2023-01-05', part: 'week' }))).toEqual({ datePart: 1 });
  });
  it('formats in the date’s own zone unless told to use the workflow’s, with a custom input format', async () => {
    expect(await value(v2({ operation: 'formatDate', date: '2023-04-11T23:30:00+02:00', format: 'yyyy-MM-dd HH:mm' }))).toEqual({ formattedDate: '2023-04-11 23:30' });
    expect(await value(v2({ operation: 'formatDate', date: '2023-04-11T23:30:00+02:00', format: 'yyyy-MM-dd HH:mm', options: { timezone: true } }))).toEqual({ formattedDate: '2023-04-11 17:30' });
    expect(await value(v2({ operation: 'formatDate', date: '2026-02-09 3:00 PM', format: 'custom', customFormat: 'HH:mm', options: { fromFormat: 'yyyy-MM-dd h:mm a', timezone: true } }))).toEqual({ formattedDate: '15:00' });
    expect(await value(v2({ operation: 'formatDate', date: '={{ null }}' }))).toEqual({ formattedDate: null });
  });
  it('gets the current date in a time zone and refuses unknown zones', async () => {
    Settings.now = () => Date.parse('2024-03-10T12:34:56.000Z');
    expect(await value(v2({ includeTime: false, options: { timezone: 'Asia/Tokyo' } }))).toEqual({ currentDate: '2024-03-10T00:00:00.000+09:00' });
    const bad = await runChain([{}], [v2({ options: { timezone: 'Mars/Olympus' } })]);
    expect(errorOf(bad, 'Date')?.message).toBe('The timezone Mars/Olympus is not valid. Please check the timezone.');
  });
  it('keeps the input fields on request and reports unreadable dates', async () => {
    expect(await value(v2({ operation: 'extractDate', date: '2023-04-11', part: 'year', options: { includeInputFields: true } }), [{ a: 1 }])).toEqual({ a: 1, datePart: 2023 });
    const bad = await runChain([{}], [v2({ operation: 'extractDate', date: 'not-a-date' })]);
    expect(errorOf(bad, 'Date')?.message).toBe('Invalid date format');
  });
});
