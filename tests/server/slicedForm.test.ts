import { parse } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { parseFormSliced } from '../../src/server/slicedForm.ts';
import { maxLag } from '../support/loopLag.ts';

/** A deterministic pseudo-random generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Tokens drawn at random and joined until the text is at least `length` characters. */
function tokenText(next: () => number, tokens: string[], length: number): string {
  const parts: string[] = [];
  for (let n = 0; n < length; ) {
    const t = tokens[Math.floor(next() * tokens.length)];
    parts.push(t);
    n += t.length;
  }
  return parts.join('');
}

const TOKENS = ['a', 'b', 'key', '=', '==', '&', '&&', '%', '%2', '%2B', '+', '%E6%9D%B1', 'é', '東', '%FF', '__proto__', 'x'.repeat(5000)];

describe('parseFormSliced', () => {
  it('gives what querystring.parse gives (repeated keys, empty pairs, maxKeys, bad escapes), on bodies cut into many pieces', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const text = tokenText(random(seed), TOKENS, 600_000);
      for (const maxKeys of [10_000, 3, 0, 40_000]) {
        expect(await parseFormSliced(text, maxKeys)).toEqual({ ...parse(text, '&', '=', { maxKeys }) });
      }
    }
  });

  it('gives the event loop back on a large body, one long pair included', async () => {
    const text = Array.from({ length: 9000 }, (_, i) => `k${i % 4000}=${encodeURIComponent('v é&'.repeat(300))}`).join('&') + `&big=${'y'.repeat(3_000_000)}`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const form = await parseFormSliced(text, 10_000);
    clearInterval(timer);
    expect(form).toEqual({ ...parse(text, '&', '=', { maxKeys: 10_000 }) });
    expect((form.k1 as string[]).length).toBe(3);
    expect((form.big as string).length).toBe(3_000_000);
    expect(ticks).toBeGreaterThan(1);
  });

  it('decodes a pair longer than a piece in slices too, the same text (escapes across cuts, "+", bad bytes, repeated keys)', async () => {
    const LONG = ['a', '=', '%', '%2', '%2B', '+', '%E6%9D%B1', '%F0%9F%9A%80', 'é', '東', '%FF', '%80%80%80', '%C3', 'x'.repeat(3000)];
    for (let seed = 1; seed <= 6; seed++) {
      const next = random(seed);
      const long = () => tokenText(next, LONG, 400_000);
      const text = `a=1&big=${long()}&b=2&big=${long()}&${long()}&c`;
      for (const maxKeys of [1000, 2, 3, 0]) expect(await parseFormSliced(text, maxKeys)).toEqual({ ...parse(text, '&', '=', { maxKeys }) });
    }
  });

  it('one 5 MB field full of "+" is decoded with the loop free (querystring.parse held it ~600 ms)', async () => {
    const text = `f=${'a+b'.repeat(1_700_000)}`;
    const { value: form, lag } = await maxLag(() => parseFormSliced(text, 1000));
    expect(form.f).toBe('a b'.repeat(1_700_000));
    expect(lag).toBeLessThan(60);
  });
});
