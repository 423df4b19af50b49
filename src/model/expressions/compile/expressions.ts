// Expression nodes → closures.
import type * as acorn from 'acorn';
import type { Compiler, Setter } from './compiler.ts';
import type { Expr, Frame } from './types.ts';
import { getMember, setMember, deleteMember, defineField, spreadInto } from '../runtime/members.ts';
import { callFunction, construct } from '../runtime/calls.ts';
import { add, mul, pow, shl, hasProperty, instanceOf } from '../runtime/operators.ts';
import { iterateInto } from '../runtime/iterate.ts';
import { callExtension, EXTENSION_NAMES } from '../extensions/dispatch.ts';
import { toSafeKey } from '../security.ts';
import { createRegExp } from '../regex.ts';
import { checkStringLength, MAX_STRING_LENGTH } from '../limits.ts';
import { chargeContent } from '../runtime/ticks.ts';
import type { Ctx } from './types.ts';
import { ExpressionError } from '../errors.ts';
import { compileFunction, makeClosure } from './functions.ts';
import { compileAssignTarget } from './patterns.ts';

import { SHORT } from './short.ts';

const DOLLAR_SIGN_ERROR = 'Cannot access "$" without calling it as a function';

export function compileExpression(c: Compiler, node: acorn.Expression, inChain: boolean): Expr {
  switch (node.type) {
    case 'Literal':
      return literal(c, node);
    case 'Identifier':
      if (node.name === '$' && !c.isLocal('$')) c.error(node, DOLLAR_SIGN_ERROR, 'security');
      return c.read(node.name, node);
    case 'ThisExpression':
      return thisExpr(c);
    case 'TemplateLiteral':
      return templateLiteral(c, node);
    case 'ArrayExpression':
      return arrayExpr(c, node);
    case 'ObjectExpression':
      return objectExpr(c, node);
    case 'FunctionExpression':
    case 'ArrowFunctionExpression': {
      const info = compileFunction(c, node);
      c.markClosure();
      return (f) => makeClosure(info, f);
    }
    case 'UnaryExpression':
      return unary(c, node);
    case 'UpdateExpression':
      return update(c, node);
    case 'BinaryExpression':
      return binary(c, node);
    case 'LogicalExpression':
      return logical(c, node);
    case 'ConditionalExpression': {
      const t = c.expr(node.test), a = c.expr(node.consequent), b = c.expr(node.alternate);
      return (f) => (t(f) ? a(f) : b(f));
    }
    case 'SequenceExpression': {
      const parts = node.expressions.map((e) => c.expr(e));
      return (f) => {
        let v: unknown;
        for (let i = 0; i < parts.length; i++) v = parts[i](f);
        return v;
      };
    }
    case 'AssignmentExpression':
      return assignment(c, node);
    case 'MemberExpression':
      return member(c, node, inChain);
    case 'ChainExpression': {
      const inner = c.expr(node.expression, true);
      return (f) => {
        const v = inner(f);
        return v === SHORT ? undefined : v;
      };
    }
    case 'CallExpression':
      return call(c, node, inChain);
    case 'NewExpression':
      return newExpr(c, node);
    case 'ParenthesizedExpression':
      return c.expr(node.expression, inChain);
    case 'TaggedTemplateExpression':
      return c.error(node, 'Tagged templates are not supported in expressions');
    case 'ClassExpression':
      return c.error(node, 'Classes are not supported in expressions');
    case 'ImportExpression':
      return c.error(node, 'import() is not allowed in expressions', 'security');
    case 'MetaProperty':
      return c.error(node, `${c.text(node)} is not supported in expressions`);
    case 'AwaitExpression':
    case 'YieldExpression':
      return c.error(node, `${node.type === 'AwaitExpression' ? 'await' : 'yield'} is not supported in expressions`);
    default:
      return c.error(node, `${(node as acorn.Node).type} is not supported in expressions`);
  }
}

function literal(c: Compiler, node: acorn.Literal): Expr {
  if (node.regex) {
    const { pattern, flags } = node.regex;
    try {
      createRegExp(pattern, flags);
    } catch (e) {
      c.error(node, (e as Error).message, e instanceof ExpressionError && e.context.type === 'limit' ? 'limit' : 'syntax');
    }
    // A regex literal is a new object each time it is evaluated (lastIndex is per object).
    return () => createRegExp(pattern, flags);
  }
  const value = node.value;
  return () => value;
}

function thisExpr(c: Compiler): Expr {
  for (let s = c.scope; s !== null; s = s.parent) {
    if (s.isFunction && !s.isArrow) return c.read('%this', { type: 'ThisExpression', start: 0, end: 0 } as acorn.Node);
  }
  return () => undefined; // top level: no host `this` ever reaches an expression
}

function templateLiteral(c: Compiler, node: acorn.TemplateLiteral): Expr {
  const quasis = node.quasis.map((q) => {
    if (q.value.cooked === null || q.value.cooked === undefined) c.error(q, 'Invalid escape sequence in template');
    return q.value.cooked as string;
  });
  const exprs = node.expressions.map((e) => c.expr(e));
  if (exprs.length === 0) {
    const s = quasis[0];
    return () => s;
  }
  return (f) => {
    let s = quasis[0];
    for (let i = 0; i < exprs.length; i++) {
      const v = exprs[i](f);
      // An array's text is its whole content's (131,000 nested arrays: 460 ms in one conversion).
      if (typeof v === 'object') chargeContent(f.c, v);
      s += `${v}` + quasis[i + 1];
      if (s.length > MAX_STRING_LENGTH) checkStringLength(s.length);
    }
    return s;
  };
}

type Elem = { spread: boolean; hole: boolean; e: Expr | null };

export function compileElements(c: Compiler, elements: ReadonlyArray<acorn.Expression | acorn.SpreadElement | null>): (f: Frame) => unknown[] {
  const elems: Elem[] = elements.map((el) => {
    if (el === null) return { spread: false, hole: true, e: null };
    if (el.type === 'SpreadElement') return { spread: true, hole: false, e: c.expr(el.argument) };
    return { spread: false, hole: false, e: c.expr(el) };
  });
  const simple = elems.every((x) => !x.spread && !x.hole);
  if (simple) {
    const es = elems.map((x) => x.e as Expr);
    switch (es.length) {
      case 0:
        return () => [];
      case 1: {
        const [a] = es;
        return (f) => [a(f)];
      }
      case 2: {
        const [a, b] = es;
        return (f) => [a(f), b(f)];
      }
      case 3: {
        const [a, b, d] = es;
        return (f) => [a(f), b(f), d(f)];
      }
      default:
        return (f) => {
          const out = new Array(es.length);
          for (let i = 0; i < es.length; i++) out[i] = es[i](f);
          return out;
        };
    }
  }
  return (f) => {
    const out: unknown[] = [];
    for (const el of elems) {
      if (el.hole) out.length++;
      else if (el.spread) iterateInto(f.c, (el.e as Expr)(f), out);
      else out.push((el.e as Expr)(f));
    }
    return out;
  };
}

function arrayExpr(c: Compiler, node: acorn.ArrayExpression): Expr {
  return compileElements(c, node.elements);
}

/** Computed keys in object literals: converted once; blocked names only become own data. */
function literalKey(raw: unknown): string | number {
  if (typeof raw === 'string' || typeof raw === 'number') return raw;
  if (typeof raw === 'symbol') return toSafeKey(raw);
  return String(raw);
}

function staticKey(c: Compiler, p: acorn.Property): string {
  const k = p.key;
  if (k.type === 'Identifier') return k.name;
  if (k.type === 'Literal') return String(k.value);
  return c.error(k, 'Unsupported property key');
}

function objectExpr(c: Compiler, node: acorn.ObjectExpression): Expr {
  type Part = { kind: 'static'; key: string; v: Expr } | { kind: 'computed'; k: Expr; v: Expr } | { kind: 'spread'; v: Expr };
  const parts: Part[] = node.properties.map((p): Part => {
    if (p.type === 'SpreadElement') return { kind: 'spread', v: c.expr(p.argument) };
    if (p.kind !== 'init') return c.error(p, 'Getters and setters are not supported in expressions', 'security');
    const value = p.value as acorn.Expression;
    if (p.computed) return { kind: 'computed', k: c.expr(p.key as acorn.Expression), v: c.expr(value) };
    return { kind: 'static', key: staticKey(c, p), v: c.expr(value) };
  });
  if (parts.every((p) => p.kind === 'static' && p.key !== '__proto__')) {
    const keys = parts.map((p) => (p as { key: string }).key);
    const vals = parts.map((p) => p.v);
    return (f) => {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) o[keys[i]] = vals[i](f);
      return o;
    };
  }
  return (f) => {
    const o: Record<string, unknown> = {};
    for (const p of parts) {
      if (p.kind === 'static') defineField(o, p.key, p.v(f));
      else if (p.kind === 'computed') {
        const raw = p.k(f);
        converting(f.c, raw, undefined);
        const k = literalKey(raw);
        defineField(o, k, p.v(f));
      } else spreadInto(o, p.v(f));
    }
    return o;
  };
}

function unary(c: Compiler, node: acorn.UnaryExpression): Expr {
  const arg = node.argument;
  switch (node.operator) {
    case 'typeof':
      if (arg.type === 'Identifier') return c.typeofName(arg.name, arg);
      {
        const e = c.expr(arg);
        return (f) => typeof e(f);
      }
    case 'delete': {
      if (arg.type === 'MemberExpression') {
        if (arg.object.type === 'Super') c.error(arg, "'super' is not supported in expressions");
        const obj = c.expr(arg.object as acorn.Expression);
        const key = memberKey(c, arg);
        return (f) => {
          const o = obj(f);
          return deleteMember(o, key(f));
        };
      }
      if (arg.type === 'ChainExpression') {
        const inner = c.expr(arg.expression, true);
        return (f) => (inner(f), true);
      }
      if (arg.type === 'Identifier') return c.error(node, 'Delete of an unqualified identifier is not allowed');
      const e = c.expr(arg);
      return (f) => (e(f), true);
    }
    case 'void': {
      const e = c.expr(arg);
      return (f) => void e(f);
    }
    case '!': {
      const e = c.expr(arg);
      return (f) => !e(f);
    }
    case '-': {
      const e = c.expr(arg);
      return (f) => {
        const v = e(f);
        converting(f.c, v, undefined);
        return -(v as number);
      };
    }
    case '+': {
      const e = c.expr(arg);
      return (f) => {
        const v = e(f);
        converting(f.c, v, undefined);
        return +(v as number);
      };
    }
    case '~': {
      const e = c.expr(arg);
      return (f) => {
        const v = e(f);
        converting(f.c, v, undefined);
        return ~(v as number);
      };
    }
  }
}

/**
 * Before an operator converts an object to text or a number: an array's text is its whole
 * content's (`N + ''`, `N == 'x'` over 16,383 nested arrays of 700 held 126–134 ms).
 */
function converting(c: Ctx, a: unknown, b: unknown): void {
  if (typeof a === 'object' && a !== null) chargeContent(c, a);
  if (typeof b === 'object' && b !== null) chargeContent(c, b);
}

type Binary = (l: unknown, r: unknown) => unknown;

/* eslint-disable @typescript-eslint/no-explicit-any */
export const BINARY: Record<string, Binary> = {
  '+': add,
  '-': (l, r) => (l as any) - (r as any),
  '*': mul,
  '/': (l, r) => (l as any) / (r as any),
  '%': (l, r) => (l as any) % (r as any),
  '**': pow,
  '==': (l, r) => l == r,
  '!=': (l, r) => l != r,
  '===': (l, r) => l === r,
  '!==': (l, r) => l !== r,
  '<': (l, r) => (l as any) < (r as any),
  '<=': (l, r) => (l as any) <= (r as any),
  '>': (l, r) => (l as any) > (r as any),
  '>=': (l, r) => (l as any) >= (r as any),
  '<<': shl,
  '>>': (l, r) => (l as any) >> (r as any),
  '>>>': (l, r) => (l as any) >>> (r as any),
  '&': (l, r) => (l as any) & (r as any),
  '|': (l, r) => (l as any) | (r as any),
  '^': (l, r) => (l as any) ^ (r as any),
  in: (l, r) => hasProperty(l, r),
  instanceof: (l, r) => instanceOf(l, r),
};

function binary(c: Compiler, node: acorn.BinaryExpression): Expr {
  if (node.left.type === 'PrivateIdentifier') return c.error(node.left, 'Private names are not supported');
  const l = c.expr(node.left), r = c.expr(node.right);
  // The hottest operators get closures of their own: no table lookup, numbers inline. An
  // object operand is converted by all but ===, !== and instanceof: its content is charged first.
  switch (node.operator) {
    case '+':
      return (f) => {
        const a = l(f), b = r(f);
        if (typeof a === 'number' && typeof b === 'number') return a + b;
        converting(f.c, a, b);
        return add(a, b);
      };
    case '===':
      return (f) => l(f) === r(f);
    case '!==':
      return (f) => l(f) !== r(f);
    case '*':
      return (f) => {
        const a = l(f), b = r(f);
        if (typeof a === 'number' && typeof b === 'number') return a * b;
        converting(f.c, a, b);
        return mul(a, b);
      };
    case 'instanceof':
      return (f) => instanceOf(l(f), r(f));
    default: {
      const op = BINARY[node.operator];
      return (f) => {
        const a = l(f), b = r(f);
        if (typeof a !== 'number' || typeof b !== 'number') converting(f.c, a, b);
        return op(a, b);
      };
    }
  }
}

function logical(c: Compiler, node: acorn.LogicalExpression): Expr {
  const l = c.expr(node.left), r = c.expr(node.right);
  if (node.operator === '&&') return (f) => l(f) && r(f);
  if (node.operator === '||') return (f) => l(f) || r(f);
  return (f) => l(f) ?? r(f);
}

/** `obj.key` key, checked at compile time, or `obj[expr]` key, converted at run time. */
export function memberKey(c: Compiler, node: acorn.MemberExpression): (f: Frame) => string | number {
  if (node.property.type === 'PrivateIdentifier') c.error(node.property, 'Private names are not supported');
  if (!node.computed) {
    const name = (node.property as acorn.Identifier).name;
    c.checkName(node.property, name);
    return () => name;
  }
  const prop = node.property as acorn.Expression;
  if (prop.type === 'Literal' && (typeof prop.value === 'string' || typeof prop.value === 'number')) {
    const k = prop.value;
    if (typeof k === 'string') c.checkName(prop, k);
    return () => k;
  }
  const e = c.expr(prop);
  return (f) => {
    const k = e(f);
    if (typeof k === 'object') converting(f.c, k, undefined);
    return toSafeKey(k);
  };
}

function member(c: Compiler, node: acorn.MemberExpression, inChain: boolean): Expr {
  if (node.object.type === 'Super') return c.error(node, "'super' is not supported in expressions");
  c.usesMemberOrCall = true;
  const obj = c.expr(node.object as acorn.Expression, inChain);
  const optional = node.optional;
  if (!node.computed || (node.property.type === 'Literal' && typeof node.property.value === 'string')) {
    const key = memberKey(c, node)(undefined as unknown as Frame);
    if (!inChain) return (f) => getMember(obj(f), key);
    return (f) => {
      const o = obj(f);
      if (o === SHORT) return SHORT;
      if (optional && (o === null || o === undefined)) return SHORT;
      return getMember(o, key);
    };
  }
  const keyExpr = memberKey(c, node);
  if (!inChain) {
    return (f) => {
      const o = obj(f);
      return getMember(o, keyExpr(f));
    };
  }
  return (f) => {
    const o = obj(f);
    if (o === SHORT) return SHORT;
    if (optional && (o === null || o === undefined)) return SHORT;
    return getMember(o, keyExpr(f));
  };
}

function call(c: Compiler, node: acorn.CallExpression, inChain: boolean): Expr {
  c.usesMemberOrCall = true;
  const callee = node.callee;
  if (callee.type === 'Super') return c.error(node, "'super' is not supported in expressions");
  const describe = () => c.text(callee);
  const optionalCall = node.optional;

  // n8n's $if(test, a, b): a lazy conditional, not a function call.
  if (callee.type === 'Identifier' && callee.name === '$if' && !c.isLocal('$if') && node.arguments.every((a) => a.type !== 'SpreadElement')) {
    if (node.arguments.length < 2) {
      c.error(node, '$if requires at least 2 parameters: test, value_if_true[, and value_if_false]', 'extension');
    }
    const [t, a, b] = node.arguments.map((x) => c.expr(x as acorn.Expression));
    return b ? (f) => (t(f) ? a(f) : b(f)) : (f) => (t(f) ? a(f) : false);
  }

  const args = compileElements(c, node.arguments);

  if (callee.type === 'MemberExpression') {
    if (callee.object.type === 'Super') return c.error(callee, "'super' is not supported in expressions");
    const obj = c.expr(callee.object as acorn.Expression, inChain);
    const optionalMember = callee.optional;
    const name = !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;
    if (name !== undefined && EXTENSION_NAMES.has(name)) {
      return (f) => {
        const o = obj(f);
        if (inChain && (o === SHORT || (optionalMember && (o === null || o === undefined)))) return SHORT;
        return callExtension(f.c, o, name, args(f), optionalCall, describe);
      };
    }
    const key = memberKey(c, callee);
    return (f) => {
      const o = obj(f);
      if (inChain && (o === SHORT || (optionalMember && (o === null || o === undefined)))) return SHORT;
      const fn = getMember(o, key(f));
      if (optionalCall && (fn === null || fn === undefined)) return SHORT;
      return callFunction(f.c, fn, o, args(f), describe);
    };
  }

  if (callee.type === 'Identifier' && callee.name === '$') {
    // `$` is allowed as a callee; read it without the bare-`$` check.
    const read = c.read('$', callee);
    return (f) => callFunction(f.c, read(f), undefined, args(f), describe);
  }
  const fnExpr = c.expr(callee as acorn.Expression, inChain);
  return (f) => {
    const fn = fnExpr(f);
    if (inChain && fn === SHORT) return SHORT;
    if (optionalCall && (fn === null || fn === undefined)) return SHORT;
    return callFunction(f.c, fn, undefined, args(f), describe);
  };
}

function newExpr(c: Compiler, node: acorn.NewExpression): Expr {
  const callee = c.expr(node.callee as acorn.Expression);
  const args = compileElements(c, node.arguments);
  const describe = () => c.text(node.callee);
  return (f) => construct(f.c, callee(f), args(f), describe);
}

function update(c: Compiler, node: acorn.UpdateExpression): Expr {
  const delta = node.operator === '++' ? 1 : -1;
  const prefix = node.prefix;
  const step = (old: unknown): [unknown, unknown] => {
    const num = typeof old === 'bigint' ? old : +(old as number);
    const next = typeof num === 'bigint' ? num + BigInt(delta) : num + delta;
    return [num, next];
  };
  const target = node.argument;
  if (target.type === 'Identifier') {
    const read = c.read(target.name, target);
    const write = c.assign(target.name, target);
    return (f) => {
      const [num, next] = step(read(f));
      write(f, next);
      return prefix ? next : num;
    };
  }
  if (target.type === 'MemberExpression') {
    const obj = c.expr(target.object as acorn.Expression);
    const key = memberKey(c, target);
    return (f) => {
      const o = obj(f);
      const k = key(f);
      const [num, next] = step(getMember(o, k));
      setMember(o, k, next);
      return prefix ? next : num;
    };
  }
  return c.error(node, 'Invalid left-hand side expression in update operation');
}

function assignment(c: Compiler, node: acorn.AssignmentExpression): Expr {
  const op = node.operator;
  const left = node.left;
  const right = c.expr(node.right);
  if (op === '=') {
    if (left.type === 'Identifier') {
      const write = c.assign(left.name, left);
      return (f) => {
        const v = right(f);
        write(f, v);
        return v;
      };
    }
    if (left.type === 'MemberExpression') {
      if (left.object.type === 'Super') return c.error(left, "'super' is not supported in expressions");
      const obj = c.expr(left.object as acorn.Expression);
      const key = memberKey(c, left);
      return (f) => {
        const o = obj(f);
        const k = key(f);
        return setMember(o, k, right(f));
      };
    }
    const target: Setter = compileAssignTarget(c, left as acorn.Pattern);
    return (f) => {
      const v = right(f);
      target(f, v);
      return v;
    };
  }
  const logicalOp = op === '&&=' || op === '||=' || op === '??=';
  const binop = logicalOp ? undefined : BINARY[op.slice(0, -1)];
  const combine = (f: Frame, old: unknown): { write: boolean; value: unknown } => {
    if (op === '&&=') return old ? { write: true, value: right(f) } : { write: false, value: old };
    if (op === '||=') return old ? { write: false, value: old } : { write: true, value: right(f) };
    if (op === '??=') return old !== null && old !== undefined ? { write: false, value: old } : { write: true, value: right(f) };
    const r = right(f);
    if (typeof old !== 'number' || typeof r !== 'number') converting(f.c, old, r);
    return { write: true, value: (binop as Binary)(old, r) };
  };
  if (left.type === 'Identifier') {
    const read = c.read(left.name, left);
    const write = c.assign(left.name, left);
    if (op === '+=') {
      return (f) => {
        const a = read(f), b = right(f);
        if (typeof a !== 'number' || typeof b !== 'number') converting(f.c, a, b);
        const v = add(a, b);
        write(f, v);
        return v;
      };
    }
    return (f) => {
      const r = combine(f, read(f));
      if (r.write) write(f, r.value);
      return r.value;
    };
  }
  if (left.type === 'MemberExpression') {
    const obj = c.expr(left.object as acorn.Expression);
    const key = memberKey(c, left);
    return (f) => {
      const o = obj(f);
      const k = key(f);
      const r = combine(f, getMember(o, k));
      if (r.write) setMember(o, k, r.value);
      return r.value;
    };
  }
  return c.error(node, 'Invalid left-hand side in assignment');
}
