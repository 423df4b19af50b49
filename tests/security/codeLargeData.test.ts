// A Code node given a large item, or returning one: the data crosses to the sandbox as JSON text
// made in slices and comes back parsed in slices. A structured clone of a 10 MB webhook body held
// the server's thread ~140 ms (issue-14 audit), a JSON.parse of a 10 MB result ~100 ms.
import { describe, expect, it } from 'vitest';
import { code, execute, trigger, workflow } from './harness.ts';
import { calmLag } from '../support/loopLag.ts';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `customer ${i}`, tags: ['a', 'b'], ok: i % 2 === 0 }));

describe('a Code node and a large item', () => {
  it('reads a ~10 MB item and returns it whole with the loop free, the same data', async () => {
    const body = { rows: rows(150_000), when: new Date(Date.UTC(2026, 0, 2)) };
    expect(JSON.stringify(body).length).toBeGreaterThan(9_000_000);
    const wf = workflow([trigger(), code('return items.map((i) => ({ json: { n: i.json.body.rows.length, when: i.json.body.when, back: i.json.body } }))')]);
    const { value: o, lag } = await calmLag(() => execute(wf, { pinData: { Trigger: [{ json: { body } }] }, limits: { codeTimeoutMs: 20_000 } }));
    expect(o.error).toBeUndefined();
    const out = o.out('Code')![0] as { n: number; when: string; back: { rows: Array<{ name: string }> } };
    expect(out.n).toBe(150_000);
    expect(out.when).toBe('2026-01-02T00:00:00.000Z');
    expect(out.back.rows[149_999].name).toBe('customer 149999');
    expect(lag).toBeLessThan(100);
  }, 120_000);
});
