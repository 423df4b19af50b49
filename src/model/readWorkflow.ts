// n8n's workflow JSON in its older and looser forms, read the way n8n reads it (issue 10). The
// server stores a workflow as it was sent (so export gives back the same file); whatever runs,
// activates or checks a workflow reads it through these functions:
// - a credential written as a plain name ("credentials": {"slackApi": "Slack account"}, n8n
//   before 0.156) is {id: null, name}, matched by name (spec 001 §4.1), as n8n's editor and its
//   replaceInvalidCredentials do;
// - a pinned item without the `json` wrapper is wrapped ({json: item}), as n8n's editor does
//   when it loads pinned data (an item is wrapped when it is an object with a `json` key);
// - a null where a value is optional means the value is absent (settings.errorWorkflow: null).
// Each function answers its input itself when nothing needs reading differently, so the common
// case (a workflow saved by a current editor) costs one pass and no copy.
import type { IDataObject, INode, INodeCredentials, INodeCredentialsDetails, IPinData, IPinDataItem, IWorkflowBase, IWorkflowSettings } from './workflow.ts';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * One credential reference of a node in n8n's current form {id, name}, or undefined when the
 * value names no credential (null, or a form n8n never wrote). A number id (old SQLite exports)
 * reads as its digits.
 */
export function credentialRef(value: unknown): INodeCredentialsDetails | undefined {
  if (typeof value === 'string') return { id: null, name: value };
  if (!isObject(value)) return undefined;
  const { id, name } = value;
  const readId = typeof id === 'string' && id !== '' ? id : typeof id === 'number' && Number.isFinite(id) ? String(id) : null;
  if (typeof name !== 'string' && readId === null) return undefined;
  return { id: readId, name: typeof name === 'string' ? name : '' };
}

/**
 * A reference in n8n's current form, kept as it is: {id, name} with a string or null id. An empty
 * id (n8n's template exports blank them) stays '' in the workflow, so the file round-trips as it
 * came; whoever resolves the reference reads it through credentialRef, as {id: null, name}.
 */
function isCurrentRef(value: unknown): boolean {
  if (!isObject(value)) return false;
  return typeof value.name === 'string' && (value.id === null || typeof value.id === 'string');
}

/** A node's credentials in the current form; references that name nothing are left out. */
export function readNodeCredentials(value: unknown): INodeCredentials | undefined {
  if (!isObject(value)) return undefined;
  let same = true;
  for (const type in value) {
    if (!isCurrentRef(value[type])) {
      same = false;
      break;
    }
  }
  if (same) return value as INodeCredentials;
  const out: INodeCredentials = {};
  for (const type in value) {
    const ref = credentialRef(value[type]);
    if (ref) out[type] = isCurrentRef(value[type]) ? (value[type] as INodeCredentialsDetails) : ref;
  }
  return out;
}

/** n8n's isJsonKeyObject: a pinned item that already has the `json` wrapper. */
export function isWrappedPinItem(item: unknown): item is IPinDataItem {
  return isObject(item) && 'json' in item;
}

/** Pinned items, each with the `json` wrapper (the list itself when all have it). */
export function readPinItems(items: readonly unknown[]): IPinDataItem[] {
  if (items.every(isWrappedPinItem)) return items as IPinDataItem[];
  return items.map((item) => (isWrappedPinItem(item) ? item : { json: item as IDataObject }));
}

/** A workflow's pinned data with every item wrapped; null (and nodes pinned with null) read as none. */
export function readPinData(value: unknown): IPinData | undefined {
  if (!isObject(value)) return undefined;
  let out: IPinData | undefined;
  for (const name in value) {
    const items = value[name];
    const read = Array.isArray(items) ? readPinItems(items) : undefined;
    if (read === items) continue;
    out ??= { ...(value as IPinData) };
    if (read) out[name] = read;
    else delete out[name];
  }
  return out ?? (value as IPinData);
}

/** The object without its null-valued properties (itself when it has none). */
export function withoutNulls<T extends object>(value: T): T {
  let out: Record<string, unknown> | undefined;
  for (const key in value) {
    if ((value as Record<string, unknown>)[key] !== null) continue;
    out ??= { ...(value as Record<string, unknown>) };
    delete out[key];
  }
  return (out as T | undefined) ?? value;
}

/** Workflow settings with null values read as not set. */
export function readSettings(value: unknown): IWorkflowSettings | undefined {
  return isObject(value) ? withoutNulls(value as IWorkflowSettings) : undefined;
}

/**
 * A node as it runs: optional fields that are null read as absent, credentials in the current
 * form, parameters an object. The node itself when nothing differs.
 */
export function readNode(node: INode): INode {
  const raw = node as unknown as Record<string, unknown>;
  let out = withoutNulls(node);
  if (!isObject(raw.parameters)) {
    if (out === node) out = { ...node };
    out.parameters = {};
  }
  if (raw.credentials !== undefined && raw.credentials !== null) {
    const credentials = readNodeCredentials(raw.credentials);
    if (credentials !== raw.credentials) {
      if (out === node) out = { ...node };
      if (credentials) out.credentials = credentials;
      else delete out.credentials;
    }
  }
  return out;
}

/** The parts of a workflow that readWorkflow reads. */
type WorkflowLike = Pick<IWorkflowBase, 'nodes'> & { settings?: unknown; pinData?: unknown };

/**
 * The workflow as n8n reads it (nodes, settings and pinned data; see above), for running,
 * activating and checking. The workflow itself when nothing differs.
 */
export function readWorkflow<T extends WorkflowLike>(workflow: T): T {
  let nodes: INode[] | undefined;
  workflow.nodes.forEach((node, i) => {
    const read = readNode(node);
    if (read === node) return;
    nodes ??= [...workflow.nodes];
    nodes[i] = read;
  });
  const settings = workflow.settings === null ? undefined : workflow.settings === undefined ? undefined : readSettings(workflow.settings);
  const pinData = workflow.pinData === null || workflow.pinData === undefined ? undefined : readPinData(workflow.pinData);
  if (!nodes && settings === workflow.settings && pinData === workflow.pinData) return workflow;
  const out = { ...workflow };
  if (nodes) out.nodes = nodes;
  if (settings === undefined) delete out.settings;
  else out.settings = settings;
  if (pinData === undefined) delete out.pinData;
  else out.pinData = pinData;
  return out;
}
