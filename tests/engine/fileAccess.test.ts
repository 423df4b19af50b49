import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { createFileAccess } from '../../src/engine/fileAccess.ts';
import { runWorkflow } from '../../src/engine/index.ts';
import type { NodeType } from '../../src/nodes/types.ts';
import { createRegistry } from '../../src/nodes/registry.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';

let base: string;
let root: string;
let outside: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'sy-files-'));
  root = join(base, 'root');
  outside = join(base, 'outside');
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'a.txt'), 'alpha');
  writeFileSync(join(root, 'sub', 'b.txt'), 'beta');
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('file access', () => {
  it('is disabled without roots', async () => {
    const files = createFileAccess(undefined);
    await expect(files.readFile(join(root, 'a.txt'))).rejects.toThrow('File access is disabled');
    await expect(files.glob(`${root}/*.txt`)).rejects.toThrow('File access is disabled');
    await expect(createFileAccess([]).writeFile(join(root, 'x'), new Uint8Array())).rejects.toThrow('File access is disabled');
  });

  it('reads files inside a root, absolute or relative to the first root', async () => {
    const files = createFileAccess([root]);
    expect(new TextDecoder().decode(await files.readFile(join(root, 'a.txt')))).toBe('alpha');
    expect(new TextDecoder().decode(await files.readFile('sub/b.txt'))).toBe('beta');
  });

  it('refuses paths that leave the roots through .. or a symbolic link', async () => {
    const files = createFileAccess([root]);
    await expect(files.readFile(join(root, '..', 'outside', 'secret.txt'))).rejects.toThrow('Access to the file is not allowed');
    await expect(files.readFile(join(root, 'link.txt'))).rejects.toThrow('Access to the file is not allowed');
    await expect(files.writeFile(join(outside, 'new.txt'), new Uint8Array([1]))).rejects.toThrow('Access to the file is not allowed');
    await expect(files.glob(`${outside}/*.txt`)).rejects.toThrow('Access to the file is not allowed');
  });

  it('globs only regular files that stay inside the roots', async () => {
    const files = createFileAccess([root]);
    expect(await files.glob(`${root}/**/*.txt`)).toEqual([join(root, 'a.txt'), join(root, 'sub', 'b.txt')]);
  });

  it('writes and appends inside a root', async () => {
    const files = createFileAccess([root]);
    await files.writeFile(join(root, 'out.txt'), new TextEncoder().encode('one'));
    await files.writeFile(join(root, 'out.txt'), new TextEncoder().encode('+two'), { append: true });
    expect(readFileSync(join(root, 'out.txt'), 'utf8')).toBe('one+two');
  });

  describe('blocked folders', () => {
    const BLOCKED = "Access to the file is not allowed: it is inside Switchyard's data folder";
    let data: string;
    let sibling: string;

    beforeAll(() => {
      data = join(root, 'data');
      sibling = join(root, 'data2');
      mkdirSync(join(data, 'binaryData'), { recursive: true });
      mkdirSync(sibling);
      writeFileSync(join(data, 'database.sqlite'), 'db');
      writeFileSync(join(data, 'binaryData', 'blob'), 'blob');
      writeFileSync(join(sibling, 'c.txt'), 'gamma');
      symlinkSync(data, join(root, 'data-link'));
      symlinkSync(join(data, 'database.sqlite'), join(root, 'db-link.sqlite'));
    });

    it('refuses reads, writes and globs inside a blocked folder within a root', async () => {
      const files = createFileAccess([root], [data]);
      await expect(files.readFile(join(data, 'database.sqlite'))).rejects.toThrow(BLOCKED);
      await expect(files.readFile('data/binaryData/blob')).rejects.toThrow(BLOCKED);
      await expect(files.readFile(join(root, 'sub', '..', 'data', 'database.sqlite'))).rejects.toThrow(BLOCKED);
      await expect(files.writeFile(join(data, 'database.sqlite'), new Uint8Array([0]))).rejects.toThrow(BLOCKED);
      await expect(files.writeFile(join(data, 'new.txt'), new Uint8Array([0]))).rejects.toThrow(BLOCKED);
      await expect(files.glob(`${data}/*`)).rejects.toThrow(BLOCKED);
      // Missing paths in there are refused too, not reported missing.
      await expect(files.readFile(join(data, 'missing.sqlite'))).rejects.toThrow(BLOCKED);
      await expect(files.writeFile(join(data, 'missing', 'x'), new Uint8Array([0]))).rejects.toThrow(BLOCKED);
      expect(readFileSync(join(data, 'database.sqlite'), 'utf8')).toBe('db');
      expect(existsSync(join(data, 'new.txt'))).toBe(false);
      // The rest of the root stays usable; a broad pattern leaves the blocked files out.
      expect(new TextDecoder().decode(await files.readFile(join(root, 'a.txt')))).toBe('alpha');
      const all = await files.glob(`${root}/**/*`);
      expect(all).toContain(join(root, 'a.txt'));
      expect(all.filter((f) => f.includes(`${join(root, 'data')}${sep}`) || f.includes('link'))).toEqual([]);
    });

    it('still allows a sibling folder whose name starts with the blocked name', async () => {
      const files = createFileAccess([root], [data]);
      expect(new TextDecoder().decode(await files.readFile(join(sibling, 'c.txt')))).toBe('gamma');
      await files.writeFile(join(sibling, 'd.txt'), new TextEncoder().encode('delta'));
      expect(readFileSync(join(sibling, 'd.txt'), 'utf8')).toBe('delta');
      await files.writeFile(join(root, 'data.txt'), new TextEncoder().encode('next to it'));
      expect(await files.glob(`${sibling}/*.txt`)).toEqual([join(sibling, 'c.txt'), join(sibling, 'd.txt')]);
    });

    it('refuses symbolic links from an allowed folder into the blocked one', async () => {
      const files = createFileAccess([root], [data]);
      await expect(files.readFile(join(root, 'db-link.sqlite'))).rejects.toThrow(BLOCKED);
      await expect(files.readFile(join(root, 'data-link', 'database.sqlite'))).rejects.toThrow(BLOCKED);
      await expect(files.writeFile(join(root, 'data-link', 'new.txt'), new Uint8Array([0]))).rejects.toThrow(BLOCKED);
      await expect(files.writeFile(join(root, 'db-link.sqlite'), new Uint8Array([0]))).rejects.toThrow(BLOCKED);
      await expect(files.glob(`${root}/data-link/*`)).rejects.toThrow(BLOCKED);
      // A dangling link would let a write create a file where it points.
      symlinkSync(join(data, 'planted.txt'), join(root, 'dangling.txt'));
      await expect(files.writeFile(join(root, 'dangling.txt'), new Uint8Array([0]))).rejects.toThrow('Access to the file is not allowed');
      expect(existsSync(join(data, 'planted.txt'))).toBe(false);
      expect(readFileSync(join(data, 'database.sqlite'), 'utf8')).toBe('db');
      expect(existsSync(join(data, 'new.txt'))).toBe(false);
    });

    it('blocks a folder given through a symbolic link, with .., or not created yet', async () => {
      await expect(createFileAccess([root], [join(root, 'data-link')]).readFile(join(data, 'database.sqlite'))).rejects.toThrow(BLOCKED);
      await expect(createFileAccess([root], [join(root, 'sub', '..', 'data')]).readFile(join(data, 'database.sqlite'))).rejects.toThrow(BLOCKED);
      // binaryData of a fresh instance appears later; reached through the link it is still blocked.
      const later = createFileAccess([root], [join(root, 'data-link', 'later')]);
      expect(new TextDecoder().decode(await later.readFile(join(root, 'a.txt')))).toBe('alpha'); // folders resolved now
      mkdirSync(join(data, 'later'));
      writeFileSync(join(data, 'later', 'x'), 'x');
      await expect(later.readFile(join(data, 'later', 'x'))).rejects.toThrow(BLOCKED);
      expect(new TextDecoder().decode(await later.readFile(join(data, 'database.sqlite')))).toBe('db');
    });
  });

  it('reaches nodes through the run option fileAccessRoots', async () => {
    const reader: NodeType = {
      kind: 'regular',
      description: { name: 'test.read', displayName: 'Read', description: '', group: ['input'], version: 1, defaults: { name: 'Read' }, inputs: ['main'], outputs: ['main'], properties: [] },
      async execute(ctx) {
        const bytes = await ctx.helpers.files.readFile(join(root, 'a.txt'));
        return [[{ json: { text: new TextDecoder().decode(bytes) } }]];
      },
    };
    const trigger: NodeType = {
      kind: 'trigger',
      description: { name: 'test.trigger', displayName: 'T', description: '', group: ['trigger'], version: 1, defaults: { name: 'T' }, inputs: [], outputs: ['main'], properties: [] },
      async execute(ctx) {
        return [ctx.getInputData()];
      },
    };
    const workflow = {
      id: 'w',
      name: 'files',
      active: false,
      nodes: [
        { id: '1', name: 'T', type: 'test.trigger', typeVersion: 1, position: [0, 0], parameters: {} },
        { id: '2', name: 'Read', type: 'test.read', typeVersion: 1, position: [200, 0], parameters: {} },
      ],
      connections: { T: { main: [[{ node: 'Read', type: 'main', index: 0 }]] } },
    } as IWorkflowBase;
    const nodeTypes = createRegistry([trigger, reader]);
    const allowed = await runWorkflow({ workflow, nodeTypes, mode: 'manual', executionId: '1', fileAccessRoots: [root] });
    expect(allowed.data.resultData.runData.Read[0].data?.main[0]?.[0].json).toEqual({ text: 'alpha' });
    const disabled = await runWorkflow({ workflow, nodeTypes, mode: 'manual', executionId: '2' });
    expect(disabled.status).toBe('error');
    expect(disabled.data.resultData.error?.message).toBe('File access is disabled');
  });
});
