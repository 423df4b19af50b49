import { describe, expect, it } from 'vitest';
import { jsonTooDeepAt, lineAndColumn, MAX_JSON_DEPTH } from '../../src/model/jsonDepth.ts';

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

describe('lineAndColumn', () => {
  it('is 1-based', () => {
    expect(lineAndColumn('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab\ncd\nef', 6)).toEqual({ line: 3, column: 1 });
  });
});
