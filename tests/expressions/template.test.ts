// Template splitting and joining, matched against n8n's tournament/tmpl behaviour.
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { compileTemplate, evaluateExpression, isExpression, splitTemplate, stringifyValue } from '../../src/model/expressions/index.ts';
import { ev } from './helpers.ts';

describe('isExpression', () => {
  it('is a string starting with =', () => {
    expect(isExpression('={{ 1 }}')).toBe(true);
    expect(isExpression('=plain')).toBe(true);
    expect(isExpression('{{ 1 }}')).toBe(false);
    expect(isExpression(5)).toBe(false);
    expect(isExpression(null)).toBe(false);
  });
  it('returns non-expressions unchanged', () => {
    expect(evaluateExpression('plain {{ text }}', {})).toBe('plain {{ text }}');
  });
});

describe('splitTemplate', () => {
  it('always starts with a text segment and drops an empty trailing one (n8n)', () => {
    expect(splitTemplate('{{ "" }}')).toEqual([
      { type: 'text', text: '' },
      { type: 'code', code: ' "" ', start: 2, closed: true },
    ]);
    expect(splitTemplate('{{ a }} you have ${{ b }}.').map((s) => (s.type === 'text' ? s.text : s.code))).toEqual(['', ' a ', ' you have $', ' b ', '.']);
  });
  it('keeps an unclosed segment as code', () => {
    const s = splitTemplate('x {{ (100).format()');
    expect(s[1]).toEqual({ type: 'code', code: ' (100).format()', start: 4, closed: false });
  });
  it('handles }} inside strings, template literals, regexes and nested braces', () => {
    const code = (t: string) => splitTemplate(t).filter((s) => s.type === 'code').map((s) => (s as { code: string }).code);
    expect(code('{{ "}}" }}')).toEqual([' "}}" ']);
    expect(code("{{ '}}' + 'a' }}")).toEqual([" '}}' + 'a' "]);
    expect(code('{{ `a}}${ {b:1}.b }` }}')).toEqual([' `a}}${ {b:1}.b }` ']);
    expect(code('{{ {a:{b:1}} }}')).toEqual([' {a:{b:1}} ']);
    expect(code('{{ {a:1}}}')).toEqual([' {a:1}']);
    expect(code("{{ $json.s.replace(/'/g, '') }}")).toEqual([" $json.s.replace(/'/g, '') "]);
    expect(code('{{ x.map(y => { return y }) }} and {{ 2 }}')).toEqual([' x.map(y => { return y }) ', ' 2 ']);
    expect(code('{{ a /* }} */ }}')).toEqual([' a /* }} */ ']);
  });
  it('follows n8n escapes: \\{{ stays text, \\\\ before {{ is one backslash, \\}} in code is }}', () => {
    expect(splitTemplate('test \\{{ no code }}')).toEqual([{ type: 'text', text: 'test \\{{ no code }}' }]);
    expect(splitTemplate('C:\\\\Users\\\\{{ $json.f }}')[0]).toEqual({ type: 'text', text: 'C:\\Users\\' });
    expect(splitTemplate('test {{ code.test("\\}}") }}')[1]).toMatchObject({ code: ' code.test("\\}}") ' });
  });
});

describe('raw value vs string', () => {
  it('a template that is exactly one segment returns the raw value', () => {
    expect(ev('={{ 200 }}')).toBe(200);
    expect(ev('={{$json.a}}', { a: { b: [1] } })).toEqual({ b: [1] });
    expect(ev('={{ { "data": $json.v } }}', { v: 'x' })).toEqual({ data: 'x' });
    expect(ev('={{ null }}')).toBeNull();
    expect(ev('={{ undefined }}')).toBeUndefined();
    expect(DateTime.isDateTime(ev('={{ DateTime.fromISO("2024-01-02") }}'))).toBe(true);
  });
  it('anything outside the braces makes a string (n8n fixture "= {{...}}" → " testout")', () => {
    expect(ev('= {{ $json.a }}', { a: 'testout' })).toBe(' testout');
    expect(ev('={{ 1 }} ')).toBe('1 ');
    expect(ev('=TRUE')).toBe('TRUE');
    expect(ev('=')).toBe('');
  });
  it('joins segments the way tmpl does: null/undefined/NaN/"" vanish, 0 and false stay', () => {
    expect(ev('=[{{ null }}|{{ undefined }}|{{ NaN }}|{{ "" }}|{{ 0 }}|{{ false }}|{{ -0 }}]')).toBe('[||||0|false|0]');
  });
  it('renders arrays with commas, objects as [object Object], DateTime as ISO, Date via toString', () => {
    expect(ev('=a {{ [1, [2, null], "x"] }}')).toBe('a 1,2,,x');
    expect(ev('=a {{ $json }}', { x: 1 })).toBe('a [object Object]');
    expect(ev('=a {{ DateTime.fromISO("2024-01-02T03:04:05.000Z", { zone: "utc" }) }}')).toBe('a 2024-01-02T03:04:05.000Z');
    const d = new Date(0);
    expect(ev('=a {{ $json.d }}', { d })).toBe(`a ${d.toString()}`);
  });
  it('evaluates n8n fixtures from ExpressionFixtures/base.ts', () => {
    expect(ev('=https://example.com/api/v1/workspaces/{{$json["Clockify1"].parameter["workspaceId"]}}/projects/{{$json["Clockify1"].json["id"]}}', { Clockify1: { parameter: { workspaceId: 'test1' }, json: { id: 'test2' } } })).toBe(
      'https://example.com/api/v1/workspaces/test1/projects/test2',
    );
    expect(ev('={{Math.floor(Math.min(1, 2) * 100);}}')).toBe(100);
    expect(ev("={{ $json[\"body\"][\"project\"][\"name\"].match(/\\[(\\d+)]/)[1] }}", { body: { project: { name: 'test[1234]' } } })).toBe('1234');
    expect(ev('={{ (parseFloat($json["Bid"].replace(\',\', \'.\')) * parseFloat($json["Count"])).toFixed(2) }}', { Bid: '3,80', Count: '10' })).toBe('38.00');
    expect(ev('={\n\t"title": "{{$json["t"]}}",\n\t"tags":["{{$json["tag"]}}"]\n}', { t: 'title', tag: 'x' })).toBe('{\n\t"title": "title",\n\t"tags":["x"]\n}');
    expect(ev('={{ `test\nvalue` }}')).toBe('test\nvalue');
    expect(ev('={{ !$json?.data?.data?.issues?.pageInfo?.hasNextPage }}', { data: { data: { issues: { pageInfo: {} } } } })).toBe(true);
    expect(ev('={{ $json["phone"] ?? 0}}', { phone: null })).toBe(0);
  });
});

describe('compileTemplate', () => {
  it('caches by template text', () => {
    expect(compileTemplate('{{ 1 + 1 }}')).toBe(compileTemplate('{{ 1 + 1 }}'));
    expect(compileTemplate('a{{ 1 }}').kind).toBe('mixed');
    expect(compileTemplate('{{ 1 }}').kind).toBe('single');
    expect(compileTemplate('abc').kind).toBe('text');
  });
});

describe('stringifyValue (n8n convertObjectValueToString)', () => {
  it('labels objects, arrays and DateTimes', () => {
    expect(stringifyValue({ a: 1, b: 'x' })).toBe('[Object: {"a": 1, "b": "x"}]');
    expect(stringifyValue([1, 2])).toBe('[Array: [1,2]]');
    expect(stringifyValue(DateTime.fromISO('2024-01-02T00:00:00.000Z', { zone: 'utc' }))).toBe('[DateTime: 2024-01-02T00:00:00.000Z]');
    expect(stringifyValue('plain')).toBe('plain');
  });
});

describe('CompiledTemplate.evaluate', () => {
  it('evaluates a compiled template against a scope', () => {
    const t = compileTemplate('n={{ $json.n * 2 }}');
    expect(t.evaluate({ $json: { n: 2 } })).toBe('n=4');
    expect(t.evaluate({ $json: { n: 5 } })).toBe('n=10');
  });
});
