// How deep JSON text nests, checked before it is parsed. JSON.parse copes with any depth, but
// JSON.stringify and structuredClone overflow the stack a few thousand levels down, so a hostile
// body nested that deep would fail later as an internal error (or fail saving). Real workflows
// nest about a dozen levels (the corpus: 11); pinned API answers a few dozen. The limit is the
// one the editor's JSON scanner has (jsonErrors.ts).

export const MAX_JSON_DEPTH = 512;

/**
 * Elements one array in workflow data may hold (bodies, node output, expressions). One array
 * is one allocation: V8 takes ~10 ns per element to make it and more to grow or copy it, so a
 * 9M-element array held the server's thread 80–250 ms wherever it was parsed or copied.
 */
export const MAX_DATA_ARRAY_LENGTH = 2_000_000;
export const ARRAY_LIMIT_DESCRIPTION = `An array in workflow data may hold at most ${MAX_DATA_ARRAY_LENGTH.toLocaleString('en-US')} elements; split larger lists into items (Split Out) or pages.`;

/** The offset where `text` first nests deeper than `limit`, or undefined. Linear, strings skipped. */
export function jsonTooDeepAt(text: string, limit = MAX_JSON_DEPTH): number | undefined {
  // A character loop with strings skipped by indexOf: about 3× faster than a regex per token
  // on a 10 MB body, which matters since the scan runs on the server's event loop.
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const end = stringEnd(text, i);
      if (end === -1) return undefined;
      i = end - 1;
    } else if (c === 123 || c === 91) {
      if (++depth > limit) return i;
    } else if (c === 125 || c === 93) {
      depth--;
    }
  }
  return undefined;
}

/**
 * How a value (not text) stands against the depth limit: 'ok', 'deep' (arrays and objects
 * nested more than `limit` levels, as JSON.stringify would write them) or 'circular'. Iterative,
 * so a value too deep for the stack is measured too. Values JSON writes as text (toJSON: Date,
 * DateTime) and binary views are leaves.
 */
export function valueDepthCheck(value: unknown, limit = MAX_JSON_DEPTH, walked?: { containers: number }): 'ok' | 'deep' | 'circular' {
  if (walked) walked.containers = 0;
  if (!isContainer(value)) return 'ok';
  // Most items are flat (nothing nested): answered without the walk's stacks.
  if (limit >= 1 && isFlat(value)) {
    if (walked) walked.containers = 1;
    return 'ok';
  }
  const walk = new DepthWalk(value, limit);
  const found = walk.step(Infinity);
  if (walked) walked.containers = walk.visits;
  return found as 'ok' | 'deep' | 'circular';
}

const NONE: never[] = [];

/**
 * valueDepthCheck in steps of about `work` members each, for callers that give the event loop
 * back between steps (a 15 MB item is ~300,000 containers, ~35 ms in one walk). A depth-first
 * walk with a cursor per open container, so that one array of 150,000 rows is a step's work too.
 */
export class DepthWalk {
  readonly #value: unknown;
  readonly #limit: number;
  // A plain walk first: linear in the value's size as serialised. It stops at the first path
  // past the limit, or past a budget of containers, where shared references (a DAG expands
  // exponentially) or a cycle may be the cause: the exact walk then decides.
  // The open containers, root first (the stack's height is the depth), each with its keys
  // (null for an array) and the index of its next member.
  // Allocated when a value is not flat: most items are.
  #open: object[] = NONE;
  #keys: Array<string[] | null> = NONE;
  #next: number[] = NONE;
  /** Containers walked. */
  visits = 0;
  #started = false;
  /** Set once the plain walk hands over (see above). */
  #exact: ExactWalk | undefined;

  readonly #maxArrayLength: number;

  /** maxArrayLength: a longer array answers 'large' (node output: MAX_DATA_ARRAY_LENGTH). */
  constructor(value: unknown, limit = MAX_JSON_DEPTH, maxArrayLength = Infinity) {
    this.#value = value;
    this.#limit = limit;
    this.#maxArrayLength = maxArrayLength;
  }

  #enter(v: object): void {
    this.#open.push(v);
    this.#keys.push(Array.isArray(v) ? null : Object.keys(v));
    this.#next.push(0);
  }

  /** The answer, or 'more' when `work` members were looked at and some remain. */
  step(work: number): 'ok' | 'deep' | 'circular' | 'large' | 'more' {
    if (this.#exact) return this.#exact.step(work);
    const value = this.#value;
    const limit = this.#limit;
    if (!this.#started) {
      this.#started = true;
      if (!isContainer(value)) return 'ok';
      if (Array.isArray(value) && value.length > this.#maxArrayLength) return 'large';
      // Most items are flat (nothing nested): answered without the walk's stacks.
      if (limit >= 1 && isFlat(value)) {
        this.visits = 1;
        return 'ok';
      }
      if (limit < 1) return this.#handOver(work);
      this.visits = 1;
      this.#open = [];
      this.#keys = [];
      this.#next = [];
      this.#enter(value);
    }
    const open = this.#open;
    const keysOf = this.#keys;
    const next = this.#next;
    let done = 0;
    while (open.length) {
      const top = open.length - 1;
      const v = open[top];
      const keys = keysOf[top];
      const i = next[top];
      if (i >= (keys === null ? (v as unknown[]).length : keys.length)) {
        open.pop();
        keysOf.pop();
        next.pop();
        continue;
      }
      if (done++ >= work) return 'more';
      next[top] = i + 1;
      const c: unknown = keys === null ? (v as unknown[])[i] : (v as Record<string, unknown>)[keys[i]];
      if (!isContainer(c)) continue;
      if (Array.isArray(c) && c.length > this.#maxArrayLength) return 'large';
      if (open.length + 1 > limit || ++this.visits > PLAIN_WALK_BUDGET) return this.#handOver(work - done);
      this.#enter(c);
    }
    return 'ok';
  }

  #handOver(work: number): 'ok' | 'deep' | 'circular' | 'large' | 'more' {
    this.#open = this.#keys = this.#next = NONE;
    this.#exact = new ExactWalk(this.#value as object, this.#limit, this.#maxArrayLength);
    return this.#exact.step(Math.max(1, work));
  }
}

/** Whether a container holds no object at all (an object that is not a container is not flat either, for brevity). */
function isFlat(v: object): boolean {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const c: unknown = v[i];
      if (c !== null && typeof c === 'object') return false;
    }
    return true;
  }
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const c = (v as Record<string, unknown>)[keys[i]];
    if (c !== null && typeof c === 'object') return false;
  }
  return true;
}

/**
 * Containers a plain walk visits before the exact walk takes over: the plain walk costs about
 * what JSON.stringify does (~20–60 ms for the 400,000 containers of 9 MB of JSON), the exact
 * walk several times more (a Map entry per container), so only values larger than any body the
 * server takes, or expanding exponentially through shared references, get it.
 */
const PLAIN_WALK_BUDGET = 1_000_000;

function isContainer(v: unknown): v is object {
  return v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function' && !ArrayBuffer.isView(v) && !(v instanceof ArrayBuffer);
}

function childrenOf(v: object): unknown[] {
  return Array.isArray(v) ? v : Object.values(v);
}

/**
 * The exact walk: each container once, its height (levels below and itself) remembered, so
 * shared references cost nothing more; a container met again while its own walk is under way
 * is a cycle. In steps like DepthWalk: 1.9M containers took ~1 s in one go.
 */
class ExactWalk {
  // Heights in maps of at most SHARD_SIZE entries: growing one Map past 1M entries rehashes it
  // in one go (~130 ms). A container's frame keeps the shard it was entered in.
  readonly #shards: Array<Map<object, number>> = [new Map()];
  // Post-order with an explicit stack: a frame is a container and the index of its next child.
  readonly #stack: Array<{ v: object; shard: Map<object, number>; children: unknown[]; next: number; max: number }> = [];
  #answer: 'ok' | 'deep' | 'circular' | 'large' | undefined;
  readonly limit: number;
  readonly maxArrayLength: number;

  // No parameter properties: the code sandbox loads this file with type stripping only.
  constructor(value: object, limit: number, maxArrayLength: number) {
    this.limit = limit;
    this.maxArrayLength = maxArrayLength;
    const entered = this.#enter(value);
    if (entered === 'circular' || entered === 'large') this.#answer = entered;
  }

  #heightOf(v: object): number | undefined {
    const shards = this.#shards;
    for (let i = shards.length - 1; i >= 0; i--) {
      const h = shards[i].get(v);
      if (h !== undefined) return h;
    }
    return undefined;
  }

  /** The height of a container walked before, 0 when entered now, or why the walk ends. */
  #enter(v: object): number | 'circular' | 'large' {
    const h = this.#heightOf(v);
    if (h === EXACT_IN_PROGRESS) return 'circular';
    if (h !== undefined) return h;
    let shard = this.#shards[this.#shards.length - 1];
    if (shard.size >= SHARD_SIZE) this.#shards.push((shard = new Map()));
    shard.set(v, EXACT_IN_PROGRESS);
    if (Array.isArray(v) && v.length > this.maxArrayLength) return 'large';
    this.#stack.push({ v, shard, children: childrenOf(v), next: 0, max: 0 });
    return 0;
  }

  step(work: number): 'ok' | 'deep' | 'circular' | 'large' | 'more' {
    if (this.#answer) return this.#answer;
    const stack = this.#stack;
    let done = 0;
    while (stack.length) {
      if (done++ >= work) return 'more';
      const f = stack[stack.length - 1];
      if (f.next < f.children.length) {
        const c = f.children[f.next++];
        if (!isContainer(c)) continue;
        // A container holding no container has height 1 and is in no cycle: not remembered
        // (most containers of real data are such leaves).
        if (isFlat(c)) {
          if (Array.isArray(c) && c.length > this.maxArrayLength) return (this.#answer = 'large');
          if (f.max < 1) f.max = 1;
          continue;
        }
        const entered = this.#enter(c);
        if (typeof entered !== 'number') return (this.#answer = entered);
        if (entered > f.max) f.max = entered;
        continue;
      }
      stack.pop();
      const h = f.max + 1;
      if (h > this.limit) return (this.#answer = 'deep');
      f.shard.set(f.v, h);
      const parent = stack[stack.length - 1];
      if (parent && h > parent.max) parent.max = h;
    }
    return (this.#answer = 'ok');
  }
}

const EXACT_IN_PROGRESS = -1;
const SHARD_SIZE = 1 << 17;

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The offset just past the closing quote of the string opening at `open`, or -1. Linear. */
export function stringEnd(text: string, open: number): number {
  for (let i = open + 1; ; ) {
    const q = text.indexOf('"', i);
    if (q === -1) return -1;
    // Escaped when an odd number of backslashes precede it (each run is read once).
    let backslashes = 0;
    for (let k = q - 1; k > open && text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    i = q + 1;
  }
}

/**
 * The first object key of JSON `text` that is `__proto__` or `constructor` (the forms
 * secure-json-parse refuses; __proto__ first), with its offset; undefined when there is none. Linear, also on
 * text that is not JSON.
 */
export function jsonPrototypeKeyAt(text: string): { key: string; offset: number } | undefined {
  let constructorAt: number | undefined;
  for (let open = text.indexOf('"'); open !== -1; ) {
    const end = stringEnd(text, open);
    if (end === -1) return undefined;
    let after = end;
    while (after < text.length && (text[after] === ' ' || text[after] === '\n' || text[after] === '\r' || text[after] === '\t')) after++;
    if (text[after] === ':' && end - open <= 64) {
      const token = text.slice(open, end);
      let key: string | undefined;
      try {
        key = token.includes('\\') ? (JSON.parse(token) as string) : token.slice(1, -1);
      } catch {
        key = undefined;
      }
      if (key === '__proto__') return { key, offset: open };
      if (key === 'constructor') constructorAt ??= open;
    }
    open = text.indexOf('"', end);
  }
  return constructorAt === undefined ? undefined : { key: 'constructor', offset: constructorAt };
}

/**
 * A quick test whether JSON `text` may have a lone surrogate: a \u escape of a high surrogate not
 * followed by a low one, or of a low one not after a high one. It can also match escaped text
 * ("\\\\uD800" is a backslash and 'uD800'): loneSurrogatePath decides. Linear.
 */
export const SURROGATE_ESCAPE = /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

/**
 * The path ('name', 'nodes/0/parameters/x') of the first string or key of `value` that is not
 * well-formed UTF-16 (a lone surrogate, which storage as UTF-8 would turn into U+FFFD), or
 * undefined. `value` is parsed JSON within the depth limit.
 */
export function loneSurrogatePath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path;
  if (!value || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = loneSurrogatePath(value[i], `${path}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (!key.isWellFormed()) return `${path}/${key.toWellFormed()}`;
    const found = loneSurrogatePath((value as Record<string, unknown>)[key], `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
