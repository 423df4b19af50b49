// Serialising run data in slices (src/server/slicedJson.ts): the same text as JSON.stringify,
// and the event loop is given back while a large run is written.
import { describe, expect, it, vi } from 'vitest';
import { appendMember, stringifySliced, stringifySlicedBytes } from '../../src/server/slicedJson.ts';
import { jsonLargerThan } from '../../src/server/push/jsonSize.ts';

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
  it('writes what JSON.stringify writes, walking large containers and serialising small ones natively', async () => {
    // Large: walked here, with odd members at the walked levels (undefined, functions, toJSON with its key).
    const wide = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? undefined : i % 11 === 0 ? () => i : i % 13 === 0 ? odd : { i, text: 'x'.repeat(20) }));
    const big = { ...odd, wide, byKey: Object.fromEntries(wide.map((v, i) => [`k${i}`, v])), nested: { deeper: { wide, again: odd } } };
    expect(await stringifySliced(big)).toBe(JSON.stringify(big));
    expect(await stringifySliced([big, undefined, [big]])).toBe(JSON.stringify([big, undefined, [big]]));
    expect(await stringifySliced(odd)).toBe(JSON.stringify(odd));
    for (const v of [undefined, null, 1, 'x', () => 1, new Date(0), []]) expect(await stringifySliced(v)).toBe(JSON.stringify(v));
    expect(await stringifySliced(runData(1000))).toBe(JSON.stringify(runData(1000)));
    expect(await stringifySliced(runData(3))).toBe(JSON.stringify(runData(3)));
    // One large item (a 16 MB webhook body is one item) is walked into as well.
    const body = { json: { body: { items: runData(2000).resultData.runData.Code[0].data.main[0] } } };
    expect(await stringifySliced({ main: [[body]] })).toBe(JSON.stringify({ main: [[body]] }));
  });

  it('serialises runs of small elements natively, elements with toJSON in place (their index as key)', async () => {
    const custom = { toJSON: (key: string) => `at:${key}` };
    const list: unknown[] = Array.from({ length: 8000 }, (_, i) => (i % 17 === 0 ? custom : i % 19 === 0 ? new Date(i) : i % 23 === 0 ? undefined : i % 29 === 0 ? 'z'.repeat(40_000) : [i, { t: 'x' }]));
    list[9000] = 1; // holes 8000–8999
    expect(await stringifySliced(list)).toBe(JSON.stringify(list));
    expect(await stringifySliced({ list })).toBe(JSON.stringify({ list }));
    // One native call per element made 1.9M tiny rows take ~10× the native serializer's time.
    const rows = Array.from({ length: 200_000 }, () => [0]);
    const expected = JSON.stringify({ rows });
    const calls = vi.spyOn(JSON, 'stringify');
    try {
      expect(await stringifySliced({ rows })).toBe(expected);
      expect(calls.mock.calls.length).toBeLessThan(1000);
    } finally {
      calls.mockRestore();
    }
  });

  it('writes the same text as UTF-8 bytes, in chunks joined at the end', async () => {
    // Multi-byte characters, astral ones and lone surrogates (escaped by JSON.stringify) across many chunks.
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ i, text: i % 3 ? `zürich 東京 🚀 ${i}` : `\ud800 lone ${i}`, odd: i % 5 ? undefined : odd }));
    for (const v of [rows, { rows, n: 1 }, runData(1000), runData(3), [], 'x', null]) {
      expect((await stringifySlicedBytes(v))!.toString('utf8')).toBe(JSON.stringify(v));
    }
    expect(await stringifySlicedBytes(undefined)).toBeUndefined();
  });

  it('refuses what JSON.stringify refuses: cycles and BigInts', async () => {
    const cyclic: Record<string, unknown> = { a: [1] };
    (cyclic.a as unknown[]).push(cyclic);
    const filler = 'y'.repeat(40_000);
    (cyclic.a as unknown[]).push(filler);
    await expect(stringifySliced(cyclic)).rejects.toThrow(TypeError);
    await expect(stringifySliced({ filler, list: [{ n: 1n }] })).rejects.toThrow(TypeError);
    // A value seen twice without a cycle is fine.
    const shared = { x: 1 };
    expect(await stringifySliced({ a: shared, b: [shared, shared] })).toBe('{"a":{"x":1},"b":[{"x":1},{"x":1}]}');
  });

  it('gives the event loop back while a large run is serialised', async () => {
    const data = runData(200_000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const text = await stringifySliced(data);
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

describe('size checks of the ancestors of an object with many keys', () => {
  it('list its keys once, not once per ancestor (a 50,000-key body cost ~7 ms per ask)', async () => {
    let listed = 0;
    const target = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`key${i}`, `value ${i}`]));
    const body = new Proxy(target, {
      ownKeys(t) {
        listed++;
        return Reflect.ownKeys(t);
      },
    });
    const item = { json: { headers: {}, body } };
    const data = { resultData: { runData: { Webhook: [{ data: { main: [[item]] } }] } } };
    for (const ancestor of [data, data.resultData, data.resultData.runData, item, item.json]) expect(jsonLargerThan(ancestor, 32 * 1024)).toBe(true);
    expect(listed).toBe(1);
    // And the serialisation of the whole is still JSON.stringify's.
    expect((await stringifySlicedBytes(data))!.toString('utf8')).toBe(JSON.stringify(data));
  });
});
