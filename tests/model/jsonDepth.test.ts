import { describe, expect, it } from 'vitest';
import { DepthWalk, jsonTooDeepAt, lineAndColumn, MAX_JSON_DEPTH, valueDepthCheck } from '../../src/model/jsonDepth.ts';

describe('jsonTooDeepAt', () => {
  it('finds where JSON nests past the limit, counting only brackets outside strings', () => {
    expect(jsonTooDeepAt('{"a":[1,{"b":2}]}', 3)).toBeUndefined();
    expect(jsonTooDeepAt('{"a":[1,{"b":[2]}]}', 3)).toBe(13);
    expect(jsonTooDeepAt('{"text":"[[[[[[[[{{{{{{ \\" [[[[[","x":1}', 2)).toBeUndefined();
    expect(jsonTooDeepAt('[' .repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonTooDeepAt('['.repeat(MAX_JSON_DEPTH + 1))).toBe(MAX_JSON_DEPTH);
  });

  it('stops at an unterminated string (the parser reports that)', () => {
    expect(jsonTooDeepAt('{"a": "[[[[', 1)).toBeUndefined();
  });

  it('is linear: a million levels are found at once', () => {
    const t = performance.now();
    expect(jsonTooDeepAt('{"a":'.repeat(1_000_000))).toBe(5 * MAX_JSON_DEPTH);
    expect(performance.now() - t).toBeLessThan(500);
  });
});

describe('valueDepthCheck', () => {
  const chain = (levels: number, leaf: unknown = 1): unknown => {
    let v = leaf;
    for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
    return v;
  };

  it('counts levels as the JSON text would (jsonTooDeepAt), however deep the value', () => {
    expect(valueDepthCheck(1)).toBe('ok');
    expect(valueDepthCheck(chain(MAX_JSON_DEPTH))).toBe('ok');
    expect(jsonTooDeepAt(JSON.stringify(chain(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(valueDepthCheck(chain(MAX_JSON_DEPTH + 1))).toBe('deep');
    expect(valueDepthCheck(chain(100_000))).toBe('deep');
    expect(valueDepthCheck(chain(3), 2)).toBe('deep');
  });

  it('tells how many containers it walked (1 for a flat value)', () => {
    const walked = { containers: -1 };
    expect(valueDepthCheck({ a: 1, b: 'x' }, MAX_JSON_DEPTH, walked)).toBe('ok');
    expect(walked.containers).toBe(1);
    expect(valueDepthCheck({ a: [1, { b: [] }], c: {} }, MAX_JSON_DEPTH, walked)).toBe('ok');
    expect(walked.containers).toBe(5);
    expect(valueDepthCheck('text', MAX_JSON_DEPTH, walked)).toBe('ok');
    expect(walked.containers).toBe(0);
  });

  it('takes what JSON writes as text (toJSON) and binary views as leaves', () => {
    const dated = chain(MAX_JSON_DEPTH - 1, { at: new Date(0), bytes: new Uint8Array(4), buffer: new ArrayBuffer(4) });
    expect(valueDepthCheck(dated)).toBe('ok');
  });

  it('finds a cycle, and depth reached only through a shared reference', () => {
    const self: Record<string, unknown> = { x: 1 };
    self.self = self;
    expect(valueDepthCheck([{ a: self }])).toBe('circular');
    // The shared chain is met first near the top (300 levels), then again 300 levels down.
    const shared = chain(300);
    expect(valueDepthCheck({ short: shared, long: chain(300, shared) })).toBe('deep');
    expect(valueDepthCheck({ short: shared, long: chain(200, shared) })).toBe('ok');
  });

  it('is linear in the distinct objects when references are shared (a DAG expands exponentially)', () => {
    let dag: unknown = {};
    for (let i = 0; i < 60; i++) dag = { a: dag, b: dag };
    const t = performance.now();
    expect(valueDepthCheck(dag)).toBe('ok');
    for (let i = 0; i < MAX_JSON_DEPTH; i++) dag = { a: dag, b: dag };
    expect(valueDepthCheck(dag)).toBe('deep');
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe('DepthWalk', () => {
  const nest = (levels: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < levels; i++) v = [v];
    return v;
  };
  it('answers as valueDepthCheck does, in steps of a few containers', () => {
    const cyclic: Record<string, unknown> = { list: [{ a: 1 }, { b: [1, 2] }] };
    (cyclic.list as unknown[]).push(cyclic);
    const wide = { rows: Array.from({ length: 50 }, (_, i) => ({ i, tags: ['a'] })), deep: nest(8) };
    for (const v of [1, null, { flat: 1 }, wide, nest(10), cyclic]) {
      const walk = new DepthWalk(v, 9);
      let steps = 0;
      let found = walk.step(3);
      while (found === 'more') {
        steps++;
        found = walk.step(3);
      }
      expect(found).toBe(valueDepthCheck(v, 9));
      if (v === wide) expect(steps).toBeGreaterThan(30);
    }
  });
});

describe('lineAndColumn', () => {
  it('is 1-based', () => {
    expect(lineAndColumn('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab\ncd\nef', 6)).toEqual({ line: 3, column: 1 });
  });

  it('keeps taking steps after the plain walk hands over to the exact one (past 1M containers)', () => {
    // 1.2M rows: the exact walk once ran to its end in one step (~1 s for 1.9M rows).
    const rows = Array.from({ length: 1_200_000 }, () => [0]);
    let deep: unknown = 1;
    for (let i = 0; i < 20; i++) deep = [deep];
    const shared = { s: [1] };
    const cases: Array<[unknown, string]> = [
      [{ rows }, 'ok'],
      [{ rows, tail: [shared, shared, deep] }, 'deep'],
    ];
    const cyclic: Record<string, unknown> = { rows, tail: [] };
    (cyclic.tail as unknown[]).push(cyclic);
    cases.push([cyclic, 'circular']);
    for (const [v, answer] of cases) {
      const walk = new DepthWalk(v, 16);
      let longest = 0;
      let steps = 0;
      let found: string;
      do {
        const t = performance.now();
        found = walk.step(10_000);
        longest = Math.max(longest, performance.now() - t);
        steps++;
      } while (found === 'more');
      expect(found).toBe(answer);
      // ~200 steps of the plain walk, then ~240 of the exact one (one step before).
      expect(steps).toBeGreaterThan(300);
      // Generous for a young-generation GC of the rows made just above (~40 ms here).
      expect(longest).toBeLessThan(100);
    }
  });
});
