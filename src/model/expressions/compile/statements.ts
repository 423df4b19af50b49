// Statements (inside function bodies) → closures returning a completion signal.
import type * as acorn from 'acorn';
import type { Compiler, Setter } from './compiler.ts';
import { enterLexical } from './compiler.ts';
import { BREAK, BREAK_SIGNAL, CONTINUE, CONTINUE_SIGNAL, Frame, RETURN, type Expr, type Signal, type Stmt } from './types.ts';
import { collectLexical, patternNames, type CScope } from './scope.ts';
import { compilePattern } from './patterns.ts';
import { compileHoisted, declareFunctions, makeClosure, sequence, type Hoisted } from './functions.ts';
import { forEachOf } from '../runtime/iterate.ts';
import { tick } from '../runtime/ticks.ts';
import { isFatal } from '../errors.ts';

type Labels = ReadonlySet<string> | null;

const NOOP: Stmt = () => undefined;

export function compileStatement(c: Compiler, node: acorn.Statement | acorn.ModuleDeclaration, labels: Labels = null): Stmt {
  switch (node.type) {
    case 'ExpressionStatement': {
      const e = c.expr(node.expression);
      return (f) => {
        e(f);
        return undefined;
      };
    }
    case 'BlockStatement':
      return block(c, node.body);
    case 'EmptyStatement':
    case 'DebuggerStatement':
    case 'FunctionDeclaration': // hoisted when its scope is entered
      return NOOP;
    case 'VariableDeclaration':
      return declaration(c, node);
    case 'IfStatement': {
      const t = c.expr(node.test), a = c.stmt(node.consequent);
      const b = node.alternate ? c.stmt(node.alternate) : null;
      return b ? (f) => (t(f) ? a(f) : b(f)) : (f) => (t(f) ? a(f) : undefined);
    }
    case 'ForStatement':
      return forStatement(c, node, labels);
    case 'ForInStatement':
    case 'ForOfStatement':
      return forEachStatement(c, node, labels);
    case 'WhileStatement':
      return whileStatement(c, node, labels);
    case 'DoWhileStatement':
      return doWhileStatement(c, node, labels);
    case 'BreakStatement': {
      const sig: Signal = node.label ? Object.freeze({ k: BREAK, label: node.label.name, value: undefined }) : BREAK_SIGNAL;
      return () => sig;
    }
    case 'ContinueStatement': {
      const sig: Signal = node.label ? Object.freeze({ k: CONTINUE, label: node.label.name, value: undefined }) : CONTINUE_SIGNAL;
      return () => sig;
    }
    case 'LabeledStatement':
      return labeled(c, node, labels);
    case 'ReturnStatement': {
      const arg = node.argument ? c.expr(node.argument) : null;
      return arg ? (f) => ({ k: RETURN, label: undefined, value: arg(f) }) : () => ({ k: RETURN, label: undefined, value: undefined });
    }
    case 'ThrowStatement': {
      const e = c.expr(node.argument);
      return (f) => {
        throw e(f);
      };
    }
    case 'TryStatement':
      return tryStatement(c, node);
    case 'SwitchStatement':
      return switchStatement(c, node);
    case 'ClassDeclaration':
      return c.error(node, 'Classes are not supported in expressions');
    case 'WithStatement':
      return c.error(node, "'with' is not supported in expressions", 'security');
    default:
      return c.error(node, `${node.type} is not supported in expressions`);
  }
}

interface BlockScope {
  scope: CScope;
  hoisted: Hoisted[];
}

/** Opens a scope for a block's let/const/function declarations, if it has any. */
function openBlockScope(c: Compiler, statements: readonly acorn.Node[]): BlockScope | null {
  const lex = collectLexical(statements);
  if (lex.lets.length === 0 && lex.consts.length === 0 && lex.functions.length === 0) return null;
  const scope = c.newScope();
  for (const n of lex.lets) scope.declare(n, 'let');
  for (const n of lex.consts) scope.declare(n, 'const');
  const slots = declareFunctions(scope, lex.functions);
  const hoisted = c.withScope(scope, () => compileHoisted(c, lex.functions, slots));
  return { scope, hoisted };
}

function enterBlock(bs: BlockScope, f: Frame): Frame {
  const v = new Array(bs.scope.size);
  const nf = new Frame(v, f, f.c);
  enterLexical(v, bs.scope.lexicalSlots);
  for (let i = 0; i < bs.hoisted.length; i++) v[bs.hoisted[i].slot] = makeClosure(bs.hoisted[i].info, nf);
  return nf;
}

function block(c: Compiler, statements: readonly acorn.Statement[]): Stmt {
  const bs = openBlockScope(c, statements);
  if (bs === null) return sequence(statements.map((s) => c.stmt(s)));
  const body = c.withScope(bs.scope, () => sequence(statements.map((s) => c.stmt(s))));
  return (f) => body(enterBlock(bs, f));
}

function declaration(c: Compiler, node: acorn.VariableDeclaration): Stmt {
  const parts = node.declarations.map((d) => {
    const set = compilePattern(c, d.id, 'init');
    if (d.init) return { set, init: c.expr(d.init) };
    // `var x;` keeps the current value; `let x;` ends the dead zone with undefined.
    return node.kind === 'var' ? null : { set, init: (() => undefined) as Expr };
  });
  const active = parts.filter((p): p is { set: Setter; init: Expr } => p !== null);
  if (active.length === 1) {
    const [{ set, init }] = active;
    return (f) => {
      set(f, init(f));
      return undefined;
    };
  }
  return (f) => {
    for (const p of active) p.set(f, p.init(f));
    return undefined;
  };
}

/** 0: go on, 1: leave the loop normally, 2: hand the signal to the caller. */
function loopControl(s: Signal, labels: Labels): number {
  if (s.k === BREAK && (s.label === undefined || (labels !== null && labels.has(s.label)))) return 1;
  if (s.k === CONTINUE && (s.label === undefined || (labels !== null && labels.has(s.label)))) return 0;
  return 2;
}

function forStatement(c: Compiler, node: acorn.ForStatement, labels: Labels): Stmt {
  const init = node.init;
  const lexical = init !== null && init !== undefined && init.type === 'VariableDeclaration' && init.kind !== 'var';
  const scope = lexical ? c.newScope() : null;
  const compileParts = () => {
    if (scope !== null) {
      for (const d of (init as acorn.VariableDeclaration).declarations) {
        for (const n of patternNames(d.id)) scope.declare(n, (init as acorn.VariableDeclaration).kind === 'const' ? 'const' : 'let');
      }
    }
    const i: Stmt | null = init ? (init.type === 'VariableDeclaration' ? declaration(c, init) : exprStmt(c.expr(init))) : null;
    const t = node.test ? c.expr(node.test) : null;
    const u = node.update ? c.expr(node.update) : null;
    const b = c.stmt(node.body);
    return { i, t, u, b };
  };
  const { i, t, u, b } = scope !== null ? c.withScope(scope, compileParts) : compileParts();
  const perIteration = scope !== null && scope.hasClosures;
  const size = scope?.size ?? 0;
  const lexicalSlots = scope?.lexicalSlots ?? [];
  return (outer) => {
    let f = outer;
    if (scope !== null) {
      f = new Frame(new Array(size), outer, outer.c);
      enterLexical(f.v, lexicalSlots);
    }
    const ctx = outer.c;
    if (i !== null) i(f);
    for (;;) {
      if (t !== null && !t(f)) return undefined;
      tick(ctx);
      const s = b(f);
      if (s !== undefined) {
        const ctl = loopControl(s, labels);
        if (ctl === 1) return undefined;
        if (ctl === 2) return s;
      }
      // Closures made in this iteration keep this iteration's bindings.
      if (perIteration) f = new Frame(f.v.slice(), outer, ctx);
      if (u !== null) u(f);
    }
  };
}

function exprStmt(e: Expr): Stmt {
  return (f) => {
    e(f);
    return undefined;
  };
}

function forEachStatement(c: Compiler, node: acorn.ForInStatement | acorn.ForOfStatement, labels: Labels): Stmt {
  if (node.type === 'ForOfStatement' && node.await) return c.error(node, 'for await is not supported in expressions');
  const left = node.left;
  const right = c.expr(node.right);
  const decl = left.type === 'VariableDeclaration' ? left : null;
  const lexical = decl !== null && decl.kind !== 'var';
  const scope = lexical ? c.newScope() : null;
  const compileParts = () => {
    let set: Setter;
    if (decl !== null) {
      const id = decl.declarations[0].id;
      if (scope !== null) for (const n of patternNames(id)) scope.declare(n, decl.kind === 'const' ? 'const' : 'let');
      set = compilePattern(c, id, 'init');
    } else {
      set = compilePattern(c, left as acorn.Pattern, 'assign');
    }
    return { set, body: c.stmt(node.body) };
  };
  const { set, body } = scope !== null ? c.withScope(scope, compileParts) : compileParts();
  const size = scope?.size ?? 0;
  const isIn = node.type === 'ForInStatement';
  return (outer) => {
    const ctx = outer.c;
    let subject = right(outer);
    if (isIn) {
      if (subject === null || subject === undefined) return undefined;
      const keys: string[] = [];
      for (const k in subject as object) keys.push(k);
      subject = keys;
    }
    const perIteration = scope !== null && scope.hasClosures;
    let shared: Frame | null = scope !== null && !perIteration ? new Frame(new Array(size), outer, ctx) : null;
    let result: Signal | undefined;
    forEachOf(ctx, subject, (value) => {
      let f = outer;
      if (scope !== null) {
        if (shared === null) f = new Frame(new Array(size), outer, ctx);
        else f = shared;
      }
      set(f, value);
      const s = body(f);
      if (s === undefined) return false;
      const ctl = loopControl(s, labels);
      if (ctl === 0) return false;
      if (ctl === 2) result = s;
      return true;
    });
    shared = null;
    return result;
  };
}

function whileStatement(c: Compiler, node: acorn.WhileStatement, labels: Labels): Stmt {
  const t = c.expr(node.test), b = c.stmt(node.body);
  return (f) => {
    const ctx = f.c;
    while (t(f)) {
      tick(ctx);
      const s = b(f);
      if (s !== undefined) {
        const ctl = loopControl(s, labels);
        if (ctl === 1) return undefined;
        if (ctl === 2) return s;
      }
    }
    return undefined;
  };
}

function doWhileStatement(c: Compiler, node: acorn.DoWhileStatement, labels: Labels): Stmt {
  const t = c.expr(node.test), b = c.stmt(node.body);
  return (f) => {
    const ctx = f.c;
    do {
      tick(ctx);
      const s = b(f);
      if (s !== undefined) {
        const ctl = loopControl(s, labels);
        if (ctl === 1) return undefined;
        if (ctl === 2) return s;
      }
    } while (t(f));
    return undefined;
  };
}

function labeled(c: Compiler, node: acorn.LabeledStatement, outer: Labels): Stmt {
  const labels = new Set(outer ?? []);
  labels.add(node.label.name);
  const body = node.body;
  const isLoop = ['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement', 'LabeledStatement'].includes(body.type);
  const inner = isLoop ? compileStatement(c, body, labels) : c.stmt(body);
  const name = node.label.name;
  return (f) => {
    const s = inner(f);
    if (s !== undefined && s.k === BREAK && s.label === name) return undefined;
    return s;
  };
}

function tryStatement(c: Compiler, node: acorn.TryStatement): Stmt {
  const tryBlock = c.stmt(node.block);
  const fin = node.finalizer ? c.stmt(node.finalizer) : null;
  let handler: ((f: Frame, error: unknown) => Signal | undefined) | null = null;
  if (node.handler) {
    const h = node.handler;
    if (h.param) {
      const scope = c.newScope();
      for (const n of patternNames(h.param)) scope.declare(n, 'catch');
      const { set, body } = c.withScope(scope, () => ({ set: compilePattern(c, h.param as acorn.Pattern, 'init'), body: c.stmt(h.body) }));
      const size = scope.size;
      handler = (f, error) => {
        const cf = new Frame(new Array(size), f, f.c);
        set(cf, error);
        return body(cf);
      };
    } else {
      const body = c.stmt(h.body);
      handler = (f) => body(f);
    }
  }
  const run = handler
    ? (f: Frame): Signal | undefined => {
        try {
          return tryBlock(f);
        } catch (e) {
          // Security violations and exhausted budgets are not the expression's to catch.
          if (isFatal(e)) throw e;
          return (handler as (f: Frame, e: unknown) => Signal | undefined)(f, e);
        }
      }
    : tryBlock;
  if (fin === null) return run;
  return (f) => {
    let result: Signal | undefined;
    try {
      result = run(f);
    } catch (e) {
      // Fatal errors skip the finalizer: a `return` there must not swallow them.
      if (isFatal(e)) throw e;
      const s = fin(f);
      if (s !== undefined) return s;
      throw e;
    }
    const s = fin(f);
    return s !== undefined ? s : result;
  };
}

function switchStatement(c: Compiler, node: acorn.SwitchStatement): Stmt {
  const disc = c.expr(node.discriminant);
  const all = node.cases.flatMap((k) => k.consequent);
  const bs = openBlockScope(c, all);
  const compileCases = () =>
    node.cases.map((k) => ({ test: k.test ? c.expr(k.test) : null, body: sequence(k.consequent.map((s) => c.stmt(s))) }));
  const cases = bs !== null ? c.withScope(bs.scope, compileCases) : compileCases();
  const defaultIndex = cases.findIndex((k) => k.test === null);
  return (f) => {
    const d = disc(f);
    const sf = bs !== null ? enterBlock(bs, f) : f;
    let start = -1;
    for (let i = 0; i < cases.length; i++) {
      const t = cases[i].test;
      if (t !== null && t(sf) === d) {
        start = i;
        break;
      }
    }
    if (start < 0) start = defaultIndex;
    if (start < 0) return undefined;
    for (let i = start; i < cases.length; i++) {
      const s = cases[i].body(sf);
      if (s !== undefined) {
        if (s.k === BREAK && s.label === undefined) return undefined;
        return s;
      }
    }
    return undefined;
  };
}
