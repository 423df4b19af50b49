// Loading a community package in the host: its package.json's `n8n` section lists node and
// credential files; each is required (the package's own code runs here, not in the server) and
// its description made into plain data for the server. Functions inside descriptions (routing
// preSend hooks …) stay here, referenced by id.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, resolve, sep } from 'node:path';
import type { HostFunctionRef, LoadedNode, LoadedPackage } from '../protocol.ts';
import type { ICredentialType } from '../../model/credentialTypes.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { evaluateExpression } from '../../model/expressions/index.ts';

/** A node class instance as packages define it (INodeType or VersionedNodeType). */
export interface PackageNodeType {
  description: INodeTypeDescription & Record<string, unknown>;
  execute?: (this: unknown) => Promise<unknown>;
  trigger?: (this: unknown) => Promise<unknown>;
  poll?: (this: unknown) => Promise<unknown>;
  webhook?: (this: unknown) => Promise<unknown>;
  methods?: { loadOptions?: Record<string, (this: unknown) => Promise<unknown>>; listSearch?: Record<string, (this: unknown, filter?: string, token?: string) => Promise<unknown>> };
  nodeVersions?: Record<number, PackageNodeType>;
}

/** The host's functions table: description functions by id. */
export const hostFunctions = new Map<number, (...args: unknown[]) => unknown>();
let nextFunctionId = 1;

/** Loaded node types: `${packageName}.${description.name}` → version → node type object. */
export const loadedTypes = new Map<string, Map<number, PackageNodeType>>();
/** Which type names each package folder registered (for unloading). */
const typesOfDir = new Map<string, string[]>();

/** Plain data with functions replaced by references (depth-limited; cycles become null). */
function toData(value: unknown, depth = 0, seen = new Set<unknown>()): unknown {
  if (typeof value === 'function') {
    const id = nextFunctionId++;
    hostFunctions.set(id, value as (...args: unknown[]) => unknown);
    return { $hostFunction: id } satisfies HostFunctionRef;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth > 64 || seen.has(value)) return null;
  if (value instanceof Date || value instanceof RegExp) return value;
  seen.add(value);
  const out: unknown = Array.isArray(value) ? value.map((v) => toData(v, depth + 1, seen)) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toData(v, depth + 1, seen)]));
  seen.delete(value);
  return out;
}

function instantiate(exports: unknown, file: string): unknown {
  const wanted = basename(file).replace(/\.(node|credentials)\.js$/, '');
  const candidates = exports && typeof exports === 'object' ? Object.values(exports as object) : [exports];
  const Cls = ((exports as Record<string, unknown> | undefined)?.[wanted] ?? candidates.find((c) => typeof c === 'function')) as (new () => unknown) | undefined;
  if (typeof Cls !== 'function') throw new Error(`${file} exports no class named ${wanted}`);
  return new Cls();
}

function iconPathOf(description: Record<string, unknown>, fileDir: string, packageDir: string): string | undefined {
  let icon = description.icon as string | { light?: string } | undefined;
  if (icon && typeof icon === 'object') icon = icon.light;
  if (typeof icon !== 'string' || !icon.startsWith('file:')) return undefined;
  const path = resolve(fileDir, icon.slice(5));
  return path.startsWith(packageDir + sep) ? path : undefined;
}

/**
 * Inputs and outputs given as an expression ('={{["main"]}}', as n8n allows) become lists here,
 * evaluated over the parameters' defaults: the editor and the engine read them as lists.
 */
function withPorts(description: PackageNodeType['description']): PackageNodeType['description'] {
  const out = { ...description } as Record<string, unknown>;
  const $parameter = Object.fromEntries(((description.properties ?? []) as Array<{ name: string; default?: unknown }>).map((p) => [p.name, p.default]));
  for (const key of ['inputs', 'outputs'] as const) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    let evaluated: unknown;
    try {
      evaluated = evaluateExpression(value, { $parameter }, { mode: 'n8n' });
    } catch {
      evaluated = undefined;
    }
    out[key] = Array.isArray(evaluated) ? evaluated.map((c) => (c && typeof c === 'object' ? String((c as { type?: unknown }).type ?? 'main') : String(c))) : ['main'];
  }
  return out as PackageNodeType['description'];
}

function versionsOf(description: { version?: number | number[] }): number[] {
  const v = description.version ?? 1;
  return Array.isArray(v) ? v : [v];
}

export function loadPackage(dir: string): LoadedPackage {
  const manifest = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')) as { name: string; version: string; n8n?: { nodes?: string[]; credentials?: string[] } };
  const out: LoadedPackage = { name: manifest.name, version: manifest.version, nodes: [], credentials: [] };
  if (!manifest.n8n || !Array.isArray(manifest.n8n.nodes)) {
    out.error = `${manifest.name} is not a community node package: its package.json has no "n8n" section listing nodes`;
    return out;
  }
  const load = createRequire(resolve(dir, 'package.json'));
  const registered: string[] = [];
  const problems: string[] = [];
  for (const file of manifest.n8n.credentials ?? []) {
    try {
      const path = resolve(dir, file);
      if (!path.startsWith(dir + sep)) throw new Error('path leaves the package');
      const credential = instantiate(load(path), path) as Record<string, unknown>;
      // preAuthentication is a method of the class (n8n calls it for a credential with an expirable field).
      const preAuthentication = typeof credential.preAuthentication === 'function' ? { preAuthentication: credential.preAuthentication } : {};
      out.credentials.push(toData({ ...Object.fromEntries(Object.entries(credential)), ...preAuthentication }) as ICredentialType);
      const icon = iconPathOf(credential, dirname(path), dir);
      if (icon && typeof credential.name === 'string') (out.credentialIcons ??= {})[credential.name] = icon;
    } catch (e) {
      problems.push(`${file}: ${(e as Error).message}`);
    }
  }
  for (const file of manifest.n8n.nodes) {
    try {
      const path = resolve(dir, file);
      if (!path.startsWith(dir + sep)) throw new Error('path leaves the package');
      const instance = instantiate(load(path), path) as PackageNodeType;
      const classes = instance.nodeVersions ? Object.values(instance.nodeVersions) : [instance];
      const node: LoadedNode = { file, descriptions: [], kinds: [], methods: { loadOptions: [], listSearch: [] }, iconPath: iconPathOf(instance.description, dirname(path), dir) };
      const typeName = `${manifest.name}.${instance.description.name}`;
      const byVersion = new Map<number, PackageNodeType>();
      for (const cls of classes) {
        const description = { ...(instance.nodeVersions ? instance.description : {}), ...cls.description } as PackageNodeType['description'];
        for (const v of versionsOf(description)) byVersion.set(v, cls);
        node.descriptions.push(toData(withPorts(description)) as INodeTypeDescription);
        node.kinds.push({ execute: typeof cls.execute === 'function', trigger: typeof cls.trigger === 'function', poll: typeof cls.poll === 'function', webhook: typeof cls.webhook === 'function', declarative: typeof cls.execute !== 'function' && !!(description as { requestDefaults?: unknown }).requestDefaults });
        node.iconPath ??= iconPathOf(description, dirname(path), dir);
        for (const m of Object.keys(cls.methods?.loadOptions ?? {})) if (!node.methods.loadOptions.includes(m)) node.methods.loadOptions.push(m);
        for (const m of Object.keys(cls.methods?.listSearch ?? {})) if (!node.methods.listSearch.includes(m)) node.methods.listSearch.push(m);
      }
      loadedTypes.set(typeName, byVersion);
      registered.push(typeName);
      out.nodes.push(node);
    } catch (e) {
      problems.push(`${file}: ${(e as Error).message}`);
    }
  }
  typesOfDir.set(dir, registered);
  if (problems.length) out.error = problems.join('; ');
  return out;
}

/** Forgets a package's node types and its modules, so that an update loads the new code. */
export function unloadPackage(dir: string): void {
  for (const name of typesOfDir.get(dir) ?? []) loadedTypes.delete(name);
  typesOfDir.delete(dir);
  const load = createRequire(resolve(dir, 'package.json'));
  for (const key of Object.keys(load.cache)) if (key.startsWith(dir + sep)) delete load.cache[key];
}
