import { describe, expect, it } from 'vitest';
import { buildGraph } from '../../src/model/graph.ts';
import { nodesThatRun, workflowIssuesMessage, workflowNodeIssues, WORKFLOW_HAS_ISSUES_MESSAGE } from '../../src/model/workflowIssues.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';
import type { INode, IConnections } from '../../src/model/workflow.ts';

const n = (name: string, type: string, typeVersion: number, parameters: INode['parameters'] = {}, extra: Partial<INode> = {}): INode => ({ id: name, name, type, typeVersion, position: [0, 0], parameters, ...extra });
const describeType = (type: string, v: number) => builtinNodeTypes.get(type, v)?.description;
const link = (pairs: Array<[string, string]>): IConnections => {
  const c: IConnections = {};
  for (const [a, b] of pairs) ((c[a] ??= { main: [[]] }).main[0] ??= []).push({ node: b, type: 'main', index: 0 });
  return c;
};

describe('workflow node issues', () => {
  const nodes = [n('T', 'n8n-nodes-base.manualTrigger', 1), n('A', 'n8n-nodes-base.noOp', 1), n('B', 'n8n-nodes-base.httpRequest', 4.2), n('C', 'n8n-nodes-base.httpRequest', 4.2)];
  const g = buildGraph(nodes, link([['T', 'A'], ['A', 'B']]));

  it('scopes to the destination and its ancestors, or to what follows the start nodes', () => {
    expect([...nodesThatRun(g, ['T'])].sort()).toEqual(['A', 'B', 'T']);
    expect([...nodesThatRun(g, ['T'], 'A')].sort()).toEqual(['A', 'T']);
    expect(workflowNodeIssues(nodes, describeType, { scope: nodesThatRun(g, ['T']) })).toEqual({ B: ['Parameter "URL" is required.'] });
    expect(workflowNodeIssues(nodes, describeType, { scope: nodesThatRun(g, ['T'], 'A') })).toEqual({});
    expect(Object.keys(workflowNodeIssues(nodes, describeType))).toEqual(['B', 'C']);
  });

  it('skips disabled and pinned nodes; supplied credential types are not missing', () => {
    expect(workflowNodeIssues([{ ...nodes[2], disabled: true }], describeType)).toEqual({});
    expect(workflowNodeIssues([nodes[2]], describeType, { pinData: { B: [{ json: {} }] } })).toEqual({});
    const mail = n('Mail', 'n8n-nodes-base.emailSend', 2.1, { fromEmail: 'a@b.c', toEmail: 'd@e.f' });
    expect(workflowNodeIssues([mail], describeType)).toEqual({ Mail: ['Credentials for "smtp" are not set.'] });
    expect(workflowNodeIssues([mail], describeType, { suppliedCredentials: new Set(['smtp']) })).toEqual({});
    expect(workflowNodeIssues([n('X', 'acme.gone', 1)], describeType)).toEqual({ X: ['Node Type "acme.gone" is not known.'] });
    // A type installed in other versions only (n8n resolves by exact version): the issue says which.
    const versionsOf = (type: string) => (type === 'n8n-nodes-base.set' ? [3, 1, 2] : undefined);
    expect(workflowNodeIssues([n('S', 'n8n-nodes-base.set', 3.4)], () => undefined, { versionsOf })).toEqual({ S: ['Node Type "n8n-nodes-base.set" is not known in version 3.4 (installed: 1, 2, 3).'] });
  });

  it('words the refusal as n8n, one "node: issue" line each, bounded', () => {
    expect(workflowIssuesMessage({ B: ['one', 'two'] })).toBe(`${WORKFLOW_HAS_ISSUES_MESSAGE}\nB: one\nB: two`);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`N${i}`, ['bad']]));
    const lines = workflowIssuesMessage(many).split('\n');
    expect(lines).toHaveLength(22);
    expect(lines.at(-1)).toBe('… and 10 more');
  });
});
