// No expression may hang the server or exhaust its memory.
import { describe, expect, it } from 'vitest';
import { ExpressionError, evaluateExpression } from '../../src/model/expressions/index.ts';
import { errorOf, ev } from './helpers.ts';

function expectLimit(expression: string, message: RegExp, options?: Parameters<typeof ev>[2]): void {
  const t0 = performance.now();
  const e = errorOf(expression, { list: [1, 2, 3] }, options);
  expect(e).toBeInstanceOf(ExpressionError);
  expect(e.message).toMatch(message);
  expect(e.context.type).toBe('limit');
  expect(performance.now() - t0).toBeLessThan(3000);
}

describe('step budget', () => {
  it('ends infinite loops quickly with the step error', () => {
    expectLimit('={{ (() => { while (true) {} })() }}', /step limit/);
    expectLimit('={{ (() => { for (;;) {} })() }}', /step limit/);
    expectLimit('={{ (() => { do {} while (true) })() }}', /step limit/);
    expectLimit('={{ (() => { const a = [1]; for (const x of a) a.push(x) })() }}', /step limit|array/);
  });
  it('counts calls made by host code into expression functions', () => {
    expectLimit('={{ (() => { const a = []; a.length = 5000; a.fill(0); for (let i = 0; i < 1000; i++) a.map(x => x) })() }}', /step limit/);
  });
  it('honours options.maxSteps', () => {
    expectLimit('={{ (() => { let i = 0; while (i < 100) i++; return i })() }}', /step limit/, { maxSteps: 50 });
    expect(ev('={{ (() => { let i = 0; while (i < 100) i++; return i })() }}', {}, { maxSteps: 500 })).toBe(100);
  });
  it('cannot be caught by the expression', () => {
    expectLimit('={{ (() => { while (true) { try { while (true) {} } catch (e) {} } })() }}', /step limit/);
    expectLimit('={{ (() => { try { while (true) {} } finally { return 1 } })() }}', /step limit/);
  });
  it('limits recursion depth', () => {
    expectLimit('={{ (function f(n) { return f(n + 1) })(0) }}', /call depth/);
    expectLimit('={{ (() => { const f = () => [1].map(f); return f() })() }}', /call depth/);
  });
  it('applies a wall-clock limit when asked', () => {
    expectLimit('={{ (() => { while (true) {} })() }}', /time limit/, { timeoutMs: 20, maxSteps: 1e12 });
  });
});

describe('size caps', () => {
  it('stops repeat and pad bombs before they allocate', () => {
    expectLimit("={{ 'x'.repeat(1e9) }}", /string of/);
    expectLimit("={{ 'abc'.padStart(2 ** 30) }}", /string of/);
    expectLimit("={{ 'abc'.padEnd(1e9, 'xy') }}", /string of/);
    expectLimit("={{ [1e9].map(''.repeat, 'x') }}", /string of/);
    expectLimit("={{ ''.repeat.call('x', 1e9) }}", /string of/);
    expectLimit("={{ ''.repeat.bind('x')(1e9) }}", /string of/);
  });
  it('stops doubling strings by concatenation', () => {
    expectLimit("={{ (() => { let s = 'x'.repeat(1000); while (true) s += s })() }}", /string of/);
    expectLimit("={{ (() => { let s = 'x'.repeat(1000); while (true) s = `${s}${s}` })() }}", /string of/);
  });
  it('stops huge arrays', () => {
    expectLimit('={{ new Array(1e9) }}', /array of/);
    expectLimit('={{ Array(1e9).fill(0) }}', /array of/);
    expectLimit('={{ Array.call(null, 1e9) }}', /array of/);
    expectLimit('={{ Array.apply(null, [1e9]) }}', /array of/);
    expectLimit('={{ Array.bind(null, 1e9)() }}', /array of/);
    expectLimit('={{ Array.call.call(Array, null, 1e9) }}', /array of/);
    expectLimit('={{ Array.bind.bind(Array)(null, 1e9)() }}', /array of/);
    expectLimit('={{ Array.from({ length: 1e9 }) }}', /array of/);
    expectLimit('={{ (() => { const a = []; a[1e9] = 1 })() }}', /array of/);
    expectLimit('={{ (() => { const a = []; a.length = 1e9 })() }}', /array of/);
    expectLimit('={{ Object.assign([], { length: 1e9 }) }}', /array of/);
    expectLimit('={{ (() => { const a = []; [a.length] = [1e9] })() }}', /array of/);
    expectLimit('={{ new Float64Array(1e9) }}', /array of/);
    expectLimit('={{ numberList(0, 1e9) }}', /array of/);
    expectLimit("={{ (() => { let a = [1]; while (true) a = a.concat(a) })() }}", /array of|step/);
  });
  it('stops splitting a huge string into too many pieces', () => {
    expectLimit("={{ 'x'.repeat(2e7).split('') }}", /array of/);
    expect(ev("={{ ('a,'.repeat(1e6) + 'a').split(',').length }}")).toBe(1_000_001);
  });
  it('stops native loops over huge array-likes', () => {
    expectLimit('={{ [].indexOf.call({ length: 1e15 }, 1) }}', /array of/);
    expectLimit('={{ [].includes.call({ length: 2 ** 53 - 1 }, 1) }}', /array of/);
    expectLimit('={{ [].fill.call({ length: 1e15 }, 0) }}', /array of/);
  });
  it('stops join and replace blow-ups', () => {
    expectLimit("={{ Array(1.5e6).join('x'.repeat(40)) }}", /string of/);
    expectLimit("={{ 'a'.repeat(1e6).replaceAll('a', 'b'.repeat(1000)) }}", /string of/);
  });
  it('stops BigInt growth', () => {
    expectLimit('={{ 2n ** 100000000n }}', /BigInt/);
    expectLimit('={{ (() => { let x = 3n; while (true) x = x * x })() }}', /BigInt/);
  });
  it('stops piling up many large strings or arrays', () => {
    expectLimit("={{ Array.from({ length: 100 }, () => 'x'.repeat(1e5)) }}", /allocated more than 1000000/, { maxAllocation: 1e6 });
    expectLimit('={{ (() => { const a = Array(1e5).fill(0); const out = []; for (let i = 0; i < 100; i++) out.push(a.slice()); return out.length })() }}', /allocated more than/, { maxAllocation: 1e6 });
    expectLimit('={{ [...Array(6e5).fill(1), ...Array(6e5).fill(2)] }}', /allocated more than/, { maxAllocation: 1e6 });
  });
  it('bounds regular expressions at the single seam', () => {
    expectLimit("={{ new RegExp('a'.repeat(20000)) }}", /Regular expression is too long/);
    expectLimit("={{ 'x'.match('a'.repeat(20000)) }}", /Regular expression is too long/);
    expectLimit("={{ 'x'.search(RegExp('a'.repeat(20000))) }}", /Regular expression is too long/);
    expect(ev("={{ ['aXbX'.match('X').index, 'aXbX'.search('b'), [...'aXbX'.matchAll('X')].length] }}")).toEqual([1, 2, 2]);
  });
});

describe('nested evaluations', () => {
  it('share the outer budget instead of multiplying it', () => {
    const scope: Record<string, unknown> = {};
    scope.$evaluateExpression = (expression: string) => evaluateExpression(`=${expression}`, scope);
    const t0 = performance.now();
    let error: unknown;
    try {
      evaluateExpression("={{ (() => { for (let i = 0; i < 1e6; i++) $evaluateExpression('{{ (() => { let n = 0; while (n < 1e5) n++; return n })() }}') })() }}", scope);
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).toMatch(/step limit/);
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});
