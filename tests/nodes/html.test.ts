import { describe, expect, it } from 'vitest';
import { errorOf, jsonOf, output, runChain } from './helpers.ts';

const html = (typeVersion: number, parameters: Record<string, unknown>) => ({ name: 'HTML', type: 'n8n-nodes-base.html', typeVersion, parameters });
const page = '<html><body><h1>Title</h1><ul><li class="a"> one </li><li class="b">two\n  words</li></ul><img src="x.png" alt="pic"><input id="i" value="v"><select id="s" multiple><option selected>o1</option><option selected>o2</option></select></body></html>';
const values = (list: Array<Record<string, unknown>>) => ({ values: list });

describe('HTML', () => {
  it('extracts text, html, attributes and values by CSS selector', async () => {
    const run = await runChain([{ data: page }], [
      html(1.1, {
        operation: 'extractHtmlContent',
        extractionValues: values([
          { key: 'title', cssSelector: 'h1' },
          { key: 'items', cssSelector: 'li', returnArray: true },
          { key: 'list', cssSelector: 'ul', returnValue: 'html' },
          { key: 'src', cssSelector: 'img', returnValue: 'attribute', attribute: 'src' },
          { key: 'input', cssSelector: '#i', returnValue: 'value' },
          { key: 'select', cssSelector: '#s', returnValue: 'value' },
          { key: 'none', cssSelector: 'table' },
        ]),
        options: { trimValues: true, cleanUpText: true },
      }),
    ]);
    expect(jsonOf(run, 'HTML')).toEqual([{ title: 'Title', items: ['one', 'two words'], list: '<li class="a"> one </li><li class="b">two words</li>', src: 'x.png', input: 'v', select: 'o1,o2', none: undefined }]);
  });
  it('1.2 lays text out with html-to-text and skips selectors', async () => {
    const run = await runChain([{ data: page }], [html(1.2, { operation: 'extractHtmlContent', extractionValues: values([{ key: 'text', cssSelector: 'body', skipSelectors: 'img, ul' }]) })]);
    expect(jsonOf(run, 'HTML')).toEqual([{ text: 'TITLE\n\no1o2' }]);
  });
  it('reads a list of pages from a nested property, or from binary data', async () => {
    const run = await runChain([{ pages: { all: ['<p>a</p>', '<p>b</p>'] } }], [html(1.2, { operation: 'extractHtmlContent', dataPropertyName: 'pages.all', extractionValues: values([{ key: 'p', cssSelector: 'p' }]) })]);
    expect(jsonOf(run, 'HTML')).toEqual([{ p: 'a' }, { p: 'b' }]);
    const binary = [{ json: {}, binary: { data: { data: Buffer.from('<p>bin</p>').toString('base64'), mimeType: 'text/html' } } }];
    const fromBinary = await runChain(binary, [html(1.2, { operation: 'extractHtmlContent', sourceData: 'binary', extractionValues: values([{ key: 'p', cssSelector: 'p' }]) })]);
    expect(jsonOf(fromBinary, 'HTML')).toEqual([{ p: 'bin' }]);
    const missing = await runChain([{}], [html(1.2, { operation: 'extractHtmlContent', extractionValues: values([{ key: 'p', cssSelector: 'p' }]) })]);
    expect(errorOf(missing, 'HTML')?.message).toBe('No property named "data" exists!');
  });
  it('renders a template with expressions for each item', async () => {
    const run = await runChain([{ name: 'Ann' }, { name: 'Bo$&' }], [html(1.2, { html: '<p>Hi {{ $json.name }}, {{ 1 + 1 }}</p>' })]);
    expect(jsonOf(run, 'HTML')).toEqual([{ html: '<p>Hi Ann, 2</p>' }, { html: '<p>Hi Bo$&, 2</p>' }]);
  });
  it('renders all items as one table', async () => {
    const run = await runChain([{ first_name: 'a', ok: true }, { first_name: 'b', n: 2 }], [html(1.2, { operation: 'convertToHtmlTable', options: { capitalize: true, customStyling: true } })]);
    expect(output(run, 'HTML')).toEqual([
      {
        json: {
          table:
            '<table  ><thead  ><tr><th>First Name</th><th>Ok</th><th>N</th></tr></thead><tbody><tr  ><td  >a</td><td  ><input type="checkbox" checked="checked"/></td><td  >undefined</td></tr><tr  ><td  >b</td><td  >undefined</td><td  >2</td></tr></tbody></table>',
        },
      },
    ]);
  });
});
