// Parameter display rules and default resolution (n8n's displayParameter / getNodeParameters).
// One kernel for the editor (which inputs to show), the issue computation and the engine
// (which values a node sees at run time).
import type { INodeProperties, INodePropertyCollection, IDisplayOptions } from './nodeTypes.ts';
import type { NodeParameters } from './workflow.ts';

type Values = { [key: string]: unknown };

/** Reads `a.b.c` from an object. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Values)[part];
  }
  return cur;
}

interface Condition {
  _cnd: { [op: string]: unknown };
}

function isCondition(v: unknown): v is Condition {
  return typeof v === 'object' && v !== null && '_cnd' in v;
}

function checkCondition(expected: unknown, actual: unknown): boolean {
  if (!isCondition(expected)) return expected === actual;
  const [op, target] = Object.entries(expected._cnd)[0] ?? [];
  switch (op) {
    case 'eq':
      return actual === target;
    case 'not':
      return actual !== target;
    case 'gte':
      return (actual as number) >= (target as number);
    case 'lte':
      return (actual as number) <= (target as number);
    case 'gt':
      return (actual as number) > (target as number);
    case 'lt':
      return (actual as number) < (target as number);
    case 'between': {
      const { from, to } = target as { from: number; to: number };
      return (actual as number) >= from && (actual as number) <= to;
    }
    case 'startsWith':
      return typeof actual === 'string' && actual.startsWith(target as string);
    case 'endsWith':
      return typeof actual === 'string' && actual.endsWith(target as string);
    case 'includes':
      return typeof actual === 'string' && actual.includes(target as string);
    case 'regex':
      return typeof actual === 'string' && new RegExp(target as string).test(actual);
    case 'exists':
      return actual !== undefined && actual !== null && actual !== '';
    default:
      return false;
  }
}

function valuesFor(key: string, values: Values, root: Values, typeVersion: number | undefined): unknown[] {
  let v: unknown;
  if (key === '@version') v = typeVersion;
  else if (key.startsWith('/')) v = getPath(root, key.slice(1));
  else v = getPath(values, key);
  // A resource locator ({ __rl, mode, value }) is compared by its value, as n8n does.
  if (v !== null && typeof v === 'object' && '__rl' in v) v = (v as { value?: unknown }).value;
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/**
 * Whether a property is shown given the current values. `values` are the values at the
 * property's level (a fixedCollection entry for nested ones), `root` the node's parameters.
 * A controlling value that is an expression cannot be decided in advance: the property shows.
 */
export function displayParameter(
  displayOptions: IDisplayOptions | undefined,
  values: Values,
  root: Values = values,
  typeVersion?: number,
): boolean {
  if (!displayOptions) return true;
  const { show, hide } = displayOptions;
  if (show) {
    for (const key of Object.keys(show)) {
      const expected = show[key] ?? [];
      const actual = valuesFor(key, values, root, typeVersion);
      if (actual.some((a) => typeof a === 'string' && a.startsWith('='))) continue;
      if (actual.length === 0 || !expected.some((e) => actual.some((a) => checkCondition(e, a)))) return false;
    }
  }
  if (hide) {
    for (const key of Object.keys(hide)) {
      const expected = hide[key] ?? [];
      const actual = valuesFor(key, values, root, typeVersion);
      if (actual.some((a) => typeof a === 'string' && a.startsWith('='))) continue;
      if (actual.length !== 0 && expected.some((e) => actual.some((a) => checkCondition(e, a)))) return false;
    }
  }
  return true;
}

function clone<T>(v: T): T {
  return v === undefined || v === null || typeof v !== 'object' ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function isCollectionOption(o: unknown): o is INodePropertyCollection {
  return typeof o === 'object' && o !== null && 'values' in o && Array.isArray((o as INodePropertyCollection).values);
}

/** Simple-typed values with defaults filled, shown or not: what display rules are checked against. */
function displayCheckValues(properties: INodeProperties[], values: Values): Values {
  const out: Values = {};
  for (const p of properties) {
    if (p.type === 'collection' || p.type === 'fixedCollection') {
      if (values[p.name] !== undefined) out[p.name] = values[p.name];
      continue;
    }
    out[p.name] = values[p.name] !== undefined ? values[p.name] : p.default;
  }
  return out;
}

/**
 * The parameters a node sees: stored values plus defaults for every displayed property
 * (n8n's getNodeParameters with returnDefaults). Hidden properties are dropped, so a
 * parameter that belongs to another mode does not leak into a run. Inside a plain
 * collection only the options the user added appear.
 */
export function resolveNodeParameters(
  properties: INodeProperties[],
  values: NodeParameters | null | undefined,
  typeVersion?: number,
  root?: Values,
  parentType?: 'collection' | 'fixedCollection',
): NodeParameters {
  const stored: Values = values ?? {};
  const check = displayCheckValues(properties, stored);
  const rootValues = root ?? check;
  const result: NodeParameters = {};
  for (const p of properties) {
    if (stored[p.name] === undefined && parentType === 'collection') continue;
    if (p.type === 'notice') continue;
    if (!displayParameter(p.displayOptions, check, rootValues, typeVersion)) continue;
    const value = stored[p.name];
    if (p.type === 'collection') {
      if (p.typeOptions?.multipleValues) {
        result[p.name] = value !== undefined ? clone(value) : Array.isArray(p.default) ? clone(p.default) : [];
      } else if (value !== undefined && value !== null && typeof value === 'object') {
        result[p.name] = resolveNodeParameters((p.options ?? []) as INodeProperties[], value as Values, typeVersion, rootValues, 'collection');
      } else {
        result[p.name] = value !== undefined ? value : clone(p.default);
      }
      continue;
    }
    if (p.type === 'fixedCollection') {
      result[p.name] = resolveFixedCollection(p, value, typeVersion, rootValues);
      continue;
    }
    result[p.name] = value !== undefined ? clone(value) : clone(p.default);
  }
  return result;
}

function resolveFixedCollection(p: INodeProperties, stored: unknown, typeVersion: number | undefined, root: Values): unknown {
  const values = stored === undefined ? clone(p.default ?? {}) : stored;
  if (values === null || typeof values !== 'object') return values;
  const multiple = !!p.typeOptions?.multipleValues;
  const out: Values = {};
  for (const itemName of Object.keys(values as Values)) {
    const option = (p.options ?? []).find((o) => isCollectionOption(o) && o.name === itemName) as INodePropertyCollection | undefined;
    const entry = (values as Values)[itemName];
    if (!option) continue;
    if (multiple) {
      const list = Array.isArray(entry) ? entry : [];
      out[itemName] = list.map((e) => resolveNodeParameters(option.values, (e ?? {}) as Values, typeVersion, root, 'fixedCollection'));
    } else if (entry && typeof entry === 'object') {
      const resolved = resolveNodeParameters(option.values, entry as Values, typeVersion, root, 'fixedCollection');
      if (Object.keys(resolved).length) out[itemName] = resolved;
    }
  }
  return out;
}

/** The properties shown for the given values (top level). */
export function visibleProperties(properties: INodeProperties[], values: NodeParameters, typeVersion?: number): INodeProperties[] {
  const seen = new Set<string>();
  return properties.filter((p) => {
    if (p.type === 'hidden' || seen.has(p.name)) return false;
    if (!displayParameter(p.displayOptions, values, values, typeVersion)) return false;
    seen.add(p.name);
    return true;
  });
}

/** Properties applicable to a type version (display rules on @version only). */
export function propertiesForVersion(properties: INodeProperties[], typeVersion: number): INodeProperties[] {
  return properties.filter((p) => {
    const show = p.displayOptions?.show?.['@version'];
    const hide = p.displayOptions?.hide?.['@version'];
    if (show && !show.some((e) => checkCondition(e, typeVersion))) return false;
    if (hide && hide.some((e) => checkCondition(e, typeVersion))) return false;
    return true;
  });
}
