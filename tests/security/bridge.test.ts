// Lookups from the sandbox are answered on the engine's thread. The same lookup repeated in a
// loop is serialised once per run, so a Code node cannot make the engine re-serialise a large
// node output thousands of times.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { code, execute, trigger, workflow } from './harness.ts';

afterEach(() => vi.restoreAllMocks());

describe('sandbox lookups', () => {
  it('serialise a repeated lookup once per run, and each call still gets its own copy', async () => {
    const source = Array.from({ length: 5000 }, (_, i) => ({ json: { a: i } }));
    const stringify = JSON.stringify;
    let bigSerialisations = 0;
    vi.spyOn(JSON, 'stringify').mockImplementation(((value: unknown, ...rest: unknown[]) => {
      if (Array.isArray(value) && value.length === source.length) bigSerialisations++;
      return (stringify as (...a: unknown[]) => string)(value, ...rest);
    }) as typeof JSON.stringify);

    const o = await execute(
      workflow([
        trigger(),
        code(`let total = 0; let first;
          for (let k = 0; k < 50; k++) { const all = $('Trigger').all(); total += all.length; if (k === 0) { first = all; all[0].json.a = 'changed'; } }
          return [{ json: { total, fresh: $('Trigger').first().json.a, same: $('Trigger').all() === first } }];`),
      ]),
      { pinData: { Trigger: source } },
    );
    expect(o.out('Code')).toEqual([{ total: 250_000, fresh: 0, same: false }]);
    expect(bigSerialisations).toBe(1);
  }, 30_000);
});
