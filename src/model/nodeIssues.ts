// Node issues (spec 001 §4.1, §5): what blocks a run and paints a node red. A pure kernel —
// description + node in, issues out — used by the editor, and later by a worker and the server.
import type { INodeProperties, INodePropertyCollection, INodePropertyOption, INodeTypeDescription } from './nodeTypes.ts';
import type { INode, INodeCredentialsDetails, NodeParameters } from './workflow.ts';
import { displayParameter, resolveNodeParameters } from './parameters.ts';
import { credentialRef } from './readWorkflow.ts';
import { nodeAccessIssue, nodeTypeAllowed, type NodeAccessEntry } from './nodesAccess.ts';
import type { OAuthConnection } from './credentialTypes.ts';

export interface NodeIssues {
  /** Parameter path → messages. */
  parameters?: Record<string, string[]>;
  /** Credential type → messages. */
  credentials?: Record<string, string[]>;
  /** The node's type (or type version) is not installed. */
  typeUnknown?: boolean;
  /** With typeUnknown: the versions of the type that are installed (its version is not among them). */
  knownVersions?: number[];
  /** A run of the node ended in an error. */
  execution?: boolean;
}

export interface NodeIssueContext {
  /** The node has pinned data: it reports no issues (spec 001 §4.1). */
  hasPinData?: boolean;
  /** Any run of the node has an error. */
  hasRunError?: boolean;
  /**
   * The stored credentials (no data): with it, a credential the node names must exist (by id,
   * else by a name that is unique for its type). Without it only missing ones are reported.
   */
  credentials?: readonly KnownCredential[];
  /** Credential types' display names ('Basic Auth' for httpBasicAuth), for the issue texts; else the type name. */
  credentialTypeNames?: Readonly<Record<string, string>>;
  /**
   * Without a description: the installed versions of the node's type, when the type is known in
   * other versions than the node's (the issue then says which).
   */
  knownVersions?: readonly number[];
}

export interface KnownCredential {
  id: string;
  name: string;
  type: string;
  /** 'Allow use by' (nodesAccess.ts): with it, a node type it does not list is an issue. */
  nodesAccess?: readonly NodeAccessEntry[];
  /** OAuth types: 'reconnect' after the provider refused a refresh (the node cannot run until reconnected). */
  oauth?: OAuthConnection;
}

/** The node issue of a credential whose OAuth provider refused to refresh its access. */
export function credentialReconnectIssue(credentialName: string): string {
  return `Credential "${credentialName}" must be reconnected: its OAuth provider refused to renew access. Open the credential and reconnect it.`;
}

export const CREDENTIAL_NAME_MISSING_HINT = 'You can create credentials with the exact name and then they get auto-selected on refresh.';
export const CREDENTIAL_NAME_AMBIGUOUS_HINT = 'Credentials are not clearly identified. Please select the correct credentials.';

/** Issues of a credential the node names, against the stored ones (spec 001 §5). */
function namedCredentialIssues(type: string, ref: INodeCredentialsDetails, known: readonly KnownCredential[], nodeType: string): string[] {
  const access = (c: KnownCredential): string[] => [
    ...(nodeTypeAllowed(c.nodesAccess, nodeType) ? [] : [nodeAccessIssue(nodeType, c.name)]),
    ...(c.oauth === 'reconnect' ? [credentialReconnectIssue(c.name)] : []),
  ];
  const byId = ref.id ? known.find((c) => c.id === ref.id && c.type === type) : undefined;
  if (byId) return access(byId);
  const name = ref.name || ref.id || '';
  const same = known.filter((c) => c.type === type && c.name === name);
  const sameName = same.length;
  if (sameName === 1) return access(same[0]);
  if (sameName === 0) return [`Credentials with name "${name}" do not exist for "${type}".`, CREDENTIAL_NAME_MISSING_HINT];
  return [`Credentials with name "${name}" exist for "${type}"`, CREDENTIAL_NAME_AMBIGUOUS_HINT];
}

type Values = { [key: string]: unknown };

function isExpression(v: unknown): boolean {
  return typeof v === 'string' && v.startsWith('=');
}

function isMissing(p: INodeProperties, v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (p.type === 'multiOptions' && Array.isArray(v)) return v.length === 0;
  // resourceLocator values are { mode, value }
  if (p.type === 'resourceLocator' && typeof v === 'object' && 'value' in (v as Values)) {
    const inner = (v as Values).value;
    return inner === undefined || inner === null || (typeof inner === 'string' && inner.trim() === '');
  }
  return false;
}

function isCollectionGroup(o: unknown): o is INodePropertyCollection {
  return typeof o === 'object' && o !== null && Array.isArray((o as INodePropertyCollection).values);
}

function optionValues(p: INodeProperties): Array<INodePropertyOption['value']> {
  return ((p.options ?? []) as INodePropertyOption[]).filter((o) => o && 'value' in o).map((o) => o.value);
}

function add(issues: Record<string, string[]>, path: string, message: string): void {
  (issues[path] ??= []).push(message);
}

function checkProperties(
  properties: INodeProperties[],
  values: Values,
  root: Values,
  typeVersion: number,
  pathPrefix: string,
  issues: Record<string, string[]>,
  onlyPresent: boolean,
): void {
  for (const p of properties) {
    if (p.type === 'notice' || p.type === 'hidden') continue;
    if (onlyPresent && values[p.name] === undefined) continue;
    if (!displayParameter(p.displayOptions, values, root, typeVersion)) continue;
    const value = values[p.name];
    const path = pathPrefix ? `${pathPrefix}.${p.name}` : p.name;

    if (p.required && isMissing(p, value)) {
      add(issues, path, `Parameter "${p.displayName}" is required.`);
      continue;
    }
    if (isExpression(value)) continue;

    if ((p.type === 'options' || p.type === 'multiOptions') && !p.typeOptions?.loadOptionsMethod && value !== undefined && value !== '') {
      const allowed = optionValues(p);
      const chosen = p.type === 'multiOptions' && Array.isArray(value) ? value : [value];
      for (const v of chosen) {
        if (isExpression(v)) continue;
        if (!allowed.includes(v as INodePropertyOption['value'])) add(issues, path, `The value "${String(v)}" is not supported!`);
      }
      continue;
    }

    if (p.type === 'collection' && value && typeof value === 'object') {
      const nested = (p.options ?? []).filter((o): o is INodeProperties => !isCollectionGroup(o) && 'type' in o);
      const entries = p.typeOptions?.multipleValues && Array.isArray(value) ? (value as Values[]) : [value as Values];
      entries.forEach((entry, i) => {
        const prefix = p.typeOptions?.multipleValues ? `${path}[${i}]` : path;
        checkProperties(nested, entry ?? {}, root, typeVersion, prefix, issues, true);
      });
      continue;
    }

    if (p.type === 'fixedCollection' && value && typeof value === 'object') {
      for (const group of (p.options ?? []).filter(isCollectionGroup)) {
        const groupValue = (value as Values)[group.name];
        if (groupValue === undefined || groupValue === null) continue;
        const entries = Array.isArray(groupValue) ? (groupValue as Values[]) : [groupValue as Values];
        entries.forEach((entry, i) => {
          const prefix = Array.isArray(groupValue) ? `${path}.${group.name}[${i}]` : `${path}.${group.name}`;
          const withDefaults = resolveNodeParameters(group.values, entry ?? {}, typeVersion, root, 'fixedCollection');
          checkProperties(group.values, withDefaults, root, typeVersion, prefix, issues, false);
        });
      }
    }
  }
}

/** Parameter issues of a node given its description (defaults filled for shown properties). */
export function parameterIssues(description: INodeTypeDescription, parameters: NodeParameters, typeVersion: number): Record<string, string[]> {
  const resolved = resolveNodeParameters(description.properties, parameters, typeVersion);
  const issues: Record<string, string[]> = {};
  checkProperties(description.properties, resolved, resolved, typeVersion, '', issues, false);
  return issues;
}

/**
 * Missing required credentials (the credential type name stands for its display name); with
 * `known`, also credentials the node names that are not stored or not clearly identified.
 */
export function credentialIssues(
  description: INodeTypeDescription,
  node: INode,
  parameters: NodeParameters,
  known?: readonly KnownCredential[],
  typeNames?: Readonly<Record<string, string>>,
): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  // Each credential type once: required when any displayed entry of it is.
  const types = new Map<string, boolean>();
  for (const c of description.credentials ?? []) {
    if (!displayParameter(c.displayOptions, parameters, parameters, node.typeVersion)) continue;
    types.set(c.name, (types.get(c.name) ?? false) || !!c.required);
  }
  // HTTP Request's generic and predefined authentication name their credential type in a
  // parameter rather than in the description (n8n's editor checks them the same way).
  const auth = parameters.authentication;
  const picked = auth === 'genericCredentialType' ? parameters.genericAuthType : auth === 'predefinedCredentialType' ? parameters.nodeCredentialType : undefined;
  if (typeof picked === 'string' && picked !== '') types.set(picked, true);
  for (const [type, required] of types) {
    // Older files name a credential by its name alone: read as {id: null, name} (readWorkflow.ts).
    const ref = credentialRef(node.credentials?.[type]);
    if (!ref) {
      if (required) add(issues, type, `Credentials for "${typeNames?.[type] ?? type}" are not set.`);
    } else if (known) {
      for (const line of namedCredentialIssues(type, ref, known, node.type)) add(issues, type, line);
    }
  }
  return issues;
}

/**
 * All issues of one node, or undefined when it has none. Disabled nodes and nodes with
 * pinned data report none; an unknown type (or version) is an issue of its own.
 */
export function computeNodeIssues(node: INode, description: INodeTypeDescription | undefined, context: NodeIssueContext = {}): NodeIssues | undefined {
  if (node.disabled || context.hasPinData) return undefined;
  const result: NodeIssues = {};
  if (!description) {
    result.typeUnknown = true;
    if (context.knownVersions?.length) result.knownVersions = [...context.knownVersions].sort((a, b) => a - b);
  } else {
    const parameters = parameterIssues(description, node.parameters ?? {}, node.typeVersion);
    if (Object.keys(parameters).length) result.parameters = parameters;
    const resolved = resolveNodeParameters(description.properties, node.parameters ?? {}, node.typeVersion);
    const credentials = credentialIssues(description, node, resolved, context.credentials, context.credentialTypeNames);
    if (Object.keys(credentials).length) result.credentials = credentials;
  }
  if (context.hasRunError) result.execution = true;
  return Object.keys(result).length ? result : undefined;
}

/**
 * n8n's line for a node whose type is not installed (nodeIssuesToString): 'Node Type "…" is not
 * known.'; for a type installed in other versions only, which ones.
 */
export function unknownTypeMessage(node: Pick<INode, 'type' | 'typeVersion'> | undefined, knownVersions?: readonly number[]): string {
  if (!node) return 'Node Type is not known.';
  if (knownVersions?.length) return `Node Type "${node.type}" is not known in version ${node.typeVersion} (installed: ${knownVersions.join(', ')}).`;
  return `Node Type "${node.type}" is not known.`;
}

/** Human-readable lines, one per issue, in a stable order. Give the node for the type it is missing. */
export function issueMessages(issues: NodeIssues | undefined, node?: Pick<INode, 'type' | 'typeVersion'>): string[] {
  if (!issues) return [];
  const lines: string[] = [];
  if (issues.typeUnknown) lines.push(unknownTypeMessage(node, issues.knownVersions));
  for (const list of Object.values(issues.parameters ?? {})) lines.push(...list);
  for (const list of Object.values(issues.credentials ?? {})) lines.push(...list);
  if (issues.execution) lines.push('Execution Error.');
  return lines;
}

/** Issues that block a run: everything but the execution error of an earlier run. */
export function blockingIssueMessages(issues: NodeIssues | undefined, node?: Pick<INode, 'type' | 'typeVersion'>): string[] {
  return issues ? issueMessages({ ...issues, execution: undefined }, node) : [];
}
