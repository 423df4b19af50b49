import { describe, expect, it } from 'vitest';
import { categorise, echoQuery, searchNodes, CORE_CATEGORY, CREATOR_QUERY_ECHO_MAX, OTHER_CATEGORY } from '../../src/app/editor/creator/creatorItems.ts';
import type { INodeTypeDescription } from '../../src/model/nodeTypes.ts';

function d(name: string, displayName: string, extra: Partial<INodeTypeDescription> = {}): INodeTypeDescription {
  return { name, displayName, description: `${displayName} node`, group: ['transform'], version: 1, defaults: { name: displayName }, inputs: ['main'], outputs: ['main'], properties: [], ...extra };
}

const types = [
  d('x.if', 'If', { codex: { categories: [CORE_CATEGORY], subcategories: { [CORE_CATEGORY]: ['Flow'] }, alias: ['Router', 'Condition'] } }),
  d('x.set', 'Edit Fields (Set)', { codex: { categories: [CORE_CATEGORY], subcategories: { [CORE_CATEGORY]: ['Data Transformation'] }, alias: ['Set'] } }),
  d('x.manual', 'Manual Trigger', { group: ['trigger'], inputs: [], codex: { categories: [CORE_CATEGORY] } }),
  d('x.http', 'HTTP Request', { codex: { categories: ['Development', CORE_CATEGORY] } }),
  d('x.misc', 'Zeta'),
];

describe('categorise', () => {
  it('puts Core Nodes first and uncategorised nodes last; a node appears in each of its categories', () => {
    const cats = categorise(types, 'All');
    expect(cats.map((c) => c.category)).toEqual([CORE_CATEGORY, 'Development', OTHER_CATEGORY]);
    const core = cats[0];
    expect(core.subcategories.map((s) => s.subcategory)).toEqual(['Data Transformation', 'Flow']);
    expect(core.nodes.map((n) => n.nodeType)).toEqual(['x.http', 'x.manual']);
    expect(cats[1].nodes.map((n) => n.nodeType)).toEqual(['x.http']);
  });

  it('filters by tab', () => {
    expect(categorise(types, 'Trigger').flatMap((c) => c.nodes.map((n) => n.nodeType))).toEqual(['x.manual']);
    const regular = categorise(types, 'Regular').flatMap((c) => [...c.nodes, ...c.subcategories.flatMap((s) => s.nodes)].map((n) => n.nodeType));
    expect(regular).not.toContain('x.manual');
    expect(regular).toContain('x.if');
  });
});

describe('searchNodes', () => {
  it('ranks name prefix over word prefix over alias over description', () => {
    expect(searchNodes(types, 'set', 'All').map((n) => n.nodeType)).toEqual(['x.set']);
    expect(searchNodes(types, 'router', 'All').map((n) => n.nodeType)).toEqual(['x.if']);
    expect(searchNodes(types, 'request', 'All').map((n) => n.nodeType)).toEqual(['x.http']);
    expect(searchNodes(types, 'e', 'All')[0].nodeType).toBe('x.set');
  });

  it('returns nothing for an empty query and honours the tab', () => {
    expect(searchNodes(types, '  ', 'All')).toEqual([]);
    expect(searchNodes(types, 'manual', 'Regular')).toEqual([]);
  });
  it("searches community nodes whose description lacks a description, display name or alias strings (a package's own JavaScript)", () => {
    const loose = [
      ...types,
      { ...d('pkg.mischief', 'Mischief'), description: undefined } as unknown as INodeTypeDescription,
      { ...d('pkg.nameless', 'x'), displayName: undefined, codex: { alias: [3, 'Quiet'] } } as unknown as INodeTypeDescription,
    ];
    expect(searchNodes(loose, 'm', 'All').map((n) => n.nodeType)).toEqual(['x.manual', 'pkg.mischief', 'pkg.nameless']);
    expect(searchNodes(loose, 'quiet', 'All').map((n) => n.nodeType)).toEqual(['pkg.nameless']);
    expect(searchNodes(loose, 'nameless', 'All')[0]).toMatchObject({ nodeType: 'pkg.nameless', displayName: 'pkg.nameless', description: 'x node' });
  });
});

describe('the no-results echo', () => {
  it('quotes a short query whole and cuts a long one to 40 characters with an ellipsis', () => {
    expect(echoQuery('  slack ')).toBe('slack');
    expect(echoQuery('x'.repeat(40))).toBe('x'.repeat(40));
    const long = echoQuery(JSON.stringify({ nodes: [{ name: 'a'.repeat(90_000) }], connections: {} }));
    expect(long.length).toBe(CREATOR_QUERY_ECHO_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
