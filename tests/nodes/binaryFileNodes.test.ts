// Spreadsheet File (v1, v2), Move Binary Data (1, 1.1), Read Binary File and Write Binary File
// through the real engine, with real files in a temporary folder for the disk nodes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileItem } from './fileFixtures.ts';
import { errorOf, jsonOf, output, runChain, type TestNode } from './helpers.ts';
import { utils as xlsxUtils, write as xlsxWrite } from '@e965/xlsx';

// Files are parsed in worker threads that start on first use; on a loaded machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

const rows = [
  { sku: 'A-1', qty: 3, price: 9.5 },
  { sku: 'B-2', qty: 10, price: 0.25 },
];
const sheet = (parameters: Record<string, unknown>, typeVersion: number, name = 'Sheet'): TestNode => ({ name, type: 'n8n-nodes-base.spreadsheetFile', typeVersion, parameters });

describe('Spreadsheet File', () => {
  for (const version of [1, 2]) {
    for (const fileFormat of ['xlsx', 'ods', 'csv', 'xls']) {
      it(`v${version} ${fileFormat}: write to file, read from file`, async () => {
        const run = await runChain(rows, [sheet({ operation: 'toFile', fileFormat, options: { sheetName: 'Stock' } }, version, 'Write'), sheet({ operation: 'fromFile' }, version, 'Read')]);
        expect(errorOf(run, 'Write')).toBeUndefined();
        expect(output(run, 'Write')[0].binary!.data.fileName).toBe(`spreadsheet.${fileFormat}`);
        const expected = fileFormat === 'csv' && version === 2 ? rows.map((r) => ({ sku: r.sku, qty: String(r.qty), price: String(r.price) })) : rows;
        expect(jsonOf(run, 'Read')).toEqual(expected);
      });
    }
  }

  it('v1 passes over items without the file; v2 names the missing field', async () => {
    const v1 = await runChain([{ a: 1 }], [sheet({ operation: 'fromFile' }, 1)]);
    expect(errorOf(v1, 'Sheet')).toBeUndefined();
    expect(jsonOf(v1, 'Sheet')).toEqual([]);
    const v2 = await runChain([{ a: 1 }], [sheet({ operation: 'fromFile' }, 2)]);
    expect(errorOf(v2, 'Sheet')?.message).toBe('No binary data exists on item!');
  });

  it('v3 reads date cells as dates, v2 as serial numbers', async () => {
    const ws = xlsxUtils.aoa_to_sheet([['when', 'n'], [new Date(Date.UTC(2024, 1, 29)), 1]], { cellDates: true });
    const file = xlsxWrite({ SheetNames: ['S'], Sheets: { S: ws } }, { bookType: 'xlsx', type: 'buffer' }) as Buffer;
    const item = fileItem(file, 'd.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const v3 = await runChain([item], [sheet({ operation: 'fromFile' }, 3)]);
    expect(jsonOf(v3, 'Sheet')).toEqual([{ when: '2024-02-29T00:00:00.000Z', n: 1 }]);
    const v2 = await runChain([item], [sheet({ operation: 'fromFile' }, 2)]);
    expect(jsonOf(v2, 'Sheet')).toEqual([{ when: 45351, n: 1 }]);
  });

  it('v2 reads a file of another format than chosen with n8n’s message', async () => {
    const run = await runChain([fileItem('a;b\n1;2\n', 'x.csv', 'text/csv')], [sheet({ operation: 'fromFile', fileFormat: 'csv', options: { delimiter: ';' } }, 2)]);
    expect(jsonOf(run, 'Sheet')).toEqual([{ a: '1', b: '2' }]);
  });
});

describe('Move Binary Data', () => {
  const node = (parameters: Record<string, unknown>, typeVersion = 1.1, name = 'Move'): TestNode => ({ name, type: 'n8n-nodes-base.moveBinaryData', typeVersion, parameters });

  it('JSON to binary and back gives the item again', async () => {
    const item = { id: 5, tags: ['a', 'b'], nested: { ok: true } };
    const run = await runChain([item], [node({ mode: 'jsonToBinary' }, 1.1, 'ToBinary'), node({ mode: 'binaryToJson' }, 1.1, 'ToJson')]);
    const bin = output(run, 'ToBinary')[0];
    expect(bin.json).toEqual({});
    expect(bin.binary!.data).toMatchObject({ mimeType: 'application/json', fileName: 'file.json', fileExtension: 'json' });
    expect(Buffer.from(bin.binary!.data.data!, 'base64').toString('utf8')).toBe(JSON.stringify(item));
    expect(output(run, 'ToJson')[0]).toEqual({ json: item, binary: {} });
  });

  it('one key to binary with an encoding and BOM, back into a key as text, parsed and base64', async () => {
    const run = await runChain([{ keep: 1, note: 'Grüße' }], [node({ mode: 'jsonToBinary', convertAllData: false, sourceKey: 'note', destinationKey: 'txt', options: { useRawData: true, encoding: 'utf16le', addBOM: true, fileName: 'n.txt', mimeType: 'text/plain' } }, 1.1, 'ToBinary')]);
    const bin = output(run, 'ToBinary')[0];
    expect(bin.json).toEqual({ keep: 1 });
    expect(bin.binary!.txt).toMatchObject({ fileName: 'n.txt', mimeType: 'text/plain' });
    const back = await runChain([{ json: { keep: 1 }, binary: bin.binary }], [node({ mode: 'binaryToJson', setAllData: false, sourceKey: 'txt', destinationKey: 'out.text', options: { encoding: 'utf16le', stripBOM: true, keepSource: true } })]);
    expect(output(back, 'Move')[0].json).toEqual({ keep: 1, out: { text: 'Grüße' } });
    expect(Object.keys(output(back, 'Move')[0].binary!)).toEqual(['txt']);
    const parsed = await runChain([fileItem('{"x":[1,2]}', 'a.json', 'application/json', { k: 0 })], [node({ mode: 'binaryToJson', setAllData: false, destinationKey: 'v', options: { jsonParse: true } })]);
    expect(output(parsed, 'Move')[0].json).toEqual({ k: 0, v: { x: [1, 2] } });
    const b64 = await runChain([fileItem('hi', 'a.txt', 'text/plain')], [node({ mode: 'binaryToJson', setAllData: false, options: { keepAsBase64: true } })]);
    expect(output(b64, 'Move')[0].json).toEqual({ data: Buffer.from('hi').toString('base64') });
  });

  it('version 1 sets application/json and no file name; a base64 value is decoded', async () => {
    const run = await runChain([{ b: Buffer.from('raw bytes').toString('base64') }], [node({ mode: 'jsonToBinary', convertAllData: false, sourceKey: 'b', options: { dataIsBase64: true } }, 1)]);
    const data = output(run, 'Move')[0].binary!.data;
    expect(data.mimeType).toBe('application/json');
    expect(data.fileName).toBeUndefined();
    expect(Buffer.from(data.data!, 'base64').toString('utf8')).toBe('raw bytes');
  });

  it('binary that is not JSON fails clearly when it must be parsed', async () => {
    const run = await runChain([fileItem('not json', 'a.txt', 'text/plain')], [node({ mode: 'binaryToJson' })]);
    expect(errorOf(run, 'Move')?.message).toMatch(/^The binary data is not valid JSON/);
  });
});

describe('Read Binary File and Write Binary File', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'sy-binfile-'));
    writeFileSync(join(root, 'in.json'), '{"hello":"world"}');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads a file into each item, keeping its JSON', async () => {
    const run = await runChain([{ n: 1 }], [{ name: 'Read', type: 'n8n-nodes-base.readBinaryFile', typeVersion: 1, parameters: { filePath: join(root, 'in.json'), dataPropertyName: 'file' } }], { runOptions: { fileAccessRoots: [root] } });
    const out = output(run, 'Read')[0];
    expect(out.json).toEqual({ n: 1 });
    expect(out.binary!.file).toMatchObject({ fileName: 'in.json', directory: root, mimeType: 'application/json', fileExtension: 'json' });
    expect(Buffer.from(out.binary!.file.data!, 'base64').toString('utf8')).toBe('{"hello":"world"}');
  });

  it('writes and appends, and adds the file name to the item', async () => {
    const target = join(root, 'out.txt');
    const items = [fileItem('one', 'x.txt', 'text/plain', { a: 1 })];
    const write = (options = {}) => runChain(items, [{ name: 'Write', type: 'n8n-nodes-base.writeBinaryFile', typeVersion: 1, parameters: { fileName: target, options } }], { runOptions: { fileAccessRoots: [root] } });
    const run = await write();
    expect(output(run, 'Write')[0].json).toEqual({ a: 1, fileName: target });
    await write({ append: true });
    expect(readFileSync(target, 'utf8')).toBe('oneone');
  });

  it('keeps to the allowed folders, as Read/Write Files from Disk does', async () => {
    const outside = join(tmpdir(), 'sy-binfile-outside.txt');
    const write = await runChain([fileItem('x', 'x.txt', 'text/plain')], [{ name: 'Write', type: 'n8n-nodes-base.writeBinaryFile', typeVersion: 1, parameters: { fileName: outside } }], { runOptions: { fileAccessRoots: [root] } });
    expect(errorOf(write, 'Write')?.message).toContain('Access to the file is not allowed');
    const read = await runChain([{}], [{ name: 'Read', type: 'n8n-nodes-base.readBinaryFile', typeVersion: 1, parameters: { filePath: '/etc/hostname' } }], { runOptions: { fileAccessRoots: [root] } });
    expect(errorOf(read, 'Read')?.message).toContain('Access to the file is not allowed');
    const off = await runChain([{}], [{ name: 'Read', type: 'n8n-nodes-base.readBinaryFile', typeVersion: 1, parameters: { filePath: join(root, 'in.json') } }]);
    expect(errorOf(off, 'Read')?.message).toBe('File access is disabled');
    const missing = await runChain([{}], [{ name: 'Read', type: 'n8n-nodes-base.readBinaryFile', typeVersion: 1, parameters: { filePath: join(root, 'nope.bin') } }], { runOptions: { fileAccessRoots: [root] } });
    expect(errorOf(missing, 'Read')?.context).toMatchObject({ itemIndex: 0 });
  });
});
