// Runtime shapes shared by the compiled closures: one Ctx per evaluation, one Frame per
// function call or per block that declares let/const, and completion signals for
// break/continue/return (statements return them instead of throwing, which is much cheaper).

export interface Ctx {
  /** The engine's variables ($json, $input …); read with normal property access. */
  scope: Record<string, unknown>;
  steps: number;
  maxSteps: number;
  depth: number;
  maxDepth: number;
  /** Wall-clock budget in ms (0: none); the deadline is fixed at the first check. */
  timeoutMs: number;
  /** Absolute ms deadline, fixed at the 64th step (cheap expressions never read the clock). */
  deadline: number;
  /** Characters and elements of strings and arrays that host calls returned. */
  allocated: number;
  maxAllocation: number;
  /** Names assigned without a declaration (n8n keeps these per evaluation). */
  implicit: Map<string, unknown> | null;
  /** n8n mode: unknown identifiers read as undefined instead of failing. */
  lenient: boolean;
  timezone: string | undefined;
  /** Milliseconds this evaluation spent waiting for regular-expression operations. */
  regexMs: number;
  /** Slice of the thread after which the evaluation is deferred (0: never, see defer.ts). */
  deferAfterMs: number;
  /** Absolute ms when the slice ends, fixed with the deadline (0: not yet). */
  deferAt: number;
}

export class Frame {
  v: unknown[];
  p: Frame | null;
  c: Ctx;
  constructor(v: unknown[], p: Frame | null, c: Ctx) {
    this.v = v;
    this.p = p;
    this.c = c;
  }
}

export type Expr = (f: Frame) => unknown;

export const BREAK = 1;
export const CONTINUE = 2;
export const RETURN = 3;

export interface Signal {
  k: number;
  label: string | undefined;
  value: unknown;
}

export type Stmt = (f: Frame) => Signal | undefined;

export const BREAK_SIGNAL: Signal = Object.freeze({ k: BREAK, label: undefined, value: undefined });
export const CONTINUE_SIGNAL: Signal = Object.freeze({ k: CONTINUE, label: undefined, value: undefined });

/** Marks a let/const slot before its declaration ran (temporal dead zone). */
export const TDZ: unique symbol = Symbol('tdz');
