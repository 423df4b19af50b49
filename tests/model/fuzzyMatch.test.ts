import { describe, expect, it } from 'vitest';
import { fuzzyMatch, fuzzySearch } from '../../src/model/fuzzyMatch.ts';

const items = (names: string[]) => names.map((name) => ({ name, lower: name.toLowerCase() }));

describe('fuzzy node search', () => {
  it('ranks exact, prefix, word-start and substring matches before scattered ones', () => {
    const list = items(['Send mail to sales', 'Set', 'Reset counter', 'Set fields', 'Sort Entries']);
    expect(fuzzySearch(list, 'set').map((r) => r.item.name)).toEqual(['Set', 'Set fields', 'Reset counter', 'Send mail to sales', 'Sort Entries']);
  });

  it('matches characters in order with word starts (initials)', () => {
    expect(fuzzyMatch('htr', 'HTTP Request')?.positions).toEqual([0, 1, 5]);
    expect(fuzzyMatch('gsa', 'Google Sheets Append')?.positions).toEqual([0, 7, 14]);
    expect(fuzzyMatch('xyz', 'HTTP Request')).toBeUndefined();
    // A word-start choice must not make the rest unmatchable.
    expect(fuzzyMatch('ab', 'xaYb_a')?.positions).toEqual([1, 3]);
  });

  it('is case-insensitive and ignores spaces in the query', () => {
    expect(fuzzyMatch('If 1', 'IF 12')).toBeDefined();
    expect(fuzzyMatch('no op', 'No Operation')).toBeDefined();
  });

  it('searches 10,000 names quickly and returns at most the limit', () => {
    const list = items(Array.from({ length: 10000 }, (_, i) => `${['Set', 'IF', 'Code', 'No Operation'][i % 4]} ${i}`));
    const t0 = performance.now();
    const r = fuzzySearch(list, 'code 98', 50);
    expect(performance.now() - t0).toBeLessThan(300);
    expect(r).toHaveLength(50);
    expect(r[0].item.name).toBe('Code 98');
  });
});
