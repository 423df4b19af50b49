// Credentials as the REST API and the engine see them: names and data checked against the
// credential type, data encrypted before it reaches the repository and decrypted only for
// GET ?includeData=true, for a node that uses the credential, and for a connection test.
import { credentialRef } from '../../model/readWorkflow.ts';
import { createTransport } from 'nodemailer';
import type { IDataObject, INode } from '../../model/workflow.ts';
import { CREDENTIAL_BLANK_VALUE, DEFAULT_CREDENTIAL_NAME, MAX_CREDENTIAL_NAME_LENGTH, type ICredentialType } from '../../model/credentialTypes.ts';
import { CREDENTIAL_TYPES, credentialType } from '../../nodes/credentials/registry.ts';
import { nextDefaultWorkflowName } from '../../model/names.ts';
import { CustomAuthError, parseCustomAuth } from '../../engine/auth/custom.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors.ts';
import type { CredentialListRow, CredentialRow, CredentialsRepository } from '../db/repositories/credentials.ts';
import { newEntityId, nowIso } from '../db/repositories/ids.ts';
import type { CredentialCipher } from './cipher.ts';
import { displayParameter } from '../../model/parameters.ts';
import type { OAuthConnection } from '../../model/credentialTypes.ts';
import { OAUTH_RECONNECT, connectionOf, connectsByUser, oauthFamily } from '../oauth/connection.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { builtinTypes } from '../../nodes/registry.ts';
import { defaultNodesAccess, nodeAccessRefusal, nodeTypeAllowed } from '../../model/nodesAccess.ts';
import { testCredentialByRequest } from '../../engine/auth/credentialTest.ts';
import { authenticateTestRequest } from '../community/packageAuth.ts';
import { databaseConnectionTest } from '../../nodes/credentials/databaseTests.ts';

export type CredentialValue = string | number | boolean | null;

/** Longest string value of a credential property (a PEM key fits many times over). */
export const MAX_VALUE_LENGTH = 65536;
export type CredentialData = Record<string, CredentialValue>;

export interface NodeAccess {
  nodeType: string;
  date?: string;
}

/** A credential as listed and returned (data only with includeData). */
export interface CredentialResponse {
  id: string;
  name: string;
  type: string;
  nodesAccess: NodeAccess[];
  /** The user it belongs to: the only one who may read its data and change it. */
  ownerId: string | null;
  createdAt: string;
  updatedAt: string;
  data?: CredentialData;
  /** OAuth 1 and authorization-code OAuth 2 credentials: connected or not (never the tokens). */
  oauth?: OAuthConnection;
}

/** Who asks: the instance owner (and the default user) see every credential, a member their own. */
export interface CredentialActor {
  id: string;
  seesAll: boolean;
}

export interface CredentialWrite {
  name?: string;
  type?: string;
  nodesAccess?: NodeAccess[];
  data?: CredentialData;
}

export interface CredentialTestResult {
  status: 'OK' | 'Error';
  message: string;
}

/** Failure to find or open a node's credential; the message names the node and the type. */
export class CredentialResolutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialResolutionError';
  }
}

function toResponse(row: CredentialListRow): CredentialResponse {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    nodesAccess: JSON.parse(row.nodesAccess) as NodeAccess[],
    ownerId: row.ownerId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function cleanCredentialName(name: unknown, field = 'body/name'): string {
  if (typeof name !== 'string' || name.trim() === '') throw new BadRequestError('Credential name cannot be empty', `${field} must be a non-empty string`);
  const t = name.trim();
  if (t.length > MAX_CREDENTIAL_NAME_LENGTH) throw new BadRequestError(`Credential name cannot be longer than ${MAX_CREDENTIAL_NAME_LENGTH} characters`);
  return t;
}

function typeOrError(name: string, field = 'body/type'): ICredentialType {
  const type = credentialType(name);
  if (!type) {
    throw new BadRequestError(`Credential type "${name}" not found`, `${field}: known credential types are ${CREDENTIAL_TYPES.map((t) => t.name).join(', ')}`);
  }
  return type;
}

/**
 * Checks data against the type's properties: known names only, each of the property's JSON
 * type, required ones filled (spec 002 §5). null means "not set" and is dropped.
 */
export function validateCredentialData(type: ICredentialType, data: CredentialData, field = 'body/data'): CredentialData {
  const out: CredentialData = {};
  for (const [key, value] of Object.entries(data)) {
    const p = type.properties.find((x) => x.name === key);
    if (!p) {
      throw new BadRequestError(`${field}/${key} is not a property of credential type "${type.name}"`, `Its properties are ${type.properties.map((x) => x.name).join(', ')}`);
    }
    if (value === null) continue;
    const expected = p.type === 'number' ? 'number' : p.type === 'boolean' ? 'boolean' : 'string';
    if (typeof value !== expected || (expected === 'number' && !Number.isFinite(value))) {
      throw new BadRequestError(`${field}/${key} must be a ${expected}`);
    }
    if (typeof value === 'string' && value.length > MAX_VALUE_LENGTH) {
      throw new BadRequestError(`${field}/${key} must not be longer than ${MAX_VALUE_LENGTH} characters`);
    }
    out[key] = value;
  }
  checkJsonValues(type, out, field);
  const shown = withDefaults(type, out);
  for (const p of type.properties) {
    if (!p.required) continue;
    // Not asked for when its display options hide it (OAuth2's Authorization URL under Client Credentials).
    if (!displayParameter(p.displayOptions, shown as Record<string, unknown> as never)) continue;
    const v = out[p.name];
    if (v === undefined || v === '') throw new BadRequestError(`${field}/${p.name}: This field is required`);
  }
  return out;
}

/**
 * A 'json' property holds JSON text (or an expression): checked on save, so a credential that
 * cannot work is refused then rather than at its first run; Custom Auth's must be its
 * { headers, qs, body } object. Messages never quote the text (it holds secrets).
 */
function checkJsonValues(type: ICredentialType, data: CredentialData, field: string): void {
  for (const p of type.properties) {
    const value = data[p.name];
    if (p.type !== 'json' || typeof value !== 'string' || value.startsWith('=') || value.trim() === '') continue;
    if (type.name === 'httpCustomAuth' && p.name === 'json') {
      try {
        parseCustomAuth({ json: value });
      } catch (e) {
        if (e instanceof CustomAuthError) throw new BadRequestError(`${field}/${p.name}: the Custom Auth credential: ${e.message}`);
        throw e;
      }
      continue;
    }
    try {
      JSON.parse(value);
    } catch {
      throw new BadRequestError(`${field}/${p.name} is not valid JSON`);
    }
  }
}

/** The type's defaults under the stored values (n8n applies defaults when it decrypts). */
function withDefaults(type: ICredentialType | undefined, data: CredentialData): IDataObject {
  const out: IDataObject = {};
  for (const p of type?.properties ?? []) if (p.default !== undefined) out[p.name] = p.default as IDataObject[string];
  return { ...out, ...data };
}

/**
 * What the edit modal gets (n8n's redact): a password property's value is n8n's blank placeholder,
 * which an update or a test sent back turns into the stored value again; an expression stays
 * visible (it names where the secret comes from, it is not one). Empty values stay empty.
 */
export function redactSecrets(type: ICredentialType | undefined, data: CredentialData): CredentialData {
  const out: CredentialData = { ...data };
  for (const p of type?.properties ?? []) {
    const v = out[p.name];
    if (!p.typeOptions?.password || v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' && v.startsWith('=')) continue;
    out[p.name] = CREDENTIAL_BLANK_VALUE;
  }
  return out;
}

/** Values sent as n8n's blank placeholder keep what is stored (redacted fields sent back). */
function unredact(next: CredentialData, stored: CredentialData): CredentialData {
  const out: CredentialData = {};
  for (const [k, v] of Object.entries(next)) {
    if (v === CREDENTIAL_BLANK_VALUE) {
      if (stored[k] !== undefined) out[k] = stored[k];
    } else out[k] = v;
  }
  return out;
}

export class CredentialsService {
  readonly #repo: CredentialsRepository;
  readonly #cipher: CredentialCipher;
  /** The installed node types: a credential created without nodesAccess allows those that can use it. */
  readonly #nodeDescriptions: () => readonly INodeTypeDescription[];

  constructor(repo: CredentialsRepository, cipher: CredentialCipher, nodeDescriptions: () => readonly INodeTypeDescription[] = () => builtinTypes.map((t) => t.description)) {
    this.#repo = repo;
    this.#cipher = cipher;
    this.#nodeDescriptions = nodeDescriptions;
  }

  types(): readonly ICredentialType[] {
    return CREDENTIAL_TYPES;
  }

  /** 'My credentials', 'My credentials 2', … the first of the user's names not taken (as GET /workflows/new). */
  async newName(wanted: string | undefined, ownerId: string): Promise<string> {
    const base = wanted?.trim() || DEFAULT_CREDENTIAL_NAME;
    const name = nextDefaultWorkflowName(base, await this.#repo.namesStartingWith(base, ownerId));
    return name.length > MAX_CREDENTIAL_NAME_LENGTH ? base : name;
  }

  async list(filter: { type?: string }, actor: CredentialActor): Promise<CredentialResponse[]> {
    const rows = (await this.#repo.list({ ...filter, ownerId: actor.seesAll ? undefined : actor.id })).map(toResponse);
    return this.#withOAuthState(rows);
  }

  /** Adds `oauth` to the OAuth ones among `out` (their data tells the grant type). */
  async #withOAuthState(out: CredentialResponse[]): Promise<CredentialResponse[]> {
    const oauth = new Map(out.filter((c) => oauthFamily(c.type)).map((c) => [c.id, c]));
    const ids = [...oauth.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      for (const row of await this.#repo.oauthColumns(ids.slice(i, i + 500))) {
        const c = oauth.get(row.id)!;
        let data: CredentialData;
        try {
          data = this.#open({ ...row } as CredentialRow);
        } catch {
          continue; // A key that does not open it: the list still answers (reading it says why).
        }
        if (connectsByUser(c.type, data)) c.oauth = connectionOf(row.oauthTokenData);
      }
    }
    return out;
  }

  /** The row if `actor` may see it; another member's credential is "not found" (ids are not a way in). */
  async #visible(id: string, actor: CredentialActor): Promise<CredentialRow> {
    const row = await this.#repo.get(id);
    if (!row || (!actor.seesAll && row.ownerId !== actor.id)) throw new NotFoundError(`Credential with ID "${id}" could not be found`);
    return row;
  }

  /** The row if `actor` may change it (read its data): only the credential's own user. */
  async #editable(id: string, actor: CredentialActor): Promise<CredentialRow> {
    const row = await this.#visible(id, actor);
    if (row.ownerId !== actor.id) throw new ForbiddenError('Only the user this credential belongs to may read or change its data');
    return row;
  }

  async get(id: string, includeData: boolean, actor: CredentialActor): Promise<CredentialResponse> {
    const row = includeData ? await this.#editable(id, actor) : await this.#visible(id, actor);
    const out = toResponse(row);
    // Opened only when needed: the data, or an OAuth type's grant type (a key that does not open
    // the data then fails only those reads).
    if (!includeData && !oauthFamily(row.type)) return out;
    const data = this.#open(row);
    if (includeData) out.data = redactSecrets(credentialType(row.type), data);
    if (connectsByUser(row.type, data)) out.oauth = connectionOf(row.oauthTokenData);
    return out;
  }

  async create(body: Required<Pick<CredentialWrite, 'name' | 'type'>> & CredentialWrite, ownerId: string): Promise<CredentialResponse> {
    const name = cleanCredentialName(body.name);
    const type = typeOrError(body.type);
    const data = validateCredentialData(type, body.data ?? {});
    const id = newEntityId();
    const now = nowIso();
    const row: CredentialRow = {
      id,
      name,
      type: type.name,
      data: this.#seal(data, id),
      // No list given: every node type that can use the type (nodesAccess.ts has the rules).
      nodesAccess: JSON.stringify(body.nodesAccess ?? defaultNodesAccess(type.name, this.#nodeDescriptions(), CREDENTIAL_TYPES).map((nodeType) => ({ nodeType, date: now }))),
      oauthTokenData: null,
      ownerId,
      createdAt: now,
      updatedAt: now,
    };
    await this.#repo.insert(row);
    const [out] = await this.#withOAuthState([toResponse(row)]);
    return out;
  }

  async update(id: string, body: CredentialWrite, actor: CredentialActor): Promise<CredentialResponse> {
    const current = await this.#editable(id, actor);
    const patch: Partial<CredentialRow> = {};
    if (body.name !== undefined) patch.name = cleanCredentialName(body.name);
    const type = typeOrError(body.type ?? current.type);
    if (body.type !== undefined && body.type !== current.type && body.data === undefined) {
      throw new BadRequestError(`Changing the type of a credential needs its data for the new type`, 'Send body/data together with body/type.');
    }
    if (body.type !== undefined) patch.type = type.name;
    // Tokens belong to the provider of the old type.
    if (body.type !== undefined && body.type !== current.type) patch.oauthTokenData = null;
    if (body.data !== undefined) {
      const stored = body.type !== undefined && body.type !== current.type ? {} : this.#open(current);
      patch.data = this.#seal(validateCredentialData(type, unredact(body.data, stored)), id);
    }
    if (body.nodesAccess !== undefined) patch.nodesAccess = JSON.stringify(body.nodesAccess);
    // As the list answers it: the OAuth connection state the editor shows (a type change drops tokens).
    const [out] = await this.#withOAuthState([toResponse(await this.#repo.update(id, patch))]);
    return out;
  }

  /** The owner may delete any credential (a leaked secret), a member their own. */
  async delete(id: string, actor: CredentialActor): Promise<void> {
    await this.#visible(id, actor);
    await this.#repo.delete(id);
  }

  /** Ids among `ids` that exist but belong to another user than `ownerId` (a workflow may not use them). */
  async foreignIds(ids: string[], ownerId: string): Promise<Set<string>> {
    const out = new Set<string>();
    for (const id of new Set(ids)) {
      const row = await this.#repo.get(id);
      if (row && row.ownerId !== ownerId) out.add(id);
    }
    return out;
  }

  /**
   * The decrypted data of the node's credential of this type (n8n's node.credentials format:
   * { [type]: { id, name } }), among the credentials of `ownerId` (whose run it is: a workflow
   * uses its owner's credentials only). The id decides; when it is unknown (a workflow imported
   * from another instance) a single credential of the type with the same name is used.
   */
  async resolveForNode(typeName: string, node: Pick<INode, 'name' | 'type' | 'credentials'>, ownerId: string | null): Promise<IDataObject> {
    // Older files name the credential alone ({"slackApi": "Slack account"}): matched by name.
    const ref = credentialRef(node.credentials?.[typeName]);
    if (!ref || (!ref.id && !ref.name)) {
      throw new CredentialResolutionError(`Node "${node.name}": credentials for "${typeName}" are not set`);
    }
    let row = ref.id ? await this.#repo.get(ref.id) : undefined;
    if (row && (row.type !== typeName || row.ownerId !== ownerId)) row = undefined;
    if (!row && ref.name && ownerId) {
      const byName = await this.#repo.findByName(typeName, ref.name, ownerId);
      if (byName.length > 1) {
        throw new CredentialResolutionError(
          `Node "${node.name}": credentials with name "${ref.name}" exist for "${typeName}" more than once; credentials are not clearly identified, so select the correct credential in the node`,
        );
      }
      row = byName[0];
    }
    if (!row) {
      const which = ref.name ? `with name "${ref.name}"${ref.id ? ` (ID ${ref.id})` : ''}` : `with ID "${ref.id}"`;
      throw new CredentialResolutionError(`Node "${node.name}": credentials ${which} do not exist for "${typeName}"`);
    }
    // 'Allow use by': an empty list (older and imported credentials) allows every node type.
    if (!nodeTypeAllowed(JSON.parse(row.nodesAccess) as NodeAccess[], node.type)) {
      throw new CredentialResolutionError(nodeAccessRefusal(node.name, node.type, row.name));
    }
    const out = withDefaults(credentialType(row.type), this.#open(row));
    // OAuth credentials carry their token data, as n8n's decrypted credentials do.
    const tokens = this.#openOAuth(row);
    if (tokens) out.oauthTokenData = tokens;
    return out;
  }

  // ------------------------------------------------------------ OAuth (src/server/oauth)

  /** The credential's decrypted data with its type's defaults, for its own user only (the connect flow). */
  async oauthSource(id: string, actor: CredentialActor): Promise<{ id: string; type: string; data: IDataObject }> {
    const row = await this.#editable(id, actor);
    return { id: row.id, type: row.type, data: withDefaults(credentialType(row.type), this.#open(row)) };
  }

  /**
   * Stores a credential's OAuth token data, encrypted like its data; null marks it 'reconnect'.
   * Changing its client id, secret or URLs later keeps the tokens (as n8n); changing its type does not.
   * False when the credential no longer exists.
   */
  async setOAuthTokenData(id: string, tokenData: IDataObject | null): Promise<boolean> {
    return this.#repo.setOAuthTokenData(id, tokenData === null ? OAUTH_RECONNECT : this.#cipher.encrypt(JSON.stringify(tokenData), id));
  }

  /**
   * The engine's updateOAuthTokenData: the node's credential of this type among `ownerId`'s, found
   * as resolveForNode finds it (id, else a single one with the name).
   */
  async setOAuthTokenDataForNode(typeName: string, node: Pick<INode, 'name' | 'credentials'>, ownerId: string | null, tokenData: IDataObject | null): Promise<void> {
    const ref = credentialRef(node.credentials?.[typeName]);
    let row = ref?.id ? await this.#repo.get(ref.id) : undefined;
    if (row && (row.type !== typeName || row.ownerId !== ownerId)) row = undefined;
    if (!row && ref?.name && ownerId) {
      const byName = await this.#repo.findByName(typeName, ref.name, ownerId);
      if (byName.length === 1) row = byName[0];
    }
    if (!row) throw new CredentialResolutionError(`Node "${node.name}": the credential for "${typeName}" no longer exists; its new OAuth tokens were not stored`);
    await this.setOAuthTokenData(row.id, tokenData);
  }

  #openOAuth(row: CredentialRow): IDataObject | undefined {
    if (!row.oauthTokenData || row.oauthTokenData === OAUTH_RECONNECT) return undefined;
    return JSON.parse(this.#cipher.decrypt(row.oauthTokenData, row.id)) as IDataObject;
  }

  /**
   * POST /credentials/test (spec 002 §7): SMTP connects and logs in; Postgres, MySQL and Redis
   * connect and run one command (nodes/credentials/databaseTests.ts); a type that declares a
   * `test` sends that request authenticated with the data (n8n's rules and messages, bounded
   * to 15 s: src/engine/auth/credentialTest.ts); other types have nothing to test, as in n8n.
   */
  async test(body: { id?: string; type: string; data?: CredentialData }, actor: CredentialActor): Promise<CredentialTestResult> {
    const type = typeOrError(body.type, 'body/credentials/type');
    let data = body.data ?? {};
    if (body.id) {
      // A stored credential is tested with its stored values where the body leaves them out
      // (no data) or sends the redaction placeholder — only the credential's own user's.
      const row = await this.#repo.get(body.id);
      if (row && row.type === type.name && row.ownerId === actor.id) data = body.data === undefined ? this.#open(row) : unredact(body.data, this.#open(row));
    }
    const checked = withDefaults(type, validateCredentialData(type, data, 'body/credentials/data'));
    const databaseTest = databaseConnectionTest(type.name);
    if (databaseTest) return databaseTest(checked);
    // A community package's credential type may authenticate with its own code (in the package host).
    if (type.name !== 'smtp' && type.test) return testCredentialByRequest(type, checked, { authenticate: (c, r, signal) => authenticateTestRequest(type.name, c, r, signal) });
    if (type.name !== 'smtp') return { status: 'Error', message: `Credentials of type "${type.name}" have no connection test` };
    const transport = createTransport({
      host: String(checked.host),
      port: Number(checked.port),
      secure: checked.secure !== false,
      ignoreTLS: checked.disableStartTls === true,
      name: checked.hostName ? String(checked.hostName) : undefined,
      auth: checked.user ? { user: String(checked.user), pass: String(checked.password ?? '') } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
    try {
      await transport.verify();
      return { status: 'OK', message: 'Connection successful!' };
    } catch (e) {
      return { status: 'Error', message: e instanceof Error ? e.message : String(e) };
    } finally {
      transport.close();
    }
  }

  /** Opens one stored credential at start: a wrong key is reported then, not at first use. */
  async checkKey(): Promise<boolean> {
    const row = await this.#repo.any();
    if (!row) return true;
    try {
      this.#open(row);
      return true;
    } catch {
      return false;
    }
  }

  #seal(data: CredentialData, id: string): string {
    return this.#cipher.encrypt(JSON.stringify(data), id);
  }

  #open(row: CredentialRow): CredentialData {
    return JSON.parse(this.#cipher.decrypt(row.data, row.id)) as CredentialData;
  }
}
