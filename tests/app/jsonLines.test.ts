import { describe, expect, it } from 'vitest';
import { buildJsonLines, tokenizeJsonLine } from '../../src/app/editor/ndv/jsonLines.ts';

describe('buildJsonLines', () => {
  it('pretty-prints items as one JSON array', async () => {
    const lines = await new Promise<string[]>((resolve) => buildJsonLines([{ json: { a: 1 } }, { json: { b: 'x' } }], (l, done) => done && resolve(l)));
    expect(JSON.parse(lines.join('\n'))).toEqual([{ a: 1 }, { b: 'x' }]);
  });

  it('builds 100,000 items in slices without one long task', async () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ json: { id: i, name: `item ${i}` } }));
    let slices = 0;
    let longest = 0;
    const lines = await new Promise<string[]>((resolve) =>
      buildJsonLines(items, (l, done, sliceMs) => {
        longest = Math.max(longest, sliceMs);
        slices++;
        if (done) resolve(l);
      }),
    );
    expect(lines.length).toBe(100_000 * 4 + 2);
    expect(slices).toBeGreaterThan(1);
    expect(longest).toBeLessThan(50);
  });
});

describe('tokenizeJsonLine', () => {
  it('tells keys, strings, numbers and literals apart', () => {
    const kinds = tokenizeJsonLine('  "a": "b", "n": 1, "t": true').filter((t) => t.kind !== 'punct').map((t) => `${t.kind}:${t.text}`);
    expect(kinds).toEqual(['key:"a"', 'string:"b"', 'key:"n"', 'number:1', 'key:"t"', 'literal:true']);
  });
});
