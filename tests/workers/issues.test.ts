import { describe, expect, it } from 'vitest';
import { computeIssues, createIssueTypes, nodeIssueLines, type IssueNodeInput } from '../../workers/issues/kernel.ts';
import { issuesApi } from '../../workers/issues.worker.ts';
import { builtinNodeTypes } from '../../src/nodes/registry.ts';

const types = createIssueTypes(builtinNodeTypes.descriptions());
const input = (over: Partial<IssueNodeInput>): IssueNodeInput => ({
  id: 'x',
  name: 'X',
  type: 'n8n-nodes-base.httpRequest',
  typeVersion: 3,
  parameters: {},
  disabled: false,
  hasPinData: false,
  hasRunError: false,
  ...over,
});

describe('issue kernel', () => {
  it('reports missing required parameters, unknown types and run errors', () => {
    expect(nodeIssueLines(types, input({}))).toContain('Parameter "URL" is required.');
    expect(nodeIssueLines(types, input({ parameters: { url: 'https://example.com' } }))).toEqual([]);
    // n8n's line (nodeIssuesToString); a type installed in other versions only names them.
    expect(nodeIssueLines(types, input({ type: 'acme.gone' }))).toEqual(['Node Type "acme.gone" is not known.']);
    expect(nodeIssueLines(types, input({ typeVersion: 99 }))).toEqual([expect.stringMatching(/^Node Type "n8n-nodes-base\.httpRequest" is not known in version 99 \(installed: 1, 2, 3, .*4\.4\)\.$/)]);
    expect(nodeIssueLines(types, input({ parameters: { url: 'https://x' }, hasRunError: true }))).toEqual(['Execution Error.']);
  });

  it('disabled nodes and nodes with pinned data have none', () => {
    expect(nodeIssueLines(types, input({ disabled: true }))).toEqual([]);
    expect(nodeIssueLines(types, input({ hasPinData: true }))).toEqual([]);
  });

  it('computes a batch in order and answers through the worker API', () => {
    const batch = [input({ id: 'a' }), input({ id: 'b', parameters: { url: 'https://x' } })];
    expect(computeIssues(types, batch).map(([id, lines]) => [id, lines.length > 0])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    issuesApi.setNodeTypes(builtinNodeTypes.descriptions());
    expect(issuesApi.compute(batch)).toEqual(computeIssues(types, batch));
  });

  it('checks 10,000 nodes in well under a few seconds', () => {
    const nodes = Array.from({ length: 10000 }, (_, i) => input({ id: `n${i}`, type: 'n8n-nodes-base.set', typeVersion: 3.4, parameters: { assignments: { assignments: [] } } }));
    const t0 = performance.now();
    const r = computeIssues(types, nodes);
    expect(r).toHaveLength(10000);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
