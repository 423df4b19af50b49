// The open-workflow list's rules (spec 001 §4.8, §9): name filter, tag filter (all selected must
// match), sort (updated newest first by default, header clicks), 3 tags then '+N'.
import { describe, expect, it } from 'vitest';
import type { IWorkflowListItem } from '../../src/model/api.ts';
import { DEFAULT_SORT, filterRows, nextSort, rowTags, sortRows } from '../../src/app/dialogs/openListRows.ts';

const t = (id: string) => ({ id, name: `tag ${id}` });
function row(id: string, name: string, updatedAt: string, tags: string[] = [], createdAt = '2026-01-01T00:00:00.000Z'): IWorkflowListItem {
  return { id, name, active: false, createdAt, updatedAt, tags: tags.map(t) };
}

const rows = [
  row('1', 'Orders to CRM', '2026-03-01T10:00:00.000Z', ['a', 'b']),
  row('2', 'orders cleanup', '2026-03-02T10:00:00.000Z', ['a']),
  row('3', 'Invoices', '2026-02-01T10:00:00.000Z', ['b', 'c', 'd', 'e', 'f']),
  row('4', '100% done_', '2026-01-01T10:00:00.000Z'),
];

describe('filterRows', () => {
  it('matches a case-insensitive substring of the name, literally', () => {
    expect(filterRows(rows, 'ORDERS', new Set()).map((r) => r.id)).toEqual(['1', '2']);
    expect(filterRows(rows, '  voice ', new Set()).map((r) => r.id)).toEqual(['3']);
    expect(filterRows(rows, '% done_', new Set()).map((r) => r.id)).toEqual(['4']);
    expect(filterRows(rows, '', new Set())).toHaveLength(4);
  });

  it('keeps only workflows with every selected tag, combined with the name', () => {
    expect(filterRows(rows, '', new Set(['a'])).map((r) => r.id)).toEqual(['1', '2']);
    expect(filterRows(rows, '', new Set(['a', 'b'])).map((r) => r.id)).toEqual(['1']);
    expect(filterRows(rows, '', new Set(['a', 'c'])).map((r) => r.id)).toEqual([]);
    expect(filterRows(rows, 'cleanup', new Set(['a'])).map((r) => r.id)).toEqual(['2']);
  });
});

describe('sortRows', () => {
  it('sorts by updated, newest first, by default; headers turn the order around or switch column', () => {
    expect(sortRows([...rows], DEFAULT_SORT).map((r) => r.id)).toEqual(['2', '1', '3', '4']);
    const byName = nextSort(DEFAULT_SORT, 'name');
    expect(byName).toEqual({ key: 'name', descending: false });
    expect(sortRows([...rows], byName).map((r) => r.name)).toEqual(['100% done_', 'Invoices', 'orders cleanup', 'Orders to CRM']);
    expect(nextSort(byName, 'name')).toEqual({ key: 'name', descending: true });
    expect(nextSort(DEFAULT_SORT, 'updatedAt')).toEqual({ key: 'updatedAt', descending: false });
    expect(nextSort(byName, 'createdAt')).toEqual({ key: 'createdAt', descending: true });
  });
});

describe('rowTags', () => {
  it('shows 3 tags and counts the rest', () => {
    expect(rowTags(rows[2]!.tags)).toEqual({ shown: [t('b'), t('c'), t('d')], more: 2 });
    expect(rowTags(rows[0]!.tags)).toEqual({ shown: [t('a'), t('b')], more: 0 });
    expect(rowTags([])).toEqual({ shown: [], more: 0 });
  });
});
