// The single place where user regular expressions are made and run: regex literals and
// `new RegExp` in expressions, string patterns given to match/matchAll/search, and the
// 'regex' operations of the If, Filter and Switch nodes.
//
// A native RegExp backtracks: /(a+)+$/ on 30 characters and a '!' takes seconds, and a running
// native match cannot be interrupted by the expression's step budget. So createRegExp returns
// a GuardedRegExp: a real RegExp (same source, flags, `instanceof RegExp`, JavaScript's own
// semantics — backreferences, lookaround, named groups, every flag) whose operations (exec,
// test, match, matchAll, replace, search, split) are each handed as ONE request to a runner.
// The engine installs a runner (src/engine/regex) that executes the request in a worker
// thread and waits for it with a deadline: the smaller of the regex limit and the time the
// expression has left. Past it the worker is terminated (which stops any backtracking) and
// the operation throws a limit error naming the limit. Without a runner (the editor's preview
// worker, unit tests) requests run in-thread.
import { ExpressionError, limitError } from './errors.ts';
import { timeLimitError } from './limits.ts';
import { activeContext, remainingMs } from './compile/context.ts';
import { deferTo, memoised, slowWorkScope, type SlowWorkScope } from './defer.ts';

export const MAX_REGEX_SOURCE = 10_000;

// --- Requests a runner executes --------------------------------------------------------

export type RegexOp = 'exec' | 'test' | 'match' | 'matchAll' | 'replace' | 'matches' | 'search' | 'split';

export interface RegexRequest {
  op: RegexOp;
  source: string;
  flags: string;
  lastIndex: number;
  input: string;
  /** replace: the replacement string ($1, $<name> … are applied by the native engine). */
  replacement?: string;
  /** split: the limit argument (undefined = none). */
  limit?: number;
}

/** A match without its input (the caller has it): exec's array, index, groups, indices. */
export interface WireMatch {
  m: (string | undefined)[];
  index: number;
  groups?: Record<string, string | undefined>;
  indices?: ([number, number] | undefined)[];
  indexGroups?: Record<string, [number, number] | undefined>;
}

export type RegexResponse = { ok: true; value: unknown; lastIndex: number; cpuMs?: number } | { ok: false; name: string; message: string };

/** Runs a request within timeoutMs (0 = no limit); undefined when the deadline passed. */
export type RegexRunner = (request: RegexRequest, timeoutMs: number) => RegexResponse | undefined;

type Match = RegExpExecArray & { indices?: RegExpIndicesArray };

function wire(r: Match): WireMatch {
  const out: WireMatch = { m: Array.from(r), index: r.index };
  if (r.groups !== undefined) out.groups = { ...r.groups };
  if (r.indices !== undefined) {
    out.indices = Array.from(r.indices) as ([number, number] | undefined)[];
    if (r.indices.groups !== undefined) out.indexGroups = { ...r.indices.groups } as Record<string, [number, number] | undefined>;
  }
  return out;
}

/** Every match a replace visits: all of them for a global regex, else the first from lastIndex. */
function allMatches(re: RegExp, input: string): WireMatch[] {
  const out: WireMatch[] = [];
  if (!re.global) {
    const r = re.exec(input);
    if (r) out.push(wire(r));
    return out;
  }
  re.lastIndex = 0;
  const fullUnicode = re.unicode || re.unicodeSets;
  for (;;) {
    const r = re.exec(input);
    if (r === null) break;
    out.push(wire(r));
    if (r[0] === '') {
      // The spec's AdvanceStringIndex.
      const i = re.lastIndex;
      const code = input.charCodeAt(i);
      re.lastIndex = fullUnicode && code >= 0xd800 && code <= 0xdbff && i + 1 < input.length ? i + 2 : i + 1;
    }
  }
  re.lastIndex = 0;
  return out;
}

/** Executes one request with the native engine (in the regex worker, or in-thread). */
export function executeRegexRequest(req: RegexRequest): RegexResponse {
  try {
    const re = new RegExp(req.source, req.flags);
    re.lastIndex = req.lastIndex;
    const s = req.input;
    let value: unknown;
    switch (req.op) {
      case 'exec': {
        const r = re.exec(s);
        value = r === null ? null : wire(r);
        break;
      }
      case 'test':
        value = re.test(s);
        break;
      case 'match': {
        const r = s.match(re);
        value = r === null ? null : re.global ? Array.from(r) : wire(r as Match);
        break;
      }
      case 'matchAll':
        value = Array.from(s.matchAll(re), (r) => wire(r as Match));
        break;
      case 'matches':
        value = allMatches(re, s);
        break;
      case 'replace':
        value = s.replace(re, req.replacement ?? '');
        break;
      case 'search':
        value = s.search(re);
        break;
      case 'split':
        value = s.split(re, req.limit);
        break;
    }
    return { ok: true, value, lastIndex: re.lastIndex };
  } catch (error) {
    const e = error as Error;
    return { ok: false, name: e?.name ?? 'Error', message: e?.message ?? String(error) };
  }
}

/** The executor as JavaScript source (for a worker started from text: see src/engine/regex). */
export function regexExecutorSource(): string {
  return `${wire}\n${allMatches}\n${executeRegexRequest}\n`;
}

// --- Configuration -----------------------------------------------------------------------

const inThread: RegexRunner = (request) => executeRegexRequest(request);
let runner: RegexRunner = inThread;
let regexTimeoutMs = 0;

/**
 * A runner that may stop waiting: it waits up to `syncMs` on the calling thread, and an
 * operation still running then is handed back as `later` (settled when it ends or runs out).
 */
export type DeferringRunner = (
  request: RegexRequest,
  timeoutMs: number,
  syncMs: number,
) => RegexResponse | undefined | { later: Promise<RegexResponse | undefined> };
let deferringRunner: DeferringRunner | undefined;
/** Evaluating off the server's thread (the expression worker): a wait here holds no request. */
let offThread = false;

/**
 * Installs how regex operations run (the engine's worker runner) and the regex time limit in
 * ms (0 = none): the most one operation may take, and inside an expression the most all of
 * one evaluation's operations may take together (a loop of operations just under the limit
 * would otherwise add up).
 */
export function configureRegex(options: { runner?: RegexRunner; deferring?: DeferringRunner; timeoutMs?: number; inline?: InlinePredicate; offThread?: boolean }): void {
  if (options.offThread !== undefined) offThread = options.offThread;
  if (options.runner) runner = options.runner;
  if (options.deferring) deferringRunner = options.deferring;
  if (options.timeoutMs !== undefined) regexTimeoutMs = options.timeoutMs;
  if (options.inline) inline = options.inline;
}

/**
 * The longest input an operation of this pattern may run on natively on the calling thread,
 * without a request (the runner's fast path: patterns that cannot run long on such an input);
 * -1 for none. Saves building the request and the match copies (~0.5 µs instead of ~3 µs).
 */
export type InlinePredicate = (source: string, flags: string) => number;
let inline: InlinePredicate | undefined;

export function regexTimeLimitMs(): number {
  return regexTimeoutMs;
}

function describe(source: string, flags: string): string {
  const shown = source.length > 60 ? `${source.slice(0, 57)}...` : source;
  return `/${shown}/${flags}`;
}

/**
 * Input characters per extra ms an operation may take when the caller can await it (the worker
 * runs it; the loop is free): linear patterns over megabytes of text (`.replace(/o/g, '0')` on 5M
 * characters), which n8n runs, need more than the base limit. 250 ns per character, ~5× what
 * such a pass takes here, so a host running a few times slower still runs them: 5M characters,
 * 50 + 1,250 ms. The loop is free meanwhile; only the worker's time is spent.
 */
export const REGEX_CHARS_PER_EXTRA_MS = 4_000;

function regexLimitError(source: string, flags: string, op: string, inputLength: number, limitMs: number): Error {
  return limitError(
    `Regular expression ${describe(source, flags)} took longer than ${limitMs} ms and was stopped`,
    `Regular expressions may run for at most ${regexTimeoutMs} ms per operation, plus 1 ms per ${REGEX_CHARS_PER_EXTRA_MS.toLocaleString('en-US')} characters of input, and per expression all together (SWITCHYARD_REGEX_TIMEOUT), so that they cannot stall the server; patterns with nested repetition such as (a+)+ can take exponential time on inputs that almost match. Simplify the pattern or shorten the input (${inputLength} characters, operation ${op}).`,
  );
}

const NOT_INLINE: unique symbol = Symbol('not inline');
/** The built-in exec: on a GuardedRegExp it matches natively (this class overrides exec). */
const nativeExec = RegExp.prototype.exec;

// --- Deferral: slow operations awaited instead of waited for ------------------------------
//
// Expressions are synchronous, so an operation that needs the worker is waited for on the
// calling thread, up to the regex limit. Inside awaitSlowWork(fn) (defer.ts) the wait is cut
// short: an operation still running after DEFER_AFTER_MS ends fn's attempt, the caller awaits
// the operation with the loop free, and fn runs again, finding the answer in the scope's memo.

const DEFER_AFTER_MS = 5;

function requestKey(req: RegexRequest): string {
  return `r\u0000${req.op}\u0000${req.flags}\u0000${req.lastIndex}\u0000${req.limit ?? ''}\u0000${req.source.length}:${req.source}\u0000${req.replacement?.length ?? -1}:${req.replacement ?? ''}\u0000${req.input}`;
}

function runDeferring(scope: SlowWorkScope, req: RegexRequest, budgetMs: number): RegexResponse | undefined {
  const key = requestKey(req);
  const known = memoised(scope, key);
  if (known !== undefined) return known.value as RegexResponse | undefined;
  const res = deferringRunner!(req, budgetMs, DEFER_AFTER_MS);
  if (res === undefined || !('later' in res)) return res;
  deferTo(scope, key, res.later);
}

function run(req: RegexRequest): RegexResponse & { ok: true } {
  const ctx = activeContext();
  const left = remainingMs();
  if (left <= 0) throw timeLimitError();
  const scope = deferringRunner === undefined ? undefined : slowWorkScope();
  // Awaited, or waited for off the server's thread: a long input gets time in proportion. Waited for on the server's thread: the base limit.
  const allowed = regexTimeoutMs + (scope !== undefined || offThread ? Math.floor(req.input.length / REGEX_CHARS_PER_EXTRA_MS) : 0);
  const limit = regexTimeoutMs > 0 ? allowed - (ctx ? ctx.regexMs : 0) : Infinity;
  const budget = Math.min(limit, left);
  const started = performance.now();
  const timeoutMs = budget === Infinity ? 0 : Math.max(1, Math.ceil(budget));
  const res = budget <= 0 ? undefined : scope !== undefined ? runDeferring(scope, req, timeoutMs) : runner(req, timeoutMs);
  // The worker's CPU time when it reports it (a loaded machine's thread switches are not the
  // pattern's), else the wait.
  if (ctx) ctx.regexMs += res?.ok && res.cpuMs !== undefined && res.cpuMs >= 0 ? res.cpuMs : performance.now() - started;
  if (res === undefined) {
    if (left < limit) throw timeLimitError();
    throw regexLimitError(req.source, req.flags, req.op, req.input.length, allowed);
  }
  if (!res.ok) {
    const E = res.name === 'SyntaxError' ? SyntaxError : res.name === 'RangeError' ? RangeError : res.name === 'TypeError' ? TypeError : Error;
    throw new E(res.message);
  }
  return res;
}

function toMatch(w: WireMatch, input: string): RegExpExecArray {
  const a = w.m as unknown as RegExpExecArray & { indices?: unknown };
  a.index = w.index;
  a.input = input;
  a.groups = w.groups ? Object.assign(Object.create(null) as Record<string, string>, w.groups) : undefined;
  if (w.indices) {
    const ind = w.indices as unknown as { groups?: unknown };
    ind.groups = w.indexGroups ? Object.assign(Object.create(null) as Record<string, unknown>, w.indexGroups) : undefined;
    a.indices = ind as unknown as RegExpIndicesArray;
  }
  return a;
}

function numericLastIndex(value: unknown): number {
  return typeof value === 'number' ? value : Number(value) || 0;
}

/** A RegExp whose every operation goes to the runner (see the file comment). */
export class GuardedRegExp extends RegExp {
  /** The native twin the inline path runs (a private field: expressions cannot reach it). */
  #native: RegExp | undefined;
  /** Longest input for the inline path (-2: not asked yet). */
  #inlineMax = -2;

  /**
   * Runs `op` natively when the runner allows it for this input, else NOT_INLINE. `own`: on
   * this object itself with the built-in exec (exec, test), else on the native twin (the
   * built-in match/replace/split … would call this object's exec).
   */
  #inline<T>(op: string, s: string, run: (re: RegExp) => T, writeBack = true, own = false): T | typeof NOT_INLINE {
    if (this.#inlineMax === -2) this.#inlineMax = inline === undefined ? -1 : inline(this.source, this.flags);
    if (s.length > this.#inlineMax) return NOT_INLINE;
    let re: RegExp = this;
    if (!own) {
      re = this.#native ??= new RegExp(this.source, this.flags);
      re.lastIndex = numericLastIndex(this.lastIndex);
    } else {
      writeBack = false;
    }
    // Not timed: an inline operation is bounded by its shape (≤ ~20 ms at the worst), and a
    // wall-clock measure of a microsecond match can include a thread switch or a GC pause
    // (a 50 ms one was seen on a loaded machine), which would make a false limit error.
    const value = run(re);
    if (writeBack) this.lastIndex = re.lastIndex;
    return value;
  }

  private request(op: RegexOp, input: string, extra?: Partial<RegexRequest>): RegexResponse & { ok: true } {
    return run({ op, source: this.source, flags: this.flags, lastIndex: numericLastIndex(this.lastIndex), input, ...extra });
  }

  override exec(input: string): RegExpExecArray | null {
    const s = String(input);
    const direct = this.#inline('exec', s, (re) => nativeExec.call(re, s) as RegExpExecArray | null, true, true);
    if (direct !== NOT_INLINE) return direct;
    const res = this.request('exec', s);
    this.lastIndex = res.lastIndex;
    return res.value === null ? null : toMatch(res.value as WireMatch, s);
  }

  override test(input: string): boolean {
    const s = String(input);
    const direct = this.#inline('test', s, (re) => nativeExec.call(re, s) !== null, true, true);
    if (direct !== NOT_INLINE) return direct;
    const res = this.request('test', s);
    this.lastIndex = res.lastIndex;
    return res.value as boolean;
  }

  override [Symbol.match](input: string): RegExpMatchArray | null {
    const s = String(input);
    const direct = this.#inline('match', s, (re) => s.match(re));
    if (direct !== NOT_INLINE) return direct;
    const res = this.request('match', s);
    this.lastIndex = res.lastIndex;
    if (res.value === null) return null;
    return this.global ? (res.value as RegExpMatchArray) : toMatch(res.value as WireMatch, s);
  }

  override [Symbol.matchAll](input: string): RegExpStringIterator<RegExpExecArray> {
    const s = String(input);
    // Collected now (not lazily), so the time is counted where the operation is asked for.
    const direct = this.#inline('matchAll', s, (re) => [...s.matchAll(re)].values() as unknown as RegExpStringIterator<RegExpExecArray>, false);
    if (direct !== NOT_INLINE) return direct;
    const res = this.request('matchAll', s);
    return (res.value as WireMatch[]).map((w) => toMatch(w, s)).values() as unknown as RegExpStringIterator<RegExpExecArray>;
  }

  override [Symbol.search](input: string): number {
    const direct = this.#inline('search', String(input), (re) => String(input).search(re), false);
    if (direct !== NOT_INLINE) return direct;
    return this.request('search', String(input)).value as number;
  }

  override [Symbol.split](input: string, limit?: number): string[] {
    const direct = this.#inline('split', String(input), (re) => String(input).split(re, limit), false);
    if (direct !== NOT_INLINE) return direct;
    return this.request('split', String(input), { limit }).value as string[];
  }

  override [Symbol.replace](input: string, replaceValue: string | ((substring: string, ...args: any[]) => string)): string {
    const s = String(input);
    const direct = this.#inline('replace', s, (re) => s.replace(re, replaceValue as string));
    if (direct !== NOT_INLINE) return direct;
    if (typeof replaceValue !== 'function') {
      const res = this.request('replace', s, { replacement: String(replaceValue) });
      this.lastIndex = res.lastIndex;
      return res.value as string;
    }
    const res = this.request('matches', s);
    this.lastIndex = res.lastIndex;
    // RegExp.prototype[@@replace] with a function: the matches are found first, then the
    // function is called for each in order.
    let out = '';
    let next = 0;
    for (const w of res.value as WireMatch[]) {
      const matched = w.m[0] ?? '';
      const position = Math.max(0, Math.min(w.index, s.length));
      const args: unknown[] = [matched, ...w.m.slice(1), position, s];
      if (w.groups !== undefined) args.push(Object.assign(Object.create(null) as Record<string, unknown>, w.groups));
      const replacement = String(Reflect.apply(replaceValue, undefined, args));
      if (position >= next) {
        out += s.slice(next, position) + replacement;
        next = position + matched.length;
      }
    }
    return next >= s.length ? out : out + s.slice(next);
  }
}

export function createRegExp(pattern: unknown, flags?: unknown): RegExp {
  const source = pattern instanceof RegExp ? pattern.source : pattern === undefined ? '(?:)' : String(pattern);
  const f = flags === undefined ? (pattern instanceof RegExp ? pattern.flags : '') : String(flags);
  if (source.length > MAX_REGEX_SOURCE) {
    throw limitError(`Regular expression is too long (${source.length} characters, at most ${MAX_REGEX_SOURCE})`);
  }
  try {
    return new GuardedRegExp(source, f);
  } catch (error) {
    throw new ExpressionError((error as Error).message, { context: { type: 'syntax' } });
  }
}
