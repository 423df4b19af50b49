// Destructuring targets for declarations (init) and assignments (assign). Property reads go
// through getMember, so `const { constructor } = x` is refused like `x.constructor`.
import type * as acorn from 'acorn';
import type { Compiler, Setter } from './compiler.ts';
import type { Frame } from './types.ts';
import { getMember, setMember, defineField } from '../runtime/members.ts';
import { iterateInto } from '../runtime/iterate.ts';
import { toSafeKey } from '../security.ts';
import { memberKey } from './expressions.ts';

export type PatternMode = 'init' | 'assign';

export function compilePattern(c: Compiler, node: acorn.Pattern, mode: PatternMode): Setter {
  switch (node.type) {
    case 'Identifier':
      return mode === 'init' ? c.init(node.name, node) : c.assign(node.name, node);
    case 'MemberExpression': {
      if (mode === 'init') return c.error(node, 'Invalid destructuring target');
      if (node.object.type === 'Super') return c.error(node, "'super' is not supported in expressions");
      const obj = c.expr(node.object as acorn.Expression);
      const key = memberKey(c, node);
      return (f, v) => {
        setMember(obj(f), key(f), v);
      };
    }
    case 'AssignmentPattern': {
      const target = compilePattern(c, node.left, mode);
      const def = c.expr(node.right);
      return (f, v) => target(f, v === undefined ? def(f) : v);
    }
    case 'ArrayPattern':
      return arrayPattern(c, node, mode);
    case 'ObjectPattern':
      return objectPattern(c, node, mode);
    default:
      return c.error(node, `${node.type} is not a valid destructuring target`);
  }
}

export function compileAssignTarget(c: Compiler, node: acorn.Pattern): Setter {
  return compilePattern(c, node, 'assign');
}

function arrayPattern(c: Compiler, node: acorn.ArrayPattern, mode: PatternMode): Setter {
  const parts = node.elements.map((el) => {
    if (el === null) return null;
    if (el.type === 'RestElement') return { rest: true, set: compilePattern(c, el.argument, mode) };
    return { rest: false, set: compilePattern(c, el, mode) };
  });
  return (f: Frame, v: unknown) => {
    let items: unknown[];
    if (Array.isArray(v)) items = v;
    else {
      items = [];
      iterateInto(f.c, v, items);
    }
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (p === null) continue;
      if (p.rest) p.set(f, items.slice(i));
      else p.set(f, items[i]);
    }
  };
}

function objectPattern(c: Compiler, node: acorn.ObjectPattern, mode: PatternMode): Setter {
  type Part = { key: ((f: Frame) => string | number) | null; set: Setter; rest: boolean };
  const parts: Part[] = node.properties.map((p): Part => {
    if (p.type === 'RestElement') return { key: null, set: compilePattern(c, p.argument, mode), rest: true };
    let key: (f: Frame) => string | number;
    if (p.computed) {
      const e = c.expr(p.key as acorn.Expression);
      key = (f) => toSafeKey(e(f));
    } else {
      const name = p.key.type === 'Identifier' ? p.key.name : String((p.key as acorn.Literal).value);
      c.checkName(p.key, name);
      key = () => name;
    }
    return { key, set: compilePattern(c, p.value, mode), rest: false };
  });
  return (f: Frame, v: unknown) => {
    if (v === null || v === undefined) throw new TypeError(`Cannot destructure '${String(v)}' as it is ${String(v)}.`);
    const used: Array<string | number> = [];
    for (const p of parts) {
      if (p.rest) {
        const out: Record<string, unknown> = {};
        if (typeof v === 'object') {
          for (const k of Object.keys(v)) if (!used.includes(k)) defineField(out, k, getMember(v, k));
        }
        p.set(f, out);
        continue;
      }
      const k = (p.key as (f: Frame) => string | number)(f);
      used.push(String(k));
      p.set(f, getMember(v, k));
    }
  };
}
