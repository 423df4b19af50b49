// Compression through the real engine: zip and gzip round trips with n8n's naming per version,
// zip bombs and gzip bombs refused at the limit, damaged archives named.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gzipSync } from 'node:zlib';
import { fileItem, deflatedEntry, makeZip } from './fileFixtures.ts';
import { errorOf, output, runChain, type TestNode } from './helpers.ts';
import { fileLimits } from '../../src/nodes/shared/files/limits.ts';

// Files are parsed in worker threads that start on first use; on a loaded machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

const node = (parameters: Record<string, unknown>, typeVersion = 1.1, extra: Partial<TestNode> = {}): TestNode => ({ name: 'Zip', type: 'n8n-nodes-base.compression', typeVersion, parameters, ...extra });
const unzipNode = (parameters: Record<string, unknown> = {}): TestNode => ({ name: 'Unzip', type: 'n8n-nodes-base.compression', typeVersion: 1.1, parameters: { operation: 'decompress', ...parameters } });
const text = (b: { data?: string } | undefined) => Buffer.from(b?.data ?? '', 'base64').toString('utf8');

function twoFiles() {
  const a = fileItem('hello '.repeat(500), 'a.txt', 'text/plain', { id: 1 });
  const b = fileItem(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), 'b.png', 'image/png', {}, 'img');
  return [{ json: a.json, binary: { ...a.binary, ...b.binary } }];
}

const savedLimit = fileLimits.maxDecompressedBytes;
afterEach(() => {
  fileLimits.maxDecompressedBytes = savedLimit;
});

describe('Compression', () => {
  it('zips several binary fields into one archive and unzips them again', async () => {
    const run = await runChain(twoFiles(), [node({ operation: 'compress', binaryPropertyName: 'data, img', outputFormat: 'zip', fileName: 'both.zip', binaryPropertyOutput: 'archive' }), unzipNode({ binaryPropertyName: 'archive' })]);
    expect(errorOf(run, 'Zip')).toBeUndefined();
    const zipped = output(run, 'Zip')[0];
    expect(zipped.json).toEqual({ id: 1 });
    expect(zipped.binary!.archive).toMatchObject({ fileName: 'both.zip', mimeType: 'application/zip', fileExtension: 'zip' });
    const files = output(run, 'Unzip')[0].binary!;
    expect(Object.keys(files)).toEqual(['file_0', 'file_1']);
    expect(files.file_0).toMatchObject({ fileName: 'a.txt', mimeType: 'text/plain', fileExtension: 'txt' });
    expect(text(files.file_0)).toBe('hello '.repeat(500));
    expect(files.file_1).toMatchObject({ fileName: 'b.png', mimeType: 'image/png' });
    expect(Buffer.from(files.file_1.data!, 'base64')).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  });

  it('gzip 1.1 names the file <name>.<ext>.gz per field; decompressing restores name and type', async () => {
    const run = await runChain(twoFiles(), [node({ operation: 'compress', binaryPropertyName: 'data,img', outputFormat: 'gzip', binaryPropertyOutput: 'gz' })]);
    const gz = output(run, 'Zip')[0].binary!;
    expect(Object.keys(gz)).toEqual(['gz', 'gz1']);
    expect(gz.gz).toMatchObject({ fileName: 'a.txt.gz', mimeType: 'application/gzip' });
    expect(gz.gz1.fileName).toBe('b.png.gz');
    const back = await runChain([{ json: {}, binary: { data: gz.gz } }], [unzipNode()]);
    expect(output(back, 'Unzip')[0].binary!.file_0).toMatchObject({ fileName: 'a.txt', fileExtension: 'txt', mimeType: 'text/plain' });
    expect(text(output(back, 'Unzip')[0].binary!.file_0)).toBe('hello '.repeat(500));
  });

  it('gzip 1 uses the output prefix and ".gzip"', async () => {
    const run = await runChain(twoFiles(), [node({ operation: 'compress', binaryPropertyName: 'data', outputFormat: 'gzip', outputPrefix: 'out_' }, 1)]);
    const gz = output(run, 'Zip')[0].binary!;
    expect(Object.keys(gz)).toEqual(['out_0']);
    expect(gz.out_0.fileName).toBe('a.gzip');
  });

  it('a zip bomb is refused at the limit with a clear error', async () => {
    // The default limit (256 MB) is proven by the XLSX bomb in extractConvertFile.test.ts.
    fileLimits.maxDecompressedBytes = 64 * 1024 * 1024;
    const big = deflatedEntry('x', Buffer.alloc(16 * 1024 * 1024));
    const zip = makeZip([1, 2, 3, 4, 5].map((n) => ({ ...big, name: `part${n}.bin` })));
    const run = await runChain([fileItem(zip, 'bomb.zip', 'application/zip')], [unzipNode()]);
    expect(errorOf(run, 'Unzip')?.message).toBe('The archive expands to more than 64 MB (stopped at "part5.bin"); it is refused as a possible zip bomb');
  }, 30_000);

  it('a gzip bomb is refused at the (configured) limit', async () => {
    fileLimits.maxDecompressedBytes = 8 * 1024 * 1024;
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024), { level: 1 });
    const run = await runChain([fileItem(bomb, 'bomb.txt.gz', 'application/gzip')], [unzipNode()]);
    expect(errorOf(run, 'Unzip')?.message).toBe('The archive expands to more than 8 MB; it is refused as a possible zip bomb');
    const fine = await runChain([fileItem(gzipSync(Buffer.from('small')), 'ok.txt.gz', 'application/gzip')], [unzipNode()]);
    expect(text(output(fine, 'Unzip')[0].binary!.file_0)).toBe('small');
  });

  it('damaged and unknown archives fail clearly, per item with continue on fail', async () => {
    const zip = makeZip([deflatedEntry('a.txt', Buffer.from('hello world hello world'))]);
    const truncated = zip.subarray(0, 40);
    const run = await runChain([fileItem(truncated, 't.zip', 'application/zip')], [unzipNode()]);
    expect(errorOf(run, 'Unzip')?.message).toMatch(/zip archive is (damaged|truncated)|no entries/);
    const other = await runChain([fileItem('plain', 'p.txt', 'text/plain'), fileItem(zip, 'ok.zip', 'application/zip')], [{ ...unzipNode(), continueOnFail: true }]);
    const out = output(other, 'Unzip');
    expect(out[0].json).toEqual({ error: 'The file in "data" is neither a zip nor a gzip file' });
    expect(text(out[1].binary!.file_0)).toBe('hello world hello world');
    const missing = await runChain([{ a: 1 }], [node({ operation: 'compress', outputFormat: 'zip', fileName: 'x.zip' })]);
    expect(errorOf(missing, 'Zip')?.message).toBe('No binary data exists on item!');
  });
});
