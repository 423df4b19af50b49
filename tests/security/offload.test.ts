// Expressions that outgrow their slice of the server's thread are evaluated in the expression
// worker (src/engine/offload): the loop stays free, the answers are the ones the thread gives.
import { describe, expect, it } from 'vitest';
import { execute, setField, trigger, workflow } from './harness.ts';
import { offloadStats } from '../../src/engine/offload/offloader.ts';

/** Longest gap between ticks of a 2 ms timer while fn runs. */
async function maxLag<T>(fn: () => Promise<T>): Promise<{ value: T; lag: number }> {
  let last = performance.now();
  let lag = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last);
    last = now;
  }, 2);
  try {
    const value = await fn();
    return { value, lag };
  } finally {
    clearInterval(timer);
  }
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ json: { a: i } }));

describe('expressions off the thread', () => {
  it('a long loop in a Set expression runs in the worker with the loop free, same result', async () => {
    const slow = '={{ (() => { let s = 0; for (let i = 0; i < 400000; i++) s += i % 7; return s + $json.a })() }}';
    const before = offloadStats().evaluations;
    const { value: o, lag } = await maxLag(() => execute(workflow([trigger(), setField('s', slow, 'number')]), { pinData: { Trigger: items(3) } }));
    expect(o.status).toBe('success');
    let expected = 0;
    for (let i = 0; i < 400000; i++) expected += i % 7;
    expect(o.out('Set')).toEqual([0, 1, 2].map((a) => ({ a, s: expected + a })));
    expect(offloadStats().evaluations - before).toBe(3);
    expect(lag).toBeLessThan(100);
  }, 60_000);
});

const LOOP = (n: number) => `(() => { let s = 0; for (let i = 0; i < ${n}; i++) s += i % 7; return s })()`;
const ifNode = (left: string) => ({
  name: 'If',
  type: 'n8n-nodes-base.if',
  typeVersion: 2,
  parameters: {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict' },
      conditions: [{ id: 'c', leftValue: left, rightValue: 1, operator: { type: 'number', operation: 'gt' } }],
      combinator: 'and',
    },
  },
});

describe('expressions off the thread keep their meaning', () => {
  it('data of earlier nodes, $parameter, DateTime results and errors arrive as on the thread', async () => {
    const wf = workflow([
      trigger(),
      setField('first', '={{ $json.a * 10 }}', 'number', 'First'),
      setField('t', `={{ ${LOOP(300000)} > 0 ? $('First').item.json.first + $('Trigger').all().length : 0 }}`, 'number', 'Second'),
      setField('d', `={{ ${LOOP(300000)} > 0 ? DateTime.fromISO('2024-05-01T10:00:00', { zone: 'Europe/Berlin' }).plus({ days: $json.a }) : null }}`, 'string', 'Third'),
    ]);
    const { value: o, lag } = await maxLag(() => execute(wf, { pinData: { Trigger: items(2) } }));
    expect(o.status).toBe('success');
    expect(o.out('Second')?.map((j) => j.t)).toEqual([2, 12]);
    expect(o.out('Third')?.map((j) => j.d)).toEqual(['2024-05-01T10:00:00.000+02:00', '2024-05-02T10:00:00.000+02:00']);
    expect(lag).toBeLessThan(100);
  }, 60_000);

  it('an error thrown in the worker is the error the thread would throw', async () => {
    const o = await execute(workflow([trigger(), setField('x', `={{ ${LOOP(300000)} > 0 ? $('Nowhere').item.json.a : 0 }}`, 'number')]), { pinData: { Trigger: items(1) } });
    expect(o.status).toBe('error');
    expect(o.error).toMatch(/Referenced node doesn't exist|Nowhere/);
  }, 60_000);

  it('If conditions that loop are decided in the worker', async () => {
    const o = await execute(workflow([trigger(), ifNode(`={{ ${LOOP(300000)} > 0 ? $json.a : 0 }}`)]), { pinData: { Trigger: items(3) } });
    expect(o.status).toBe('success');
    expect(o.run.data.resultData.runData.If[0].data?.main[0]?.map((i) => i.json.a)).toEqual([2]);
    expect(o.run.data.resultData.runData.If[0].data?.main[1]?.map((i) => i.json.a)).toEqual([0, 1]);
  }, 60_000);

  it("a built-in method on a long string is not started on the thread", async () => {
    const big = 'word '.repeat(400_000);
    const before = offloadStats().evaluations;
    const { value: o, lag } = await maxLag(() => execute(workflow([trigger(), setField('n', '={{ $json.text.toTitleCase().length }}', 'number')]), { pinData: { Trigger: [{ json: { text: big } }] } }));
    expect(o.status).toBe('success');
    expect(o.out('Set')?.[0].n).toBe(big.length);
    expect(offloadStats().evaluations - before).toBe(1);
    expect(lag).toBeLessThan(100);
  }, 60_000);

  it('the time limit fires inside one long native call, and the worker is replaced', async () => {
    const { configureExpressionLimits } = await import('../../src/engine/expressions.ts');
    configureExpressionLimits({ expressionTimeoutMs: 300 });
    try {
      const restarts = offloadStats().restarts;
      // One native-speed call over 20M characters (~3 s): no step boundary inside it for the clock.
      const text = 'word '.repeat(4_000_000);
      const { value: o, lag } = await maxLag(() => execute(workflow([trigger(), setField('n', '={{ $json.text.toTitleCase().length }}', 'number')]), { pinData: { Trigger: [{ json: { text } }] } }));
      expect(o.status).toBe('error');
      expect(o.error).toMatch(/time limit/);
      expect(offloadStats().restarts).toBe(restarts + 1);
      expect(o.ms).toBeLessThan(3000);
      expect(lag).toBeLessThan(100);
    } finally {
      configureExpressionLimits({ expressionTimeoutMs: 5000 });
    }
    // The next deferred evaluation works on a fresh worker.
    const o = await execute(workflow([trigger(), setField('s', `={{ ${LOOP(300000)} }}`, 'number')]), { pinData: { Trigger: items(1) } });
    expect(o.status).toBe('success');
  }, 60_000);
});

describe('parameters evaluated ahead (any node)', () => {
  it('a slow expression in a node without its own item loop deferral (Crypto) runs in the worker', async () => {
    const crypto = { name: 'Crypto', type: 'n8n-nodes-base.crypto', typeVersion: 1, parameters: { action: 'hash', type: 'MD5', value: `={{ ${LOOP(300000)} + '-' + $json.a }}`, dataPropertyName: 'h' } };
    const before = offloadStats().evaluations;
    const { value: o, lag } = await maxLag(() => execute(workflow([trigger(), crypto]), { pinData: { Trigger: items(3) } }));
    expect(o.status).toBe('success');
    const { createHash } = await import('node:crypto');
    let s = 0;
    for (let i = 0; i < 300000; i++) s += i % 7;
    expect(o.out('Crypto')?.map((j) => j.h)).toEqual([0, 1, 2].map((a) => createHash('md5').update(`${s}-${a}`).digest('hex')));
    expect(offloadStats().evaluations - before).toBe(3);
    expect(lag).toBeLessThan(100);
  }, 60_000);

  it('a parameter a node reads for its first item only is evaluated for that item only from the next run on', async () => {
    const limit = { name: 'Limit', type: 'n8n-nodes-base.limit', typeVersion: 1, parameters: { maxItems: `={{ ${LOOP(300000)} > 0 ? 2 : 0 }}`, keep: '={{ "firstItems" }}' } };
    const wf = workflow([trigger(), limit]);
    const counts: number[] = [];
    for (let run = 0; run < 2; run++) {
      const before = offloadStats().evaluations;
      const o = await execute(wf, { pinData: { Trigger: items(4) } });
      expect(o.status).toBe('success');
      expect(o.out('Limit')?.map((j) => j.a)).toEqual([0, 1]);
      counts.push(offloadStats().evaluations - before);
    }
    expect(counts).toEqual([4, 1]);
  }, 60_000);

  it('errors of expressions evaluated ahead surface when the node reads them, with the item', async () => {
    const crypto = { name: 'Crypto', type: 'n8n-nodes-base.crypto', typeVersion: 1, parameters: { action: 'hash', type: 'MD5', value: '={{ $json.a === 1 ? $("Nowhere").item.json.x : "ok" }}', dataPropertyName: 'h' } };
    const o = await execute(workflow([trigger(), crypto]), { pinData: { Trigger: items(3) } });
    expect(o.status).toBe('error');
    expect(o.error).toMatch(/Referenced node doesn't exist|Nowhere/);
    expect(JSON.stringify(o.run.data.resultData.error)).toMatch(/"itemIndex":1/);
  }, 60_000);
});
