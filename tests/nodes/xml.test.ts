import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, runChain } from './helpers.ts';

const xml = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'XML', type: 'n8n-nodes-base.xml', typeVersion: 1, parameters, ...extra });

describe('XML', () => {
  it('parses XML with merged attributes and single children unwrapped', async () => {
    const run = await runChain([{ data: '<root id="1"><a>x</a><a>y</a><b k="v">t</b></root>' }], [xml({})]);
    expect(jsonOf(run, 'XML')).toEqual([{ root: { id: '1', a: ['x', 'y'], b: { _: 't', k: 'v' } } }]);
  });
  it('takes xml2js options and names a missing property', async () => {
    const run = await runChain([{ data: '<root id="1"><a>x</a></root>' }], [xml({ options: { explicitArray: true, mergeAttrs: false, explicitRoot: false } })]);
    expect(jsonOf(run, 'XML')).toEqual([{ $: { id: '1' }, a: ['x'] }]);
    expect(errorOf(await runChain([{}], [xml({})]), 'XML')?.message).toBe('Item has no JSON property called "data"');
  });
  it('builds XML from each item', async () => {
    const run = await runChain([{ a: 1, b: ['x', 'y'] }], [xml({ mode: 'jsonToxml', dataPropertyName: 'out', options: { headless: true, rootName: 'doc' } })]);
    expect(jsonOf(run, 'XML')).toEqual([{ out: '<doc>\n  <a>1</a>\n  <b>x</b>\n  <b>y</b>\n</doc>' }]);
  });
  it('refuses prototype keys as attribute or character keys and renames such elements', async () => {
    expect(errorOf(await runChain([{ data: '<a/>' }], [xml({ options: { attrkey: '__proto__' } })]), 'XML')?.message).toBe('The "Attribute Key" option value "__proto__" is not allowed');
    const run = await runChain([{ data: '<r><__proto__>x</__proto__></r>' }], [xml({})]);
    expect(jsonOf(run, 'XML')).toEqual([{ r: { ___proto__: 'x' } }]);
  });
  it('keeps the failed item with its error on continue on fail', async () => {
    const run = await runChain([{ data: '<unclosed>' }, { data: '<ok/>' }], [xml({}, { onError: 'continueRegularOutput' })]);
    const [first, second] = jsonOf(run, 'XML') as Array<Record<string, unknown>>;
    expect(String(first.error)).toContain('Unclosed root tag');
    expect(second).toEqual({ ok: '' });
  });
});
