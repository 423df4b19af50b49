// The regex worker (src/engine/regex) keeps JavaScript's regex semantics: every operation of a
// GuardedRegExp gives what a native RegExp gives, and its limits name themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureExpressionLimits } from '../../src/engine/expressions.ts';
import { regexWorkerRestarts, setRegexFastPath, withoutRepetition } from '../../src/engine/regex/runner.ts';
import { createRegExp, evaluateExpression, ExpressionError, GuardedRegExp } from '../../src/model/expressions/index.ts';

const native = (source: string, flags = '') => new RegExp(source, flags);
const guarded = (source: string, flags = '') => createRegExp(source, flags);
const plain = (v: unknown) => JSON.parse(JSON.stringify(v, (_k, x) => (x === undefined ? '<undefined>' : x)));
/** An exec / match array with its extra fields, comparable with toEqual. */
const full = (m: (RegExpExecArray & { indices?: unknown }) | null) => m && { items: [...m], index: m.index, input: m.input, groups: plain(m.groups ?? null), indices: plain(m.indices ?? null) };

for (const path of ['worker', 'fast path'] as const) describe(`GuardedRegExp gives what a native RegExp gives (${path})`, () => {
  beforeAll(() => setRegexFastPath(path === 'fast path'));
  afterAll(() => setRegexFastPath(true));
  const cases: Array<[string, string, string]> = [
    ['(\\d+)-(?<word>\\w+)', 'g', 'a 12-ab 3-c x 45-zz'],
    ['(?<y>\\d{4})-(?<m>\\d\\d)', 'd', 'on 2024-05 and 2025-06'],
    ['', 'g', 'abc'],
    ['(?:)', 'gu', '😀a😀'],
    ['b*', 'g', 'abbbc'],
    ['(a)|(b)', 'g', 'xaybz'],
    ['^line', 'gm', 'line 1\nline 2\nno line'],
    ['A.B', 'is', 'a\nb'],
    ['(?<=\\$)\\d+', 'g', 'cost $12 and $7'],
    ['(\\w)\\1', 'g', 'aabbcd'],
    ['x', 'y', 'xxaxx'],
  ];
  it('exec and test, with lastIndex carried between calls', () => {
    for (const [source, flags, input] of cases) {
      const n = native(source, flags);
      const g = guarded(source, flags);
      expect(g).toBeInstanceOf(RegExp);
      expect(g).toBeInstanceOf(GuardedRegExp);
      for (let i = 0; i < 4; i++) {
        expect(full(g.exec(input)), `${source}/${flags} exec ${i}`).toEqual(full(n.exec(input)));
        expect(g.lastIndex).toBe(n.lastIndex);
      }
      expect(g.test(input)).toBe(n.test(input));
      expect(g.lastIndex).toBe(n.lastIndex);
    }
  });
  it('match, matchAll, search, split', () => {
    for (const [source, flags, input] of cases) {
      const label = `${source}/${flags}`;
      const m = input.match(guarded(source, flags));
      const nm = input.match(native(source, flags));
      expect(flags.includes('g') ? m && [...m] : full(m as RegExpExecArray), label).toEqual(flags.includes('g') ? nm && [...nm] : full(nm as RegExpExecArray));
      if (flags.includes('g')) expect([...input.matchAll(guarded(source, flags))].map(full), label).toEqual([...input.matchAll(native(source, flags))].map(full));
      expect(input.search(guarded(source, flags)), label).toBe(input.search(native(source, flags)));
      expect(input.split(guarded(source, flags)), label).toEqual(input.split(native(source, flags)));
      expect(input.split(guarded(source, flags), 2), label).toEqual(input.split(native(source, flags), 2));
    }
  });
  it('replace and replaceAll with patterns ($1, $<name>, $&, $`) and with functions', () => {
    for (const [source, flags, input] of cases) {
      const label = `${source}/${flags}`;
      for (const replacement of ['[$&]', '<$1>', "$<word>|$`|$'", '$$']) {
        expect(input.replace(guarded(source, flags), replacement), label).toBe(input.replace(native(source, flags), replacement));
      }
      const fn = (...args: unknown[]) => JSON.stringify(plain(args));
      expect(input.replace(guarded(source, flags), fn), label).toBe(input.replace(native(source, flags), fn));
      if (flags.includes('g')) expect(input.replaceAll(guarded(source, flags), fn), label).toBe(input.replaceAll(native(source, flags), fn));
    }
  });
  it('in expressions: literals, new RegExp and string patterns', () => {
    const ev = (e: string) => evaluateExpression(e, { $json: { s: 'John Smith, Jane Doe' } }, { mode: 'strict' });
    expect(ev("={{ $json.s.replace(/(\\w+)\\s(\\w+)/g, '$2 $1') }}")).toBe('Smith John, Doe Jane');
    expect(ev("={{ $json.s.split(new RegExp(',\\\\s*')) }}")).toEqual(['John Smith', 'Jane Doe']);
    expect(ev("={{ $json.s.match('J(\\\\w+)')[1] }}")).toBe('ohn');
    expect(ev("={{ [...$json.s.matchAll(/(?<first>\\w+) (?<last>\\w+)/g)].map(m => m.groups.last) }}")).toEqual(['Smith', 'Doe']);
    expect(ev("={{ $json.s.replace(/o/g, (m, i) => i) }}")).toBe('J1hn Smith, Jane D18e');
    expect(() => ev("={{ new RegExp('(') }}")).toThrow(/Invalid regular expression/);
  });
});


describe('the fast path', () => {
  it('takes only patterns without repetition, backreferences or lookaround when V8’s linear engine cannot', () => {
    for (const ok of ['item number 7', '^(yes|no)$', '[a-z*+?{]x', '(?:a|b)c', '(?<y>\\d\\d)-', '\\bword\\b', 'a\\.b\\*']) expect(withoutRepetition(ok), ok).toBe(true);
    for (const no of ['a+', 'a*', 'a?', 'a{2}', '(a)\\1', '(?<n>a)\\k<n>', '(?=a)', '(?!a)', '(?<=a)', '(?<!a)', '\\p{L}', '(?i:a)']) expect(withoutRepetition(no), no).toBe(false);
  });
  it('a runaway pattern with the i flag is never run on the server thread', () => {
    const t0 = performance.now();
    expect(() => guarded('^(\\w+\\s?)*$', 'i').test(`${'a'.repeat(40)}!`)).toThrow(/took longer than 50 ms/);
    expect(performance.now() - t0).toBeLessThan(1500);
  });
});

describe('limits', () => {
  it('a runaway operation is stopped after the regex limit, naming it, and the worker is replaced', () => {
    const before = regexWorkerRestarts();
    const t0 = performance.now();
    let error: unknown;
    try {
      guarded('(a+)+$', 'i').test(`${'a'.repeat(34)}!`);
    } catch (e) {
      error = e;
    }
    const ms = performance.now() - t0;
    expect(error).toBeInstanceOf(ExpressionError);
    expect((error as ExpressionError).message).toBe('Regular expression /(a+)+$/i took longer than 50 ms and was stopped');
    expect((error as ExpressionError).description).toMatch(/SWITCHYARD_REGEX_TIMEOUT/);
    expect((error as ExpressionError).context.type).toBe('limit');
    expect(ms).toBeLessThan(1000);
    expect(regexWorkerRestarts()).toBe(before + 1);
    expect(guarded('a(b)').exec('xab')?.[1]).toBe('b');
  });
  it('V8 finishes the issue’s patterns in linear time, with the right answer', () => {
    const t0 = performance.now();
    expect(guarded('(a+)+$').test(`${'a'.repeat(30)}!`)).toBe(false);
    expect(guarded('^(\\w+\\s?)*$').test(`${'a'.repeat(31)}!`)).toBe(false);
    expect(guarded('^(\\w+\\s?)*$').test('hello big world')).toBe(true);
    expect(performance.now() - t0).toBeLessThan(500);
  });
  it('the expression time limit fires inside a regex wait', () => {
    configureExpressionLimits({ regexTimeoutMs: 10_000 });
    try {
      const t0 = performance.now();
      expect(() => evaluateExpression("={{ /(a+)+$/i.test('a'.repeat(34) + '!') }}", {}, { timeoutMs: 80 })).toThrow(/Expression exceeded its time limit/);
      expect(performance.now() - t0).toBeLessThan(1000);
    } finally {
      configureExpressionLimits({ regexTimeoutMs: 50 });
    }
  });
  it('the regex limit counts all of one evaluation’s operations together', () => {
    // Find an input that takes 5–25 ms per test (least of 3: a GC pause only adds), so each operation alone stays
    // well under 50 ms while 40 of them add up to far more.
    const time = (n: number) => {
      const runs = [0, 1, 2].map(() => {
        const t0 = performance.now();
        native('(a+)+$', 'i').test(`${'a'.repeat(n)}!`);
        return performance.now() - t0;
      });
      return Math.min(...runs);
    };
    let n = 14;
    let ms = 0;
    for (; n < 40; n++) {
      ms = time(n);
      if (ms >= 5) break;
    }
    expect(ms).toBeLessThan(45);
    const e = `={{ (() => { let k = 0; for (let i = 0; i < 40; i++) if (!/(a+)+$/i.test('${'a'.repeat(n)}!')) k++; return k })() }}`;
    expect(() => evaluateExpression(e, {})).toThrow(/took longer than 50 ms/);
  });
  it('long native calls cost steps by size, and the clock is read after them', () => {
    expect(() => evaluateExpression("={{ (() => { const s = 'ab'.repeat(2e7); for (let i = 0; i < 100; i++) s.indexOf('c') })() }}", {})).toThrow(/step limit/);
    expect(evaluateExpression("={{ 'ab'.repeat(2e7).indexOf('c') }}", {})).toBe(-1);
  });
});
