// The built-in credential types, as data (spec 002 §3). A type that `extends` others inherits
// their properties (its own override same-named ones) and their `authenticate` and `test` unless
// it declares its own, as n8n resolves them; everyone outside this folder sees resolved types.
// Adding a type is adding its definition to DEFINITIONS.
import type { ICredentialType } from '../../model/credentialTypes.ts';
import { httpBasicAuth, httpBearerAuth, httpCustomAuth, httpDigestAuth, httpHeaderAuth, httpQueryAuth } from './httpAuth.ts';
import { SERVICE_CREDENTIAL_TYPES } from './services/index.ts';
import { smtp } from './smtp.ts';
import { DATABASE_CREDENTIAL_TYPES } from './databases.ts';
import { n8nApi } from './n8nApi.ts';
import { OAUTH_CREDENTIAL_TYPES } from './oauth.ts';

const DEFINITIONS: readonly ICredentialType[] = [
  httpBasicAuth,
  httpBearerAuth,
  httpCustomAuth,
  httpDigestAuth,
  httpHeaderAuth,
  httpQueryAuth,
  smtp,
  n8nApi,
  ...OAUTH_CREDENTIAL_TYPES,
  ...SERVICE_CREDENTIAL_TYPES,
  ...DATABASE_CREDENTIAL_TYPES,
];

const byName = new Map(DEFINITIONS.map((t) => [t.name, t]));

function resolve(type: ICredentialType, seen: Set<string>): ICredentialType {
  if (!type.extends?.length) return type;
  const properties = new Map<string, ICredentialType['properties'][number]>();
  let authenticate = type.authenticate;
  let test = type.test;
  for (const parentName of type.extends) {
    const parent = byName.get(parentName);
    if (!parent || seen.has(parentName)) throw new Error(`Credential type "${type.name}" extends unknown or circular type "${parentName}"`);
    const resolved = resolve(parent, new Set([...seen, parentName]));
    for (const p of resolved.properties) properties.set(p.name, p);
    authenticate ??= resolved.authenticate;
    test ??= resolved.test;
  }
  for (const p of type.properties) properties.set(p.name, p);
  return { ...type, properties: [...properties.values()], authenticate, test };
}

/** Every built-in type, resolved (inherited properties merged in). */
export const CREDENTIAL_TYPES: readonly ICredentialType[] = DEFINITIONS.map((t) => resolve(t, new Set([t.name])));

const resolvedByName = new Map(CREDENTIAL_TYPES.map((t) => [t.name, t]));

export function credentialType(name: string): ICredentialType | undefined {
  return resolvedByName.get(name);
}

/** The type and every type it extends, nearest first: ['googleOAuth2Api', 'oAuth2Api']. */
export function credentialTypeChain(name: string): string[] {
  const out: string[] = [];
  const walk = (n: string) => {
    if (out.includes(n)) return;
    out.push(n);
    for (const parent of byName.get(n)?.extends ?? []) walk(parent);
  };
  if (byName.has(name)) walk(name);
  return out;
}

/** Community packages' credential types, by package (they come and go while the server runs). */
const communityTypes = new Map<string, ICredentialType[]>();

/**
 * Adds (or replaces, or with [] removes) the credential types a community package brought. A
 * name a built-in type already has is not taken over; those names are returned.
 */
export function setCommunityCredentialTypes(packageName: string, types: ICredentialType[]): string[] {
  const list = CREDENTIAL_TYPES as ICredentialType[];
  const previous = new Set((communityTypes.get(packageName) ?? []).map((t) => t.name));
  for (const name of previous) {
    byName.delete(name);
    resolvedByName.delete(name);
  }
  for (let i = list.length - 1; i >= 0; i--) if (previous.has(list[i].name)) list.splice(i, 1);
  communityTypes.delete(packageName);
  const taken: string[] = [];
  const added: ICredentialType[] = [];
  for (const t of types) {
    if (byName.has(t.name)) {
      taken.push(t.name);
      continue;
    }
    byName.set(t.name, t);
    added.push(t);
  }
  for (const t of added) {
    const resolved = resolve(t, new Set([t.name]));
    resolvedByName.set(t.name, resolved);
    list.push(resolved);
  }
  if (added.length) communityTypes.set(packageName, added);
  return taken;
}
