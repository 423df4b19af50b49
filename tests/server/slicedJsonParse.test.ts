// Parsing large bodies in slices (src/server/slicedJsonParse.ts): JSON.parse's value, errors at
// their offset in the whole text, depth and prototype keys refused, the event loop given back.
import { describe, expect, it } from 'vitest';
import { parseJsonSliced } from '../../src/server/slicedJsonParse.ts';
import { MAX_DATA_ARRAY_LENGTH, MAX_JSON_DEPTH } from '../../src/model/jsonDepth.ts';
import { locateJsonError } from '../../src/model/jsonErrors.ts';

const rest = { maxDepth: MAX_JSON_DEPTH, refusePrototypeKeys: true };
const hook = { maxDepth: MAX_JSON_DEPTH, refusePrototypeKeys: false };

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `row ${i} "quoted" \\ é ${'\u2028'}`, tags: ['a', { b: [i, null, true, -1.5e3] }], empty: {}, list: [] }));

async function same(text: string) {
  const r = await parseJsonSliced(text, rest);
  expect(r.ok).toBe(true);
  expect(JSON.stringify((r as { value: unknown }).value)).toBe(JSON.stringify(JSON.parse(text)));
}

describe('parseJsonSliced', () => {
  it('gives what JSON.parse gives, for large arrays, objects, nested large members and big strings', async () => {
    await same(JSON.stringify({ items: rows(20_000) }));
    await same(JSON.stringify(rows(20_000), null, 2));
    await same(JSON.stringify({ a: { b: { c: rows(15_000) } }, d: 'x'.repeat(300_000), e: [rows(5000), rows(5000)] }));
    await same(JSON.stringify(Object.fromEntries(rows(20_000).map((r) => [`key ${r.id}`, r]))));
    await same(`  ${JSON.stringify('y'.repeat(1_000_000))}  `);
    await same(JSON.stringify({ wide: Array.from({ length: 200_000 }, (_, i) => i) }));
  });

  it('keeps duplicate keys as JSON.parse does (position of the first, value of the last) and __proto__ as data', async () => {
    const big = JSON.stringify(rows(3000));
    const text = `{"a":1,"big":${big},"a":2,"__proto__":{"x":1},"big2":${big},"__proto__":{"polluted":true}}`;
    const r = await parseJsonSliced(text, hook);
    expect(r.ok).toBe(true);
    const v = (r as { value: Record<string, unknown> }).value;
    expect(Object.keys(v)).toEqual(Object.keys(JSON.parse(text)));
    expect(v.a).toBe(2);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('says where a large text stops being JSON', async () => {
    const good = JSON.stringify({ items: rows(10_000) });
    const cases = [good.slice(0, -1), `${good.slice(0, -2)},]}`, `${good} x`, good.replace('"row 9000', "'row 9000"), good.replace('"name":"row 5000', '"name" "row 5000')];
    for (const text of cases) {
      const r = await parseJsonSliced(text, rest);
      expect(r.ok, text.slice(-20)).toBe(false);
      if (r.ok) continue;
      expect(r.kind).toBe('invalid');
      expect(r.message).toBeTruthy();
      // Within a few characters of the first error a full scan finds.
      expect(Math.abs(r.offset - firstErrorOffset(text))).toBeLessThan(64);
    }
  });

  it('refuses nesting past the limit, in batches and in walked members', async () => {
    const deepSmall = `${'['.repeat(600)}${']'.repeat(600)}`;
    const text = JSON.stringify({ items: rows(10_000) }).replace('"empty":{}', `"empty":${deepSmall}`);
    const r = await parseJsonSliced(text, rest);
    expect(r).toMatchObject({ ok: false, kind: 'deep' });
    expect(text[(r as { offset: number }).offset]).toBe('[');
    // Large members nested deeper than the limit.
    let nested = JSON.stringify(rows(2000));
    for (let i = 0; i < 520; i++) nested = `{"n":${nested}}`;
    expect(await parseJsonSliced(nested, rest)).toMatchObject({ ok: false, kind: 'deep' });
    expect(await parseJsonSliced(nested, { ...rest, maxDepth: 600 })).toMatchObject({ ok: true });
  });

  it('refuses prototype keys for the REST API, in a batch or as a large member, and keeps constructor data', async () => {
    const big = JSON.stringify(rows(3000));
    for (const text of [`{"items":${big},"x":{"__proto__":{"a":1}}}`, `{"items":${big},"x":{"constructor":{"prototype":{}}}}`, `{"__proto__":${big}}`]) {
      expect(await parseJsonSliced(text, rest)).toMatchObject({ ok: false, kind: 'prototype' });
      expect((await parseJsonSliced(text, hook)).ok).toBe(true);
    }
    expect((await parseJsonSliced(`{"items":${big},"constructor":{"name":"data"}}`, rest)).ok).toBe(true);
  });

  it('lets timers run while it parses', async () => {
    const text = JSON.stringify({ items: rows(100_000) });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const r = await parseJsonSliced(text, rest);
    clearInterval(timer);
    expect(r.ok).toBe(true);
    expect(ticks).toBeGreaterThan(2);
  });
});

describe('parseJsonSliced: deep and large', () => {
  /** The longest the parse kept the loop between two turns (ms), the best of `tries` parses. */
  async function longestHold(text: string, tries = 3): Promise<{ ms: number; kind: string }> {
    let best = Infinity;
    let kind = '';
    for (let t = 0; t < tries && best >= 60; t++) {
      let last = performance.now();
      let longest = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 1);
      const r = await parseJsonSliced(text, hook);
      clearInterval(timer);
      longest = Math.max(longest, performance.now() - last);
      kind = r.ok ? 'ok' : r.kind;
      best = Math.min(best, longest);
    }
    return { ms: best, kind };
  }

  it("refuses a 5 MB '[[[[…' body as too deep, giving the loop back on the way down (it held 200+ ms)", async () => {
    const r = await longestHold('['.repeat(5 * 1024 * 1024));
    expect(r.kind).toBe('deep');
    expect(r.ms).toBeLessThan(60);
  });

  it('parses a 5 MB body nested to just under the limit without holding the loop', async () => {
    const depth = MAX_JSON_DEPTH - 2;
    const pad = JSON.stringify('x'.repeat(10_000));
    const inner = Array.from({ length: 500 }, () => pad).join(',');
    const text = '['.repeat(depth) + inner + ']'.repeat(depth);
    expect(text.length).toBeGreaterThan(5_000_000);
    const r = await longestHold(text);
    expect(r.kind).toBe('ok');
    expect(r.ms).toBeLessThan(60);
  });
});

/** The offset of the first error, as the editor's scanner finds it in the whole text. */
function firstErrorOffset(text: string): number {
  return locateJsonError(text)?.offset ?? -1;
}

describe('parseJsonSliced: the array length limit', () => {
  it('refuses an array longer than MAX_DATA_ARRAY_LENGTH at its opening, and takes it where told to (stored data)', async () => {
    const text = `{"ok":[1,2],"long":[${'0,'.repeat(MAX_DATA_ARRAY_LENGTH)}0]}`;
    const r = await parseJsonSliced(text, hook);
    expect(r).toMatchObject({ ok: false, kind: 'large', offset: text.indexOf('[0,') });
    const stored = await parseJsonSliced(text, { ...hook, maxArrayLength: Infinity });
    expect(stored.ok && ((stored.value as { long: unknown[] }).long.length)).toBe(MAX_DATA_ARRAY_LENGTH + 1);
    const atLimit = await parseJsonSliced(`[${'0,'.repeat(MAX_DATA_ARRAY_LENGTH - 1)}0]`, hook);
    expect(atLimit.ok && (atLimit.value as unknown[]).length).toBe(MAX_DATA_ARRAY_LENGTH);
  });
});
