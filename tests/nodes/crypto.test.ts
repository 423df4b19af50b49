import { afterAll, describe, expect, it } from 'vitest';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import { corpusDir } from '../corpus/run.ts';
import { deepEqual, normaliseItem } from '../corpus/compare.ts';
import { jsonOf, output, registry, runChain } from './helpers.ts';

const crypto = (parameters: Record<string, unknown>) => ({ name: 'Crypto', type: 'n8n-nodes-base.crypto', typeVersion: 1, parameters });
const text = { json: { keep: 1 }, binary: { data: { data: Buffer.from('test').toString('base64'), mimeType: 'text/plain' } } };

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('Crypto', () => {
  // SHA3-256("test") is 36f02858…f5ab80.
  it('hashes text in hex or base64', async () => {
    expect(jsonOf(await runChain([{}], [crypto({ value: 'test' })]), 'Crypto')).toEqual([{ data: '098f6bcd4621d373cade4e832627b4f6' }]);
    expect(jsonOf(await runChain([{}], [crypto({ value: 'test', type: 'SHA3-256', encoding: 'base64', dataPropertyName: 'a.b' })]), 'Crypto')).toEqual([
      { 'a.b': 'NvAoWAuwLMgnKpoCD0IA40bidq5mTkXugHRVdOL1q4A=' },
    ]);
  });
  it('hashes and HMACs binary data, which is then not passed on', async () => {
    const run = await runChain([text], [crypto({ action: 'hmac', binaryData: true, type: 'SHA256', secret: 'key' })]);
    expect(output(run, 'Crypto')).toEqual([{ json: { keep: 1, data: '02afb56304902c656fcb737cdd03de6205bb6d401da2812efd9b2d36a08af159' } }]);
  });
  it('signs with a private key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const run = await runChain([{}], [crypto({ action: 'sign', value: 'payload', algorithm: 'RSA-SHA256', encoding: 'base64', privateKey: pem })]);
    const signature = (jsonOf(run, 'Crypto')[0] as { data: string }).data;
    expect(createVerify('RSA-SHA256').update('payload').verify(publicKey, signature, 'base64')).toBe(true);
  });
  it('generates UUIDs and random strings of the asked length', async () => {
    const uuid = (jsonOf(await runChain([{}], [crypto({ action: 'generate' })]), 'Crypto')[0] as { data: string }).data;
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const hex = (jsonOf(await runChain([{}], [crypto({ action: 'generate', encodingType: 'hex', stringLength: 10 })]), 'Crypto')[0] as { data: string }).data;
    expect(hex).toMatch(/^[0-9a-f]{10}$/);
  });

  const corpus = corpusDir();
  const file = corpus && join(corpus, 'Crypto', 'v1__CryptoTest.workflow.json');
  it.skipIf(!file || !existsSync(file))("produces n8n's recorded output for its Crypto test workflow, given the fixture it mocks", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sy-crypto-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'binary.data'), 'test');
    const raw = JSON.parse(readFileSync(file as string, 'utf8')) as IWorkflowBase & { pinData: Record<string, unknown[]> };
    const expected = raw.pinData;
    delete (raw as { pinData?: unknown }).pinData;
    for (const node of raw.nodes) if (node.type === 'n8n-nodes-base.readBinaryFiles') node.parameters.fileSelector = join(dir, 'binary.data');
    const run = await runWorkflow({ workflow: raw, nodeTypes: registry, mode: 'manual', executionId: '1', fileAccessRoots: [dir] });
    expect(run.status).toBe('success');
    for (const [name, items] of Object.entries(expected)) {
      const actual = run.data.resultData.runData[name][0].data?.main[0]?.map((i) => normaliseItem(i, false));
      expect(deepEqual(actual, items)).toBeUndefined();
    }
  });
});
