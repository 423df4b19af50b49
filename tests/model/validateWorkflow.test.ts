import { describe, expect, it } from 'vitest';
import { checkWorkflowPayloadSize, formatWorkflowIssues, utf8ByteLength, validateWorkflow } from '../../src/model/validateWorkflow.ts';

const types = { versions: (t: string) => ({ 'n8n-nodes-base.manualTrigger': [1], 'n8n-nodes-base.noOp': [1] } as Record<string, number[]>)[t] };

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
    expect(validateWorkflow(wf(), { nodeTypes: types })).toEqual([]);
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
      { path: 'connections/Start/main/0/1/index', message: 'must be a whole number ≥ 0' },
      { path: 'connections/Phantom', message: 'comes from node "Phantom", which does not exist' },
    ]);
  });

  it('names unknown node types and unsupported versions', () => {
    const w = wf();
    w.nodes[1].type = 'n8n-nodes-base.doesNotExist';
    w.nodes[0].typeVersion = 7;
    const issues = validateWorkflow(w, { nodeTypes: types });
    expect(formatWorkflowIssues(issues, 'body/')).toBe(
      'body/nodes/0/typeVersion node "Start": n8n-nodes-base.manualTrigger has no version 7 (known: 1); Unknown node type: n8n-nodes-base.doesNotExist (node "Next")',
    );
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
