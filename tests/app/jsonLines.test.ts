import { describe, expect, it } from 'vitest';
import { buildJsonLines, lineText, type JsonLinesIndex } from '../../src/app/editor/ndv/jsonLines.ts';
import type { INodeExecutionData } from '../../src/model/execution.ts';

function build(items: INodeExecutionData[]): Promise<JsonLinesIndex> {
  return new Promise<JsonLinesIndex>((resolve) => buildJsonLines(items, (ix) => ix.done && resolve(ix)));
}
const text = (ix: JsonLinesIndex) => Array.from({ length: ix.count }, (_, i) => lineText(ix.line(i)));

describe('buildJsonLines', () => {
  it('pretty-prints items as one JSON array, as JSON.stringify does', async () => {
    const items = [{ json: { a: 1, 'my key': null } }, { json: { b: 'x "q"', c: [1, { d: true }], e: {}, f: [] } }];
    const index = await build(items);
    expect(text(index).join('\n')).toBe(JSON.stringify(items.map((i) => i.json), null, 2));
  });

  it('knows the path of every line, for mapping and copying', async () => {
    const index = await build([{ json: { a: 1 } }, { json: { list: [{ 'odd key': 2 }] } }]);
    const lines = Array.from({ length: index.count }, (_, i) => index.line(i));
    const odd = lines.find((l) => l.key === 'odd key')!;
    expect(odd).toMatchObject({ item: 1, path: ['list', 0, 'odd key'], text: '2', kind: 'number' });
    expect(index.valueAt(1, ['list', 0])).toEqual({ 'odd key': 2 });
  });

  it('starts objects deeper than 10 levels folded, and folds and unfolds on toggle', async () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 12; i++) deep = { [`l${11 - i}`]: deep };
    const index = await build([{ json: deep }, { json: { after: true } }]);
    const lines = text(index);
    // Levels 1 (the item) to 10 are open; the object at level 11 is one folded line.
    const folded = lines.findIndex((l) => l.includes('{…} 1 key'));
    expect(folded).toBeGreaterThan(0);
    expect(lines[folded]).toBe('  '.repeat(11) + '"l9": {…} 1 key');
    const before = index.count;
    const at = index.line(folded);
    expect(index.toggle(at.item, at.path)).toBe(before + 2);
    expect(lineText(index.line(folded))).toBe('  '.repeat(11) + '"l9": {');
    expect(lineText(index.line(folded + 1))).toBe('  '.repeat(12) + '"l10": {…} 1 key');
    // Lines after the unfolded item moved down with it.
    expect(lineText(index.line(index.count - 2))).toBe('  }');
    expect(lineText(index.line(index.count - 3))).toBe('    "after": true');
    // Folding the item itself leaves one line for it.
    expect(index.toggle(0, [])).toBe(1 + 1 + 3 + 1);
    expect(lineText(index.line(1))).toBe('  {…} 1 key,');
  });

  it('builds 100,000 items in slices without one long task', async () => {
    const fields = (i: number) => Object.fromEntries(Array.from({ length: 18 }, (_, f) => [`field${f}`, f % 2 ? i * f : `value ${i}-${f}`]));
    const items = Array.from({ length: 100_000 }, (_, i) => ({ json: { id: i, ...fields(i), name: `item ${i}` } }));
    let slices = 0;
    let longest = 0;
    const index = await new Promise<JsonLinesIndex>((resolve) =>
      buildJsonLines(items, (ix, sliceMs) => {
        longest = Math.max(longest, sliceMs);
        slices++;
        if (ix.done) resolve(ix);
      }),
    );
    expect(index.count).toBe(100_000 * 22 + 2);
    expect(lineText(index.line(index.count - 2))).toBe('  }');
    expect(lineText(index.line(index.count - 3))).toBe('    "name": "item 99999"');
    expect(lineText(index.line(22))).toBe('  },');
    expect(lineText(index.line(23))).toBe('  {');
    expect(slices).toBeGreaterThan(1);
    expect(longest).toBeLessThan(50);
  });
});
