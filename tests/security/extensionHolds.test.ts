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

  // A second attack round: costs the receiver's length does not show.
  const W = "Object.fromEntries(Array.from({ length: 1000 }, (_, i) => ['k' + i, 'v' + i]))";
  const DAG = '(() => { let x = { v: 1 }; for (let i = 0; i < 20; i++) x = { a: x, b: x }; return x })()';
  const outcome = (o: { status: string; error?: string }) => (o.status === 'success' ? 'success' : o.error);

  it.each([
    ['pluck over 4,095 references to an object of 4,000 keys', `Array(4095).fill(${W.replace('1000', '4000')}).pluck('k1').length`, 4095],
    ['compact of the same', `Array(4095).fill(${W}).compact().length`, 4095],
    ['merge() of the same', `Object.keys(Array(4095).fill(${W}).merge()).length`, 1000],
    ['compact of an object sharing its children (2^20 paths)', `Object.keys(${DAG}.compact()).length`, 2],
    ['flat() of 131,000 nested arrays', 'Array(131000).fill(Array(76).fill(1)).flat().length', 131000 * 76],
    ['a template literal of 131,000 nested arrays', "(() => { const a = Array(131000).fill(Array(120).fill('ab')); return `${a}`.length })()", 131000 * 360 - 1],
    ['localeCompare with a list of 130,000 locales', "'a'.localeCompare('b', 'en-US,'.repeat(130000).slice(0, -1).split(','))", -1],
    ['Duration.toFormat with a 30K-character format', "Duration.fromMillis(123456789).toFormat('hh:mm:ss '.repeat(3300)).length", 29700],
    ['Interval.splitBy into 100,000 intervals', 'Interval.fromDateTimes(DateTime.fromMillis(0), DateTime.fromMillis(100000)).splitBy({ milliseconds: 1 }).length', 100000],
  ])('%s: the loop stays free', async (_name, expression, expected) => {
    const { value: o, lag } = await run(expression as string, 'number');
    expect(lag).toBeLessThan(100);
    expect(outcome(o)).toBe('success');
    expect(o.out('Set')?.[0].r).toBe(expected);
  }, 60_000);

  // A third round: conversions of nested arrays to text, and calls just under the thresholds in loops.
  const N = "Array(16383).fill(Array(700).fill('abc'))";
  const T = 16383 * 700 * 4 - 1; // N's text: 'abc,' per element, without the last comma
  it.each([
    ['join() (the guarded wrapper expressions call)', `${N}.join().length`, T],
    ['toLocaleString()', 'Array(16383).fill(Array(150).fill(1)).toLocaleString().length', 16383 * 150 * 2 - 1],
    ['flat()', 'Array(16383).fill(Array(600).fill(1)).flat().length', 16383 * 600],
    ['Object.assign of 2,000 wide objects', `Object.keys(Object.assign({}, ...Array(2000).fill(${W.replace('1000', '4000')}))).length`, 4000],
    ['+ with a text', `(${N} + '').length`, T],
    ['== with a text', `${N} == 'x'`, false],
    ['sort() of nested arrays', "Array(16383).fill(Array(2000).fill('abc')).sort().length", 16383],
    ['startsWith(nested arrays)', `'abc'.startsWith(${N})`, false],
    ['a computed key', `Object.keys({ [${N}]: 1 })[0].length`, T],
    ['new Date(nested arrays)', `String(new Date(${N}).getTime())`, 'NaN'],
    ['hasField(nested arrays)', "({ a: 1 }).hasField(Array(4095).fill(Array(2800).fill('abc')))", false],
    ["Object.entries of a 1M-character text", "Object.entries('x'.repeat(1048575)).length", 1048575],
    ['a loop of Duration formats of 4,095 characters', "(() => { const f = 'hh:mm:ss '.repeat(455); let n = 0; for (let i = 0; i < 40; i++) n += Duration.fromMillis(123456789).toFormat(f).length; return n })()", 40 * 455 * 9],
    ['a loop of localeCompare with 4,095 locales', "(() => { const L = 'en-US,'.repeat(4095).slice(0, -1).split(','); let n = 0; for (let i = 0; i < 60; i++) n += 'a'.localeCompare('b', L); return n })()", -60],
  ])('%s: the loop stays free', async (_name, expression, expected) => {
    const type = typeof expected === 'number' ? 'number' : typeof expected === 'boolean' ? 'boolean' : 'string';
    const { value: o, lag } = await run(expression as string, type);
    expect(lag).toBeLessThan(100);
    expect(outcome(o)).toBe('success');
    expect(o.out('Set')?.[0].r).toBe(expected);
  }, 60_000);
});
