// What goes wrong, and how it is reported.
import { describe, expect, it } from 'vitest';
import { ExpressionError, evaluateExpression } from '../../src/model/expressions/index.ts';
import { errorOf, ev } from './helpers.ts';

describe('syntax errors', () => {
  it('report n8n\'s "invalid syntax" with the parser message and position', () => {
    const e = errorOf('=Hello {{ $json.a + }}');
    expect(e).toBeInstanceOf(ExpressionError);
    expect(e.message).toBe('invalid syntax');
    expect(e.context.type).toBe('syntax');
    expect(e.context.segment).toBe(0);
    expect(e.context.position).toEqual({ offset: 19, line: 1, column: 20 });
    expect(e.description).toMatch(/^Unexpected token \(line 1, column 20\)$/);
  });
  it('points into later lines and segments', () => {
    const e = errorOf('=a {{ 1 }}\nb {{ (() => {\n  let = ;\n})() }}');
    expect(e.context.segment).toBe(1);
    expect((e.context.position as { line: number }).line).toBe(3);
  });
  it('rejects empty and statement segments', () => {
    expect(errorOf('={{ }}').description).toMatch(/Empty expression/);
    expect(errorOf('={{ if (1) {} }}').description).toMatch(/Expected an expression/);
  });
  it('are reported again on every evaluation of a cached template', () => {
    expect(errorOf('={{ 1 + }}').message).toBe('invalid syntax');
    expect(errorOf('={{ 1 + }}').message).toBe('invalid syntax');
  });
});

describe('runtime errors', () => {
  it('name the missing variable', () => {
    expect(errorOf('={{ foo + 1 }}').message).toBe('foo is not defined');
    expect(errorOf('={{ foo + 1 }}').context.type).toBe('reference');
  });
  it('say what is not a function', () => {
    expect(errorOf('={{ $json.name.nope() }}', { name: 'x' }).message).toBe('$json.name.nope is not a function');
    expect(errorOf('={{ $json.list() }}', { list: [] }).message).toBe('$json.list is not a function');
    expect(errorOf('={{ new $json.x() }}', { x: 1 }).message).toBe('$json.x is not a constructor');
  });
  it('report reads of missing objects like V8', () => {
    expect(errorOf('={{ $json.a.b.c }}', { a: {} }).message).toBe("Cannot read properties of undefined (reading 'c')");
    expect(errorOf('={{ $json.a.b }}', { a: null }).message).toBe("Cannot read properties of null (reading 'b')");
  });
  it('carry thrown values', () => {
    expect(errorOf('={{ (() => { throw new Error("custom") })() }}').message).toBe('custom');
    expect(errorOf('={{ (() => { throw "text" })() }}').message).toBe('text');
    expect(errorOf('={{ JSON.parse("{") }}').context.type).toBe('thrown');
  });
  it('refuse to return a function (n8n)', () => {
    expect(errorOf('={{ $json.list.map }}', { list: [] }).message).toBe('this is a function, please add ()');
    expect(errorOf('={{ DateTime }}').message).toBe('this is a DateTime, please access its methods');
    expect(errorOf('={{ $ }}', {}, undefined, { $: () => 1 }).message).toBe('Cannot access "$" without calling it as a function');
  });
  it('keep errors the engine throws on purpose as they are', () => {
    class EngineError extends Error {
      constructor(m: string) {
        super(m);
        this.name = 'ExpressionError';
      }
    }
    const scope = { get $json(): unknown { throw new EngineError('"node" node didn\'t get executed yet') } };
    expect(() => evaluateExpression('={{ $json.a }}', scope)).toThrow(EngineError);
    expect(() => evaluateExpression('={{ $json.a }}', scope, { mode: 'n8n' })).toThrow(EngineError);
  });
});

describe("n8n mode (n8n's backend error handling)", () => {
  const n8n = { mode: 'n8n' as const };
  it('reads unknown names as undefined', () => {
    expect(ev('={{ asdas }}', {}, n8n)).toBeUndefined();
    expect(ev('={{ nope ?? "fallback" }}', {}, n8n)).toBe('fallback');
  });
  it('turns errors in member/call segments into undefined, or "" inside text', () => {
    expect(ev('={{$json["contact"]["FirstName"]}}', { contact: null }, n8n)).toBeUndefined();
    expect(ev('={{ $json["data"]["errors"] && $json["data"]["errors"].length > 0 }}', { data: {} }, n8n)).toBeUndefined();
    expect(ev('=Hi {{ $json.a.b.c }}!', { a: {} }, n8n)).toBe('Hi !');
    expect(ev('={{ (() => { throw new Error("x") })() }}', {}, n8n)).toBeUndefined();
  });
  it('makes the template null for errors outside member/call segments', () => {
    expect(ev('={{ 1n + 1 }}', {}, n8n)).toBeNull();
  });
  it('still reports extension, syntax and limit errors', () => {
    expect(() => ev('={{ "abc".toNumber() }}', {}, n8n)).toThrow('cannot convert to number');
    expect(() => ev('={{ 1 + }}', {}, n8n)).toThrow('invalid syntax');
    expect(() => ev('={{ (() => { while (true) {} })() }}', {}, n8n)).toThrow('step limit');
  });
});
