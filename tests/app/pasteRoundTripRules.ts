// What pasting a workflow file into a new workflow may change, as rules a test applies to the
// original before comparing it with the downloaded file (the e2e sample in
// tests/e2e/import-roundtrip.spec.ts, every corpus file in tests/app/pasteRoundTrip.test.ts).
// By design, as n8n's editor does unless said:
// - node ids are new (n8n's importWorkflowData regenerates them), and so are webhook ids;
// - the pasted group moves as one so it lands in view: every position shifts by the same (dx, dy),
//   a multiple of the 20-px grid;
// - names stay (made unique only against nodes already there; a new workflow has none);
// - n8n's older forms are read as n8n reads them (src/model/readWorkflow.ts): a credential given
//   by name alone, or as {name} without an id, is {id: null, name} (or the id of this instance's
//   credential of that type and name, when exactly one has it); a pinned item without the `json`
//   wrapper gets it; a node field that is null is absent;
// - connections are written out in full: an output list given as null is [], empty lists at the
//   end of an output array and sources left without connections are not written (the same graph;
//   n8n's editor also rebuilds the connections one by one on paste);
// - paste adds nodes, connections, pinned data and tags to the open workflow; the file's
//   workflow-level fields (name, settings, meta, staticData, description, nodeGroups …) are not
//   taken over, as in n8n. Tags are matched by name (created when missing); a tag given as a plain
//   string counts as its name.
// Everything else — every other node field (parameters of unknown types, credentials with ids,
// notes, notesInFlow, onError, retries, disabled, fields Switchyard does not know), every
// connection of every type in its order, every pinned item — comes back identical.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: Json };

export interface FileNode extends Obj {
  name: string;
  type: string;
  position: [number, number];
}

export interface WorkflowFile extends Obj {
  nodes: FileNode[];
  connections: { [source: string]: { [type: string]: Array<Array<Obj> | null> } };
}

export interface StoredCredential {
  id: string;
  name: string;
  type: string;
}

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every place two JSON values differ, as 'path: expected → actual' (key order does not count). */
export function differences(expected: unknown, actual: unknown, path = ''): string[] {
  if (isObj(expected) && isObj(actual)) {
    const out: string[] = [];
    for (const k of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      if (!(k in actual)) out.push(`${path}.${k}: missing (was ${JSON.stringify(expected[k])?.slice(0, 80)})`);
      else if (!(k in expected)) out.push(`${path}.${k}: added (${JSON.stringify(actual[k])?.slice(0, 80)})`);
      else out.push(...differences(expected[k], actual[k], `${path}.${k}`));
    }
    return out;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return [`${path}: ${expected.length} entries → ${actual.length}`];
    return expected.flatMap((v, i) => differences(v, actual[i], `${path}[${i}]`));
  }
  return Object.is(expected, actual) ? [] : [`${path}: ${JSON.stringify(expected)?.slice(0, 80)} → ${JSON.stringify(actual)?.slice(0, 80)}`];
}

/** A node as the editor reads it, without what paste renews or moves (id, webhookId, position). */
export function expectedNode(node: FileNode, known: readonly StoredCredential[] = []): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'id' || k === 'webhookId' || k === 'position' || v === null) continue;
    out[k] = v;
  }
  if (isObj(node.credentials)) {
    const creds: Obj = {};
    for (const [type, ref] of Object.entries(node.credentials)) {
      if (typeof ref === 'string') creds[type] = { id: null, name: ref };
      else if (isObj(ref) && !('id' in ref)) creds[type] = { id: null, ...ref };
      else creds[type] = ref;
      const { id, name } = creds[type] as { id: string | null; name: string };
      const byName = known.filter((c) => c.type === type && c.name === name);
      if (!known.some((c) => c.type === type && c.id === id) && byName.length === 1) creds[type] = { id: byName[0].id, name };
    }
    out.credentials = creds;
  }
  return out;
}

/** Connections written out in full: null lists as [], no empty lists at the end, no empty sources. */
export function normalConnections(connections: WorkflowFile['connections']): Obj {
  const out: Obj = {};
  for (const [source, byType] of Object.entries(connections)) {
    const types: Obj = {};
    for (const [type, outputs] of Object.entries(byType ?? {})) {
      const lists = (outputs ?? []).map((list) => (list ?? []).map((c) => ({ ...c, type: c.type ?? type, index: c.index ?? 0 })));
      while (lists.length && lists[lists.length - 1].length === 0) lists.pop();
      if (lists.length) types[type] = lists;
    }
    if (Object.keys(types).length) out[source] = types;
  }
  return out;
}

export function connectionCount(connections: WorkflowFile['connections']): number {
  let n = 0;
  for (const byType of Object.values(normalConnections(connections))) for (const lists of Object.values(byType as Obj)) for (const l of lists as Json[][]) n += l.length;
  return n;
}

/** Pinned items with the json wrapper (n8n's editor wraps them when it loads pinned data). */
export function normalPinData(pinData: unknown): Obj {
  const out: Obj = {};
  if (!isObj(pinData)) return out;
  for (const [name, items] of Object.entries(pinData)) {
    if (!Array.isArray(items)) continue;
    out[name] = items.map((item) => (isObj(item) && 'json' in item ? item : { json: item }));
  }
  return out;
}

/** The tag names a file lists: {name} objects, or plain strings. */
export function tagNames(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  const names = tags.map((t) => (typeof t === 'string' ? t : isObj(t) && typeof t.name === 'string' ? t.name : '')).map((s) => s.trim()).filter(Boolean);
  return [...new Set(names)];
}

/**
 * Every difference between the original file and the downloaded one, but for what paste
 * changes (see above). Workflow-level fields are the caller's to check.
 */
export function pasteRoundTripDifferences(original: WorkflowFile, file: WorkflowFile & { pinData?: unknown }, known: readonly StoredCredential[] = []): string[] {
  const diffs: string[] = [];
  if (file.nodes.length !== original.nodes.length) return [`nodes: ${original.nodes.length} → ${file.nodes.length}`];
  const dx = file.nodes[0].position[0] - original.nodes[0].position[0];
  const dy = file.nodes[0].position[1] - original.nodes[0].position[1];
  if (dx % 20 !== 0 || dy % 20 !== 0) diffs.push(`group offset (${dx}, ${dy}) is not on the grid`);
  const ids = new Set<unknown>();
  original.nodes.forEach((o, k) => {
    const got = file.nodes[k];
    const { id, webhookId, position, ...kept } = got;
    diffs.push(...differences(expectedNode(o, known), kept, `nodes[${k}] "${o.name}"`));
    if (!Array.isArray(position) || position[0] !== o.position[0] + dx || position[1] !== o.position[1] + dy) diffs.push(`nodes[${k}] "${o.name}".position: ${JSON.stringify(o.position)} + (${dx}, ${dy}) → ${JSON.stringify(position)}`);
    if (typeof id !== 'string' || id === '' || id === o.id || ids.has(id)) diffs.push(`nodes[${k}] "${o.name}".id: not renewed (${JSON.stringify(id)})`);
    ids.add(id);
    if ((typeof o.webhookId === 'string') !== (typeof webhookId === 'string') || (o.webhookId && webhookId === o.webhookId)) diffs.push(`nodes[${k}] "${o.name}".webhookId: ${o.webhookId} → ${webhookId}`);
  });
  diffs.push(...differences(normalConnections(original.connections), file.connections, 'connections'));
  diffs.push(...differences(normalPinData(original.pinData), file.pinData ?? {}, 'pinData'));
  return diffs;
}
