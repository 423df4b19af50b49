// Which ports a node shows, by connection type: main inputs (left) and outputs (right), the error
// output of a node set to 'continueErrorOutput' (the last main output, as n8n appends it), and the
// ports of other types — n8n's AI sub-node connections (ai_languageModel, ai_tool …): a root node's
// inputs on its bottom edge, a sub-node's outputs on its top edge.
//
// A known type has the ports its description says, widened to every port its connections use
// (a connection must never hang in the air). An unknown type has no description: its ports come
// from its connections alone (by type and index); the canvas remembers them once seen
// (rememberUses), so that deleting a connection leaves the port to connect again. Pure: no Pixi,
// no MobX.

export interface PortKey {
  type: string;
  index: number;
}

export interface PortLayout {
  mainInputs: number;
  mainOutputs: number;
  /** Index of the main error output, or -1. */
  errorOutput: number;
  /** Inputs of other types, left to right along the bottom edge. */
  bottom: PortKey[];
  /** Outputs of other types, left to right along the top edge. */
  top: PortKey[];
  /** Only outputs of other types and no main port: drawn round, like n8n's sub-nodes. */
  subNode: boolean;
}

/** What the node type says about its ports (main counts; other types in description order). */
export interface DescribedPorts {
  known: boolean;
  /** For an unknown type: whether its name says trigger (looksLikeTrigger). */
  isTrigger: boolean;
  mainInputs: number;
  mainOutputs: number;
  nonMainInputs?: readonly string[];
  nonMainOutputs?: readonly string[];
}

/** One end of a connection at this node. */
export interface PortUse {
  side: 'input' | 'output';
  type: string;
  index: number;
}

export const MAIN = 'main';
/** At most this many ports per side (a bad file must not make a node kilometres long). */
export const MAX_PORTS = 64;

/** n8n's order of a root node's sub-node inputs (model first, then memory, tools, parser …). */
const TYPE_RANK = [
  'ai_languageModel', 'ai_memory', 'ai_tool', 'ai_outputParser', 'ai_retriever', 'ai_reranker', 'ai_vectorStore',
  'ai_document', 'ai_embedding', 'ai_textSplitter', 'ai_agent', 'ai_chain',
];

const LABELS: Record<string, string> = {
  ai_languageModel: 'Model',
  ai_memory: 'Memory',
  ai_tool: 'Tool',
  ai_outputParser: 'Output Parser',
  ai_retriever: 'Retriever',
  ai_reranker: 'Reranker',
  ai_vectorStore: 'Vector Store',
  ai_document: 'Document',
  ai_embedding: 'Embedding',
  ai_textSplitter: 'Text Splitter',
  ai_agent: 'Agent',
  ai_chain: 'Chain',
};

/** The label of a port of another type: n8n's short names, else the type without its 'ai_' prefix. */
export function portLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  const bare = type.replace(/^ai_/, '');
  return bare ? bare[0].toUpperCase() + bare.slice(1).replace(/([a-z])([A-Z])/g, '$1 $2') : type;
}

function rank(type: string): number {
  const r = TYPE_RANK.indexOf(type);
  return r < 0 ? TYPE_RANK.length : r;
}

function byRank(a: PortKey, b: PortKey): number {
  return rank(a.type) - rank(b.type) || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) || a.index - b.index;
}

/** Unknown types whose name says trigger get no main input (n8n names them '…Trigger'). */
export function looksLikeTrigger(type: string): boolean {
  return /trigger$/i.test(type);
}

function described(types: readonly string[] | undefined): PortKey[] {
  const seen = new Map<string, number>();
  const out: PortKey[] = [];
  for (const t of types ?? []) {
    if (out.length >= MAX_PORTS) break;
    const index = seen.get(t) ?? 0;
    seen.set(t, index + 1);
    out.push({ type: t, index });
  }
  return out;
}

function has(list: readonly PortKey[], type: string, index: number): boolean {
  for (const p of list) if (p.type === type && p.index === index) return true;
  return false;
}

function validIndex(i: number): boolean {
  return Number.isInteger(i) && i >= 0 && i < MAX_PORTS;
}

/** The node's ports from its type, its error-output setting and the ports its connections use. */
export function layoutPorts(d: DescribedPorts, errorOutput: boolean, used: Iterable<PortUse>): PortLayout {
  let mainInputs = d.known ? (d.isTrigger ? 0 : d.mainInputs) : 0;
  let regularOutputs = d.known ? d.mainOutputs : 0;
  const bottom = d.known ? described(d.nonMainInputs) : [];
  const top = d.known ? described(d.nonMainOutputs) : [];
  const extraBottom: PortKey[] = [];
  const extraTop: PortKey[] = [];
  let maxOut = -1;
  let anyMain = false;
  for (const u of used) {
    if (!validIndex(u.index)) continue;
    if (u.type === MAIN) {
      anyMain = true;
      if (u.side === 'input') mainInputs = Math.max(mainInputs, u.index + 1);
      else maxOut = Math.max(maxOut, u.index);
      continue;
    }
    const [list, extra] = u.side === 'input' ? [bottom, extraBottom] : [top, extraTop];
    if (list.length + extra.length < MAX_PORTS && !has(list, u.type, u.index) && !has(extra, u.type, u.index)) extra.push({ type: u.type, index: u.index });
  }
  extraBottom.sort(byRank);
  extraTop.sort(byRank);
  bottom.push(...extraBottom);
  top.push(...extraTop);

  let error = -1;
  let mainOutputs: number;
  if (d.known) {
    if (errorOutput) {
      // n8n appends the error output after the type's outputs.
      error = regularOutputs;
      regularOutputs++;
    }
    mainOutputs = Math.max(regularOutputs, maxOut + 1);
  } else {
    // A sub-node (outputs of other types) has only the main ports it uses; any other node at
    // least one input (none for a trigger) and one output, so it can be connected.
    if (top.length === 0 || anyMain) {
      if (!d.isTrigger) mainInputs = Math.max(mainInputs, 1);
      maxOut = Math.max(maxOut, 0);
    }
    if (errorOutput && maxOut >= 0) {
      // The used outputs end with the error output; there is at least one regular output.
      error = Math.max(1, maxOut);
      maxOut = error;
    }
    mainOutputs = maxOut + 1;
  }
  mainInputs = Math.min(MAX_PORTS, mainInputs);
  mainOutputs = Math.min(MAX_PORTS, mainOutputs);
  if (error >= mainOutputs) error = -1;
  return { mainInputs, mainOutputs, errorOutput: error, bottom, top, subNode: top.length > 0 && mainInputs === 0 && mainOutputs === 0 };
}

export function samePorts(a: PortLayout | undefined, b: PortLayout | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.mainInputs !== b.mainInputs || a.mainOutputs !== b.mainOutputs || a.errorOutput !== b.errorOutput || a.subNode !== b.subNode) return false;
  if (a.bottom.length !== b.bottom.length || a.top.length !== b.top.length) return false;
  for (let i = 0; i < a.bottom.length; i++) if (a.bottom[i].type !== b.bottom[i].type || a.bottom[i].index !== b.bottom[i].index) return false;
  for (let i = 0; i < a.top.length; i++) if (a.top[i].type !== b.top[i].type || a.top[i].index !== b.top[i].index) return false;
  return true;
}

/**
 * An unknown node's ports only grow: the ports used now joined to those used before (kept by
 * the caller), so that deleting a connection leaves its port to connect again. Returns `seen`
 * itself when nothing is new.
 */
export function rememberUses(seen: readonly PortUse[] | undefined, used: Iterable<PortUse>): readonly PortUse[] {
  let out: PortUse[] | undefined;
  const base = seen ?? [];
  for (const u of used) {
    const list = out ?? base;
    if (list.some((p) => p.side === u.side && p.type === u.type && p.index === u.index)) continue;
    if (list.length >= 4 * MAX_PORTS) break;
    out ??= [...base];
    out.push({ side: u.side, type: u.type, index: u.index });
  }
  return out ?? base;
}

/**
 * The geometry index of a connection end at this node: the main index itself, or -1 - k for the
 * k-th bottom input / top output; undefined when the node has no such port (yet).
 */
export function portSlot(layout: PortLayout, side: 'input' | 'output', type: string, index: number): number | undefined {
  if (type === MAIN) {
    const count = side === 'input' ? layout.mainInputs : layout.mainOutputs;
    return index >= 0 && index < count ? index : undefined;
  }
  const list = side === 'input' ? layout.bottom : layout.top;
  for (let k = 0; k < list.length; k++) if (list[k].type === type && list[k].index === index) return -1 - k;
  return undefined;
}

/** The connection type and index behind a geometry port index (see portSlot). */
export function portAt(layout: PortLayout, side: 'input' | 'output', slot: number): PortKey | undefined {
  if (slot >= 0) return { type: MAIN, index: slot };
  return (side === 'input' ? layout.bottom : layout.top)[-1 - slot];
}
