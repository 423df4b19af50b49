import { describe, expect, it } from 'vitest';
import { jsonOf, output, runChain } from './helpers.ts';

const rename = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'Rename', type: 'n8n-nodes-base.renameKeys', typeVersion: 1, parameters, ...extra });
const input = [{ name: 'Ann', address: { city: 'Rome', zip: '001' }, list: [{ Name: 'x' }] }];

describe('Rename Keys', () => {
  it('renames keys with dot notation on both sides', async () => {
    const run = await runChain(input, [rename({ keys: { key: [{ currentKey: 'address.city', newKey: 'town' }, { currentKey: 'name', newKey: 'person.name' }, { currentKey: 'missing', newKey: 'x' }] } })]);
    expect(jsonOf(run, 'Rename')).toEqual([{ person: { name: 'Ann' }, address: { zip: '001' }, town: 'Rome', list: [{ Name: 'x' }] }]);
  });
  it('renames by regex, with captures, case-insensitively and down to a depth', async () => {
    const all = await runChain(input, [rename({ additionalOptions: { regexReplacement: { replacements: [{ searchRegex: '^(n)ame$', replaceRegex: '$1ick', options: { caseInsensitive: true } }] } } })]);
    expect(jsonOf(all, 'Rename')).toEqual([{ nick: 'Ann', address: { city: 'Rome', zip: '001' }, list: [{ Nick: 'x' }] }]);
    const top = await runChain(input, [rename({ additionalOptions: { regexReplacement: { replacements: [{ searchRegex: 'i', replaceRegex: 'I', options: { depth: 0 } }] } } })]);
    expect(Object.keys(jsonOf(top, 'Rename')[0] as object)).toEqual(['name', 'address', 'lIst']);
  });
  it('refuses patterns that backtrack badly, as an item error with continue on fail', async () => {
    const params = { additionalOptions: { regexReplacement: { replacements: [{ searchRegex: '(a+)+b', replaceRegex: 'x', options: {} }] } } };
    const run = await runChain([{ ['a'.repeat(50)]: 1 }], [rename(params, { onError: 'continueRegularOutput' })]);
    expect(output(run, 'Rename')).toEqual([{ json: { error: 'Regex pattern "(a+)+b" may cause performance issues. Please try a simpler pattern like "[a-z]+" or "\\w+". ' } }]);
  });
  it('stops a pattern that runs past its time budget, failing only the item at fault', async () => {
    // Catastrophic on the long key, yet none of the shapes refused up front.
    const params = { additionalOptions: { regexReplacement: { replacements: [{ searchRegex: '^(\\w\\w?){1,40}$', replaceRegex: 'k', options: {} }] } } };
    const items = [{ ['a'.repeat(40) + '!']: 1 }, { ab: 2 }];
    const run = await runChain(items, [rename(params, { onError: 'continueRegularOutput' })]);
    expect(output(run, 'Rename')).toEqual([{ json: { error: 'Regex pattern "^(\\w\\w?){1,40}$" may cause performance issues. Please try a simpler pattern like "[a-z]+" or "\\w+". ' } }, { json: { k: 2 } }]);
  }, 20_000);
});
