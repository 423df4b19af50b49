import { describe, expect, it } from 'vitest';
import { checkWorkflowPayloadSize, formatWorkflowIssues, utf8ByteLength, validateWorkflow } from '../../src/model/validateWorkflow.ts';

function wf(extra: Record<string, unknown> = {}) {
  return {
    nodes: [
      { id: 'a', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 'b', name: 'Next', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [200, 0], parameters: {} },
    ],
    connections: { Start: { main: [[{ node: 'Next', type: 'main', index: 0 }]] } },
    ...extra,
  };
}

describe('validateWorkflow', () => {
  it('accepts a valid workflow', () => {
    expect(validateWorkflow(wf())).toEqual([]);
  });

  it('rejects non-objects and missing parts', () => {
    expect(validateWorkflow(null)[0].message).toMatch(/workflow object/);
    const issues = validateWorkflow({});
    expect(issues.map((i) => i.path)).toEqual(['nodes', 'connections']);
  });

  it('finds duplicate and empty node names', () => {
    const w = wf();
    w.nodes[1].name = 'Start';
    const issues = validateWorkflow(w);
    expect(issues[0]).toEqual({ path: 'nodes/1/name', message: expect.stringContaining('already the name of nodes/0') });
    w.nodes[1].name = '  ';
    expect(validateWorkflow(w)[0].path).toBe('nodes/1/name');
  });

  it('requires finite positions', () => {
    const w = wf();
    (w.nodes[0] as { position: unknown }).position = [Infinity, 0];
    expect(validateWorkflow(w)).toEqual([{ path: 'nodes/0/position', message: 'must be two finite numbers [x, y]' }]);
    (w.nodes[0] as { position: unknown }).position = [1];
    expect(validateWorkflow(w)[0].path).toBe('nodes/0/position');
  });

  it('finds connections to and from nodes that do not exist, and bad indexes', () => {
    const w = wf({
      connections: {
        Start: { main: [[{ node: 'Ghost', type: 'main', index: 0 }, { node: 'Next', type: 'main', index: -1 }]] },
        Phantom: { main: [[{ node: 'Next', type: 'main', index: 0 }]] },
      },
    });
    const issues = validateWorkflow(w);
    expect(issues).toEqual([
      { path: 'connections/Start/main/0/0/node', message: 'goes to node "Ghost", which does not exist' },
      { path: 'connections/Start/main/0/1/index', message: 'must be a whole number from 0 to 10000' },
      { path: 'connections/Phantom', message: 'comes from node "Phantom", which does not exist' },
    ]);
  });

  it('keeps node types and versions it does not know (they are node issues, not save errors)', () => {
    const w = wf();
    w.nodes[1].type = 'n8n-nodes-base.doesNotExist';
    w.nodes[0].typeVersion = 7.5;
    expect(validateWorkflow(w)).toEqual([]);
  });

  it('bounds connection indexes (graph code builds one input per index)', () => {
    const w = wf({ connections: { Start: { ai_tool: [[{ node: 'Next', type: 'ai_tool', index: 1e9 }]] } } });
    expect(formatWorkflowIssues(validateWorkflow(w), 'body/')).toBe('body/connections/Start/ai_tool/0/0/index must be a whole number from 0 to 10000');
  });

  it('reads old credential forms and null, refuses what names no credential', () => {
    const withCredentials = (credentials: unknown) => {
      const w = wf();
      (w.nodes[1] as Record<string, unknown>).credentials = credentials;
      return validateWorkflow(w);
    };
    expect(withCredentials({ slackApi: 'Slack account' })).toEqual([]);
    expect(withCredentials({ slackApi: { id: null, name: 'Slack account' }, httpBasicAuth: { name: 'Only a name' }, smtp: null })).toEqual([]);
    expect(withCredentials({ slackApi: { id: '7', name: 'Slack', extra: true } })).toEqual([]);
    expect(withCredentials(null)).toEqual([]);
    expect(withCredentials({ slackApi: 42 })).toEqual([{ path: 'nodes/1/credentials/slackApi', message: 'must be a credential reference {"id", "name"} or the credential\'s name' }]);
    expect(withCredentials({ slackApi: ['Slack'] })[0].path).toBe('nodes/1/credentials/slackApi');
    expect(withCredentials({ slackApi: {} })).toEqual([{ path: 'nodes/1/credentials/slackApi', message: 'must name a credential (an id or a name)' }]);
    expect(withCredentials({ slackApi: { id: true, name: 'x' } })[0].path).toBe('nodes/1/credentials/slackApi/id');
    expect(withCredentials(['slackApi'])[0]).toEqual({ path: 'nodes/1/credentials', message: 'must be an object keyed by credential type' });
  });

  it('accepts pinned items with or without the json wrapper, refuses items that are not objects', () => {
    expect(validateWorkflow(wf({ pinData: { Start: [{ json: { a: 1 } }, { body: { a: 1 } }], Next: null } }))).toEqual([]);
    expect(validateWorkflow(wf({ pinData: null }))).toEqual([]);
    expect(validateWorkflow(wf({ pinData: { Start: ['hello'] } }))).toEqual([{ path: 'pinData/Start/0', message: 'must be an item object ({"json": {…}} or the item\'s fields), not a string' }]);
    expect(validateWorkflow(wf({ pinData: { Start: [{ json: [1] }] } }))).toEqual([{ path: 'pinData/Start/0/json', message: "must be an object (the item's fields), not a list" }]);
    expect(validateWorkflow(wf({ pinData: { Start: { json: {} } } }))).toEqual([{ path: 'pinData/Start', message: 'must be a list of items' }]);
  });

  it('reads null as absent: node fields, parameters, settings', () => {
    const w = wf({ settings: { errorWorkflow: null, timezone: null, executionTimeout: null, saveManualExecutions: null } });
    Object.assign(w.nodes[1], { id: null, parameters: null, notes: null, disabled: null, webhookId: null });
    expect(validateWorkflow(w)).toEqual([]);
  });

  it('checks workflow settings', () => {
    const issues = validateWorkflow(wf({ settings: { timezone: 'Nowhere/Land', saveManualExecutions: 'yes', executionTimeout: 1.5 } }));
    expect(issues.map((i) => i.path)).toEqual(['settings/timezone', 'settings/saveManualExecutions', 'settings/executionTimeout']);
    expect(validateWorkflow(wf({ settings: { timezone: 'DEFAULT', saveManualExecutions: 'DEFAULT', executionTimeout: -1 } }))).toEqual([]);
  });

  it('stops after maxIssues', () => {
    const nodes = Array.from({ length: 100 }, () => ({ name: '' }));
    expect(validateWorkflow({ nodes, connections: {} }, { maxIssues: 5 })).toHaveLength(5);
  });
});

describe('payload size', () => {
  it('counts UTF-8 bytes', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
    const s = 'a€😀é'.repeat(100);
    expect(utf8ByteLength(s)).toBe(Buffer.byteLength(s));
  });

  it('rejects payloads above the limit', () => {
    expect(checkWorkflowPayloadSize('x'.repeat(1000), 1000)).toBeUndefined();
    expect(checkWorkflowPayloadSize('x'.repeat(1001), 1000)).toMatch(/1001 bytes, the maximum is 1000 bytes/);
  });
});
