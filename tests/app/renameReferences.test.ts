import { describe, expect, it } from 'vitest';
import { rewriteNodeReferences } from '../../src/app/commands/renameReferences.ts';

describe('rewriteNodeReferences', () => {
  it('rewrites the ways expressions name a node', () => {
    const params = {
      a: "={{ $('Old').item.json.x }}",
      b: '={{ $node["Old"].json.y }}',
      c: '={{ $node.Old.json.z }}',
      d: { nested: ['={{ $items("Old") }}'] },
      e: 'Old stays in plain text',
    };
    expect(rewriteNodeReferences(params, 'Old', 'New')).toEqual({
      a: "={{ $('New').item.json.x }}",
      b: '={{ $node["New"].json.y }}',
      c: '={{ $node.New.json.z }}',
      d: { nested: ['={{ $items("New") }}'] },
      e: 'Old stays in plain text',
    });
  });

  it('returns the same object when nothing refers to the node', () => {
    const params = { a: '={{ $json.x }}' };
    expect(rewriteNodeReferences(params, 'Old', 'New')).toBe(params);
  });

  it('escapes quotes in the new name and does not touch longer names', () => {
    expect(rewriteNodeReferences({ a: "={{ $('Old').x + $('Older').y }}" }, 'Old', "It's")).toEqual({ a: "={{ $('It\\'s').x + $('Older').y }}" });
  });
});
