// Which credentials a node needs given its parameters, and the small rules of the credential
// modal (spec 002 §4): the generated name, whether a credential can be tested, and which
// credential types a 'credentialsSelect' parameter offers. Pure, shared by the NDV selector,
// the credential dialogs and tests.
import type { ICredentialType } from './credentialTypes.ts';
import type { INodeProperties, INodeTypeDescription } from './nodeTypes.ts';
import type { INodeCredentials, NodeParameters } from './workflow.ts';
import type { KnownCredential } from './nodeIssues.ts';
import { displayParameter, resolveNodeParameters } from './parameters.ts';
import { credentialRef } from './readWorkflow.ts';

export interface NeededCredential {
  /** Credential type name (httpBasicAuth …). */
  name: string;
  required: boolean;
}

function isExpression(v: unknown): boolean {
  return typeof v === 'string' && v.startsWith('=');
}

/**
 * The credential types a node asks for now: the description's `credentials` whose display rules
 * hold for the node's parameters (defaults filled), then the value of every shown
 * 'credentialsSelect' parameter (HTTP Request's Generic Auth Type: the type it names is needed,
 * as in n8n's NodeCredentials). Each type once, description order first.
 */
export function neededCredentialTypes(description: INodeTypeDescription, parameters: NodeParameters | undefined, typeVersion: number): NeededCredential[] {
  const resolved = resolveNodeParameters(description.properties, parameters ?? {}, typeVersion);
  const out: NeededCredential[] = [];
  const seen = new Set<string>();
  for (const c of description.credentials ?? []) {
    if (seen.has(c.name)) continue;
    if (!displayParameter(c.displayOptions, resolved, resolved, typeVersion)) continue;
    seen.add(c.name);
    out.push({ name: c.name, required: !!c.required });
  }
  for (const p of description.properties) {
    if (p.type !== 'credentialsSelect') continue;
    const value = resolved[p.name];
    if (typeof value !== 'string' || value === '' || isExpression(value) || seen.has(value)) continue;
    if (!displayParameter(p.displayOptions, resolved, resolved, typeVersion)) continue;
    seen.add(value);
    out.push({ name: value, required: true });
  }
  return out;
}

/**
 * The credential types a 'credentialsSelect' parameter offers, by n8n's filters:
 * 'has:genericAuth', 'has:<field>', 'extends:<type>' (directly or through a parent), or a plain
 * type name. As in n8n, 'has:authenticate' leaves out the generic auth types (Header, Bearer …
 * Auth declare `authenticate` too, but they belong to the Generic Auth Type list).
 */
export function credentialTypesForSelect(property: INodeProperties, types: readonly ICredentialType[]): ICredentialType[] {
  const filters = property.credentialTypes ?? [];
  if (!filters.length) return [...types];
  const byName = new Map(types.map((t) => [t.name, t]));
  const extendsType = (t: ICredentialType, base: string, depth = 0): boolean =>
    depth < 10 && (t.extends ?? []).some((p) => p === base || (byName.has(p) && extendsType(byName.get(p)!, base, depth + 1)));
  return types.filter((t) =>
    filters.some((f) => {
      if (f === 'has:authenticate') return !!t.authenticate && !t.genericAuth;
      if (f.startsWith('has:')) return !!(t as unknown as Record<string, unknown>)[f.slice(4)];
      if (f.startsWith('extends:')) return extendsType(t, f.slice(8));
      return t.name === f;
    }),
  );
}

/** Types n8n names 'Unnamed credential' instead of '<display name> account' (spec 002 §4, §9). */
const UNNAMED_TYPES = new Set(['httpBasicAuth', 'httpDigestAuth', 'oAuth1Api', 'oAuth2Api']);

/** Spec 002 §4: the name a new credential starts from (made unique by GET /credentials/new). */
export function defaultCredentialName(type: Pick<ICredentialType, 'name' | 'displayName'>): string {
  return UNNAMED_TYPES.has(type.name) ? 'Unnamed credential' : `${type.displayName} account`;
}

/** Name used when the user empties the name field (spec 002 §5). */
export const UNTITLED_CREDENTIAL_NAME = 'Untitled Credential';

/** Types the server tests by connecting (POST /credentials/test); any type declaring a `test` request is testable too. */
const TESTED_TYPES = new Set(['smtp', 'postgres', 'mySql', 'redis']);

export function isOAuthType(type: Pick<ICredentialType, 'name' | 'extends'>): boolean {
  return ['oAuth1Api', 'oAuth2Api'].includes(type.name) || (type.extends ?? []).some((e) => e === 'oAuth1Api' || e === 'oAuth2Api');
}

/** Shown properties (display rules against the data with defaults) that are required and empty. */
export function missingRequiredCredentialFields(type: ICredentialType, data: Record<string, unknown>): string[] {
  const values: Record<string, unknown> = {};
  for (const p of type.properties) values[p.name] = data[p.name] !== undefined ? data[p.name] : p.default;
  const out: string[] = [];
  for (const p of type.properties) {
    if (!p.required || p.type === 'hidden' || p.type === 'notice') continue;
    if (!displayParameter(p.displayOptions, values, values)) continue;
    const v = values[p.name];
    const missing = p.type === 'number' ? typeof v !== 'number' || !Number.isFinite(v) : v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (missing) out.push(p.name);
  }
  return out;
}

/**
 * Spec 002 §4: testable = not OAuth, every required property filled, no expression values, and
 * the type has a test.
 */
export function isCredentialTestable(type: ICredentialType, data: Record<string, unknown>): boolean {
  if (isOAuthType(type) || !(TESTED_TYPES.has(type.name) || !!type.test)) return false;
  if (missingRequiredCredentialFields(type, data).length) return false;
  return !Object.values(data).some(isExpression);
}

/**
 * Node types that can use a credential type ('Allow use by', spec 002 §2): their description
 * lists it, or a credentialsSelect parameter of theirs offers it (HTTP Request's generic types).
 * One entry per node type name.
 */
export function nodeTypesUsingCredential(
  credentialType: string,
  descriptions: readonly INodeTypeDescription[],
  types: readonly ICredentialType[] = [],
): INodeTypeDescription[] {
  const type = types.find((t) => t.name === credentialType);
  const out = new Map<string, INodeTypeDescription>();
  for (const d of descriptions) {
    if (out.has(d.name)) continue;
    const listed = (d.credentials ?? []).some((c) => c.name === credentialType);
    const offered = !!type && d.properties.some((p) => p.type === 'credentialsSelect' && credentialTypesForSelect(p, [type]).length > 0);
    if (listed || offered) out.set(d.name, d);
  }
  return [...out.values()].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * A node's credential references matched to the stored credentials (spec 001 §4.1, adding
 * nodes): a stored id stays (with the stored name); otherwise a name that is unique for its
 * type takes that credential's id. A reference written the old way, as a plain name, becomes
 * {id: null, name} first, as n8n's editor reads it. Anything else is left as it came (its issue
 * says why).
 */
export function matchCredentials(refs: INodeCredentials | undefined, known: readonly KnownCredential[]): INodeCredentials | undefined {
  if (!refs) return refs;
  let out: INodeCredentials | undefined;
  for (const [type, raw] of Object.entries(refs)) {
    const ref = credentialRef(raw);
    if (!ref) continue;
    const byId = ref.id ? known.find((c) => c.id === ref.id && c.type === type) : undefined;
    const byName = byId ? undefined : known.filter((c) => c.type === type && c.name === ref.name);
    const match = byId ?? (byName?.length === 1 ? byName[0] : undefined);
    if (match && (match.id !== ref.id || match.name !== ref.name)) {
      out ??= { ...refs };
      out[type] = { id: match.id, name: match.name };
    } else if (!match && typeof raw === 'string') {
      out ??= { ...refs };
      out[type] = ref;
    }
  }
  return out ?? refs;
}
