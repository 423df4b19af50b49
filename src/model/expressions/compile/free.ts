// Names not declared in the expression: the engine's scope first (`name in scope`, so
// getters and prototype-held variables work), then names assigned without a declaration in
// this evaluation, then the whitelisted globals. Anything else is "<name> is not defined"
// (or undefined in n8n mode, where tmpl resolved unknown names against an empty object).
import type { Expr, Frame, Ctx } from './types.ts';
import { GLOBALS } from '../globals.ts';

const ObjectProto = Object.prototype as unknown as Record<string, unknown>;
const hasOwn = Object.prototype.hasOwnProperty;
const NOT_FOUND: unique symbol = Symbol('notFound');

function lookupRest(c: Ctx, name: string): unknown {
  if (c.implicit !== null && c.implicit.has(name)) return c.implicit.get(name);
  if (hasOwn.call(GLOBALS, name)) return GLOBALS[name];
  return NOT_FOUND;
}

export function readFree(name: string): Expr {
  if (name === 'undefined') return () => undefined;
  // toString, valueOf … are on every plain scope through Object.prototype: not variables.
  const inherited = hasOwn.call(ObjectProto, name);
  return (f: Frame) => {
    const c = f.c;
    const s = c.scope;
    const v = s[name];
    if (v !== undefined) {
      if (!inherited || v !== ObjectProto[name]) return v;
    } else if (name in s && !inherited) {
      return undefined;
    }
    const g = lookupRest(c, name);
    if (g !== NOT_FOUND) return g;
    if (c.lenient) return undefined;
    throw new ReferenceError(`${name} is not defined`);
  };
}

export function typeofFree(name: string): Expr {
  const read = readFree(name);
  return (f: Frame) => {
    try {
      return typeof read(f);
    } catch (e) {
      if (e instanceof ReferenceError) return 'undefined';
      throw e;
    }
  };
}

export function writeFree(name: string): (f: Frame, value: unknown) => void {
  return (f: Frame, value: unknown) => {
    const c = f.c;
    if (name in c.scope && !hasOwn.call(ObjectProto, name)) {
      throw new TypeError(`Cannot assign to "${name}": it is provided by the workflow`);
    }
    if (c.implicit === null) c.implicit = new Map();
    c.implicit.set(name, value);
  };
}
