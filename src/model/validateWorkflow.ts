// Workflow-level validation beyond a JSON schema: the rules that need the whole workflow (unique
// node names, connections between existing nodes) or the node-type registry. Pure and defensive
// (input is `unknown`), so the server uses it on every save and run request and the editor on
// paste and import. Paths are JSON-pointer-like ('nodes/2/name') so messages name the field.
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
  /** When given, every node's type (and typeVersion) must be known. */
  nodeTypes?: NodeTypeVersions;
  /** Stop after this many issues (default 20): a hostile payload cannot make the answer huge. */
  maxIssues?: number;
}

const DEFAULT_MAX_ISSUES = 20;

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
  const unknownTypes = new Map<string, string[]>();

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
      if (parameters !== undefined && !isObject(parameters)) add(`${at}/parameters`, 'must be an object');
      if (node.id !== undefined && typeof node.id !== 'string') add(`${at}/id`, 'must be a string');
      if (options.nodeTypes && typeof type === 'string' && type !== '') {
        const versions = options.nodeTypes.versions(type);
        const label = typeof name === 'string' ? name : `nodes/${i}`;
        if (!versions) {
          const list = unknownTypes.get(type) ?? [];
          list.push(label);
          unknownTypes.set(type, list);
        } else if (typeof typeVersion === 'number' && !versions.includes(typeVersion)) {
          add(`${at}/typeVersion`, `node ${quote(label)}: ${type} has no version ${typeVersion} (known: ${versions.join(', ')})`);
        }
      }
    });
  }

  if (unknownTypes.size > 0) {
    const parts = [...unknownTypes].map(([type, nodes]) => `${type} (${nodes.length === 1 ? 'node' : 'nodes'} ${nodes.slice(0, 5).map(quote).join(', ')})`);
    add('nodes', `Unknown node ${unknownTypes.size === 1 ? 'type' : 'types'}: ${parts.join('; ')}`);
  }

  validateConnections(input.connections, names, add);

  if (input.settings !== undefined) validateSettings(input.settings, add);
  return issues;
}

function validateConnections(connections: unknown, names: Map<string, number>, add: (path: string, message: string) => void): void {
  if (!isObject(connections)) {
    add('connections', 'must be an object keyed by source node name');
    return;
  }
  for (const [source, byType] of Object.entries(connections)) {
    const at = `connections/${source}`;
    if (!names.has(source)) add(at, `comes from node ${quote(source)}, which does not exist`);
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
          if (typeof c.index !== 'number' || !Number.isInteger(c.index) || c.index < 0) add(`${cat}/index`, 'must be a whole number ≥ 0');
        });
      });
    }
  }
}

const SAVE_DATA = ['all', 'none', 'DEFAULT'];
const SAVE_BOOLEAN = [true, false, 'DEFAULT'];

function validateSettings(settings: unknown, add: (path: string, message: string) => void): void {
  if (!isObject(settings)) return add('settings', 'must be an object');
  const s = settings;
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
  return issues.map((i) => (i.path === 'nodes' && i.message.startsWith('Unknown node') ? i.message : `${prefix}${i.path} ${i.message}`.trim())).join('; ');
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
  return `Workflow is too large: ${size} bytes, the maximum is ${limit} bytes (${(limit / 1024 / 1024).toFixed(0)} MB)`;
}
