// application/x-www-form-urlencoded bodies parsed in slices: querystring.parse of a 15 MB body
// held the server's event loop ~175 ms. The text is cut at '&' into pieces of about PIECE_CHARS,
// each parsed by querystring.parse and merged as it merges repeated keys, so the result is the
// same. A pair longer than a piece is decoded in pieces too: querystring.parse of one 5 MB field
// took 54 ms plain, 94 ms percent-encoded and 609 ms full of '+'.
import { parse, unescape } from 'node:querystring';
import { yieldToLoop } from '../model/yieldToLoop.ts';

const PIECE_CHARS = 128 * 1024;
const SLICE_MS = 10;

/** querystring.parse(text, '&', '=', { maxKeys }) as a plain object, giving the loop back on large bodies. */
export async function parseFormSliced(text: string, maxKeys: number): Promise<Record<string, string | string[]>> {
  if (text.length <= PIECE_CHARS) return { ...parse(text, '&', '=', { maxKeys }) } as Record<string, string | string[]>;
  const merged: Record<string, string | string[]> = Object.create(null);
  let pairsLeft = maxKeys > 0 ? maxKeys : Infinity;
  let sliceStart = performance.now();
  for (let from = 0; from <= text.length && pairsLeft > 0; ) {
    let to = text.indexOf('&', from + PIECE_CHARS);
    if (to === -1) to = text.length;
    let piece = text.slice(from, to);
    // Pairs as querystring counts them: every '&'-separated part, empty ones too.
    let pairs = 1;
    for (let at = piece.indexOf('&'); at !== -1; at = piece.indexOf('&', at + 1)) pairs++;
    // The piece ends with a pair longer than a piece: decoded on its own, in slices.
    let long: [string, string] | undefined;
    const lastAmp = piece.lastIndexOf('&');
    if (piece.length - lastAmp - 1 > PIECE_CHARS && (maxKeys <= 0 || pairsLeft >= pairs)) {
      long = await decodePairSliced(piece.slice(lastAmp + 1));
      piece = lastAmp < 0 ? '' : piece.slice(0, lastAmp);
      sliceStart = performance.now();
    }
    const parsed = long !== undefined && piece === '' ? {} : parse(piece, '&', '=', { maxKeys: pairsLeft === Infinity ? 0 : pairsLeft });
    if (long !== undefined) {
      const [key, value] = long;
      const had = (parsed as Record<string, string | string[]>)[key];
      // As querystring merges a repeated key (own keys only: "__proto__" is data here).
      if (!Object.hasOwn(parsed, key)) Object.defineProperty(parsed, key, { value, enumerable: true, writable: true, configurable: true });
      else (parsed as Record<string, string | string[]>)[key] = ([] as string[]).concat(had!, value);
    }
    pairsLeft -= pairs;
    for (const key of Object.keys(parsed)) {
      const value = parsed[key]!;
      const had = merged[key];
      if (had === undefined) merged[key] = value;
      else merged[key] = ([] as string[]).concat(had, value);
    }
    from = to + 1;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return { ...merged };
}

/** Characters decoded per call in a long pair (~1 ms). */
const DECODE_CHARS = 64 * 1024;

/** One key=value pair as querystring.parse decodes it ('+' as space, escapes as UTF-8), in slices. */
async function decodePairSliced(pair: string): Promise<[string, string]> {
  const eq = pair.indexOf('=');
  const key = eq < 0 ? pair : pair.slice(0, eq);
  const value = eq < 0 ? '' : pair.slice(eq + 1);
  return [await decodeSliced(key), await decodeSliced(value)];
}

async function decodeSliced(s: string): Promise<string> {
  if (s.length <= DECODE_CHARS) return unescape(s.replaceAll('+', ' '));
  const parts: string[] = [];
  let sliceStart = performance.now();
  for (let from = 0; from < s.length; ) {
    const to = safeCut(s, Math.min(s.length, from + DECODE_CHARS));
    parts.push(unescape(s.slice(from, to).replaceAll('+', ' ')));
    from = to;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return parts.join('');
}

const hex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/**
 * A cut at or after `at` that changes no decoding: not inside a %XX escape, and not before the
 * escape of a UTF-8 continuation byte (a character's bytes stay together). Malformed runs longer
 * than a character are cut anyway: each stray byte decodes to U+FFFD either way.
 */
function safeCut(s: string, at: number): number {
  for (let i = at; i < s.length && i < at + 16; i++) {
    if (s.charCodeAt(i - 1) === 37 || s.charCodeAt(i - 2) === 37) continue;
    if (s.charCodeAt(i) === 37 && hex(s.charCodeAt(i + 1)) && hex(s.charCodeAt(i + 2))) {
      const byte = parseInt(s.slice(i + 1, i + 3), 16);
      if (byte >= 0x80 && byte < 0xc0) continue;
    }
    return i;
  }
  return Math.min(s.length, at + 16);
}
