import { describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import type { RunOptions } from '../../src/engine/types.ts';
import { registry, n, wire, wf, trigger } from './testNodes.ts';

const run = (opts: Omit<RunOptions, 'nodeTypes' | 'mode' | 'executionId'> & Partial<RunOptions>) =>
  runWorkflow({ nodeTypes: registry, mode: 'manual', executionId: 'e1', ...opts });

const codeNode = (name: string, jsCode: string, extra: Record<string, unknown> = {}, nodeExtra = {}) =>
  n(name, 'n8n-nodes-base.code', { jsCode, ...extra }, { typeVersion: 2, ...nodeExtra });

async function runCode(jsCode: string, extra: Record<string, unknown> = {}, opts: Partial<RunOptions> = {}) {
  const r = await run({
    workflow: wf([trigger(), n('Emit', 'emit', { items: [{ v: 1 }, { v: 2 }] }), codeNode('Code', jsCode, extra)], wire(['Trigger', 'Emit'], ['Emit', 'Code'])),
    ...opts,
  });
  return r;
}

const out = (r: Awaited<ReturnType<typeof run>>, node = 'Code') => r.data.resultData.runData[node]?.[0]?.data?.main?.[0]?.map((i) => i.json);

describe('Code node', () => {
  it('runs once for all items with $input and legacy items', async () => {
    const r = await runCode('let s = 0; for (const i of $input.all()) s += i.json.v; return [{ s, n: items.length }];');
    expect(r.status).toBe('success');
    expect(out(r)).toEqual([{ s: 3, n: 2 }]);
  });

  it('runs once for each item', async () => {
    const r = await runCode('$input.item.json.double = $json.v * 2; return $input.item;', { mode: 'runOnceForEachItem' });
    expect(out(r)).toEqual([
      { v: 1, double: 2 },
      { v: 2, double: 4 },
    ]);
    expect(r.data.resultData.runData.Code[0].data?.main?.[0]?.[1].pairedItem).toEqual({ item: 1 });
  });

  it('reads other nodes with $() and supports await and setTimeout', async () => {
    const r = await runCode("await new Promise((r) => setTimeout(r, 10)); return $('Emit').all().map(i => ({ json: { w: i.json.v + 1 } }));");
    expect(out(r)).toEqual([{ w: 2 }, { w: 3 }]);
  });

  it('cannot change the items of the node before it', async () => {
    const r = await run({
      workflow: wf(
        [trigger(), n('Emit', 'emit', { items: [{ v: 1 }] }), codeNode('First', 'for (const i of $input.all()) i.json.v = 10; return $input.all();'), codeNode('Second', 'for (const i of $input.all()) i.json.v = 20; return $input.all();')],
        wire(['Trigger', 'Emit'], ['Emit', 'First'], ['First', 'Second']),
      ),
    });
    expect(out(r, 'Emit')).toEqual([{ v: 1 }]);
    expect(out(r, 'First')).toEqual([{ v: 10 }]);
    expect(out(r, 'Second')).toEqual([{ v: 20 }]);
  });

  it('has no way to the host', async () => {
    for (const probe of ['process.pid', "require('fs')", "this.constructor.constructor('return process.pid')()", "await import('fs')"]) {
      const r = await runCode(`return [{ value: String(${probe}) }];`);
      expect(r.status, probe).toBe('error');
    }
    const r = await runCode('return [{ type: typeof fetch, req: typeof require, proc: typeof process, g: typeof globalThis.process, self: typeof (function () { return this; })().process }];');
    expect(out(r)).toEqual([{ type: 'undefined', req: 'undefined', proc: 'undefined', g: 'undefined', self: 'undefined' }]);
  });

  it('ends an endless loop with a clear time-limit error', async () => {
    const started = Date.now();
    const r = await runCode('while (true) {}', {}, { limits: { codeTimeoutMs: 300 } });
    expect(r.status).toBe('error');
    expect(r.data.resultData.error?.message).toContain('timed out');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('ends memory bombs with a clear memory error', async () => {
    for (const bomb of ["let s = 'x'; const a = []; while (true) { a.push(s.repeat(1e6)); }", 'const a = []; while (true) a.push({ x: a.length, y: "abc" + a.length });']) {
      const r = await runCode(bomb, {}, { limits: { codeTimeoutMs: 15_000 } });
      expect(r.status, bomb).toBe('error');
      expect(r.data.resultData.error?.message, bomb).toMatch(/memory/i);
    }
    // The server goes on running code after a bomb.
    const after = await runCode('return [{ ok: true }];');
    expect(out(after)).toEqual([{ ok: true }]);
  }, 60_000);

  it('a stopped execution ends code that is still running', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const r = await runCode('while (true) {}', {}, { signal: controller.signal, limits: { codeTimeoutMs: 30_000 } });
    expect(r.status).toBe('canceled');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a validation error on the error output when asked to', async () => {
    const r = await run({
      workflow: wf(
        [trigger(), codeNode('Code', 'return {json: "test"}', {}, { onError: 'continueErrorOutput' }), n('Errors', 'tag')],
        wire(['Trigger', 'Code'], ['Code', 'Errors', 1]),
      ),
    });
    expect(r.status).toBe('success');
    expect(out(r, 'Errors')).toEqual([{ error: "A 'json' property isn't an object [item 0]", path: ['Errors'] }]);
  });

  it('rejects results that are not items', async () => {
    const r = await runCode('return 5;');
    expect(r.status).toBe('error');
    expect(r.data.resultData.error?.message).toBe("Code doesn't return items properly");
    const r2 = await runCode('return [1, 2];', { mode: 'runOnceForEachItem' });
    expect(r2.data.resultData.error?.message).toBe("Code doesn't return a single object [item 0]");
  });

  it('gives DateTime with a fixed clock and the workflow time zone', async () => {
    const now = Date.parse('2026-02-26T20:59:14.000Z');
    const r = await runCode("return [{ f: DateTime.now().toFormat('yyyy-MM-dd HH:mm'), g: $now.format('HH:mm'), z: $now.zoneName }];", {}, { now: () => now, timezone: 'America/New_York' });
    expect(out(r)).toEqual([{ f: '2026-02-26 15:59', g: '15:59', z: 'America/New_York' }]);
  });
});
