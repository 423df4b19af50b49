// XML element and attribute names that Object.prototype also has (constructor, __proto__,
// toString …): xml2js sees the inherited member as an element already there and makes a list
// of it and the value ({"constructor": [null, "x"]}), and `__proto__` would set the object's
// prototype. Such names are renamed while xml2js builds the object and restored afterwards as
// own data properties, so `<constructor>x</constructor>` comes out as {"constructor": "x"}.
import { setOwn } from '../../nodes/shared/deepCopy.ts';

const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));
const MARK = '\u0000xml:';
const MENTIONS = new RegExp(`(?:${[...INHERITED].join('|')})`);

/** Whether the text may hold such a name at all (when not, nothing needs renaming). */
export function mayHaveInheritedNames(text: string): boolean {
  return MENTIONS.test(text);
}

/** For xml2js's tagNameProcessors and attrNameProcessors. */
export function protectXmlName(name: string): string {
  return INHERITED.has(name) ? MARK + name : name;
}

/** Restores the names protectXmlName renamed, in place where possible (iteratively: any depth). */
export function restoreXmlNames<T>(root: T): T {
  const fix = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (!keys.some((k) => k.startsWith(MARK))) return obj;
    const out: Record<string, unknown> = {};
    for (const k of keys) setOwn(out, k.startsWith(MARK) ? k.slice(MARK.length) : k, obj[k]);
    return out;
  };
  const top = fix(root);
  const stack: unknown[] = [top];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    const container = v as Record<string, unknown>;
    for (const k of Object.keys(container)) {
      const child = container[k];
      if (typeof child !== 'object' || child === null) continue;
      const fixed = fix(child);
      if (fixed !== child) setOwn(container, k, fixed);
      stack.push(fixed);
    }
  }
  return top as T;
}
