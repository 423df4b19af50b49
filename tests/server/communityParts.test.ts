// Long item lists cross to and from the package host in parts (src/community/messageParts.ts):
// one message of 100,000 items held each side's event loop 100–125 ms to serialise and as long
// to deserialise. The split and reassembly keep every item, and the server's loop stays free.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_ITEMS, PartsAssembler, splitMessage } from '../../src/community/messageParts.ts';
import { PackageHost } from '../../src/server/community/PackageHost.ts';
import { taggerPayload, writeTaggerPackage } from '../support/taggerPackage.ts';

describe('splitMessage and PartsAssembler', () => {
  it('cut long arrays near the top into parts and put them back; short ones and deep ones stay; the original is untouched', () => {
    const long = Array.from({ length: 2 * PART_ITEMS + 5 }, (_, i) => ({ json: { i } }));
    const deepLong = Array.from({ length: PART_ITEMS + 1 }, (_, i) => i);
    const message = { kind: 'result', id: 7, value: [long, [{ json: { a: 1 } }], null], other: { a: { b: { c: { d: deepLong } } } }, buf: new Uint8Array(3) };
    let id = 0;
    const { message: small, parts } = splitMessage(message, () => ++id);
    expect(parts.map((p) => p.items.length)).toEqual([PART_ITEMS, PART_ITEMS, 5]);
    expect(small.value[0]).toEqual({ $parts: 1, length: long.length });
    expect(small.value[1]).toBe(message.value[1]);
    expect(small.other).toBe(message.other); // past the depth looked at
    expect(message.value[0]).toBe(long);
    // As the receiver gets them: structured clones.
    const assembler = new PartsAssembler();
    for (const part of parts) assembler.add(structuredClone(part));
    const received = assembler.complete(structuredClone(small));
    expect(received).toEqual(message);
  });

  it('a message whose parts did not all arrive is refused, and a key "__proto__" stays data', () => {
    const long = Array.from({ length: PART_ITEMS + 1 }, (_, i) => i);
    const { message, parts } = splitMessage({ kind: 'result', value: long }, () => 1);
    const assembler = new PartsAssembler();
    assembler.add(parts[0]);
    expect(() => assembler.complete(structuredClone(message))).toThrow(/A message part is missing \(1000 of 1001 items arrived\)/);
    const odd = JSON.parse('{"kind":"result","value":{"__proto__":{"x":1}}}');
    const { message: same, parts: none } = splitMessage(odd, () => 2);
    expect(none).toEqual([]);
    const back = new PartsAssembler();
    back.add({ kind: 'part', parts: 9, items: [] });
    const out = back.complete(same) as { value: object };
    expect(Object.getPrototypeOf(out.value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out.value, '__proto__')?.value).toEqual({ x: 1 });
  });
});


describe('a package node over 200,000 items', () => {
  let dir: string;
  let host: PackageHost;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'switchyard-parts-'));
    const pkg = writeTaggerPackage(dir, 'n8n-nodes-parts');
    host = new PackageHost({ packagesDir: dir });
    await host.request({ kind: 'load', dir: pkg }, 'loading the test package');
  }, 30_000);
  afterAll(async () => {
    await host?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gets every item back in order, and the server loop is never held for the whole list', async () => {
    const count = 200_000;
    const items = Array.from({ length: count }, (_, i) => ({ json: { id: i, name: `row ${i}`, email: `user${i}@example.com`, tags: ['a', 'b'] } }));
    const payload = taggerPayload('n8n-nodes-parts', items);
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last - 2);
      last = now;
    }, 2);
    let out: Array<Array<{ json: Record<string, unknown>; pairedItem: { item: number } }>>;
    try {
      const answer = (await host.request({ kind: 'execute', type: 'n8n-nodes-parts.tagger', version: 1, payload }, 'parts test')) as { output: typeof out };
      out = answer.output;
    } finally {
      clearInterval(ticker);
    }
    expect(out[0]).toHaveLength(count);
    expect(out[0][0]).toEqual({ json: { id: 0, name: 'row 0', email: 'user0@example.com', tags: ['a', 'b'], tag: 'x' }, pairedItem: { item: 0 } });
    expect(out[0][count - 1].json.id).toBe(count - 1);
    expect(out[0].every((item, i) => item.pairedItem.item === i)).toBe(true);
    // One message each way held ~250 ms each here (395 ms for 100,000 on a loaded machine); in
    // parts a few ms each (a busy machine adds GC pauses and waits for a core).
    expect(longest).toBeLessThan(150);
  }, 60_000);
});
