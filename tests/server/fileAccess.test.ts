// SWITCHYARD_FILE_ACCESS_ROOTS reaching the file nodes through POST /workflows/run: writes and reads
// inside an allowed folder work, paths outside it (and any path without the setting) fail clearly,
// and the instance's data folder stays blocked even when an allowed folder contains it.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connect, node, runToEnd, startServer, type TestServer } from './helpers.ts';
import { TRIGGER } from './fixtures.ts';
import type { IExecution } from '../../src/model/execution.ts';
import type { INode, IWorkflowBase } from '../../src/model/workflow.ts';
import { onPostgres } from '../support/testDatabase.ts';

const CONTENT = 'hello from switchyard\n';
const BASE64 = Buffer.from(CONTENT).toString('base64');

let allowed: string;
let outside: string;
let s: TestServer;
let noRoots: TestServer;
let parent: string;
let withData: TestServer;

beforeAll(async () => {
  allowed = mkdtempSync(join(tmpdir(), 'switchyard-files-allowed-'));
  outside = mkdtempSync(join(tmpdir(), 'switchyard-files-outside-'));
  s = await startServer({ SWITCHYARD_FILE_ACCESS_ROOTS: `${allowed};` });
  noRoots = await startServer();
  parent = mkdtempSync(join(tmpdir(), 'switchyard-files-parent-'));
  withData = await startServer({ SWITCHYARD_FILE_ACCESS_ROOTS: parent }, { dataDir: join(parent, 'data') });
});
afterAll(async () => {
  await s.dispose();
  await noRoots.dispose();
  await withData.dispose();
  rmSync(parent, { recursive: true, force: true });
  rmSync(allowed, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});


const makeFile = () =>
  node('Make file', 'n8n-nodes-base.code', 2, [220, 0], {
    jsCode: `return [{ json: { n: 1 }, binary: { data: { data: '${BASE64}', mimeType: 'text/plain', fileName: 'hello.txt' } } }];`,
  });

/** Manual Trigger → Code (one item with a text file) → Write to `target` → Read `target` back. */
function writeThenRead(target: string): IWorkflowBase {
  return {
    name: 'Write then read',
    active: false,
    nodes: [
      node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]),
      makeFile(),
      node('Write', 'n8n-nodes-base.readWriteFile', 1, [440, 0], { operation: 'write', fileName: target }),
      node('Read', 'n8n-nodes-base.readWriteFile', 1.1, [660, 0], { fileSelector: target, options: {} }),
    ],
    connections: connect([
      [TRIGGER, 'Make file'],
      ['Make file', 'Write'],
      ['Write', 'Read'],
    ]),
    settings: { executionOrder: 'v1' },
  };
}

const output = (e: IExecution, nodeName: string) => e.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? [];

describe('file nodes under SWITCHYARD_FILE_ACCESS_ROOTS', () => {
  it('write then read a file inside an allowed folder', async () => {
    const target = join(allowed, 'hello.txt');
    const e = await runToEnd(s, writeThenRead(target));
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(readFileSync(target, 'utf8')).toBe(CONTENT);
    expect(output(e, 'Write').map((i) => i.json)).toEqual([{ n: 1, fileName: target }]);
    const [read] = output(e, 'Read');
    expect(read.json).toMatchObject({ fileName: 'hello.txt', mimeType: 'text/plain' });
    expect(read.binary?.data).toMatchObject({ data: BASE64, fileName: 'hello.txt', mimeType: 'text/plain' });
  });

  it('takes a relative path from the allowed folder', async () => {
    const e = await runToEnd(s, writeThenRead('relative.txt'));
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(readFileSync(join(allowed, 'relative.txt'), 'utf8')).toBe(CONTENT);
  });

  it('refuses a path outside the allowed folders, also by ..', async () => {
    for (const target of [join(outside, 'escape.txt'), join(allowed, '..', 'escape.txt')]) {
      const e = await runToEnd(s, writeThenRead(target));
      expect(e.status).toBe('error');
      expect(e.data.resultData.lastNodeExecuted).toBe('Write');
      expect(e.data.resultData.error?.message).toBe(`Access to the file is not allowed. Allowed paths: ${allowed}`);
    }
    expect(() => readFileSync(join(outside, 'escape.txt'))).toThrow(/ENOENT/);
  });

  it('passes the folders on to sub-workflows (Execute Workflow)', async () => {
    const inner = writeThenRead(join(allowed, 'from-sub.txt'));
    const innerTrigger: INode = node('Start', 'n8n-nodes-base.executeWorkflowTrigger', 1, [0, 0]);
    const sub: IWorkflowBase = {
      ...inner,
      nodes: [innerTrigger, ...inner.nodes.slice(1)],
      connections: { ...inner.connections, Start: inner.connections[TRIGGER]! },
    };
    delete sub.connections[TRIGGER];
    const outer: IWorkflowBase = {
      name: 'Calls a sub-workflow',
      active: false,
      nodes: [
        node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]),
        node('Run sub', 'n8n-nodes-base.executeWorkflow', 1, [220, 0], { source: 'parameter', workflowJson: JSON.stringify(sub) }),
      ],
      connections: connect([[TRIGGER, 'Run sub']]),
      settings: { executionOrder: 'v1' },
    };
    const e = await runToEnd(s, outer);
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(readFileSync(join(allowed, 'from-sub.txt'), 'utf8')).toBe(CONTENT);
    expect(output(e, 'Run sub')[0]?.binary?.data).toMatchObject({ data: BASE64 });
  });

  it('without the setting every file node fails with "File access is disabled"', async () => {
    const e = await runToEnd(noRoots, writeThenRead(join(allowed, 'never.txt')));
    expect(e.status).toBe('error');
    expect(e.data.resultData.error).toMatchObject({ message: 'File access is disabled', description: expect.stringContaining('SWITCHYARD_FILE_ACCESS_ROOTS') });
    expect(() => readFileSync(join(allowed, 'never.txt'))).toThrow(/ENOENT/);
  });
});

describe('the data folder inside an allowed folder', () => {
  const BLOCKED = "Access to the file is not allowed: it is inside Switchyard's data folder";

  /** Manual Trigger → Read `target`. */
  const readOnly = (target: string): IWorkflowBase => ({
    name: 'Read',
    active: false,
    nodes: [node(TRIGGER, 'n8n-nodes-base.manualTrigger', 1, [0, 0]), node('Read', 'n8n-nodes-base.readWriteFile', 1.1, [220, 0], { fileSelector: target, options: {} })],
    connections: connect([[TRIGGER, 'Read']]),
    settings: { executionOrder: 'v1' },
  });

  it('writes and reads next to the database', async () => {
    const target = join(parent, 'next-to-data.txt');
    const e = await runToEnd(withData, writeThenRead(target));
    expect(e.status, JSON.stringify(e.data.resultData.error)).toBe('success');
    expect(readFileSync(target, 'utf8')).toBe(CONTENT);
  });

  // On PostgreSQL (SWITCHYARD_TEST_DB=postgres) the data folder has no database file: its
  // generated encryption key stands for what must not be read or overwritten.
  const FILE = onPostgres ? 'encryptionKey' : 'database.sqlite';

  it('refuses to read database.sqlite, also by .. or a pattern', async () => {
    const db = join(withData.dataDir, FILE);
    expect(statSync(db).isFile()).toBe(true);
    for (const target of [db, join(parent, 'data', '..', 'data', FILE), `data/${FILE}`, `${withData.dataDir}/*${onPostgres ? 'Key' : '.sqlite'}`]) {
      const e = await runToEnd(withData, readOnly(target));
      expect(e.status, target).toBe('error');
      expect(e.data.resultData.lastNodeExecuted).toBe('Read');
      expect(e.data.resultData.error?.message).toBe(BLOCKED);
    }
  });

  it('refuses to overwrite database.sqlite or write into the data folder', async () => {
    const db = join(withData.dataDir, FILE);
    const before = readFileSync(db);
    for (const target of [db, join(withData.dataDir, 'binaryData', 'x')]) {
      const e = await runToEnd(withData, writeThenRead(target));
      expect(e.status, target).toBe('error');
      expect(e.data.resultData.lastNodeExecuted).toBe('Write');
      expect(e.data.resultData.error?.message).toBe(BLOCKED);
    }
    if (onPostgres) expect(readFileSync(db)).toEqual(before);
    else {
      expect(readFileSync(db).subarray(0, 16).toString()).toBe('SQLite format 3\0');
      expect(readFileSync(db).length).toBeGreaterThanOrEqual(before.length);
    }
    // The server still works on its database.
    expect((await call(withData, 'GET', '/rest/executions')).status).toBe(200);
  });
});
