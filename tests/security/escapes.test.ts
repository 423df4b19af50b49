// The escape suite: published sandbox escapes and abuse payloads run through the real path
// (runWorkflow with the built-in nodes: Code / Function / Function Item in the QuickJS sandbox,
// expressions through node parameters). For each: the host is untouched (prototypes, globals,
// process, env, a canary file), the run ends within a bound with a clear error or a harmless
// result, and the payload demonstrably ran (its own output or its specific error is asserted).
//
// Sources: vm2 advisories GHSA-cchq-frgv-rjh5 (CVE-2023-37466, Promise species), GHSA-7jxr-
// cg7f-gpgv (CVE-2023-29017, prepareStackTrace), GHSA-whpj-8f3w-67p5 (CVE-2023-32314, Proxy
// apply args), GHSA-ch3r-j5x3-6q2m (CVE-2023-30547, getPrototypeOf in exception handling),
// GHSA-g644-9gfx-q4q4 (CVE-2023-37903, inspect.custom), CVE-2022-25893 (WeakMap.prototype),
// GHSA-x6m4-chr9-cg97 (host paths in stacks), GHSA-r4fx-v8hh-22mv (FinalizationRegistry);
// n8n: GHSA-v98v-ff95-f3cp (CVE-2025-68613, payload shape from the public nuclei template and
// the template-literal bypass noted on the advisory), JFrog's CVE-2026-1470 PoC (`with`),
// CVE-2026-25049 from its published description (sanitiser bypass through destructuring /
// non-string keys, reachable from webhook data) — no PoC text for it was available.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IDataObject } from '../../src/model/workflow.ts';
import type { IConnections } from '../../src/model/workflow.ts';
import {
  CANARY_ENV,
  CANARY_SECRET,
  assertHostUntouched,
  canaryFile,
  code,
  createCanaryDir,
  everythingSaid,
  execute,
  fn,
  fnItem,
  hostSnapshot,
  removeCanaryDir,
  runCodeNode,
  setField,
  trigger,
  workflow,
  type NodeSpec,
  type Outcome,
} from './harness.ts';

const FILE = JSON.stringify(canaryFile);
const ENV = JSON.stringify(CANARY_ENV);
/**
 * JS that evaluates `expr` (a would-be `process`), tries to use it (canary file + env) and
 * evaluates to what it got: 'blocked: <error>' when reaching it threw, else its type.
 */
const useProcess = (expr: string) =>
  `(() => { let p; try { p = ${expr}; } catch (e) { return 'blocked: ' + e.message; } if (p && p.mainModule) p.mainModule.require('fs').writeFileSync(${FILE}, 'x'); if (p && p.env) return String(p.env[${ENV}]); return typeof p; })()`;
/** What useProcess gives when only the VM's own Function was reached: it has no `process`. */
const NO_PROCESS = "blocked: 'process' is not defined";

interface Payload {
  id: string;
  /** What it tries. */
  tries: string;
  run: () => Promise<Outcome>;
  check: (o: Outcome) => void;
  /** Wall-clock bound for the whole run, ms. */
  within?: number;
  /**
   * A weakness outside the sandbox (in a node this suite does not own): the host canaries are
   * still checked, `check` runs as an expected failure until the owner fixes it.
   */
  knownIssue?: string;
}

const got = (o: Outcome, node = 'Code') => o.out(node)?.[0];
const failedWith = (o: Outcome, pattern: RegExp) => {
  expect(o.status, `expected an error, got ${JSON.stringify(o.out('Code') ?? o.run.data.resultData.runData)}`.slice(0, 300)).toBe('error');
  expect(o.error).toMatch(pattern);
};

// --- Code node: published vm2 escapes ------------------------------------------------------

const VM2: Payload[] = [
  {
    id: 'vm2 CVE-2023-37466 Promise species + stack exhaustion',
    tries: 'a rejected async function whose constructor[Symbol.species] executor gets the host error and climbs to Function',
    run: () =>
      runCodeNode(
        `async function f() { (function stack() { new Error().stack; stack(); })(); }
         const p = f();
         p.constructor = { [Symbol.species]: class FakePromise { constructor(executor) { executor((x) => x, (err) => { globalThis.got = ${useProcess("err.constructor.constructor('return process')()")}; }); } } };
         p.then();
         await new Promise((r) => setTimeout(r, 0));
         return [{ got: globalThis.got }];`,
        { limits: { codeTimeoutMs: 1000 } },
      ),
    // The stack walk is quadratic in QuickJS: it either finishes (only the VM's own Function is
    // reachable) or runs out of time, never past the kill bound.
    check: (o) => (o.status === 'error' ? expect(o.error).toMatch(/timed out|stack overflow/) : expect(got(o)).toEqual({ got: NO_PROCESS })),
    within: 5000,
  },
  {
    id: 'vm2 CVE-2023-37466 Promise species (no stack exhaustion)',
    tries: 'Symbol.species executor reaching err.constructor.constructor',
    run: () =>
      runCodeNode(`const p = Promise.reject(new Error('x'));
        p.constructor = { [Symbol.species]: class FakePromise { constructor(executor) { executor((x) => x, (err) => { globalThis.got = ${useProcess("err.constructor.constructor('return process')()")}; }); } } };
        p.then();
        await new Promise((r) => setTimeout(r, 0));
        return [{ got: globalThis.got }];`),
    check: (o) => expect(got(o)).toEqual({ got: NO_PROCESS }),
  },
  {
    id: 'vm2 CVE-2023-29017 Error.prepareStackTrace',
    tries: 'a prepareStackTrace hook receiving host CallSites, plus the AsyncFunction constructor',
    run: () =>
      runCodeNode(`Error.prepareStackTrace = (e, frames) => { globalThis.hook = true; ${useProcess("frames.constructor.constructor('return process')()")}; return frames; };
        const viaAsync = await (async () => {}).constructor('return typeof process')();
        const stack = new Error('x').stack;
        return [{ hook: globalThis.hook === true, stackType: typeof stack, viaAsync }];`),
    check: (o) => expect(got(o)).toEqual({ hook: false, stackType: 'string', viaAsync: 'undefined' }),
  },
  {
    id: 'vm2 CVE-2023-32314 Proxy apply args (error name toString)',
    tries: "the args array of a Proxy apply trap called while the host formats the thrown error's name",
    run: () =>
      runCodeNode(`const err = new Error('boom');
        err.name = { toString: new Proxy(() => '', { apply(target, thiz, args) { globalThis.calls = (globalThis.calls || 0) + 1; throw ${useProcess("args.constructor.constructor('return process')()")}; } }) };
        try { err.stack; } catch (e) { globalThis.early = String(e); }
        throw err;`),
    // The host reads the name through a guarded describe inside the VM: the trap's throw is
    // swallowed there and the run fails with the plain message.
    check: (o) => {
      failedWith(o, /^boom$/);
    },
  },
  {
    id: 'vm2 CVE-2023-30547 getPrototypeOf trap in exception handling',
    tries: 'throwing a Proxy whose getPrototypeOf exhausts the stack, then destructuring constructor from the catch',
    run: () =>
      runCodeNode(`const proxied = new Proxy({}, { getPrototypeOf() { (function stack() { new Error().stack; stack(); })(); } });
        try { throw proxied; } catch ({ constructor: c }) { return [{ got: ${useProcess("c.constructor('return process')()")} }]; }`),
    check: (o) => expect(got(o)).toEqual({ got: NO_PROCESS }),
  },
  {
    id: 'vm2 CVE-2023-37903 inspect.custom',
    tries: 'a nodejs.util.inspect.custom function handed to console.log, String() and a thrown value',
    run: () =>
      runCodeNode(`const obj = { [Symbol.for('nodejs.util.inspect.custom')]: (depth, opt, inspect) => { globalThis.inspected = ${useProcess("inspect && inspect.constructor('return process')()")}; }, valueOf: undefined, constructor: undefined };
        console.log(obj);
        try { String(obj); } catch (e) {}
        return [{ inspected: globalThis.inspected === undefined ? 'never called' : globalThis.inspected, wasm: typeof WebAssembly }];`),
    check: (o) => expect(got(o)).toEqual({ inspected: 'never called', wasm: 'undefined' }),
  },
  {
    id: 'vm2 __lookupGetter__ / __proto__ getter',
    tries: "({}).__lookupGetter__('__proto__') to reach a constructor and Function",
    run: () => runCodeNode(`const g = ({}).__lookupGetter__('__proto__'); const F = g.call(g).constructor.constructor; return [{ got: ${useProcess("F('return process')()")} }];`),
    check: (o) => expect(got(o)).toEqual({ got: NO_PROCESS }),
  },
  {
    id: 'vm2 CVE-2022-25893 WeakMap.prototype override',
    tries: 'replacing WeakMap/Map/JSON built-ins the sandbox machinery might use, and polluting the VM Object.prototype',
    run: () =>
      runCodeNode(`WeakMap.prototype.get = () => ({ process: 1 }); WeakMap.prototype.set = () => { globalThis.hit = true; };
        Map.prototype.get = () => 'x'; Object.prototype.polluted = 'in-vm'; Array.prototype.toJSON = () => 'hijacked';
        JSON.parse = () => ({ hijacked: true });
        return [{ a: 1, hit: globalThis.hit === true }];`),
    // The result is serialised with the JSON.stringify taken before the code ran; toJSON on
    // arrays still applies (it is data-level), so the item list itself is replaced.
    check: (o) => {
      failedWith(o, /Code doesn't return items properly/);
    },
  },
  {
    id: 'vm2 GHSA-r4fx FinalizationRegistry callback',
    tries: 'a cleanup callback that loops forever, registered before returning',
    run: () =>
      runCodeNode(`const r = new FinalizationRegistry(() => { while (true) {} });
        for (let i = 0; i < 1000; i++) r.register({ big: new Array(100).fill(i) }, i);
        return [{ done: true }];`),
    check: (o) => expect(got(o)).toEqual({ done: true }),
  },
  {
    id: 'Proxy getOwnPropertyDescriptor / ownKeys of the global object',
    tries: "listing every own key of the VM's global object for host objects or bridge handles",
    run: () => runCodeNode(`return [{ keys: Reflect.ownKeys(globalThis).map(String) }];`),
    check: (o) => {
      const keys = got(o)?.keys as string[];
      expect(keys).toContain('$input');
      for (const k of ['process', 'require', 'module', 'Buffer', 'WebAssembly', 'Atomics', '__host', '__console', '__ctx', '__setItem', '__staticData', 'luxon', 'fetch', 'global']) {
        expect(keys, k).not.toContain(k);
      }
    },
  },
];

// --- Code node: reaching the worker's Node APIs and the bridge ------------------------------

const NODE_APIS: Payload[] = [
  {
    id: 'constructor chain this.constructor.constructor',
    tries: "Function('return process') from this, a function and an arrow",
    run: () =>
      runCodeNode(`return [{ a: ${useProcess("this.constructor.constructor('return process')()")}, b: ${useProcess("(() => {}).constructor('return process')()")}, c: ${useProcess("Function('return globalThis.process')()")} }];`),
    check: (o) => expect(got(o)).toEqual({ a: NO_PROCESS, b: NO_PROCESS, c: 'undefined' }),
  },
  {
    id: 'require',
    tries: "require('child_process') to touch the canary file",
    run: () => runCodeNode(`require('child_process').execSync('touch ' + ${FILE}); return [];`),
    check: (o) => failedWith(o, /'require' is not defined/),
  },
  {
    id: 'process.env',
    tries: 'reading the canary environment variable',
    run: () => runCodeNode(`return [{ v: process.env[${ENV}] }];`),
    check: (o) => failedWith(o, /'process' is not defined/),
  },
  {
    id: 'dynamic import',
    tries: "import('fs') and import('node:child_process')",
    run: () => runCodeNode(`const fs = await import('node:fs'); fs.writeFileSync(${FILE}, 'x'); return [];`),
    check: (o) => failedWith(o, /could not load module/),
  },
  {
    id: 'this / globalThis leaks',
    tries: 'sloppy-mode this, indirect eval, new Function and globalThis agree and hold no host object',
    run: () =>
      runCodeNode(`const g = [this, (function () { return this; })(), (0, eval)('this'), new Function('return this')(), globalThis];
        return [{ same: g.every((x) => x === globalThis), proc: typeof globalThis.process, req: typeof globalThis.require, wasm: typeof WebAssembly, atomics: typeof Atomics }];`),
    check: (o) => expect(got(o)).toEqual({ same: true, proc: 'undefined', req: 'undefined', wasm: 'undefined', atomics: 'undefined' }),
  },
  {
    id: 'network and environment globals',
    tries: 'fetch, XMLHttpRequest, WebSocket, $env and navigator in a Code node',
    run: () =>
      runCodeNode(`return [{ fetch: typeof fetch, xhr: typeof XMLHttpRequest, ws: typeof WebSocket, env: typeof $env, nav: typeof navigator, worker: typeof Worker, imp: typeof importScripts }];`),
    check: (o) => expect(got(o)).toEqual({ fetch: 'undefined', xhr: 'undefined', ws: 'undefined', env: 'undefined', nav: 'undefined', worker: 'undefined', imp: 'undefined' }),
  },
  {
    id: 'SharedArrayBuffer / Atomics against the bridge',
    tries: "a SharedArrayBuffer of the VM's own and Atomics.wait to block or forge the bridge state",
    run: () =>
      runCodeNode(`const sab = new SharedArrayBuffer(16); const view = new Int32Array(sab); view[0] = 1;
        let waited = 'no Atomics'; if (typeof Atomics !== 'undefined') { try { waited = Atomics.wait(view, 0, 1, 10); } catch (e) { waited = e.message; } }
        return [{ bytes: sab.byteLength, waited, all: $('Trigger').all().length }];`),
    check: (o) => expect(got(o)).toEqual({ bytes: 16, waited: 'no Atomics', all: 1 }),
  },
  {
    id: 'forged bridge calls',
    tries: 'replacing JSON.stringify so the prelude sends crafted ops and arguments to the host',
    run: () =>
      runCodeNode(`const real = JSON.stringify; const attempts = [];
        const tryWith = (text, call) => { JSON.stringify = () => text; try { attempts.push(String(call())); } catch (e) { attempts.push(e.message); } finally { JSON.stringify = real; } };
        tryWith('{"length": 1e9}', () => $('Trigger').all());
        tryWith('["Trigger", "__proto__", "constructor"]', () => $('Trigger').first());
        tryWith('[{"toString": 1}]', () => $('Trigger').isExecuted);
        tryWith('["Trigger", -1]', () => $('Trigger').item);
        tryWith('["Trigger", 1e300]', () => $node['Trigger'].json);
        tryWith('[' + '['.repeat(5000) + ']'.repeat(5000) + ']', () => $('Trigger').all());
        return [{ attempts }];`),
    check: (o) =>
      expect(got(o)?.attempts).toEqual([
        'Invalid arguments for a data lookup',
        'An output or run index must be a whole number (-1 for the last run)',
        'A node name must be a string',
        'An item index must be a whole number of 0 or more',
        'An item index must be a whole number of 0 or more',
        'A node name must be a string',
      ]),
  },
  {
    id: 'huge bridge argument',
    tries: 'a 2 MB argument to a data lookup ($evaluateExpression)',
    run: () => runCodeNode(`return [{ v: $evaluateExpression('{{ 1 }}' + ' '.repeat(2e6)) }];`),
    check: (o) => failedWith(o, /arguments of a data lookup are too large \(\d+ characters, at most 1000000\)/),
  },
  {
    id: 'expression escape through $evaluateExpression',
    tries: 'CVE-2025-68613 payload evaluated on the host by the Code node bridge',
    run: () => runCodeNode(`return [{ v: $evaluateExpression("{{ this.constructor.constructor('return process')().env }}") }];`),
    check: (o) => failedWith(o, /Cannot access "constructor" due to security concerns/),
  },
  {
    id: 'Intl shim forged ids and options',
    tries: 'calling host Intl formatters with forged ids, methods and option objects',
    run: () =>
      runCodeNode(`const out = [];
        const attempt = (f) => { try { out.push(String(f())); } catch (e) { out.push(e.message); } };
        attempt(() => Intl.DateTimeFormat.prototype.format.call({ __id: 1e9 }, 0));
        attempt(() => Intl.NumberFormat.prototype.format.call({ __id: 1 }, 1));
        attempt(() => new Intl.NumberFormat('en', { style: { toString() { return 'currency'; } } }).format(1));
        attempt(() => DateTime.fromMillis(0, { zone: 'UTC' }).toFormat('yyyy'));
        return [{ out }];`),
    check: (o) => expect(got(o)?.out).toEqual(['Unknown Intl formatter', 'Unknown Intl formatter', '1', '1970']),
  },
];

// --- Prototype pollution of the host through returned data ----------------------------------

const POLLUTE_JSON = `JSON.parse('[{"json": {"__proto__": {"polluted": 1, "isAdmin": true}, "constructor": {"prototype": {"polluted": 2}}, "a": 1}}]')`;
const mergeByPosition = (name: string): NodeSpec => ({ name, type: 'n8n-nodes-base.merge', typeVersion: 3, parameters: { mode: 'combine', combineBy: 'combineByPosition', options: {} } });

const POLLUTION: Payload[] = [
  {
    id: '__proto__ keys in returned JSON → Set (keep all fields)',

    tries: 'returning items whose json has own "__proto__" and constructor.prototype keys, then copying them in Set',
    run: () => execute(workflow([trigger(), code(`return ${POLLUTE_JSON};`), setField('b', '={{ $json.a + 1 }}', 'number')])),
    check: (o) => {
      const item = o.out('Set')?.[0] as IDataObject;
      expect(item.b).toBe(2);
      expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
      expect((item as { polluted?: unknown }).polluted).toBeUndefined();
    },
  },
  {
    id: '__proto__ keys → Merge (combine by position, deep merge)',
    tries: 'deep-merging two items that both carry __proto__ / constructor.prototype keys',
    run: () =>
      execute(
        workflow([trigger(), code(`return ${POLLUTE_JSON};`, 'runOnceForAllItems', 'A'), code(`return ${POLLUTE_JSON};`, 'runOnceForAllItems', 'B'), mergeByPosition('Merge')], {
          Trigger: { main: [[{ node: 'A', type: 'main', index: 0 }, { node: 'B', type: 'main', index: 0 }]] },
          A: { main: [[{ node: 'Merge', type: 'main', index: 0 }]] },
          B: { main: [[{ node: 'Merge', type: 'main', index: 1 }]] },
        } as IConnections),
      ),
    check: (o) => {
      const item = o.out('Merge')?.[0] as IDataObject;
      expect(item.a).toBe(1);
      expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    },
  },
  {
    id: 'Set field names __proto__.polluted / constructor.prototype.polluted',
    tries: 'dot-notation field names that walk into prototypes',
    run: () =>
      execute(
        workflow([
          trigger(),
          setField('__proto__.polluted', 'yes', 'string', 'Set1'),
          setField('constructor.prototype.polluted', 'yes', 'string', 'Set2'),
          setField('__proto__', '={{ { "polluted": "yes" } }}', 'object', 'Set3'),
        ]),
      ),
    check: (o) => {
      expect(o.status).toBe('success');
      expect(Object.getPrototypeOf(o.out('Set3')?.[0])).toBe(Object.prototype);
    },
  },
  {
    id: 'Rename Keys to __proto__',

    tries: 'renaming a key (plain and by regex) to __proto__ so the item json gets a chosen prototype',
    run: () =>
      execute(
        workflow([
          trigger(),
          code(`return [{ json: { a: { polluted: 1 }, b: { polluted: 2 } } }];`),
          {
            name: 'Rename',
            type: 'n8n-nodes-base.renameKeys',
            typeVersion: 1,
            parameters: {
              keys: { key: [{ currentKey: 'a', newKey: '__proto__' }] },
              additionalOptions: { regexReplacement: { replacements: [{ searchRegex: '^b$', replaceRegex: '__proto__' }] } },
            },
          },
        ]),
      ),
    check: (o) => {
      const item = o.out('Rename')?.[0];
      expect(item).toBeDefined();
      expect((item as { polluted?: unknown }).polluted).toBeUndefined();
    },
  },
  {
    id: 'static data __proto__ (old globalThis.__staticData hook and nested keys)',
    tries: "replacing the sandbox's static data with a JSON object holding __proto__, and writing __proto__ into $getWorkflowStaticData",
    run: async () => {
      const staticData: IDataObject = {};
      const o = await execute(
        workflow([
          trigger(),
          code(`globalThis.__staticData = JSON.parse('{"__proto__": {"polluted": 1}}');
            const g = $getWorkflowStaticData('global');
            Object.assign(g, JSON.parse('{"__proto__": {"polluted": 2}, "count": 1}'));
            Object.defineProperty(g, '__proto__', { value: { polluted: 3 }, enumerable: true });
            return [{ ok: true }];`),
        ]),
        { staticData },
      );
      expect(Object.getPrototypeOf(staticData)).toBe(Object.prototype);
      expect((staticData as { polluted?: unknown }).polluted).toBeUndefined();
      const global = staticData.global as IDataObject;
      expect(Object.getPrototypeOf(global)).toBe(Object.prototype);
      expect((global as { polluted?: unknown }).polluted).toBeUndefined();
      expect(global.count).toBe(1);
      return o;
    },
    check: (o) => expect(got(o)).toEqual({ ok: true }),
  },
  {
    id: '__proto__ keys in input items stay data inside the VM',
    tries: 'input items with a "__proto__" key handed to the next Code node (an object literal would set the prototype)',
    run: () =>
      execute(
        workflow([
          trigger(),
          code(`return [{ json: JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}') }];`, 'runOnceForAllItems', 'Source'),
          code(`const j = $json; return { keys: Object.keys(j), protoIsObject: Object.getPrototypeOf(j) === Object.prototype, polluted: j.polluted === undefined ? 'no' : 'yes' };`, 'runOnceForEachItem'),
        ]),
      ),
    check: (o) => expect(got(o)).toEqual({ keys: ['__proto__', 'a'], protoIsObject: true, polluted: 'no' }),
  },
];

// --- Legacy Function / Function Item ---------------------------------------------------------

const LEGACY: Payload[] = [
  {
    id: 'Function node constructor chain and globals',
    tries: 'reaching process/require from the legacy Function node',
    run: () => execute(workflow([trigger(), fn(`return [{ json: { got: ${useProcess("this.constructor.constructor('return process')()")}, req: typeof require, glob: typeof global } }];`)])),
    check: (o) => expect(got(o, 'Function')).toEqual({ got: NO_PROCESS, req: 'undefined', glob: 'undefined' }),
  },
  {
    id: 'Function Item pollution through item.__proto__',
    tries: 'writing through the item json prototype in the per-item legacy node',
    run: () => execute(workflow([trigger(), fnItem(`item.__proto__.polluted = 'yes'; item.constructor.prototype.isAdmin = true; item.seen = ({}).polluted; return item;`)])),
    check: (o) => expect(got(o, 'Function Item')).toEqual({ seen: 'yes' }),
  },
  {
    id: 'Function Item that never returns',
    tries: 'an endless loop in the per-item legacy node',
    run: () => execute(workflow([trigger(), fnItem(`while (true) {}`)]), { limits: { codeTimeoutMs: 500 } }),
    check: (o) => failedWith(o, /Code execution timed out after 500 ms/),
    within: 4000,
  },
];

// --- Time, memory and size ---------------------------------------------------------------------

const LIMITS: Payload[] = [
  {
    id: 'infinite loop',
    tries: 'while (true) {}',
    run: () => runCodeNode('while (true) {}', { limits: { codeTimeoutMs: 500 } }),
    check: (o) => failedWith(o, /^Code execution timed out after 500 ms$/),
    within: 4000,
  },
  {
    id: 'catastrophic regex',
    tries: 'exponential backtracking inside the native regex engine',
    run: () => runCodeNode(`return [{ v: /^(a+)+$/.test('a'.repeat(40) + 'b') }];`, { limits: { codeTimeoutMs: 500 } }),
    check: (o) => failedWith(o, /timed out after 500 ms/),
    within: 4000,
  },
  {
    id: 'deep recursion',
    tries: 'unbounded recursion',
    run: () => runCodeNode('function f(n) { return f(n + 1) + 1; } return [{ v: f(0) }];'),
    check: (o) => failedWith(o, /stack overflow/),
  },
  {
    id: 'promise that never settles',
    tries: 'await new Promise(() => {})',
    run: () => runCodeNode('await new Promise(() => {}); return [];'),
    check: (o) => failedWith(o, /^The code returned a promise that never resolves$/),
  },
  {
    id: 'microtask flood',
    tries: 'a promise chain that re-queues itself forever',
    run: () => runCodeNode('const f = () => Promise.resolve().then(f); f(); await new Promise(() => {});', { limits: { codeTimeoutMs: 500 } }),
    check: (o) => failedWith(o, /timed out after 500 ms/),
    within: 4000,
  },
  {
    id: 'timer flood',
    tries: '50,000 pending timers',
    run: () => runCodeNode('for (let i = 0; i < 50000; i++) setTimeout(() => {}, 1e9); return [];'),
    check: (o) => failedWith(o, /^Too many pending timers \(at most 10000\)$/),
  },
  {
    id: 'memory bomb: string doubling',
    tries: "s += s until it fails",
    run: () => runCodeNode("let s = 'x'; for (;;) s += s;", { limits: { codeTimeoutMs: 5000 } }),
    check: (o) => failedWith(o, /^(string too long|Code ran out of memory \(limit 128 MB\))$/),
    within: 8000,
  },
  {
    id: 'memory bomb: objects',
    tries: 'an array of ever more small objects',
    run: () => runCodeNode('const a = []; for (;;) a.push({ x: a.length, y: "abc" + a.length });', { limits: { codeTimeoutMs: 10_000 } }),
    check: (o) => failedWith(o, /Code ran out of memory \(limit 128 MB\)/),
    within: 14_000,
  },
  {
    id: 'memory bomb: typed arrays',
    tries: '8 MB Float64Arrays until memory is gone, and one 2 GB ArrayBuffer',
    run: () => runCodeNode('try { new ArrayBuffer(2 ** 31); } catch (e) { globalThis.first = e.message; } const a = []; for (;;) a.push(new Float64Array(1e6));', { limits: { codeTimeoutMs: 5000 } }),
    check: (o) => failedWith(o, /Code ran out of memory \(limit 128 MB\)/),
    within: 8000,
  },
  {
    id: 'memory bomb: Map',
    tries: 'a Map with ever more string keys',
    run: () => runCodeNode('const m = new Map(); for (let i = 0; ; i++) m.set("k" + i, [i]);', { limits: { codeTimeoutMs: 10_000 } }),
    check: (o) => failedWith(o, /Code ran out of memory \(limit 128 MB\)/),
    within: 14_000,
  },
  {
    id: 'memory limit set lower',
    tries: 'an object bomb with codeMemoryBytes at 16 MB',
    run: () => runCodeNode('const a = []; for (;;) a.push({ x: a.length });', { limits: { codeMemoryBytes: 16 * 1024 * 1024 } }),
    check: (o) => failedWith(o, /^Code ran out of memory \(limit 16 MB\)/),
  },
  {
    id: 'memory limit above the sandbox memory',
    tries: 'codeMemoryBytes at 1 GB, more than the WebAssembly memory holds: the effective limit is enforced and reported',
    run: () => runCodeNode('const a = []; for (;;) a.push(new Float64Array(1e6));', { limits: { codeMemoryBytes: 1024 ** 3, codeTimeoutMs: 5000 } }),
    check: (o) => failedWith(o, /^Code ran out of memory \(limit 128 MB\)/),
    within: 8000,
  },
  {
    id: 'Code node returning 10 million items',
    tries: 'an array of length 1e7 (sparse, so it fits in memory; as JSON it would be 50 MB of nulls)',
    run: () => runCodeNode('const a = []; a.length = 1e7; return a;'),
    check: (o) => {
      failedWith(o, /^Code returned 10000000 items, more than the limit of 1000000 items per node$/);
      // Checked before JSON.stringify: building the text alone took seconds.
      expect(o.ms).toBeLessThan(1500);
    },
  },
  {
    id: 'Code node building 10 million objects',
    tries: 'new Array(1e7).fill({}) — ends on the item limit or on the memory limit, whichever comes first',
    run: () => runCodeNode('return new Array(1e7).fill({});', { limits: { codeTimeoutMs: 10_000 } }),
    check: (o) => failedWith(o, /^(Code returned 10000000 items, more than the limit of 1000000 items per node|Code ran out of memory \(limit 128 MB\))$/),
    within: 8000,
  },
  {
    id: 'item count hidden behind toJSON',
    tries: 'a result object whose toJSON returns 5,000 items when the limit is 1,000',
    run: () => runCodeNode('return { toJSON() { return new Array(5000).fill({ json: {} }); } };', { limits: { maxItemsPerNode: 1000 } }),
    check: (o) => failedWith(o, /^Code returned 5000 items, more than the limit of 1000 items per node$/),
  },
  {
    id: 'item count hidden behind a Proxy',
    tries: 'an array Proxy that reports a small length to the first read',
    run: () =>
      runCodeNode(
        `const real = new Array(5000).fill({}); let reads = 0;
         return new Proxy(real, { get(t, k) { if (k === 'length') return reads++ === 0 ? 1 : t.length; return t[k]; } });`,
        { limits: { maxItemsPerNode: 1000 } },
      ),
    check: (o) => failedWith(o, /^Code returned 5000 items, more than the limit of 1000 items per node$/),
  },
  {
    id: 'deeply nested result',
    tries: 'an object nested 5,000 levels deep (the engine and database JSON handling recurse)',
    run: () => runCodeNode('let o = {}; for (let i = 0; i < 5000; i++) o = { o }; return [{ json: o }];'),
    check: (o) => failedWith(o, /^The result is nested more than 512 levels deep, the depth limit of workflow data$/),
  },
  {
    id: 'nesting too deep to serialise in time',
    tries: 'an object nested 100,000 levels deep: QuickJS JSON.stringify is quadratic there and cannot be interrupted',
    run: () => runCodeNode('let o = {}; for (let i = 0; i < 100000; i++) o = { o }; return [{ json: o }];', { limits: { codeTimeoutMs: 500 } }),
    check: (o) => failedWith(o, /timed out after 500 ms|nested more than 512 levels/),
    within: 4000,
  },
  {
    id: 'circular output',
    tries: 'returning an item that contains itself',
    run: () => runCodeNode('const a = { json: {} }; a.json.self = a; return [a];'),
    check: (o) => failedWith(o, /^The result cannot be turned into JSON: circular reference$/),
  },
  {
    id: 'very large console output',
    tries: '30,000 console.log calls and one 5 MB message',
    run: () => runCodeNode("console.log('y'.repeat(5e6)); for (let i = 0; i < 30000; i++) console.log('line', i); return [{ ok: true }];", { limits: { codeTimeoutMs: 10_000 } }),
    check: (o) => {
      expect(got(o)).toEqual({ ok: true });
      expect(o.console[0].message.length).toBeLessThan(100_100);
      expect(o.console[0].message).toMatch(/… \(4900000 more characters\)$/);
      expect(o.console.length).toBeLessThanOrEqual(10_001);
      expect(o.console.at(-1)?.message).toMatch(/^Console output stopped/);
      expect(o.console.reduce((n, m) => n + m.message.length, 0)).toBeLessThan(1_100_000);
    },
    within: 12_000,
  },
  {
    id: 'huge error message',
    tries: 'throwing an Error with a 5 MB message',
    run: () => runCodeNode("throw new Error('z'.repeat(5e6));"),
    check: (o) => {
      failedWith(o, /… \(4990000 more characters\)$/);
      expect(o.error!.length).toBeLessThan(10_100);
    },
  },
  {
    id: 'throwing non-errors',
    tries: 'throw {} with no message (used to be reported as "out of memory")',
    run: () => runCodeNode('throw {};'),
    check: (o) => failedWith(o, /^Unknown error \(the thrown object has no message\)$/),
  },
];

// --- Expressions through node parameters --------------------------------------------------------

const expr = (value: string, id: string, tries: string, pattern: RegExp): Payload => ({
  id,
  tries,
  run: () => execute(workflow([trigger(), setField('v', value)])),
  check: (o) => failedWith(o, pattern),
});

const EXPRESSIONS: Payload[] = [
  expr("={{ this.constructor.constructor('return process')().platform }}", 'n8n CVE-2025-68613 constructor chain', 'the nuclei-template payload: this.constructor.constructor', /Cannot access "constructor" due to security concerns/),
  expr("={{ (() => {})[`constructor`](`return process`)().env }}", 'n8n CVE-2025-68613 template-literal key bypass', 'the incomplete-fix bypass: `constructor` as a template literal key', /Cannot access "constructor" due to security concerns/),
  expr(
    `={{ (function(){ var constructor = 123; with(function(){}){ return constructor("return process.mainModule.require('child_process').execSync('touch ${canaryFile}').toString()")() } })() }}`,
    'n8n CVE-2026-1470 with statement',
    "JFrog's PoC: a with block makes constructor a bare identifier",
    /'with' is not supported in expressions/,
  ),
  expr("={{ (({ constructor }) => constructor)(() => {})('return process')() }}", 'n8n CVE-2026-25049 destructuring', 'destructuring constructor out of a function in a parameter pattern', /Cannot access "constructor" due to security concerns/),
  expr("={{ (() => { const { constructor: { constructor: F } } = {}; return F('return process')() })() }}", 'n8n CVE-2026-25049 nested destructuring', 'nested destructuring to Function', /Cannot access "constructor" due to security concerns/),
  expr("={{ (() => {})[['constructor']]('return process')() }}", 'n8n CVE-2026-25049 non-string key', 'an array as a computed key (a typed sanitizer expecting strings)', /Cannot access "constructor" due to security concerns/),
  expr("={{ ((f = (() => {}).constructor) => f('return process')())() }}", 'n8n CVE-2026-25049 default parameter', 'reaching constructor in a default parameter value', /Cannot access "constructor" due to security concerns/),
  expr("={{ Error.prepareStackTrace = (e, s) => s[0].getThis() }}", 'expression Error.prepareStackTrace', 'installing a stack hook from an expression', /Cannot access "prepareStackTrace" due to security concerns/),
  expr("={{ ({}).__lookupGetter__('__proto__') }}", 'expression __lookupGetter__', 'the accessor machinery', /Cannot access "__lookupGetter__" due to security concerns/),
  expr("={{ Object.getOwnPropertyDescriptor($json, 'a') }}", 'expression getOwnPropertyDescriptor', 'property descriptors (the accessor machinery)', /Cannot access "getOwnPropertyDescriptor" due to security concerns/),
  expr("={{ (() => { while (true) {} })() }}", 'expression infinite loop', 'an endless loop in an expression', /Expression exceeded its step limit/),
  expr("={{ 'x'.repeat(2 ** 30) }}", 'expression memory bomb', 'a 1 GB string', /Expression would create a string of 1073741824 characters/),
  expr("={{ (() => { const f = (n) => f(n + 1); return f(0) })() }}", 'expression deep recursion', 'unbounded recursion', /Expression exceeded its call depth limit/),
  {
    id: 'expression process.env',
    tries: 'reading the canary variable (n8n mode turns the ReferenceError into an empty value)',
    run: () => execute(workflow([trigger(), setField('v', `={{ process.env[${ENV}] }}`)])),
    check: (o) => expect(o.out('Set')?.[0]).toEqual({ v: null }),
  },
  {
    id: 'expression $env and fetch',
    tries: 'n8n\'s $env (process.env in n8n unless blocked) and fetch from an expression',
    run: () => execute(workflow([trigger(), setField('v', `={{ [typeof $env, typeof fetch, typeof require, typeof global].join() }}`)])),
    check: (o) => expect(o.out('Set')?.[0]).toEqual({ v: 'undefined,undefined,undefined,undefined' }),
  },
  {
    id: 'expression error stacks hide host frames',
    tries: 'reading new Error().stack and a caught TypeError stack for host file paths (vm2 GHSA-x6m4-chr9-cg97 class)',
    run: () => execute(workflow([trigger(), setField('v', "={{ [new Error('x').stack, (() => { try { null.x } catch (e) { return e.stack } })()].join('|') }}")])),
    check: (o) => {
      const v = o.out('Set')?.[0]?.v as string;
      expect(v).toBe("Error: x|TypeError: Cannot read properties of null (reading 'x')");
    },
  },
  {
    id: 'n8n CVE-2026-25049 payload arriving as webhook data',
    tries: 'an item value holding "={{ … }}" (as a public webhook body would) must stay text when used in an expression',
    run: () =>
      execute(
        workflow([
          trigger(),
          code(`return [{ json: { body: "={{ this.constructor.constructor('return process')().env }}", nested: "{{ (() => {}).constructor('return 1')() }}" } }];`, 'runOnceForAllItems', 'Webhook data'),
          setField('v', '={{ $json.body + $json.nested }}'),
        ]),
      ),
    check: (o) => expect(o.out('Set')?.[0]?.v).toBe("={{ this.constructor.constructor('return process')().env }}{{ (() => {}).constructor('return 1')() }}"),
  },
  {
    id: 'Merge SQL query mode (n8n CVE-2026-27497 class)',
    tries: 'the Merge node SQL mode, an alasql code path in n8n',
    run: () =>
      execute(
        workflow([trigger(), { name: 'Merge', type: 'n8n-nodes-base.merge', typeVersion: 3, parameters: { mode: 'combineBySql', query: "SELECT * FROM input1; SELECT require('fs')" } }]),
      ),
    check: (o) => failedWith(o, /SQL Query mode is not supported/),
  },
];

// --- Engine-level bad input ---------------------------------------------------------------------

const noop = (name: string): NodeSpec => ({ name, type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} });

const ENGINE: Payload[] = [
  {
    id: 'workflow looping forever through its connections',
    tries: 'A → B → A with no exit',
    run: () =>
      execute(
        workflow([trigger(), noop('A'), noop('B')], {
          Trigger: { main: [[{ node: 'A', type: 'main', index: 0 }]] },
          A: { main: [[{ node: 'B', type: 'main', index: 0 }]] },
          B: { main: [[{ node: 'A', type: 'main', index: 0 }]] },
        } as IConnections),
        { limits: { maxNodeRuns: 500 } },
      ),
    check: (o) => failedWith(o, /^Stopped execution after 500 node runs: the workflow seems to loop without end$/),
  },
  {
    id: 'a non-Code node over the item limit',
    tries: 'Set duplicating an item 5,000 times with a limit of 1,000',
    run: () =>
      execute(workflow([trigger(), { ...setField('v', 'x'), parameters: { ...setField('v', 'x').parameters, duplicateItem: true, duplicateCount: 4999 } }]), { limits: { maxItemsPerNode: 1000 } }),
    check: (o) => failedWith(o, /^Node "Set" returned 5000 items, more than the limit of 1000 items per node$/),
  },
];

const ALL = [...VM2, ...NODE_APIS, ...POLLUTION, ...LEGACY, ...LIMITS, ...EXPRESSIONS, ...ENGINE];

let before: Record<string, string>;
beforeAll(() => {
  createCanaryDir();
  process.env[CANARY_ENV] = CANARY_SECRET;
  before = hostSnapshot();
});
afterAll(() => {
  delete process.env[CANARY_ENV];
  removeCanaryDir();
});

describe('escape suite', () => {
  it('has at least 30 payloads', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ALL.map((p) => p.id)).size).toBe(ALL.length);
  });

  for (const p of ALL) {
    it(p.id, async () => {
      const o = await p.run();
      if (!p.knownIssue) p.check(o);
      expect(o.ms, 'bounded time').toBeLessThan(p.within ?? 3000);
      expect(everythingSaid(o)).not.toContain(CANARY_SECRET);
      expect(assertHostUntouched(before)).toEqual([]);
    }, 30_000);
    // Flips to a failure once the owner fixes the weakness: then drop `knownIssue`.
    if (p.knownIssue) it.fails(`${p.id} — known issue: ${p.knownIssue}`, async () => p.check(await p.run()), 30_000);
  }

  it('still runs normal code afterwards', async () => {
    const o = await runCodeNode("return [{ sum: $input.all().length + 1, date: DateTime.fromISO('2026-01-02').toFormat('dd.MM') }];");
    expect(got(o)).toEqual({ sum: 2, date: '02.01' });
    expect(assertHostUntouched(before)).toEqual([]);
  });
});

