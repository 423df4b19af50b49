import { describe, expect, it } from 'vitest';
import { buildJsonLines, tokenizeJsonLine, type JsonLinesIndex } from '../../src/app/editor/ndv/jsonLines.ts';

describe('buildJsonLines', () => {
  it('pretty-prints items as one JSON array', async () => {
    const index = await new Promise<JsonLinesIndex>((resolve) => buildJsonLines([{ json: { a: 1 } }, { json: { b: 'x', c: [1, 2] } }], (ix) => ix.done && resolve(ix)));
    const lines = Array.from({ length: index.count }, (_, i) => index.line(i));
    expect(JSON.parse(lines.join('\n'))).toEqual([{ a: 1 }, { b: 'x', c: [1, 2] }]);
  });

  it('builds 100,000 items in slices without one long task', async () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ json: { id: i, name: `item ${i}` } }));
    let slices = 0;
    let longest = 0;
    const index = await new Promise<JsonLinesIndex>((resolve) =>
      buildJsonLines(items, (ix, sliceMs) => {
        longest = Math.max(longest, sliceMs);
        slices++;
        if (ix.done) resolve(ix);
      }),
    );
    expect(index.count).toBe(100_000 * 4 + 2);
    expect(index.line(index.count - 2)).toBe('  }');
    expect(index.line(index.count - 3)).toBe('    "name": "item 99999"');
    expect(index.line(4)).toBe('  },');
    expect(index.line(5)).toBe('  {');
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
