import { describe, expect, it } from 'vitest';
import { rewriteNodeReferences, rewriteReferencesInText, rewriteReferencesOfNode } from '../../src/model/nodeReferences.ts';

const one = (from: string, to: string) => new Map([[from, to]]);

describe('rewriteNodeReferences', () => {
  it('rewrites every way an expression names a node', () => {
    const params = {
      a: "={{ $('Old').item.json.x }}",
      b: '={{ $node["Old"].json.y }}',
      c: '={{ $node.Old.json.z }}',
      d: { nested: ['={{ $items("Old") }}', "={{ $items('Old', 0, 1) }}"] },
      e: "={{ $node['Old'].json.y }}",
      f: '={{ $("Old").first().json }}',
      g: 'Old stays in plain text',
      h: "={{ $( 'Old' ).all() }}",
    };
    expect(rewriteNodeReferences(params, one('Old', 'New'))).toEqual({
      a: "={{ $('New').item.json.x }}",
      b: '={{ $node["New"].json.y }}',
      c: '={{ $node.New.json.z }}',
      d: { nested: ['={{ $items("New") }}', "={{ $items('New', 0, 1) }}"] },
      e: "={{ $node['New'].json.y }}",
      f: '={{ $("New").first().json }}',
      g: 'Old stays in plain text',
      h: "={{ $( 'New' ).all() }}",
    });
  });

  it('returns the same object when nothing refers to the node', () => {
    const params = { a: '={{ $json.x }}', b: { c: ["={{ $('Other').x }}"] } };
    expect(rewriteNodeReferences(params, one('Old', 'New'))).toBe(params);
  });

  it('keeps untouched branches by identity', () => {
    const untouched = { deep: ['={{ 1 }}'] };
    const out = rewriteNodeReferences({ untouched, changed: "={{ $('Old') }}" }, one('Old', 'New'));
    expect(out.untouched).toBe(untouched);
  });

  it('escapes quotes in the new name and does not touch longer names', () => {
    expect(rewriteNodeReferences({ a: "={{ $('Old').x + $('Older').y + $node.Older.json }}" }, one('Old', "It's"))).toEqual({
      a: "={{ $('It\\'s').x + $('Older').y + $node.Older.json }}",
    });
  });

  it('reads escaped quotes in the old name', () => {
    expect(rewriteReferencesInText("={{ $('It\\'s').x }}", one("It's", 'Its'))).toBe("={{ $('Its').x }}");
    expect(rewriteReferencesInText('={{ $node["Say \\"hi\\""].json }}', one('Say "hi"', 'Hi'))).toBe('={{ $node["Hi"].json }}');
  });

  it('turns $node.Name into $node["…"] when the new name is not an identifier', () => {
    expect(rewriteReferencesInText('={{ $node.Set.json.a }}', one('Set', 'Set fields'))).toBe('={{ $node["Set fields"].json.a }}');
    expect(rewriteReferencesInText('={{ $node.Set.json.a }}', one('Set', 'Set2'))).toBe('={{ $node.Set2.json.a }}');
  });

  it('applies several renames at once without chaining them', () => {
    const renames = new Map([
      ['A', 'A1'],
      ['A1', 'A2'],
    ]);
    expect(rewriteReferencesInText("={{ $('A').x + $('A1').y }}", renames)).toBe("={{ $('A1').x + $('A2').y }}");
  });

  it('leaves plain strings alone unless asked, and rewrites Code node programs', () => {
    const code = { jsCode: "const items = $('Old').all();\nreturn items;" };
    expect(rewriteNodeReferences(code, one('Old', 'New'))).toBe(code);
    expect(rewriteReferencesOfNode({ type: 'n8n-nodes-base.code', parameters: code }, one('Old', 'New'))).toEqual({
      jsCode: "const items = $('New').all();\nreturn items;",
    });
    expect(rewriteReferencesOfNode({ type: 'n8n-nodes-base.set', parameters: code }, one('Old', 'New'))).toBe(code);
  });
});
