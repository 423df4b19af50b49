import { describe, expect, it } from 'vitest';
import { jsonOf, runChain } from './helpers.ts';

const md = (parameters: Record<string, unknown>) => ({ name: 'MD', type: 'n8n-nodes-base.markdown', typeVersion: 1, parameters });

describe('Markdown', () => {
  it('converts HTML to Markdown into a nested key, keeping the item', async () => {
    const run = await runChain([{ keep: 1 }], [md({ html: '<h2>Hi</h2><p>some <em>text</em> and <a href="https://x.y">a link</a></p><ul><li>one</li></ul>', destinationKey: 'out.md' })]);
    expect(jsonOf(run, 'MD')).toEqual([{ keep: 1, out: { md: '## Hi\n\nsome _text_ and [a link](https://x.y)\n\n* one' } }]);
  });
  it('applies HTML to Markdown options', async () => {
    const run = await runChain([{}], [md({ html: '<p><strong>b</strong> <em>i</em></p><ul><li>x</li></ul>', options: { strongDelimiter: '__', emDelimiter: '*', bulletMarker: '-', textReplace: { values: [{ pattern: 'x', replacement: 'y' }] } } })]);
    expect(jsonOf(run, 'MD')).toEqual([{ data: '__b__ *i*\n\n- y' }]);
  });
  it('converts Markdown to HTML with showdown options', async () => {
    const run = await runChain([{}], [md({ mode: 'markdownToHtml', markdown: '# Title\n\n~~gone~~ www.n8n.io', options: { strikethrough: true, simplifiedAutoLink: true, noHeaderId: true } })]);
    expect(jsonOf(run, 'MD')).toEqual([{ data: '<h1>Title</h1>\n<p><del>gone</del> <a href="http://www.n8n.io">www.n8n.io</a></p>' }]);
  });
});
