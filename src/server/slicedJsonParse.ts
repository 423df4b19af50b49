// JSON.parse for large request bodies that gives the event loop back. Checking, parsing and
// checking again a 16 MB body (the default SWITCHYARD_PAYLOAD_SIZE_MAX) held the server for
// 150–400 ms on 2 cores. Here the outer containers are walked in JavaScript and their members
// are parsed natively in batches of about BATCH_CHARS, each batch checked for depth (and, for the
// REST API, prototype keys) on its own text; the loop is given back every SLICE_MS. A member too
// large to probe is walked the same way. The value is JSON.parse's (same key order, last
// duplicate wins, `__proto__` an own data property). Errors are reported with their offset in
// the whole text, as the callers' messages need (line and column).
import { yieldToLoop } from '../model/yieldToLoop.ts';
import { jsonPrototypeKeyAt, jsonTooDeepAt, MAX_DATA_ARRAY_LENGTH, stringEnd } from '../model/jsonDepth.ts';
import { locateJsonError } from '../model/jsonErrors.ts';

/** Texts shorter than this are parsed in one call by the callers' usual path (~5 ms at most). */
export const SLICED_PARSE_MIN_CHARS = 512 * 1024;
const BATCH_CHARS = 64 * 1024;
/** How far a container member is scanned for its end before it is walked instead. */
const PROBE_CHARS = 64 * 1024;
const SLICE_MS = 10;

// secure-json-parse's quick tests: a key that may be __proto__ or constructor (escapes included).
const SUSPECT_PROTO = /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const SUSPECT_CONSTRUCTOR = /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

export type SlicedParseResult =
  | { ok: true; value: unknown }
  /**
   * deep: nested more than maxDepth; invalid: not JSON (message as jsonErrors.ts words it);
   * prototype: a refused key; large: an array (opening at offset) longer than maxArrayLength.
   */
  | { ok: false; kind: 'deep' | 'invalid' | 'prototype' | 'large'; offset: number; message?: string; key?: string };

class Stop extends Error {
  readonly result: SlicedParseResult & { ok: false };
  constructor(result: SlicedParseResult & { ok: false }) {
    super(result.kind);
    this.result = result;
  }
}

export interface SlicedParseOptions {
  maxDepth: number;
  /** Refuse `__proto__` keys and `constructor` keys holding `prototype` (the REST API's rule). */
  refusePrototypeKeys: boolean;
  /** Longest array taken (MAX_DATA_ARRAY_LENGTH unless said; Infinity for data already stored). */
  maxArrayLength?: number;
}

/** Own `__proto__` keys, or `constructor` keys holding `prototype`, anywhere in a parsed value. */
function hasPrototypeKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    if (Object.hasOwn(v, '__proto__')) return true;
    const c = (v as Record<string, unknown>).constructor;
    if (Object.hasOwn(v, 'constructor') && c !== null && typeof c === 'object' && Object.hasOwn(c, 'prototype')) return true;
    for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
  }
  return false;
}

function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

class Parser {
  i = 0;
  #sliceStart = performance.now();
  readonly text: string;
  readonly opts: SlicedParseOptions;
  constructor(text: string, opts: SlicedParseOptions) {
    this.text = text;
    this.opts = opts;
  }

  stop(kind: 'deep' | 'invalid' | 'prototype' | 'large', offset: number, extra: { message?: string; key?: string } = {}): never {
    throw new Stop({ ok: false, kind, offset, ...extra });
  }

  invalidAt(offset: number, message?: string): never {
    const ch = this.text[offset];
    this.stop('invalid', offset, { message: message ?? (ch === undefined ? 'Unexpected end of JSON' : `Unexpected token '${ch}'`) });
  }

  found(offset: number): string {
    const ch = this.text[offset];
    return ch === undefined ? 'the end of the text' : `'${ch}'`;
  }

  ws(): void {
    const s = this.text;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }

  async breathe(): Promise<void> {
    if (performance.now() - this.#sliceStart < SLICE_MS) return;
    await yieldToLoop();
    this.#sliceStart = performance.now();
  }

  /** The offset just past the string opening at `open`, or -1 when it does not end. */
  stringEnd(open: number): number {
    return stringEnd(this.text, open);
  }

  /** Where the value at `pos` ends, if found within PROBE_CHARS (strings: any length); -1 for a larger container. */
  probeEnd(pos: number): number {
    const s = this.text;
    const c = s.charCodeAt(pos);
    if (c === 34) {
      const end = this.stringEnd(pos);
      return end === -1 ? this.invalidAt(pos) : end;
    }
    if (c === 91 || c === 123) {
      let depth = 0;
      let j = pos;
      while (j < s.length && j - pos < PROBE_CHARS) {
        const ch = s.charCodeAt(j);
        if (ch === 34) {
          const end = this.stringEnd(j);
          if (end === -1) this.invalidAt(j);
          j = end;
          continue;
        }
        if (ch === 91 || ch === 123) depth++;
        else if ((ch === 93 || ch === 125) && --depth === 0) return j + 1;
        j++;
      }
      return j >= s.length ? this.invalidAt(s.length) : -1;
    }
    // A number or literal: checked by the batch's native parse.
    let j = pos;
    while (j < s.length) {
      const ch = s.charCodeAt(j);
      if (ch === 44 || ch === 93 || ch === 125 || ch === 32 || ch === 9 || ch === 10 || ch === 13) break;
      j++;
    }
    return j === pos ? this.invalidAt(pos) : j;
  }

  /** Parses members [start, end) of a container at nesting level `level` (this container's) as one native call. */
  batch(isArray: boolean, start: number, end: number, level: number): unknown {
    const slice = this.text.slice(start, end);
    const wrapped = isArray ? `[${slice}]` : `{${slice}}`;
    // The wrapper stands for this container: its members' levels count from it.
    const deepAt = jsonTooDeepAt(wrapped, this.opts.maxDepth - level + 1);
    if (deepAt !== undefined) this.stop('deep', start + deepAt - 1);
    let parsed: unknown;
    try {
      parsed = JSON.parse(wrapped);
    } catch {
      const found = locateJsonError(wrapped);
      this.stop('invalid', start + Math.max(0, (found?.offset ?? 1) - 1), { message: found?.message });
    }
    if (this.opts.refusePrototypeKeys && (SUSPECT_PROTO.test(slice) || SUSPECT_CONSTRUCTOR.test(slice)) && hasPrototypeKey(parsed)) {
      const found = jsonPrototypeKeyAt(wrapped);
      this.stop('prototype', start + Math.max(0, (found?.offset ?? 1) - 1), { key: found?.key ?? '__proto__' });
    }
    return parsed;
  }

  /** The container opening at this.i, at nesting level `level` (the outermost is 1). */
  async container(level: number): Promise<unknown> {
    const s = this.text;
    if (level > this.opts.maxDepth) this.stop('deep', this.i);
    const isArray = s.charCodeAt(this.i) === 91;
    const close = isArray ? 93 : 125;
    const out: unknown[] | Record<string, unknown> = isArray ? [] : {};
    // An array's members, as the batches' arrays and runs of nested containers between them,
    // joined once at the end: pushing 3M members one by one grew the array in steps that held
    // the loop 40–70 ms each.
    const pieces: unknown[][] = [];
    const opened = this.i;
    const maxArrayLength = this.opts.maxArrayLength ?? MAX_DATA_ARRAY_LENGTH;
    let members = 0;
    let batchStart = -1;
    let batchEnd = -1;
    const flush = (): void => {
      if (batchStart === -1) return;
      const parsed = this.batch(isArray, batchStart, batchEnd, level);
      if (isArray) {
        if ((members += (parsed as unknown[]).length) > maxArrayLength) this.stop('large', opened);
        if ((out as unknown[]).length) pieces.push((out as unknown[]).splice(0));
        pieces.push(parsed as unknown[]);
      } else for (const k of Object.keys(parsed as object)) setMember(out as Record<string, unknown>, k, (parsed as Record<string, unknown>)[k]);
      batchStart = -1;
    };
    const joined = (): unknown => {
      if (!isArray || pieces.length === 0) return out;
      if ((out as unknown[]).length) pieces.push(out as unknown[]);
      return pieces.length === 1 ? pieces[0] : ([] as unknown[]).concat(...pieces);
    };
    this.i++;
    this.ws();
    if (s.charCodeAt(this.i) === close) {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      const memberStart = this.i;
      let keyEnd = -1;
      if (!isArray) {
        if (s.charCodeAt(this.i) !== 34) this.invalidAt(this.i, `Expected a property name in double quotes, found ${this.found(this.i)}`);
        keyEnd = this.stringEnd(this.i);
        if (keyEnd === -1) this.invalidAt(this.i);
        this.i = keyEnd;
        this.ws();
        if (s.charCodeAt(this.i) !== 58) this.invalidAt(this.i, `Expected ':' after the property name, found ${this.found(this.i)}`);
        this.i++;
        this.ws();
      }
      if (this.i >= s.length) this.invalidAt(this.i);
      const end = this.probeEnd(this.i);
      if (end !== -1) {
        if (batchStart !== -1 && end - batchStart > BATCH_CHARS) flush();
        if (batchStart === -1) batchStart = memberStart;
        batchEnd = end;
        this.i = end;
      } else {
        flush();
        let key: string | undefined;
        if (!isArray) {
          try {
            key = JSON.parse(s.slice(memberStart, keyEnd)) as string;
          } catch {
            this.invalidAt(memberStart);
          }
        }
        // Each level's probe scans up to PROBE_CHARS: 512 levels of a '[[[[…' body are 32 MB of
        // scanning, which held the loop 200+ ms before the parser gave it back on the way down.
        await this.breathe();
        const value = await this.container(level + 1);
        if (key === undefined) {
          if (++members > maxArrayLength) this.stop('large', opened);
          (out as unknown[]).push(value);
        }
        else {
          const holdsPrototype = key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype');
          if (this.opts.refusePrototypeKeys && (key === '__proto__' || holdsPrototype)) this.stop('prototype', memberStart, { key });
          setMember(out as Record<string, unknown>, key, value);
        }
      }
      await this.breathe();
      this.ws();
      const c = s.charCodeAt(this.i);
      if (c === 44) {
        this.i++;
        continue;
      }
      if (c === close) {
        flush();
        this.i++;
        return joined();
      }
      this.invalidAt(this.i, `Expected ',' or '${isArray ? ']' : '}'}', found ${this.found(this.i)}`);
    }
  }
}

/**
 * Parses JSON `text` in slices (meant for texts of SLICED_PARSE_MIN_CHARS and more). Resolves
 * with the value, or with why it is refused: too deep, not JSON, or a prototype key.
 */
export async function parseJsonSliced(text: string, opts: SlicedParseOptions): Promise<SlicedParseResult> {
  const p = new Parser(text, opts);
  try {
    p.ws();
    const c = text.charCodeAt(p.i);
    if (c !== 91 && c !== 123) {
      // A lone string or number: one native call (its size is the body's).
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch {
        return { ok: false, kind: 'invalid', offset: p.i, message: locateJsonError(text)?.message };
      }
    }
    const value = await p.container(1);
    p.ws();
    if (p.i < text.length) p.invalidAt(p.i, `Unexpected ${p.found(p.i)} after the end of the JSON value`);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Stop) return error.result;
    throw error;
  }
}
