import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWorkflow } from '../../src/engine/index.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';
import { registry } from './helpers.ts';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'sy-readfiles-'));
  mkdirSync(join(root, 'in (1)'));
  writeFileSync(join(root, 'in (1)', 'a.json'), '{"a":1}\n');
  writeFileSync(join(root, 'in (1)', 'b.txt'), 'bee');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function run(node: Partial<INode>, roots: string[] | null = [root], items: unknown[] = [{}]) {
  const workflow = {
    id: 'w',
    name: 'files',
    active: false,
    nodes: [
      { id: 't', name: 'T', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 'c', name: 'Data', type: 'n8n-nodes-base.code', typeVersion: 2, position: [100, 0], parameters: { jsCode: `return ${JSON.stringify(items)};` } },
      { id: 'f', name: 'Files', position: [200, 0], parameters: {}, ...node },
    ],
    connections: { T: { main: [[{ node: 'Data', type: 'main', index: 0 }]] }, Data: { main: [[{ node: 'Files', type: 'main', index: 0 }]] } },
  } as IWorkflowBase;
  return runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1', fileAccessRoots: roots ?? undefined });
}
const out = (r: Awaited<ReturnType<typeof run>>) => r.data.resultData.runData.Files[0].data?.main[0] ?? [];

describe('Read Binary Files', () => {
  it('reads every file matching the pattern into an item', async () => {
    const r = await run({ type: 'n8n-nodes-base.readBinaryFiles', typeVersion: 1, parameters: { fileSelector: `${root}/in \\(1\\)/*` } });
    expect(out(r).map((i) => ({ json: i.json, binary: i.binary }))).toEqual([
      { json: {}, binary: { data: { data: Buffer.from('{"a":1}\n').toString('base64'), mimeType: 'application/json', fileType: 'json', fileExtension: 'json', fileName: 'a.json', directory: join(root, 'in (1)'), fileSize: '8 B' } } },
      { json: {}, binary: { data: { data: Buffer.from('bee').toString('base64'), mimeType: 'text/plain', fileType: 'text', fileExtension: 'txt', fileName: 'b.txt', directory: join(root, 'in (1)'), fileSize: '3 B' } } },
    ]);
  });
  it('fails clearly when file access is off', async () => {
    const r = await run({ type: 'n8n-nodes-base.readBinaryFiles', typeVersion: 1, parameters: { fileSelector: `${root}/*` } }, null);
    expect(r.data.resultData.error?.message).toBe('File access is disabled');
  });
});

describe('Read/Write Files from Disk', () => {
  it('reads with brackets taken literally, describing the files in the item', async () => {
    const r = await run({ type: 'n8n-nodes-base.readWriteFile', typeVersion: 1.1, parameters: { fileSelector: `${root}/in (1)/*.txt`, options: { dataPropertyName: 'file', fileName: 'renamed.txt' } } });
    expect(out(r).map((i) => i.json)).toEqual([{ mimeType: 'text/plain', fileType: 'text', fileName: 'renamed.txt', fileExtension: 'txt', fileSize: '3 B' }]);
    expect(Object.keys(out(r)[0].binary ?? {})).toEqual(['file']);
  });
  it('1.1 fails when nothing matches, 1 returns nothing', async () => {
    const none = { fileSelector: `${root}/nothing-*.txt` };
    const v11 = await run({ type: 'n8n-nodes-base.readWriteFile', typeVersion: 1.1, parameters: none });
    expect(v11.data.resultData.error?.message).toBe('No file(s) found');
    const v1 = await run({ type: 'n8n-nodes-base.readWriteFile', typeVersion: 1, parameters: none });
    expect(out(v1)).toEqual([]);
  });
  it('writes and appends binary data from items', async () => {
    const items = [{ json: { n: 1 }, binary: { data: { data: Buffer.from('one').toString('base64'), mimeType: 'text/plain' } } }];
    const target = join(root, 'out.txt');
    const written = await run({ type: 'n8n-nodes-base.readWriteFile', typeVersion: 1, parameters: { operation: 'write', fileName: target } }, [root], items);
    expect(out(written)[0].json).toEqual({ n: 1, fileName: target });
    await run({ type: 'n8n-nodes-base.readWriteFile', typeVersion: 1, parameters: { operation: 'write', fileName: target, options: { append: true } } }, [root], items);
    expect(readFileSync(target, 'utf8')).toBe('oneone');
    const outside = await run({ type: 'n8n-nodes-base.readWriteFile', typeVersion: 1, parameters: { operation: 'write', fileName: join(tmpdir(), 'sy-escape.txt') } }, [root], items);
    expect(outside.data.resultData.error?.message).toContain('Access to the file is not allowed');
  });
});
