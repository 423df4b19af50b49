// What the canvas puts on the clipboard and how pasted text is read (spec 001 §3 "Pasted or
// imported workflow", §5): nodes and connections as n8n's workflow JSON, or a URL ending in
// .json that the user confirms before it is fetched. Text over the workflow payload limit is
// refused before parsing, so a 50 MB clipboard never reaches JSON.parse.
import { MAX_WORKFLOW_PAYLOAD_BYTES } from './constants.ts';
import { pruneConnections } from './graph.ts';
import { jsonErrorMessage } from './jsonErrors.ts';
import { jsonTooDeepAt, lineAndColumn, MAX_JSON_DEPTH } from './jsonDepth.ts';
import { checkWorkflowPayloadSize, utf8ByteLength } from './validateWorkflow.ts';
import type { IConnections, INode, IPinData } from './workflow.ts';

export interface ClipboardWorkflow {
  nodes: INode[];
  connections: IConnections;
  pinData?: IPinData;
  meta?: { instanceId?: string };
}

export type ClipboardContent =
  /** Parsed JSON with a nodes array and a connections object; still to be repaired (repairWorkflow). */
  | { kind: 'workflow'; data: Record<string, unknown> }
  | { kind: 'url'; url: string }
  | { kind: 'error'; message: string }
  | { kind: 'empty' };

/** Import from URL (spec 001 §5): http or https, ending in .json, case-insensitive. */
export const WORKFLOW_URL_PATTERN = /^https?:\/\/\S+\.json$/i;

export function isWorkflowUrl(text: string): boolean {
  if (!WORKFLOW_URL_PATTERN.test(text)) return false;
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export function readClipboardText(text: string, limit = MAX_WORKFLOW_PAYLOAD_BYTES): ClipboardContent {
  // Every UTF-16 unit is at least one UTF-8 byte: a longer text is too large without counting.
  if (text.length > limit || checkWorkflowPayloadSize(text, limit)) {
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const size = text.length > limit ? `more than ${mb(text.length)}` : mb(utf8ByteLength(text));
    return { kind: 'error', message: `The clipboard holds too much to paste: ${size}; a workflow may be at most ${mb(limit)} (${limit} bytes).` };
  }
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (/^https?:\/\//i.test(trimmed) && !/\s/.test(trimmed)) {
    if (isWorkflowUrl(trimmed)) return { kind: 'url', url: trimmed };
    return { kind: 'error', message: 'Only links to a workflow file (http or https, ending in .json) can be pasted.' };
  }
  if (trimmed[0] !== '{') return { kind: 'error', message: 'The clipboard does not hold a workflow: paste copied nodes or workflow JSON with nodes and connections.' };
  return parseWorkflowJson(trimmed, 'paste');
}

const WORDS = {
  paste: { text: 'The pasted text', json: 'The pasted JSON', workflow: 'The pasted workflow' },
  file: { text: 'The file', json: "The file's JSON", workflow: "The file's workflow" },
} as const;

/**
 * Workflow JSON from the clipboard or an imported file (spec 001 §5): valid JSON (else where it
 * breaks, by line and column), an object with a "nodes" array and a "connections" object, and at
 * least one node. `text` is already bounded in size by the caller.
 */
export function parseWorkflowJson(text: string, source: keyof typeof WORDS): Extract<ClipboardContent, { kind: 'workflow' | 'error' }> {
  const w = WORDS[source];
  // Nested past the server's limit: refused before parsing, as the server would refuse saving it.
  const deep = jsonTooDeepAt(text);
  if (deep !== undefined) {
    const { line, column } = lineAndColumn(text, deep);
    return { kind: 'error', message: `${w.text} is nested more than ${MAX_JSON_DEPTH} levels deep (line ${line}, column ${column}).` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { kind: 'error', message: `${w.text} is not valid JSON: ${jsonErrorMessage(text, e)}` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { kind: 'error', message: `${w.json} is not a workflow object.` };
  const obj = data as Record<string, unknown>;
  if (!Array.isArray(obj.nodes) || typeof obj.connections !== 'object' || obj.connections === null || Array.isArray(obj.connections)) {
    return { kind: 'error', message: `${w.json} is not a workflow: it needs a "nodes" array and a "connections" object.` };
  }
  if (obj.nodes.length === 0) return { kind: 'error', message: `${w.workflow} has no nodes to add.` };
  return { kind: 'workflow', data: obj };
}

/** The clipboard form of some nodes: the nodes, the connections among them and their pinned data. */
export function copyPayload(nodes: INode[], connections: IConnections, pinData: IPinData | undefined, instanceId?: string): ClipboardWorkflow {
  const names = new Set(nodes.map((n) => n.name));
  const pruned = pruneConnections(connections, names);
  // Outputs without any connection left are noise in the clipboard text.
  for (const source of Object.keys(pruned)) {
    const byType = pruned[source];
    for (const type of Object.keys(byType)) if (!byType[type].some((l) => l && l.length)) delete byType[type];
    if (!Object.keys(byType).length) delete pruned[source];
  }
  const pins: IPinData = {};
  for (const name of names) if (pinData?.[name]) pins[name] = pinData[name];
  const payload: ClipboardWorkflow = { nodes, connections: pruned };
  if (Object.keys(pins).length) payload.pinData = pins;
  if (instanceId) payload.meta = { instanceId };
  return payload;
}
