// Serialising run data in slices (src/server/slicedJson.ts): the same text as JSON.stringify,
// and the event loop is given back while a large run is written.
import { describe, expect, it } from 'vitest';
import { appendMember, RUN_DATA_ITEM_DEPTH, stringifyRunData, stringifySliced } from '../../src/server/slicedJson.ts';

const odd = {
  a: undefined,
  f: () => 1,
  s: Symbol('x'),
  n: [1, undefined, () => 2, Symbol('y'), NaN, Infinity, -0],
  d: new Date(Date.UTC(2026, 0, 2)),
  custom: { toJSON: (key: string) => `custom:${key}` },
  boxed: [new Number(3), new String('t'), new Boolean(false)],
  nullProto: Object.assign(Object.create(null), { k: 1, u: undefined }),
  empty: {},
  emptyList: [],
  nested: { deeper: { deepest: [{ x: 'é"\\\n\u2028' }] } },
  last: undefined,
};

function runData(items: number) {
  const list = Array.from({ length: items }, (_, i) => ({ json: { i, name: `item ${i}`, when: new Date(i), skip: undefined }, pairedItem: { item: i } }));
  return {
    startData: {},
    resultData: { runData: { Code: [{ startTime: 1, executionTime: 2, source: [], data: { main: [list, null] } }] }, lastNodeExecuted: 'Code' },
    executionData: { contextData: {}, nodeExecutionStack: [], metadata: {}, waitingExecution: {}, waitingExecutionSource: {} },
  };
}

describe('stringifySliced', () => {
  it('writes what JSON.stringify writes, at every walking depth', async () => {
    for (let depth = 0; depth <= 6; depth++) {
      expect(await stringifySliced(odd, depth)).toBe(JSON.stringify(odd));
      expect(await stringifySliced([odd, undefined, [odd]], depth)).toBe(JSON.stringify([odd, undefined, [odd]]));
    }
    for (const v of [undefined, null, 1, 'x', () => 1, new Date(0), []]) expect(await stringifySliced(v, 3)).toBe(JSON.stringify(v));
    expect(await stringifyRunData(runData(1000))).toBe(JSON.stringify(runData(1000)));
    expect(await stringifyRunData(runData(3))).toBe(JSON.stringify(runData(3)));
  });

  it('refuses what JSON.stringify refuses: cycles and BigInts', async () => {
    const cyclic: Record<string, unknown> = { a: [1] };
    (cyclic.a as unknown[]).push(cyclic);
    await expect(stringifySliced(cyclic, 5)).rejects.toThrow(TypeError);
    await expect(stringifySliced({ list: [{ n: 1n }] }, 5)).rejects.toThrow(TypeError);
    // A value seen twice without a cycle is fine.
    const shared = { x: 1 };
    expect(await stringifySliced({ a: shared, b: [shared, shared] }, 5)).toBe('{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
  });

  it('gives the event loop back while a large run is serialised', async () => {
    const data = runData(200_000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const text = await stringifySliced(data, RUN_DATA_ITEM_DEPTH);
    clearInterval(timer);
    expect(text!.length).toBe(JSON.stringify(data).length);
    // Native JSON.stringify of this takes ~100–400 ms in one piece: no timer could fire in it.
    expect(ticks).toBeGreaterThan(2);
  });

  it('appends a member to an object text', () => {
    expect(appendMember('{}', 'data', '[1]')).toBe('{"data":[1]}');
    expect(appendMember('{"id":"1"}', 'data', '{"a":2}')).toBe('{"id":"1","data":{"a":2}}');
  });
});
