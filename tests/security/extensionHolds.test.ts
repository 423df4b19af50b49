// Built-in expression functions on attacker-sized input (issue 14's budget: nothing holds the
// server's loop for 100 ms). Found by trying them: extractEmail over 63,000 'a's held the loop
// 1.7 s (from a webhook body, no sign-in), removeMarkdown over '[' × 63,000 2.1 s, merge() and
// unique() of 4,000 objects 0.8–1.8 s (quadratic), and 70 toTitleCase calls of ~13 ms each
// 0.85 s (the clock was read every 64 steps).
import { describe, expect, it } from 'vitest';
import { execute, setField, trigger, workflow } from './harness.ts';
import { calmLag } from '../support/loopLag.ts';

const run = (expression: string, type = 'string') =>
  calmLag(() => execute(workflow([trigger(), setField('r', `={{ ${expression} }}`, type)]), { pinData: { Trigger: [{ json: { a: 1 } }] } }));

describe('built-in functions on attacker-sized input keep the loop free', () => {
  it("extractEmail over 63,000 characters: n8n's pattern backtracks; stopped or answered, loop free", async () => {
    const { value: o, lag } = await run("'a'.repeat(63000).extractEmail()");
    expect(lag).toBeLessThan(100);
    if (o.status === 'error') expect(o.error).toMatch(/^Regular expression .* took longer than \d+ ms and was stopped$/);
    else expect(o.out('Set')?.[0].r).toBeUndefined();
  }, 60_000);

  it('extractEmail, extractUrl, isDomain, removeTags and removeMarkdown answer as before on ordinary text', async () => {
    const text = `${'lorem ipsum '.repeat(40)} write to jane.doe@example.com or see https://example.org/a?b=1 <b>bold</b> **strong** [link](http://x.io)`;
    const json = JSON.stringify(text);
    const { value: o } = await run(`[${json}.extractEmail(), ${json}.extractUrl(), 'sub.example.com'.isDomain(), ${json}.removeTags().length, ${json}.removeMarkdown().includes('**')]`, 'array');
    expect(o.status).toBe('success');
    expect(o.out('Set')?.[0].r).toEqual(['jane.doe@example.com', 'https://example.org/a?b=1', true, text.length - 7, false]);
  }, 60_000);

  it("removeMarkdown over '[' × 63,000", async () => {
    const { value: o, lag } = await run("'['.repeat(63000).removeMarkdown().length", 'number');
    expect(lag).toBeLessThan(100);
    if (o.status === 'error') expect(o.error).toMatch(/^Regular expression .* took longer than \d+ ms and was stopped$/);
    else expect(o.out('Set')?.[0].r).toBe(63000);
  }, 60_000);

  it('merge() of 4,000 objects is linear: same fields, loop free', async () => {
    const { value: o, lag } = await run('Object.keys(Array.from({ length: 4000 }, (_, i) => ({ ["k" + i]: i, shared: i })).merge()).length', 'number');
    expect(lag).toBeLessThan(100);
    expect(o.status).toBe('success');
    expect(o.out('Set')?.[0].r).toBe(4001);
  }, 60_000);

  it('unique(), union(), difference() and intersection() of 4,000 objects are linear, same answers', async () => {
    const rows = 'Array.from({ length: 4000 }, (_, i) => ({ a: i % 3000, b: [i % 3000, 1] }))';
    const { value: o, lag } = await run(
      `[${rows}.unique('a').length, ${rows}.unique().length, ${rows}.union([{ a: 5, b: [5, 1] }, { a: -1 }]).length, ${rows}.difference([{ a: 1, b: [1, 1] }]).length, ${rows}.intersection([{ a: 2, b: [2, 1] }, { a: 2, b: [2, 2] }]).length]`,
      'array',
    );
    expect(lag).toBeLessThan(100);
    expect(o.status).toBe('success');
    expect(o.out('Set')?.[0].r).toEqual([3000, 3000, 3001, 2999, 1]);
  }, 60_000);

  it('70 toTitleCase calls of ~10 ms each: the evaluation leaves the thread, same answer', async () => {
    const { value: o, lag } = await run("(() => { const s = 'ab '.repeat(20000); let n = 0; for (let i = 0; i < 70; i++) n += s.toTitleCase().length; return n })()", 'number');
    expect(lag).toBeLessThan(100);
    expect(o.status).toBe('success');
    expect(o.out('Set')?.[0].r).toBe(70 * 60000);
  }, 60_000);
});
