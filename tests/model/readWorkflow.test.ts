import { describe, expect, it } from 'vitest';
import { credentialRef, readNode, readNodeCredentials, readPinData, readPinItems, readSettings, readWorkflow, withoutNulls } from '../../src/model/readWorkflow.ts';
import type { INode } from '../../src/model/workflow.ts';

const node = (extra: Record<string, unknown> = {}): INode => ({ id: 'a', name: 'A', type: 'x.y', typeVersion: 1, position: [0, 0], parameters: {}, ...extra }) as INode;

describe('credentialRef: a credential reference as n8n reads it', () => {
  it('reads a plain name as {id: null, name} and keeps the current form', () => {
    expect(credentialRef('Slack account')).toEqual({ id: null, name: 'Slack account' });
    expect(credentialRef({ id: '7', name: 'Slack' })).toEqual({ id: '7', name: 'Slack' });
    expect(credentialRef({ id: null, name: 'Slack' })).toEqual({ id: null, name: 'Slack' });
    expect(credentialRef({ name: 'No id' })).toEqual({ id: null, name: 'No id' });
    // Old SQLite exports wrote numeric ids.
    expect(credentialRef({ id: 12, name: 'Old' })).toEqual({ id: '12', name: 'Old' });
    expect(credentialRef({ id: 'only-id' })).toEqual({ id: 'only-id', name: '' });
  });

  it('names nothing for null, numbers, lists and empty objects', () => {
    for (const v of [null, undefined, 42, ['x'], {}, { id: '' }, { name: 7 }]) expect(credentialRef(v)).toBeUndefined();
  });
});

describe('readNodeCredentials', () => {
  it('answers the same object when every reference is current', () => {
    const refs = { slackApi: { id: '1', name: 'S' }, smtp: { id: null, name: 'M' } };
    expect(readNodeCredentials(refs)).toBe(refs);
  });

  it('reads old forms and leaves out references that name nothing', () => {
    expect(readNodeCredentials({ slackApi: 'Slack account', smtp: null, httpBasicAuth: { name: 'B' }, keep: { id: '9', name: 'K' } })).toEqual({
      slackApi: { id: null, name: 'Slack account' },
      httpBasicAuth: { id: null, name: 'B' },
      keep: { id: '9', name: 'K' },
    });
    expect(readNodeCredentials(null)).toBeUndefined();
    expect(readNodeCredentials(['x'])).toBeUndefined();
  });

  it("keeps an empty id as it came (n8n's template exports blank ids); resolving reads it as no id", () => {
    const refs = { openAiApi: { id: '', name: 'OpenAi account' }, telegramApi: { id: '', name: 'Bot' } };
    expect(readNodeCredentials(refs)).toBe(refs);
    const n = node({ credentials: refs });
    expect(readNode(n)).toBe(n);
    expect(credentialRef(refs.openAiApi)).toEqual({ id: null, name: 'OpenAi account' });
    // Mixed with an old form: the old one is read, the empty id kept.
    expect(readNodeCredentials({ openAiApi: { id: '', name: 'OpenAi account' }, slackApi: 'Slack' })).toEqual({ openAiApi: { id: '', name: 'OpenAi account' }, slackApi: { id: null, name: 'Slack' } });
  });
});

describe('pinned items', () => {
  it('wraps items without json as n8n does, the list itself when all have it', () => {
    const wrapped = [{ json: { a: 1 } }, { json: { b: 2 }, pairedItem: { item: 0 } }];
    expect(readPinItems(wrapped)).toBe(wrapped);
    expect(readPinItems([{ a: 1 }, { json: { b: 2 } }])).toEqual([{ json: { a: 1 } }, { json: { b: 2 } }]);
  });

  it("reads a workflow's pinned data; null reads as none", () => {
    const pins = { A: [{ json: {} }] };
    expect(readPinData(pins)).toBe(pins);
    expect(readPinData({ A: [{ body: 1 }], B: null, C: [{ json: {} }] })).toEqual({ A: [{ json: { body: 1 } }], C: [{ json: {} }] });
    expect(readPinData(null)).toBeUndefined();
  });
});

describe('nulls', () => {
  it('read as absent, without copying when there are none', () => {
    const clean = { a: 1, b: false, c: '' };
    expect(withoutNulls(clean)).toBe(clean);
    expect(withoutNulls({ a: 1, b: null })).toEqual({ a: 1 });
    expect(readSettings({ errorWorkflow: null, timezone: 'Europe/Paris' })).toEqual({ timezone: 'Europe/Paris' });
    expect(readSettings(null)).toBeUndefined();
  });
});

describe('readNode and readWorkflow', () => {
  it('answer their input when nothing reads differently (one pass, no copy)', () => {
    const n = node({ credentials: { slackApi: { id: '1', name: 'S' } }, notes: 'n' });
    expect(readNode(n)).toBe(n);
    const wf = { nodes: [n], settings: { timezone: 'UTC' }, pinData: { A: [{ json: {} }] } };
    expect(readWorkflow(wf)).toBe(wf);
  });

  it('read every old form of a node and a workflow', () => {
    const old = node({ notes: null, disabled: null, parameters: null, credentials: { slackApi: 'Slack account' }, futureField: { x: 1 } });
    expect(readNode(old)).toEqual({ id: 'a', name: 'A', type: 'x.y', typeVersion: 1, position: [0, 0], parameters: {}, credentials: { slackApi: { id: null, name: 'Slack account' } }, futureField: { x: 1 } });
    const wf = { name: 'W', nodes: [node(), old], settings: { errorWorkflow: null }, pinData: { A: [{ body: {} }] }, staticData: null };
    const read = readWorkflow(wf);
    expect(read.nodes[0]).toBe(wf.nodes[0]);
    expect(read.nodes[1].credentials).toEqual({ slackApi: { id: null, name: 'Slack account' } });
    expect(read.settings).toEqual({});
    expect(read.pinData).toEqual({ A: [{ json: { body: {} } }] });
    expect(read.staticData).toBeNull();
    // The stored workflow is not changed.
    expect(wf.nodes[1].credentials).toEqual({ slackApi: 'Slack account' });
    expect(readWorkflow({ nodes: [], settings: null, pinData: null })).toEqual({ nodes: [] });
  });
});
