// The JavaScript people write in expressions, evaluated like JavaScript.
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../src/model/expressions/index.ts';
import { ev, errorOf } from './helpers.ts';

describe('literals and operators', () => {
  it('evaluates literals, templates and arithmetic', () => {
    expect(ev('={{ 1 + 2 * 3 ** 2 }}')).toBe(19);
    expect(ev('={{ "a" + 1 }}')).toBe('a1');
    expect(ev('={{ `x${1 + 1}y${"z"}` }}')).toBe('x2yz');
    expect(ev('={{ 10n ** 3n }}')).toBe(1000n);
    expect(ev('={{ [1, , 3].length }}')).toBe(3);
    expect(ev('={{ 7 % 3 + (7 >> 1) + (1 << 3) + (5 & 3) + (5 | 2) + (5 ^ 1) + (~0) + (-8 >>> 28) }}')).toBe(1 + 3 + 8 + 1 + 7 + 4 - 1 + 15);
    expect(ev('={{ /a(b)/.exec("xab")[1] }}')).toBe('b');
  });
  it('compares and tests types', () => {
    expect(ev('={{ [1 == "1", 1 === "1", null == undefined, NaN !== NaN, 2 >= 2, "b" > "a"] }}')).toEqual([true, false, true, true, true, true]);
    expect(ev('={{ [typeof 1, typeof "", typeof undefinedThing, typeof null, typeof (() => 1), typeof $json] }}')).toEqual(['number', 'string', 'undefined', 'object', 'function', 'object']);
    expect(ev('={{ ["a" in $json, "z" in $json, [] instanceof Array, new Date(0) instanceof Date] }}', { a: 1 })).toEqual([true, false, true, true]);
    expect(ev('={{ void 0 }}')).toBeUndefined();
  });
  it('short-circuits logical, nullish and conditional operators', () => {
    expect(ev('={{ $json.a || "d" }}', { a: '' })).toBe('d');
    expect(ev('={{ $json.a ?? "d" }}', { a: 0 })).toBe(0);
    expect(ev('={{ $json.a && $json.a.b }}', { a: null })).toBeNull();
    expect(ev('={{ $json.a ? "yes" : "no" }}', { a: 1 })).toBe('yes');
    expect(ev('={{ (1, 2, 3) }}')).toBe(3);
  });
});

describe('members and calls', () => {
  it('reads members, computed keys and optional chains', () => {
    expect(ev('={{ $json["a b"].c[1] }}', { 'a b': { c: [5, 6] } })).toBe(6);
    expect(ev('={{ $json.x?.y.z }}', { x: null })).toBeUndefined();
    expect(ev('={{ $json.x?.y?.() }}', { x: {} })).toBeUndefined();
    expect(ev('={{ $json.f?.() ?? "none" }}')).toBe('none');
    expect(ev('={{ "abc".toUpperCase().split("") }}')).toEqual(['A', 'B', 'C']);
  });
  it('passes interpreter functions to host code (map, filter, sort, reduce, replace)', () => {
    expect(ev('={{ $json.items.map(i => i.price * 2).filter(Boolean) }}', { items: [{ price: 1 }, { price: 0 }, { price: 3 }] })).toEqual([2, 6]);
    expect(ev('={{ [3, 1, 2].sort((a, b) => b - a) }}')).toEqual([3, 2, 1]);
    expect(ev('={{ [1, 2, 3].reduce((s, x) => s + x, 10) }}')).toBe(16);
    expect(ev('={{ "a-b".replace(/-/g, m => "+") }}')).toBe('a+b');
    expect(ev('={{ [1, 2].map(function (x) { return this.k * x }, { k: 10 }) }}')).toEqual([10, 20]);
  });
  it('calls methods with the right this', () => {
    expect(ev('={{ ({ n: 2, f() { return this.n * 3 } }).f() }}')).toBe(6);
    expect(ev('={{ (function () { return this })() }}')).toBeUndefined();
    expect(ev('={{ this }}')).toBeUndefined();
  });
  it('constructs whitelisted classes', () => {
    expect(ev('={{ new Date(0).toISOString() }}')).toBe('1970-01-01T00:00:00.000Z');
    expect(ev('={{ new Map([["a", 1]]).get("a") }}')).toBe(1);
    expect(ev('={{ [...new Set([1, 1, 2])] }}')).toEqual([1, 2]);
    expect(ev('={{ new RegExp("a+", "g").test("caat") }}')).toBe(true);
    expect(ev('={{ new Error("boom").message }}')).toBe('boom');
    expect(ev('={{ new Array(3).fill(0) }}')).toEqual([0, 0, 0]);
    expect(ev('={{ new Intl.NumberFormat("en-US").format(1234.5) }}')).toBe('1,234.5');
  });
  it('uses whitelisted globals', () => {
    expect(ev('={{ [parseInt("12px"), parseFloat("1.5"), isNaN("x"), isFinite(1), encodeURIComponent("a b"), decodeURI("%20")] }}')).toEqual([12, 1.5, true, true, 'a%20b', ' ']);
    expect(ev('={{ Object.keys({ a: 1, b: 2 }) }}')).toEqual(['a', 'b']);
    expect(ev('={{ Object.entries({ a: 1 }) }}')).toEqual([['a', 1]]);
    expect(ev('={{ Object.fromEntries([["a", 1]]) }}')).toEqual({ a: 1 });
    expect(ev('={{ Object.assign({}, { a: 1 }, { b: 2 }) }}')).toEqual({ a: 1, b: 2 });
    expect(ev('={{ Array.isArray([]) && Array.from("ab").length === 2 && Array.of(1).length === 1 }}')).toBe(true);
    expect(ev('={{ JSON.parse(JSON.stringify({ a: [1] })) }}')).toEqual({ a: [1] });
    expect(ev('={{ Number.isInteger(5) && String.fromCharCode(65) === "A" && Math.round(2.5) === 3 }}')).toBe(true);
  });
});

describe('functions and statements', () => {
  it('runs arrow and function expressions with block bodies', () => {
    expect(ev('={{ (() => { let s = 0; for (const x of $json.list) s += x; return s; })() }}', { list: [1, 2, 3] })).toBe(6);
    expect(ev('={{ (function fact(n) { return n <= 1 ? 1 : n * fact(n - 1) })(5) }}')).toBe(120);
    expect(ev('={{ ((a, b = a * 2, ...rest) => [a, b, rest])(1, undefined, 3, 4) }}')).toEqual([1, 2, [3, 4]]);
    expect(ev('={{ (function () { return arguments.length })(1, 2, 3) }}')).toBe(3);
  });
  it('scopes var, let and const like JavaScript', () => {
    expect(ev('={{ (() => { var x = 1; { var x = 2; } return x })() }}')).toBe(2);
    expect(ev('={{ (() => { let x = 1; { let x = 2; } return x })() }}')).toBe(1);
    expect(ev('={{ (() => { const fs = []; for (let i = 0; i < 3; i++) fs.push(() => i); return fs.map(f => f()) })() }}')).toEqual([0, 1, 2]);
    expect(ev('={{ (() => { const fs = []; for (var i = 0; i < 3; i++) fs.push(() => i); return fs.map(f => f()) })() }}')).toEqual([3, 3, 3]);
    expect(ev('={{ (() => { const fs = []; for (const k of ["a", "b"]) fs.push(() => k); return fs.map(f => f()) })() }}')).toEqual(['a', 'b']);
    expect(ev('={{ (() => { return f(); function f() { return "hoisted" } })() }}')).toBe('hoisted');
    expect(errorOf('={{ (() => { x; let x = 1; })() }}').message).toBe("Cannot access 'x' before initialization");
    expect(errorOf('={{ (() => { const x = 1; x = 2; })() }}').message).toBe('Assignment to constant variable.');
  });
  it('runs if/else, loops, break/continue with labels, switch', () => {
    const code = `={{ (() => {
      const out = [];
      outer: for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) {
          if (j === 2) continue outer;
          if (i === 3) break outer;
          out.push(i + '' + j);
        }
      }
      let n = 0; while (true) { n++; if (n > 4) break; }
      let m = 0; do { m++ } while (m < 3);
      const keys = []; for (const k in { a: 1, b: 2 }) keys.push(k);
      let s;
      switch (n) { case 1: s = 'one'; break; case 5: s = 'five'; case 6: s += '!'; break; default: s = 'other' }
      if (m === 3) { out.push(s) } else { out.push('no') }
      return [out, n, m, keys];
    })() }}`;
    expect(ev(code)).toEqual([['00', '01', '10', '11', '20', '21', 'five!'], 5, 3, ['a', 'b']]);
  });
  it('throws, catches and runs finally', () => {
    expect(ev('={{ (() => { try { throw new Error("x") } catch (e) { return "caught " + e.message } })() }}')).toBe('caught x');
    expect(ev('={{ (() => { try { return 1 } finally { return 2 } })() }}')).toBe(2);
    expect(ev('={{ (() => { let log = []; try { log.push("t") } finally { log.push("f") } return log })() }}')).toEqual(['t', 'f']);
    expect(ev('={{ (() => { try { null.x } catch { return "type error caught" } })() }}')).toBe('type error caught');
    expect(ev('={{ (() => { try { undefinedName } catch (e) { return e instanceof ReferenceError } })() }}')).toBe(true);
  });
  it('destructures and spreads', () => {
    expect(ev('={{ (({ a, b: { c = 5 } = {}, ...rest }) => [a, c, rest])({ a: 1, d: 4 }) }}')).toEqual([1, 5, { d: 4 }]);
    expect(ev('={{ (() => { const [x, , y = 3, ...z] = [1, 2, undefined, 4, 5]; return [x, y, z] })() }}')).toEqual([1, 3, [4, 5]]);
    expect(ev('={{ (() => { let a = 1, b = 2; [a, b] = [b, a]; return [a, b] })() }}')).toEqual([2, 1]);
    expect(ev('={{ { ...$json, b: 2 } }}', { a: 1 })).toEqual({ a: 1, b: 2 });
    expect(ev('={{ [...$json.l, ..."ab"] }}', { l: [1] })).toEqual([1, 'a', 'b']);
    expect(ev('={{ Math.max(...[1, 5, 2]) }}')).toBe(5);
  });
  it('assigns to locals and to properties of plain data', () => {
    expect(ev('={{ (() => { const o = { n: 1 }; o.n += 2; o["m"] = o.n * 2; o.n++; delete o.x; return o })() }}')).toEqual({ n: 4, m: 6 });
    expect(ev('={{ (() => { let a = null; a ??= 1; a ||= 2; a &&= 3; return a })() }}')).toBe(3);
    expect(ev('={{ x = 5, x + 1 }}')).toBe(6); // n8n keeps undeclared assignments per evaluation
  });
  it('handles the n8n examples from the brief', () => {
    expect(ev('={{ $node["Set"].json.id }}', {}, undefined, { $node: { Set: { json: { id: 7 } } } })).toBe(7);
    expect(ev("={{ $('Code').item.json.id }}", {}, undefined, { $: (name: string) => ({ item: { json: { id: name } } }) })).toBe('Code');
    expect(ev("={{ JSON.stringify($('X').all()) }}", {}, undefined, { $: () => ({ all: () => [{ json: { a: 1 } }] }) })).toBe('[{"json":{"a":1}}]');
  });
  it('rejects constructs that are not supported with clear errors', () => {
    expect(errorOf('={{ (async () => 1)() }}').message).toBe('async functions are not supported in expressions');
    expect(errorOf('={{ String.raw`a` }}').message).toBe('Tagged templates are not supported in expressions');
    expect(errorOf('={{ class A {} }}').message).toBe('invalid syntax');
    expect(errorOf('={{ ({ get x() { return 1 } }) }}').message).toContain('Getters and setters are not supported');
  });
});

describe('scope resolution', () => {
  it('reads scope variables through getters and prototypes', () => {
    const base = {};
    Object.defineProperty(base, '$json', { get: () => ({ v: 'from getter' }), enumerable: true });
    const scope = Object.create(base) as Record<string, unknown>;
    expect(evaluateExpression('={{ $json.v }}', scope)).toBe('from getter');
    expect(errorOf('={{ $json.v.x }}').message).toBe("Cannot read properties of undefined (reading 'x')");
  });
  it('scope wins over globals; unknown names fail (strict) or read undefined (n8n)', () => {
    expect(ev('={{ Math }}', {}, undefined, { Math: 'mine' })).toBe('mine');
    expect(errorOf('={{ nope }}').message).toBe('nope is not defined');
    expect(ev('={{ nope }}', {}, { mode: 'n8n' })).toBeUndefined();
    expect(ev('={{ toString }}', {}, { mode: 'n8n' })).toBeUndefined();
  });
});
