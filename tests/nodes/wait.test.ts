// Wait "At Specified Time" (resume: 'specificTime') in the engine: a date under 65 s away sleeps in
// the run and goes on; a later one parks the run (status waiting, waitTill = the date); dates
// without an offset are read in the workflow's time zone.
import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, runChain } from './helpers.ts';

const waitUntil = (dateTime: unknown) => ({ name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, parameters: { resume: 'specificTime', dateTime } });
const after = { name: 'After', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };

describe('Wait until a date', () => {
  it('a date in the near future sleeps in the run, then passes the items on', async () => {
    const run = await runChain([{ v: 1 }, { v: 2 }], [waitUntil('={{ $now.plus({ milliseconds: 400 }).toISO() }}'), after]);
    expect(run.status).toBe('success');
    expect(run.data.resultData.runData.Wait[0].executionTime).toBeGreaterThanOrEqual(350);
    expect(run.waitTill).toBeUndefined();
    expect(run.data.waitTill).toBeUndefined();
    expect(jsonOf(run, 'After')).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('a date in the past goes on at once', async () => {
    const run = await runChain([{ v: 1 }], [waitUntil('2020-01-01T00:00:00Z'), after]);
    expect(run.status).toBe('success');
    expect(run.data.resultData.runData.Wait[0].executionTime).toBeLessThan(200);
    expect(jsonOf(run, 'After')).toEqual([{ v: 1 }]);
  });

  it('a date 65 s or more away parks the run; no offset means the workflow time zone', async () => {
    const run = await runChain([{ v: 1 }], [waitUntil('2999-06-01T12:00:00'), after]);
    expect(run.status).toBe('waiting');
    // runChain's runs use the engine default time zone, America/New_York (UTC-4 in June).
    expect(run.waitTill?.toISOString()).toBe('2999-06-01T16:00:00.000Z');
    expect(run.data.waitTill).toBe('2999-06-01T16:00:00.000Z');
    expect(run.data.resultData.runData.After).toBeUndefined();
    expect(run.data.executionData?.nodeExecutionStack[0]?.node.name).toBe('Wait');
  });

  it('an invalid date fails with n8n\'s message', async () => {
    const run = await runChain([{ v: 1 }], [waitUntil('not a date')]);
    expect(run.status).toBe('error');
    expect(errorOf(run, 'Wait')?.message).toMatch(/^Cannot put execution to wait because `dateTime` parameter is not a valid date/);
  });
});
