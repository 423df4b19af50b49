// The evaluator is a security boundary: none of these payloads may reach the host. Each must
// fail with an ExpressionError, and afterwards the host's built-ins must be unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { ExpressionError, evaluateExpression } from '../../src/model/expressions/index.ts';

const scope = () => ({ $json: { a: 1, name: 'x', list: [1, 2] }, $now: DateTime.now(), DateTime });

const PAYLOADS: string[] = [
  // constructor chains
  "''.constructor.constructor('return process')()",
  "[].map.constructor('return process')()",
  "(() => {}).constructor('return this')()",
  '$json.constructor',
  '$json.constructor.name',
  "Math.max.constructor('return process')()",
  "(x => x).bind(null).constructor('return process')()",
  "$json['constr' + 'uctor']",
  "({})[['constructor']]",
  // prototypes
  'Object.getPrototypeOf({})',
  '({}).__proto__',
  '({}).__proto__.polluted = 1',
  "$json['__pro' + 'to__'].polluted = 1",
  'Object.assign(Object.prototype, { polluted: 1 })',
  'Array.prototype.push = 1',
  "Object.assign({}, JSON.parse('{\"__proto__\": {\"polluted\": 1}}')).__proto__.polluted",
  'String.prototype.toUpperCase = () => "pwned"',
  // this / global object
  'globalThis',
  'this.constructor',
  '(function () { return this })().process',
  'window.location',
  'global.process',
  'self',
  // arguments / caller / callee
  '(function () { return arguments.callee.caller })()',
  '(() => {}).caller',
  '(function f() { return f.arguments })()',
  // accessor machinery
  "Object.defineProperty({}, 'x', { get: () => 1 })",
  "({}).__defineGetter__('x', () => 1)",
  "({}).__lookupGetter__('__proto__')",
  "Object.getOwnPropertyDescriptor(Object.prototype, '__proto__')",
  '({ get x() { return 1 } })',
  // key smuggling through conversions
  "$json[{ toString: () => 'constr' + 'uctor' }]",
  "$json[{ toString: null, valueOf: () => '__proto__' }]",
  "$json[{ [Symbol.toPrimitive]: () => 'constructor' }]",
  // stack-trace and regex internals
  'Error.prepareStackTrace = (e, s) => s[0].getThis()',
  'Error.captureStackTrace({})',
  "/a/.compile('b')",
  'RegExp.$1',
  'RegExp.prototype.compile',
  // code loading and host powers
  "import('fs')",
  "require('child_process').execSync('id')",
  'process.mainModule.require("fs")',
  'process.env',
  "eval('1 + 1')",
  "Function('return process')()",
  "new (Object.getPrototypeOf(async function () {}).constructor)('return process')()",
  '(function* () {}).constructor',
  "(s => s.raw)`payload`",
  "Reflect.ownKeys({})",
  'new Proxy({}, {})',
  'WebAssembly.Module',
  'new SharedArrayBuffer(8)',
  'Atomics.wait',
  'setTimeout(() => 1, 0)',
  "fetch('http://127.0.0.1')",
  // shared built-ins
  'Math.random = () => 4',
  'JSON.parse = () => 1',
  'Object.freeze(Math)',
  '[].push.call(Math, 1)',
  "DateTime.DATE_SHORT.month = 'long'",
  // host object internals (luxon keeps shared locale caches there)
  '$now.loc',
  'DateTime.now().loc.monthsCache',
  'Object.values(DateTime.now())',
  '({ ...DateTime.now() })',
  // with / class escapes
  'Intl.NumberFormat.prototype',
  'DateTime.prototype',
];

const protoNames = (o: object) => Object.getOwnPropertyNames(o).sort().join(',');
let before: Record<string, string>;
const snapshot = () => ({
  object: protoNames(Object.prototype),
  array: protoNames(Array.prototype),
  string: protoNames(String.prototype),
  function: protoNames(Function.prototype),
  math: protoNames(Math),
  json: protoNames(JSON),
  regexp: protoNames(RegExp.prototype),
  dateShort: JSON.stringify(DateTime.DATE_SHORT),
  mathRandom: String(Math.random === Math.random),
});

beforeAll(() => {
  before = snapshot();
});

describe('isolation payloads', () => {
  it('has at least 25 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(25);
  });
  for (const payload of PAYLOADS) {
    it(`refuses ${payload}`, () => {
      let error: unknown;
      try {
        evaluateExpression(`={{ ${payload} }}`, scope());
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ExpressionError);
    });
  }

  it('also refuses them in n8n mode (security errors are never swallowed)', () => {
    for (const payload of ["''.constructor.constructor('return process')()", '({}).__proto__.polluted = 1', 'Object.getPrototypeOf({})', 'Math.random = () => 4']) {
      expect(() => evaluateExpression(`={{ ${payload} }}`, scope(), { mode: 'n8n' })).toThrow(ExpressionError);
    }
  });

  it('uses n8n wording for blocked names', () => {
    expect(() => evaluateExpression('={{ $json.constructor }}', scope())).toThrow('Cannot access "constructor" due to security concerns');
    expect(() => evaluateExpression("={{ $json['__pro' + 'to__'] }}", scope())).toThrow('Cannot access "__proto__" due to security concerns');
  });

  it('converts a computed key once, so a changing toString cannot swap names', () => {
    const v = evaluateExpression("={{ (() => { let n = 0; const k = { toString: () => (n++ ? 'constructor' : 'a') }; return $json[k] })() }}", scope());
    expect(v).toBe(1);
  });

  it('keeps JSON __proto__ keys as plain data when merging', () => {
    const r = evaluateExpression("={{ (() => { const t = Object.assign({}, JSON.parse('{\"__proto__\": {\"polluted\": 1}}')); const u = { ...JSON.parse('{\"__proto__\": {\"polluted\": 2}}') }; return [t.polluted, u.polluted, Object.keys(t)] })() }}", scope());
    expect(r).toEqual([undefined, undefined, ['__proto__']]);
  });

  it('creates an own property for __proto__ in object literals', () => {
    const r = evaluateExpression('={{ ({ __proto__: { polluted: 1 } }).polluted }}', scope());
    expect(r).toBeUndefined();
    const o = evaluateExpression('={{ ({ ["__proto__"]: 5, a: 1 }) }}', scope()) as object;
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(Object.keys(o)).toEqual(['__proto__', 'a']);
  });

  it('never lets user code catch a security error', () => {
    expect(() => evaluateExpression("={{ (() => { try { return ({}).__proto__ } catch (e) { return 'caught' } })() }}", scope())).toThrow(ExpressionError);
  });

  it('hands interpreter functions a this of undefined, never the global object', () => {
    expect(evaluateExpression('={{ [1].map(function () { return this })[0] }}', scope())).toBeUndefined();
  });
});

afterAll(() => {
  const after = snapshot();
  expect(after).toEqual(before);
  expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect((Array.prototype as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(Math.random()).toBeLessThan(1);
  expect(''.toUpperCase.call('a')).toBe('A');
});

describe('cyclic data', () => {
  it('ends in an error or a value, never a hang', () => {
    for (const code of ['(() => { const a = []; a.push(a); return a.flat(Infinity) })()', '(() => { const a = []; a.push(a); return JSON.stringify(a) })()', '(() => { const o = {}; o.o = o; return [o].compact() })()', '(() => { const a = [1]; a.push(a); return String(a) })()']) {
      const t0 = performance.now();
      try {
        evaluateExpression(`={{ ${code} }}`, scope());
      } catch (e) {
        expect(e).toBeInstanceOf(ExpressionError);
      }
      expect(performance.now() - t0).toBeLessThan(3000);
    }
  });
});
