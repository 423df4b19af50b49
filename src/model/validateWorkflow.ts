// Workflow-level validation beyond a JSON schema: the rules that need the whole workflow (unique
// node names, connections between existing nodes) and the shapes the engine relies on. Pure and
// defensive (input is `unknown`), so the server uses it on every save and run request. Paths are
// JSON-pointer-like ('nodes/2/name') so messages name the field.
// What n8n keeps is not refused (issue 10): node types and versions this instance does not have
// (they are node issues: nodeIssues.ts), credentials written as a plain name, pinned items
// without the `json` wrapper, and null where a value is optional (readWorkflow.ts reads them).
// Connections to missing nodes are dropped before this runs (danglingConnections.ts).
import { MAX_WORKFLOW_PAYLOAD_BYTES } from './constants.ts';

export interface WorkflowIssue {
  path: string;
  message: string;
}

export interface NodeTypeVersions {
  /** Versions the registry has for a type; undefined when the type is unknown. */
  versions(type: string): number[] | undefined;
}

export interface ValidateWorkflowOptions {
  /** Stop after this many issues (default 20): a hostile payload cannot make the answer huge. */
  maxIssues?: number;
}

const DEFAULT_MAX_ISSUES = 20;

/**
 * Highest input index a connection may name. n8n's nodes have a handful of inputs (Merge: up to
 * 10); the bound keeps a hostile index from making graph code build millions of empty inputs.
 */
export const MAX_CONNECTION_INDEX = 10_000;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function quote(s: string): string {
  return JSON.stringify(s.length > 80 ? s.slice(0, 80) + '…' : s);
}

export function validateWorkflow(input: unknown, options: ValidateWorkflowOptions = {}): WorkflowIssue[] {
  const max = options.maxIssues ?? DEFAULT_MAX_ISSUES;
  const issues: WorkflowIssue[] = [];
  const add = (path: string, message: string) => {
    if (issues.length < max) issues.push({ path, message });
  };

  if (!isObject(input)) {
    add('', 'must be a workflow object with nodes and connections');
    return issues;
  }
  const names = new Map<string, number>();

  if (!Array.isArray(input.nodes)) {
    add('nodes', 'must be an array of nodes');
  } else {
    input.nodes.forEach((node: unknown, i: number) => {
      const at = `nodes/${i}`;
      if (!isObject(node)) return add(at, 'must be a node object');
      const { name, type, typeVersion, position, parameters } = node;
      if (typeof name !== 'string' || name.trim() === '') {
        add(`${at}/name`, 'must be a non-empty string');
      } else if (names.has(name)) {
        add(`${at}/name`, `${quote(name)} is already the name of nodes/${names.get(name)}; node names must be unique`);
      } else {
        names.set(name, i);
      }
      if (typeof type !== 'string' || type === '') add(`${at}/type`, 'must be a non-empty string');
      if (typeof typeVersion !== 'number' || !Number.isFinite(typeVersion)) add(`${at}/typeVersion`, 'must be a finite number');
      if (!Array.isArray(position) || position.length !== 2 || !position.every((p) => typeof p === 'number' && Number.isFinite(p))) {
        add(`${at}/position`, 'must be two finite numbers [x, y]');
      }
      if (parameters !== undefined && parameters !== null && !isObject(parameters)) add(`${at}/parameters`, 'must be an object');
      if (node.id !== undefined && node.id !== null && typeof node.id !== 'string') add(`${at}/id`, 'must be a string');
      if (node.credentials !== undefined && node.credentials !== null) validateCredentials(node.credentials, `${at}/credentials`, add);
    });
  }

  validateConnections(input.connections, names, add);

  if (input.settings !== undefined && input.settings !== null) validateSettings(input.settings, add);
  if (input.pinData !== undefined && input.pinData !== null) validatePinData(input.pinData, add);
  return issues;
}

/**
 * A node's credentials: per credential type, n8n's {id, name} (id may be null: matched by name),
 * the older plain name, or null (none).
 */
function validateCredentials(credentials: unknown, at: string, add: (path: string, message: string) => void): void {
  if (!isObject(credentials)) return add(at, 'must be an object keyed by credential type');
  for (const [type, ref] of Object.entries(credentials)) {
    if (ref === null || typeof ref === 'string') continue;
    const path = `${at}/${type}`;
    if (!isObject(ref)) {
      add(path, 'must be a credential reference {"id", "name"} or the credential\'s name');
      continue;
    }
    if (ref.name !== undefined && ref.name !== null && typeof ref.name !== 'string') add(`${path}/name`, 'must be a string');
    if (ref.id !== undefined && ref.id !== null && typeof ref.id !== 'string' && !(typeof ref.id === 'number' && Number.isFinite(ref.id))) add(`${path}/id`, 'must be a string');
    if ((ref.name === undefined || ref.name === null) && (ref.id === undefined || ref.id === null || ref.id === '')) add(path, 'must name a credential (an id or a name)');
  }
}

/** Pinned data: per node name, a list of items; each an object, with or without n8n's `json` wrapper. */
function validatePinData(pinData: unknown, add: (path: string, message: string) => void): void {
  if (!isObject(pinData)) return add('pinData', 'must be an object keyed by node name');
  for (const [name, items] of Object.entries(pinData)) {
    if (items === null) continue;
    const at = `pinData/${name}`;
    if (!Array.isArray(items)) {
      add(at, 'must be a list of items');
      continue;
    }
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (!isObject(item)) {
        add(`${at}/${i}`, `must be an item object ({"json": {…}} or the item's fields), not ${describeValue(item)}`);
        break;
      }
      if ('json' in item && !isObject(item.json)) {
        add(`${at}/${i}/json`, `must be an object (the item's fields), not ${describeValue(item.json)}`);
        break;
      }
    }
  }
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return `a ${typeof v}`;
}

function validateConnections(connections: unknown, names: Map<string, number>, add: (path: string, message: string) => void): void {
  if (!isObject(connections)) {
    add('connections', 'must be an object keyed by source node name');
    return;
  }
  for (const [source, byType] of Object.entries(connections)) {
    const at = `connections/${source}`;
    // An entry for a missing node is wrong only when it holds a connection (an empty list says nothing).
    if (!names.has(source) && hasConnection(byType)) add(at, `comes from node ${quote(source)}, which does not exist`);
    if (!isObject(byType)) {
      add(at, 'must be an object keyed by connection type');
      continue;
    }
    for (const [type, outputs] of Object.entries(byType)) {
      if (!Array.isArray(outputs)) {
        add(`${at}/${type}`, 'must be an array (one entry per output)');
        continue;
      }
      outputs.forEach((list: unknown, outputIndex: number) => {
        if (list === null) return;
        if (!Array.isArray(list)) return add(`${at}/${type}/${outputIndex}`, 'must be an array of connections or null');
        list.forEach((c: unknown, k: number) => {
          const cat = `${at}/${type}/${outputIndex}/${k}`;
          if (!isObject(c)) return add(cat, 'must be a connection {node, type, index}');
          if (typeof c.node !== 'string') add(`${cat}/node`, 'must be a string');
          else if (!names.has(c.node)) add(`${cat}/node`, `goes to node ${quote(c.node)}, which does not exist`);
          if (typeof c.type !== 'string' || c.type === '') add(`${cat}/type`, 'must be a non-empty string');
          if (typeof c.index !== 'number' || !Number.isInteger(c.index) || c.index < 0 || c.index > MAX_CONNECTION_INDEX) add(`${cat}/index`, `must be a whole number from 0 to ${MAX_CONNECTION_INDEX}`);
        });
      });
    }
  }
}

function hasConnection(byType: unknown): boolean {
  if (!isObject(byType)) return true;
  return Object.values(byType).some((outputs) => !Array.isArray(outputs) || outputs.some((list) => list !== null && (!Array.isArray(list) || list.length > 0)));
}

const SAVE_DATA = ['all', 'none', 'DEFAULT'];
const SAVE_BOOLEAN = [true, false, 'DEFAULT'];

function validateSettings(settings: unknown, add: (path: string, message: string) => void): void {
  if (!isObject(settings)) return add('settings', 'must be an object');
  // null means "not set" (n8n writes settings.errorWorkflow: null and the like).
  const s = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null));
  if (s.timezone !== undefined && s.timezone !== 'DEFAULT' && (typeof s.timezone !== 'string' || !isTimezone(s.timezone))) {
    add('settings/timezone', 'must be an IANA time zone such as America/New_York, or DEFAULT');
  }
  for (const key of ['saveDataErrorExecution', 'saveDataSuccessExecution'] as const) {
    if (s[key] !== undefined && !SAVE_DATA.includes(s[key] as string)) add(`settings/${key}`, 'must be all, none or DEFAULT');
  }
  for (const key of ['saveManualExecutions', 'saveExecutionProgress'] as const) {
    if (s[key] !== undefined && !SAVE_BOOLEAN.includes(s[key] as boolean)) add(`settings/${key}`, 'must be true, false or DEFAULT');
  }
  if (s.executionTimeout !== undefined && (typeof s.executionTimeout !== 'number' || !Number.isInteger(s.executionTimeout) || s.executionTimeout < -1)) {
    add('settings/executionTimeout', 'must be -1 (off) or a whole number of seconds');
  }
  if (s.errorWorkflow !== undefined && typeof s.errorWorkflow !== 'string') add('settings/errorWorkflow', 'must be a workflow id');
}

/** One message for a list of issues, each path prefixed (e.g. 'body/'). */
export function formatWorkflowIssues(issues: WorkflowIssue[], prefix = ''): string {
  return issues.map((i) => `${prefix}${i.path} ${i.message}`.trim()).join('; ');
}

/** UTF-8 size of a string without allocating its encoding. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The workflow payload limit (spec 001 §9): an error message when `json` is over it. */
export function checkWorkflowPayloadSize(json: string, limit = MAX_WORKFLOW_PAYLOAD_BYTES): string | undefined {
  // Most payloads are far below the limit even at 3 bytes per character: skip the scan.
  if (json.length * 3 <= limit) return undefined;
  const size = utf8ByteLength(json);
  if (size <= limit) return undefined;
  return workflowTooLargeMessage(size, limit);
}

/** The size error of a workflow (spec 001 §9); `size` undefined when only "over the limit" is known. */
export function workflowTooLargeMessage(size: number | undefined, limit = MAX_WORKFLOW_PAYLOAD_BYTES): string {
  return `Workflow is too large: ${size === undefined ? `more than ${limit}` : size} bytes, the maximum is ${limit} bytes (${(limit / 1024 / 1024).toFixed(0)} MB)`;
}
