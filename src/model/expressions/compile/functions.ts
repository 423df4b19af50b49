// Functions written in an expression. Each is compiled once into a FnInfo; evaluating the
// function expression creates a real JS function (so Array.prototype.map, sort comparators
// and other host code can call it) that runs the compiled body in a fresh Frame.
import type * as acorn from 'acorn';
import type { Compiler, Setter } from './compiler.ts';
import { enterLexical } from './compiler.ts';
import { Frame, RETURN, type Expr, type Stmt } from './types.ts';
import { collectLexical, collectVarNames, patternNames, usesArguments, CScope } from './scope.ts';
import { compilePattern } from './patterns.ts';
import { enter } from '../runtime/ticks.ts';

export interface Hoisted {
  slot: number;
  info: FnInfo;
}

export interface FnInfo {
  name: string;
  arrow: boolean;
  size: number;
  thisSlot: number;
  argumentsSlot: number;
  selfSlot: number;
  bindParams: (f: Frame, args: unknown[]) => void;
  lexicalSlots: readonly number[];
  hoisted: readonly Hoisted[];
  body: Stmt | null;
  exprBody: Expr | null;
}

const slice = Array.prototype.slice;

export function invoke(info: FnInfo, env: Frame, thisArg: unknown, args: unknown[], self: Function): unknown {
  const c = env.c;
  enter(c);
  try {
    const v = new Array(info.size);
    const f = new Frame(v, env, c);
    if (info.thisSlot >= 0) v[info.thisSlot] = thisArg === globalThis ? undefined : thisArg;
    if (info.argumentsSlot >= 0) v[info.argumentsSlot] = slice.call(args);
    if (info.selfSlot >= 0) v[info.selfSlot] = self;
    if (info.lexicalSlots.length > 0) enterLexical(v, info.lexicalSlots);
    info.bindParams(f, args);
    for (let i = 0; i < info.hoisted.length; i++) v[info.hoisted[i].slot] = makeClosure(info.hoisted[i].info, f);
    if (info.exprBody !== null) return info.exprBody(f);
    const sig = (info.body as Stmt)(f);
    return sig !== undefined && sig.k === RETURN ? sig.value : undefined;
  } finally {
    c.depth--;
  }
}

export function makeClosure(info: FnInfo, env: Frame): Function {
  if (info.arrow) {
    const arrow = (...args: unknown[]): unknown => invoke(info, env, undefined, args, arrow);
    return arrow;
  }
  // A method (not a `function`): no own `prototype`, not constructible by host code.
  const holder = {
    [info.name](this: unknown, ...args: unknown[]): unknown {
      return invoke(info, env, this, args, fn);
    },
  };
  const fn = holder[info.name];
  return fn;
}

function compileParams(c: Compiler, params: readonly acorn.Pattern[]): (f: Frame, args: unknown[]) => void {
  if (params.every((p) => p.type === 'Identifier')) {
    const slots = params.map((p) => (c.binding((p as acorn.Identifier).name) as { slot: number }).slot);
    if (slots.length === 0) return () => {};
    if (slots.length === 1) {
      const [s] = slots;
      return (f, args) => {
        f.v[s] = args[0];
      };
    }
    return (f, args) => {
      for (let i = 0; i < slots.length; i++) f.v[slots[i]] = args[i];
    };
  }
  const setters: Array<{ rest: boolean; set: Setter }> = params.map((p) =>
    p.type === 'RestElement' ? { rest: true, set: compilePattern(c, p.argument, 'init') } : { rest: false, set: compilePattern(c, p, 'init') },
  );
  return (f, args) => {
    for (let i = 0; i < setters.length; i++) {
      const s = setters[i];
      s.set(f, s.rest ? args.slice(i) : args[i]);
    }
  };
}

/** Declares a block's function declarations; call compileHoisted once all names exist. */
export function declareFunctions(scope: CScope, decls: readonly acorn.FunctionDeclaration[]): number[] {
  return decls.map((d) => scope.declare(d.id.name, 'function').slot);
}

export function compileHoisted(c: Compiler, decls: readonly acorn.FunctionDeclaration[], slots: readonly number[]): Hoisted[] {
  if (decls.length > 0) c.markClosure();
  return decls.map((d, i) => ({ slot: slots[i], info: compileFunction(c, d) }));
}

export function compileFunction(c: Compiler, node: acorn.Function): FnInfo {
  if (node.async) c.error(node, 'async functions are not supported in expressions');
  if (node.generator) c.error(node, 'Generators are not supported in expressions');
  const arrow = node.type === 'ArrowFunctionExpression';
  const scope = c.newScope(true, arrow);
  const name = node.id?.name ?? '';
  return c.withScope(scope, () => {
    const thisSlot = arrow ? -1 : scope.declare('%this', 'this').slot;
    const argumentsSlot = !arrow && usesArguments([node.params, node.body]) ? scope.declare('arguments', 'arguments').slot : -1;
    for (const p of node.params) for (const n of patternNames(p)) scope.declare(n, 'param');
    const block = node.expression ? null : (node.body as acorn.BlockStatement);
    let lexFunctions: acorn.FunctionDeclaration[] = [];
    let fnSlots: number[] = [];
    if (block !== null) {
      const vars: string[] = [];
      for (const s of block.body) collectVarNames(s, vars);
      for (const v of vars) scope.declare(v, 'var');
      const lex = collectLexical(block.body);
      for (const n of lex.lets) scope.declare(n, 'let');
      for (const n of lex.consts) scope.declare(n, 'const');
      lexFunctions = lex.functions;
      fnSlots = declareFunctions(scope, lexFunctions);
    }
    // A named function expression sees itself under its name unless something shadows it.
    const selfSlot = node.type === 'FunctionExpression' && name !== '' && !scope.names.has(name) ? scope.declare(name, 'self').slot : -1;

    const hoisted = compileHoisted(c, lexFunctions, fnSlots);
    const exprBody = block === null ? c.expr(node.body as acorn.Expression) : null;
    const body = block === null ? null : sequence(block.body.map((s) => c.stmt(s)));
    const bindParams = compileParams(c, node.params);
    return {
      name,
      arrow,
      size: scope.size,
      thisSlot,
      argumentsSlot,
      selfSlot,
      bindParams,
      lexicalSlots: scope.lexicalSlots,
      hoisted,
      body,
      exprBody,
    };
  });
}

export function sequence(stmts: Stmt[]): Stmt {
  if (stmts.length === 0) return () => undefined;
  if (stmts.length === 1) return stmts[0];
  return (f) => {
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i](f);
      if (s !== undefined) return s;
    }
    return undefined;
  };
}
