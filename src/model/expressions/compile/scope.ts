// Compile-time scopes. Every identifier that refers to a local is resolved once, at compile
// time, to (frames up, slot); only free names ($json, Math …) are looked up at run time.
// Only functions and blocks that declare something get a scope (and a runtime Frame).
import type * as acorn from 'acorn';

export type BindingKind = 'var' | 'let' | 'const' | 'param' | 'function' | 'catch' | 'this' | 'arguments' | 'self';

export interface Binding {
  slot: number;
  kind: BindingKind;
}

export class CScope {
  readonly names = new Map<string, Binding>();
  readonly parent: CScope | null;
  /** Function scopes: non-arrow functions own `this` and `arguments`. */
  readonly isFunction: boolean;
  readonly isArrow: boolean;
  /** Some closure is created inside: loops must copy their let bindings per iteration. */
  hasClosures = false;
  /** Slots of let/const bindings to reset to TDZ when the scope is entered. */
  readonly lexicalSlots: number[] = [];
  size = 0;

  constructor(parent: CScope | null, isFunction: boolean, isArrow: boolean) {
    this.parent = parent;
    this.isFunction = isFunction;
    this.isArrow = isArrow;
  }

  declare(name: string, kind: BindingKind): Binding {
    const existing = this.names.get(name);
    if (existing) {
      // var/function redeclarations share the slot (acorn already rejected illegal ones).
      if (kind === 'function' && existing.kind !== 'param') existing.kind = 'function';
      return existing;
    }
    const binding: Binding = { slot: this.size++, kind };
    this.names.set(name, binding);
    if (kind === 'let' || kind === 'const') this.lexicalSlots.push(binding.slot);
    return binding;
  }
}

export interface Resolved {
  hops: number;
  binding: Binding;
}

export function resolve(scope: CScope | null, name: string): Resolved | null {
  let hops = 0;
  for (let s = scope; s !== null; s = s.parent, hops++) {
    const b = s.names.get(name);
    if (b !== undefined) return { hops, binding: b };
  }
  return null;
}

/** Names a binding pattern declares. */
export function patternNames(node: acorn.Pattern, out: string[] = []): string[] {
  switch (node.type) {
    case 'Identifier':
      out.push(node.name);
      break;
    case 'ObjectPattern':
      for (const p of node.properties) {
        if (p.type === 'RestElement') patternNames(p.argument, out);
        else patternNames(p.value, out);
      }
      break;
    case 'ArrayPattern':
      for (const el of node.elements) if (el) patternNames(el, out);
      break;
    case 'RestElement':
      patternNames(node.argument, out);
      break;
    case 'AssignmentPattern':
      patternNames(node.left, out);
      break;
    default:
      break;
  }
  return out;
}

/** `var` names hoisted to the enclosing function, without entering nested functions. */
export function collectVarNames(node: acorn.Node | null | undefined, out: string[]): void {
  if (!node) return;
  const n = node as acorn.Statement;
  switch (n.type) {
    case 'VariableDeclaration':
      if (n.kind === 'var') for (const d of n.declarations) patternNames(d.id, out);
      break;
    case 'BlockStatement':
      for (const s of n.body) collectVarNames(s, out);
      break;
    case 'IfStatement':
      collectVarNames(n.consequent, out);
      collectVarNames(n.alternate, out);
      break;
    case 'ForStatement':
      collectVarNames(n.init as acorn.Node | null, out);
      collectVarNames(n.body, out);
      break;
    case 'ForInStatement':
    case 'ForOfStatement':
      collectVarNames(n.left as acorn.Node, out);
      collectVarNames(n.body, out);
      break;
    case 'WhileStatement':
    case 'DoWhileStatement':
    case 'LabeledStatement':
      collectVarNames(n.body, out);
      break;
    case 'TryStatement':
      collectVarNames(n.block, out);
      if (n.handler) collectVarNames(n.handler.body, out);
      collectVarNames(n.finalizer, out);
      break;
    case 'SwitchStatement':
      for (const c of n.cases) for (const s of c.consequent) collectVarNames(s, out);
      break;
    default:
      break;
  }
}

export interface LexicalDecls {
  lets: string[];
  consts: string[];
  functions: acorn.FunctionDeclaration[];
}

/** Declarations that belong directly to a block (let, const, function). */
export function collectLexical(statements: readonly acorn.Node[]): LexicalDecls {
  const out: LexicalDecls = { lets: [], consts: [], functions: [] };
  for (const s of statements as acorn.Statement[]) {
    if (s.type === 'VariableDeclaration' && s.kind !== 'var') {
      const names = s.declarations.flatMap((d) => patternNames(d.id));
      (s.kind === 'const' ? out.consts : out.lets).push(...names);
    } else if (s.type === 'FunctionDeclaration') {
      out.functions.push(s);
    }
  }
  return out;
}

/** Whether code refers to `arguments` outside nested non-arrow functions. */
export function usesArguments(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(usesArguments);
  const n = node as { type?: string; name?: string };
  if (n.type === 'Identifier') return n.name === 'arguments';
  if (n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration') return false;
  for (const key in n) {
    if (key === 'type' || key === 'start' || key === 'end' || key === 'loc') continue;
    if (usesArguments((n as Record<string, unknown>)[key])) return true;
  }
  return false;
}
