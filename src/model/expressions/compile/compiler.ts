// Turns one parsed `{{ }}` segment into closures, once. The Compiler keeps the compile-time
// scope chain; expressions.ts, statements.ts, patterns.ts and functions.ts hold the rules
// for each node kind and call back into it for sub-nodes.
import type * as acorn from 'acorn';
import { ExpressionError, type ExpressionErrorType, blockedAccess } from '../errors.ts';
import { isBlockedName } from '../security.ts';
import { CScope, resolve, type Binding } from './scope.ts';
import { type Expr, type Frame, type Stmt, TDZ } from './types.ts';
import { compileExpression } from './expressions.ts';
import { compileStatement } from './statements.ts';
import { readFree, writeFree, typeofFree } from './free.ts';

export type Setter = (f: Frame, value: unknown) => void;

function frameAt(f: Frame, hops: number): Frame {
  let x = f;
  for (let i = 0; i < hops; i++) x = x.p as Frame;
  return x;
}

function tdzError(name: string): ReferenceError {
  return new ReferenceError(`Cannot access '${name}' before initialization`);
}

export class Compiler {
  scope: CScope | null = null;
  readonly source: string;
  /** Whether the code so far used a member access or call (n8n's error-swallowing rule). */
  usesMemberOrCall = false;

  constructor(source: string) {
    this.source = source;
  }

  error(node: acorn.Node, message: string, type: ExpressionErrorType = 'syntax'): never {
    throw new ExpressionError(message, { context: { type, codeOffset: node.start } });
  }

  text(node: acorn.Node): string {
    const t = this.source.slice(node.start, node.end);
    return t.length > 80 ? `${t.slice(0, 77)}...` : t;
  }

  expr(node: acorn.Node, inChain = false): Expr {
    return compileExpression(this, node as acorn.Expression, inChain);
  }

  stmt(node: acorn.Node): Stmt {
    return compileStatement(this, node as acorn.Statement);
  }

  withScope<T>(scope: CScope, body: () => T): T {
    const saved = this.scope;
    this.scope = scope;
    try {
      return body();
    } finally {
      this.scope = saved;
    }
  }

  newScope(isFunction = false, isArrow = false): CScope {
    return new CScope(this.scope, isFunction, isArrow);
  }

  markClosure(): void {
    for (let s = this.scope; s !== null; s = s.parent) s.hasClosures = true;
  }

  isLocal(name: string): boolean {
    return resolve(this.scope, name) !== null;
  }

  checkName(node: acorn.Node, name: string): void {
    if (isBlockedName(name)) throw blockedAccessAt(node, name);
  }

  read(name: string, node: acorn.Node): Expr {
    const r = resolve(this.scope, name);
    if (r === null) {
      this.checkName(node, name);
      return readFree(name);
    }
    const { hops, binding } = r;
    const s = binding.slot;
    const lexical = binding.kind === 'let' || binding.kind === 'const';
    if (lexical) {
      return (f) => {
        const v = frameAt(f, hops).v[s];
        if (v === TDZ) throw tdzError(name);
        return v;
      };
    }
    if (hops === 0) return (f) => f.v[s];
    if (hops === 1) return (f) => (f.p as Frame).v[s];
    if (hops === 2) return (f) => ((f.p as Frame).p as Frame).v[s];
    return (f) => frameAt(f, hops).v[s];
  }

  typeofName(name: string, node: acorn.Node): Expr {
    if (this.isLocal(name)) {
      const read = this.read(name, node);
      return (f) => typeof read(f);
    }
    this.checkName(node, name);
    return typeofFree(name);
  }

  /** Assignment to an existing name: respects const and the temporal dead zone. */
  assign(name: string, node: acorn.Node): Setter {
    const r = resolve(this.scope, name);
    if (r === null) {
      this.checkName(node, name);
      return writeFree(name);
    }
    const { hops, binding } = r;
    const s = binding.slot;
    if (binding.kind === 'const') {
      return (f) => {
        if (frameAt(f, hops).v[s] === TDZ) throw tdzError(name);
        throw new TypeError('Assignment to constant variable.');
      };
    }
    if (binding.kind === 'let') {
      return (f, value) => {
        const fr = frameAt(f, hops);
        if (fr.v[s] === TDZ) throw tdzError(name);
        fr.v[s] = value;
      };
    }
    if (hops === 0) return (f, value) => { f.v[s] = value; };
    return (f, value) => { frameAt(f, hops).v[s] = value; };
  }

  /** Initialisation by a declaration: always in the current scope chain, ignores TDZ/const. */
  init(name: string, node: acorn.Node): Setter {
    const r = resolve(this.scope, name);
    if (r === null) this.error(node, `Internal: undeclared binding ${name}`);
    const { hops, binding } = r;
    const s = binding.slot;
    if (hops === 0) return (f, value) => { f.v[s] = value; };
    return (f, value) => { frameAt(f, hops).v[s] = value; };
  }

  binding(name: string): Binding | undefined {
    return resolve(this.scope, name)?.binding;
  }
}

function blockedAccessAt(node: acorn.Node, name: string): ExpressionError {
  const e = blockedAccess(name);
  e.context.codeOffset = node.start;
  return e;
}

/** Runs a scope's entry work: TDZ marks for let/const. */
export function enterLexical(v: unknown[], slots: readonly number[]): void {
  for (let i = 0; i < slots.length; i++) v[slots[i]] = TDZ;
}
