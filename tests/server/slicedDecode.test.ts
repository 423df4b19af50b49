import { describe, expect, it } from 'vitest';
import { decodeUtf8Sliced } from '../../src/server/slicedDecode.ts';

describe('decodeUtf8Sliced', () => {
  it('decodes as toString does, characters split between pieces kept whole', async () => {
    // 1-, 2-, 3- and 4-byte characters; the odd lengths put splits inside each kind at some piece edge.
    const text = Array.from({ length: 120_000 }, (_, i) => `${i} zürich 東京 🚀;`).join('');
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(await decodeUtf8Sliced(bytes)).toBe(text);
    // Invalid bytes become U+FFFD as there, also at the very end.
    const broken = Buffer.concat([bytes, Buffer.from([0xff, 0xe6, 0x9d])]);
    expect(await decodeUtf8Sliced(broken)).toBe(broken.toString('utf8'));
    expect(await decodeUtf8Sliced(Buffer.from('small ü'))).toBe('small ü');
  });

  it('gives the event loop back while decoding a large body', async () => {
    const bytes = Buffer.from('ab 東京 🚀 '.repeat(3_000_000), 'utf8');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const text = await decodeUtf8Sliced(bytes);
    clearInterval(timer);
    expect(text.length).toBe('ab 東京 🚀 '.length * 3_000_000);
    expect(ticks).toBeGreaterThan(1);
  });
});
