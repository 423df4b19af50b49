// Per-item Code runs carry only their own item into the VM (the full list crosses on first use):
// copying every item into every item's run made a 1,000-item node take ~20 s. The n8n
// semantics of $input / items / $json must not change.
import { describe, expect, it } from 'vitest';
import { code, execute, fnItem, trigger, workflow } from './harness.ts';

const input = (n: number, pad = 0) => Array.from({ length: n }, (_, i) => ({ json: { a: i, ...(pad ? { pad: 'p'.repeat(pad) } : {}) } }));

describe('per-item Code runs', () => {
  it('see their own item, and all items on demand, with the same objects', async () => {
    const o = await execute(
      workflow([
        trigger(),
        code(
          `const all = $input.all(); all[0].json.z = 1;
           return { json: { i: $itemIndex, a: $json.a, item: $input.item.json.a, n: all.length, first: $input.first().json.a, last: $input.last().json.a, same: all[$itemIndex] === $input.item, z: $input.all()[0].json.z, legacy: $items().length } };`,
          'runOnceForEachItem',
        ),
      ]),
      { pinData: { Trigger: input(3) } },
    );
    expect(o.out('Code')).toEqual([0, 1, 2].map((i) => ({ i, a: i, item: i, n: 3, first: 0, last: 2, same: true, z: 1, legacy: 3 })));
  });

  it('changes to the item stay within its run (Function Item)', async () => {
    const o = await execute(workflow([trigger(), fnItem('item.b = item.a * 10; return item;')]), { pinData: { Trigger: input(3) } });
    expect(o.out('Function Item')).toEqual([0, 1, 2].map((a) => ({ a, b: a * 10 })));
  });

  it('cost does not grow with the number of items', async () => {
    const run = async (n: number) => {
      const started = performance.now();
      // 4 KB items: a copy of all of them per run is what made the cost grow.
      const o = await execute(workflow([trigger(), code('return { json: { b: $json.a + 1 } };', 'runOnceForEachItem')]), { pinData: { Trigger: input(n, 4000) } });
      expect(o.status).toBe('success');
      return (performance.now() - started) / n;
    };
    await run(20); // warm workers
    const small = await run(50);
    const large = await run(400);
    // With every item copied into every run, 400 items cost far more per item than 50.
    expect(large).toBeLessThan(small * 2 + 1);
  }, 60_000);
});
