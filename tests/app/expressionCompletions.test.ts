// Completions of the expression editor and the Code node: variables, node names, $json fields
// of the real input item, extension methods by kind of value.
import { describe, expect, it } from 'vitest';
import { applyCompletion, codeBeforeCursor, completeCode, completeExpression, CODE_GLOBALS, readPath, samplePaths, type CompletionData } from '../../src/app/editor/parameters/expression/completions.ts';
import { extensionCatalog } from '../../workers/expression/catalog.ts';
import { highlightParts, segmentRanges } from '../../src/app/editor/parameters/expression/highlight.ts';
import { insertAt } from '../../src/app/editor/parameters/expression/editorRegistry.ts';

const data: CompletionData = {
  nodeNames: ['Get users', "Bob's node", 'Set'],
  sample: { name: 'Ada', age: 36, address: { city: 'London', 'post code': 'N1' }, tags: ['a', 'b'], 'first name': 'A' },
  extensions: extensionCatalog(),
};
const labels = (r: { options: Array<{ label: string }> } | undefined) => r?.options.map((o) => o.label) ?? [];
const at = (text: string) => completeExpression(text, text.length, data);

describe('completeExpression', () => {
  it('offers nothing outside {{ }}', () => {
    expect(at('Hello $js')).toBeUndefined();
    expect(codeBeforeCursor('a {{ $json.x }} b', 3)).toBeUndefined();
    expect(codeBeforeCursor('a {{ $json.x }} b', 8)).toBe(' $js');
  });

  it('offers the globals for a word or a lone $', () => {
    expect(labels(at('{{ $'))).toEqual(expect.arrayContaining(['$json', '$input', "$('')", '$node', '$now', '$today', '$workflow', '$execution', '$vars', '$itemIndex', '$runIndex', '$if()']));
    expect(labels(at('{{ $no'))).toEqual(['$node', '$now', '$nodeVersion', '$nodeId', '$not()']);
    expect(labels(at('{{ Dat'))).toEqual(['DateTime', 'Date']);
  });

  it('offers $json fields from the real input item, nested, with extension methods', () => {
    const top = at('{{ $json.');
    expect(labels(top)).toEqual(expect.arrayContaining(['name', 'age', 'address', 'tags', 'first name', 'isEmpty()', 'keys()']));
    expect(top?.options.find((o) => o.label === 'first name')?.insert).toBe('["first name"]');
    expect(labels(at('{{ $json.address.'))).toEqual(expect.arrayContaining(['city', 'post code']));
    expect(labels(at('{{ $json.na'))).toContain('name');
    // A string field: string extensions.
    expect(labels(at('{{ $json.name.'))).toEqual(expect.arrayContaining(['toTitleCase()', 'isEmail()', 'extractEmail()']));
    expect(labels(at('{{ $json.tags.'))).toEqual(expect.arrayContaining(['sum()', 'unique()', 'first()']));
    expect(labels(at('{{ $input.item.json.'))).toContain('name');
    expect(labels(at('{{ $json.nope.'))).toEqual([]);
  });

  it('offers $input members, node names for $() and members of $()', () => {
    expect(labels(at('{{ $input.'))).toEqual(['item', 'all()', 'first()', 'last()', 'params']);
    const nodes = at("{{ $('");
    expect(labels(nodes)).toEqual(['Get users', "Bob's node", 'Set']);
    const bob = nodes!.options[1];
    const applied = applyCompletion("{{ $(' }}", { from: 6, to: 6 }, bob);
    expect(applied.text).toBe("{{ $('Bob\\'s node') }}");
    expect(labels(at('{{ $("Ge'))).toEqual(['Get users']);
    expect(labels(at("{{ $('Get users')."))).toEqual(expect.arrayContaining(['item', 'first()', 'all()', 'isExecuted', 'itemMatching()']));
    expect(labels(at('{{ $node["Set"].'))).toEqual(expect.arrayContaining(['json', 'parameter']));
    expect(labels(at('{{ $node["'))).toEqual(['Get users', "Bob's node", 'Set']);
  });

  it('offers date methods on $now and members of $workflow / $execution', () => {
    expect(labels(at('{{ $now.'))).toEqual(expect.arrayContaining(['toFormat()', 'plus()', 'format()', 'year']));
    expect(labels(at('{{ $workflow.'))).toEqual(['id', 'name', 'active']);
    expect(labels(at('{{ $execution.'))).toEqual(['id', 'mode', 'resumeUrl', 'customData']);
    expect(labels(at("{{ 'abc'."))).toContain('toTitleCase()');
    expect(labels(completeExpression('{{ $parameter.', 14, { ...data, parameterNames: ['mode', 'markdown', 'with space'] }))).toEqual(['mode', 'markdown']);
  });

  it('applies an option and places the cursor', () => {
    const r = at('{{ $i')!;
    const input = r.options.find((o) => o.label === '$input')!;
    expect(applyCompletion('{{ $i', r, input)).toEqual({ text: '{{ $input', cursor: 9 });
    const sel = r.options.find((o) => o.label === '$if()')!;
    expect(applyCompletion('{{ $i }}', { from: 3, to: 5 }, sel)).toEqual({ text: '{{ $if() }}', cursor: 7 });
  });

  it('completes the Code node with its extras', () => {
    expect(labels(completeCode('const x = ite', data, CODE_GLOBALS))).toEqual(['items', 'item']);
    expect(labels(completeCode('for (const i of $input.', data, CODE_GLOBALS))).toContain('all()');
    expect(labels(completeCode('return $json.', data, CODE_GLOBALS))).toContain('age');
  });
});

describe('helpers', () => {
  it('reads paths and lists sample paths', () => {
    expect(readPath(data.sample, '.address["post code"]')).toEqual({ found: true, value: 'N1' });
    expect(readPath(data.sample, '.tags[1]')).toEqual({ found: true, value: 'b' });
    expect(readPath(data.sample, '.x')).toEqual({ found: false, value: undefined });
    expect(samplePaths(data.sample).map((p) => p.path)).toEqual(['.name', '.age', '.address', '.address.city', '.address["post code"]', '.tags', '.tags[0]', '.tags[1]', '["first name"]']);
  });

  it('splits for colouring and keeps the colour of segments that did not change', () => {
    expect(segmentRanges('a {{ x }} b {{ y')).toEqual([
      { from: 2, to: 9 },
      { from: 12, to: 16 },
    ]);
    const previewed = { text: '{{ $json.a }} and {{ nope }}', segments: [{ from: 0, to: 13, state: 'valid' as const }, { from: 18, to: 28, state: 'invalid' as const }] };
    expect(highlightParts('x {{ $json.a }} {{ nope }} {{ new }}', previewed)).toEqual([
      { text: 'x ' },
      { text: '{{ $json.a }}', state: 'valid' },
      { text: ' ' },
      { text: '{{ nope }}', state: 'invalid' },
      { text: ' ' },
      { text: '{{ new }}', state: 'unknown' },
    ]);
  });

  it('inserts at the cursor', () => {
    expect(insertAt('Hello !', 6, 6, '{{ $json.name }}')).toEqual({ text: 'Hello {{ $json.name }}!', cursor: 22 });
    expect(insertAt('abc', 1, 2, 'X')).toEqual({ text: 'aXc', cursor: 2 });
    expect(insertAt('abc', 99, 99, 'X')).toEqual({ text: 'abcX', cursor: 4 });
  });
});
