import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, runChain } from './helpers.ts';

const sort = (parameters: Record<string, unknown>) => ({ name: 'Sort', type: 'n8n-nodes-base.sort', typeVersion: 1, parameters });
const people = [
  { name: 'bob', age: 30, tag: { rank: 2 } },
  { name: 'Alice', age: 30, tag: { rank: 1 } },
  { name: 'carl', age: 25, tag: { rank: 3 } },
];

describe('Sort', () => {
  it('sorts by several fields, strings case-insensitively', async () => {
    const run = await runChain(people, [sort({ sortFieldsUi: { sortField: [{ fieldName: 'age', order: 'descending' }, { fieldName: 'name' }] } })]);
    expect(jsonOf(run, 'Sort').map((p) => (p as { name: string }).name)).toEqual(['Alice', 'bob', 'carl']);
  });
  it('reads nested fields with dot notation unless it is disabled', async () => {
    const nested = await runChain(people, [sort({ sortFieldsUi: { sortField: [{ fieldName: 'tag.rank' }] } })]);
    expect(jsonOf(nested, 'Sort').map((p) => (p as { name: string }).name)).toEqual(['Alice', 'bob', 'carl']);
    const flat = await runChain(people, [sort({ sortFieldsUi: { sortField: [{ fieldName: 'tag.rank' }] }, options: { disableDotNotation: true } })]);
    expect(flat.status).toBe('error');
    expect(errorOf(flat, 'Sort')?.message).toBe("Couldn't find the field 'tag.rank' in the input data");
    expect(errorOf(flat, 'Sort')?.description).toContain("turn off 'disable dot notation'");
  });
  it('sorts with a compare function run in the sandbox', async () => {
    const code = 'return b.json.age - a.json.age || (a.json.name < b.json.name ? -1 : 1);';
    const run = await runChain(people, [sort({ type: 'code', code })]);
    expect(jsonOf(run, 'Sort').map((p) => (p as { name: string }).name)).toEqual(['Alice', 'bob', 'carl']);
  });
  it("refuses code that doesn't return", async () => {
    const run = await runChain(people, [sort({ type: 'code', code: 'a.json.age - b.json.age' })]);
    expect(errorOf(run, 'Sort')?.message).toBe("Sort code doesn't return. Please add a 'return' statement to your code");
  });
  it('shuffles at random without losing items', async () => {
    const run = await runChain(people, [sort({ type: 'random' })]);
    expect(jsonOf(run, 'Sort')).toHaveLength(3);
    expect(new Set(jsonOf(run, 'Sort').map((p) => (p as { name: string }).name))).toEqual(new Set(['bob', 'Alice', 'carl']));
  });
  it('asks for a field when none is given', async () => {
    const run = await runChain(people, [sort({})]);
    expect(errorOf(run, 'Sort')?.message).toBe('No sorting specified. Please add a field to sort by');
  });
});
