// From a document node and its type to what the canvas draws: box size, flags, appearance,
// accessible label. Type lookups are cached per (type, version).
import { compareStructural, observable, reaction, runInAction, untracked, type Lambda } from 'mobx';
import { NODE_SIZE, STICKY_DEFAULT_HEIGHT, STICKY_DEFAULT_WIDTH } from '../../model/constants.ts';
import { initials } from '../../model/initials.ts';
import { FLAG_ERROR_OUTPUT, FLAG_NOTES, FLAG_STICKY, FLAG_SUBNODE, FLAG_TRIGGER, nodeHeight, nodeWidth } from '../../../workers/spatial/geometry.ts';
import { NOTES_PER_LINE, noteInFlow, wrapName, wrapNote } from '../kernels/labels.ts';
import { MAX_PORTS, layoutPorts, looksLikeTrigger, portLabel, type DescribedPorts, type PortLayout, type PortUse } from '../kernels/ports.ts';
import { plainFirstLine } from '../kernels/markdown.ts';
import { accessibleLabel, visualState, type NodeStateInput, type VisualState } from '../kernels/nodeState.ts';
import type { NodeAppearance } from '../scene/NodeView.ts';
import type { StickyAppearance } from '../scene/StickyView.ts';
import { THEME, parseColor } from '../scene/theme.ts';
import type { CanvasNode, NodeTypeInfo, NodeTypeLookup } from '../types.ts';
import type { NodeRecord } from './GraphGeometry.ts';

export interface ResolvedType {
  info: NodeTypeInfo;
  known: boolean;
  iconColor: number;
  initials: string;
  /** The ports of a node of this type without connections or error output (set once, shared). */
  basePorts?: PortLayout;
}

// An unknown type's ports come from its connections (kernels/ports.ts), not from this answer.
const UNKNOWN: NodeTypeInfo = { displayName: 'Node type not installed', icon: 'fa:exclamation-triangle', inputs: 1, outputs: 1, isTrigger: false };

/**
 * Resolved node types, cached per (type, version). The app's lookup may read observable state
 * (node types arrive after the workflow): one reaction re-runs the lookup for the few distinct
 * types in use and reports when any answer changed, so the canvas restyles once.
 */
export class TypeCache {
  /** type → version → resolved (nested, so a lookup per node builds no key string). */
  private readonly cache = new Map<string, Map<number, ResolvedType>>();
  /** Per-node answers of dynamic-port types, by parameters object (replaced on every change). */
  private perNode = new WeakMap<object, ResolvedType>();
  private readonly keys = observable.set<string>();
  private readonly lookup: NodeTypeLookup;
  private readonly dispose: Lambda;

  constructor(lookup: NodeTypeLookup, onChange: () => void) {
    this.lookup = lookup;
    this.dispose = reaction(
      () => {
        const answers: Record<string, NodeTypeInfo | null> = {};
        for (const k of this.keys) {
          const at = k.lastIndexOf('@');
          try {
            answers[k] = lookup(k.slice(0, at), Number(k.slice(at + 1))) ?? null;
          } catch {
            answers[k] = null;
          }
        }
        return answers;
      },
      (next, prev) => {
        // New keys are not changes (they were resolved when first seen); changed answers are.
        for (const k of Object.keys(prev)) {
          if (!compareStructural(prev[k], next[k])) {
            this.cache.clear();
            this.perNode = new WeakMap();
            onChange();
            return;
          }
        }
      },
      { equals: compareStructural },
    );
  }

  destroy(): void {
    this.dispose();
  }

  /**
   * The type as this node sees it: for types with dynamicPorts, the lookup's answer for the
   * node's parameters (its inputs, outputs and their names); otherwise the type's answer.
   */
  forNode(n: { type: string; typeVersion: number; parameters: { readonly [key: string]: unknown } }): ResolvedType {
    const base = this.get(n.type, n.typeVersion);
    if (!base.known || !base.info.dynamicPorts || typeof n.parameters !== 'object' || n.parameters === null) return base;
    let r = this.perNode.get(n.parameters);
    if (!r) {
      let info: NodeTypeInfo | undefined;
      try {
        info = untracked(() => this.lookup(n.type, n.typeVersion, n.parameters));
      } catch {
        info = undefined; // a throwing lookup must not take the frame down; the type's answer stands
      }
      r = info
        ? { ...base, basePorts: undefined, info: { ...base.info, inputs: info.inputs, outputs: info.outputs, inputNames: info.inputNames, outputNames: info.outputNames, nonMainInputs: info.nonMainInputs, nonMainOutputs: info.nonMainOutputs } }
        : base;
      this.perNode.set(n.parameters, r);
    }
    return r;
  }

  get(type: string, version: number): ResolvedType {
    let versions = this.cache.get(type);
    let r = versions?.get(version);
    if (!r) {
      const key = `${type}@${version}`;
      if (!this.keys.has(key)) runInAction(() => this.keys.add(key));
      let found: NodeTypeInfo | undefined;
      try {
        found = untracked(() => this.lookup(type, version));
      } catch {
        found = undefined;
      }
      const info = found ?? UNKNOWN;
      r = {
        info,
        known: !!found,
        iconColor: parseColor(info.iconColor ?? info.defaultsColor, THEME.icon),
        initials: initials(info.displayName),
      };
      if (!versions) this.cache.set(type, (versions = new Map()));
      versions.set(version, r);
    }
    return r;
  }
}

function num(v: unknown, fallback: number, min: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= min ? n : fallback;
}

/**
 * Positions the canvas can draw: non-numbers and NaN become 0, and magnitudes are capped so
 * that float32 vertex positions stay exact enough to draw (a node at 1e12 is shown at the cap).
 */
export const COORD_LIMIT = 1e6;

export function safeCoord(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.max(-COORD_LIMIT, Math.min(COORD_LIMIT, v)) : 0;
}

function portCount(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(MAX_PORTS, Math.floor(v))) : 0;
}

/** What the type says about the node's ports; an unknown type says nothing but whether its name reads as a trigger. */
export function describedPorts(n: CanvasNode, t: ResolvedType): DescribedPorts {
  if (!t.known) return { known: false, isTrigger: looksLikeTrigger(String(n.type)), mainInputs: 0, mainOutputs: 0 };
  return {
    known: true,
    isTrigger: !!t.info.isTrigger,
    mainInputs: portCount(t.info.inputs),
    mainOutputs: portCount(t.info.outputs),
    nonMainInputs: Array.isArray(t.info.nonMainInputs) ? t.info.nonMainInputs : undefined,
    nonMainOutputs: Array.isArray(t.info.nonMainOutputs) ? t.info.nonMainOutputs : undefined,
  };
}

/** onError 'continueErrorOutput' gives the node n8n's extra error output. */
export function hasErrorOutput(n: CanvasNode): boolean {
  return !n.isSticky && n.settings?.onError === 'continueErrorOutput';
}

/** The node's ports for its type, settings and the ports its connections use (kernels/ports.ts). */
export function nodePorts(n: CanvasNode, t: ResolvedType, used: Iterable<PortUse> = []): PortLayout {
  return layoutPorts(describedPorts(n, t), hasErrorOutput(n), used);
}

export function nodeRecord(n: CanvasNode, t: ResolvedType, ports: PortLayout = nodePorts(n, t)): NodeRecord {
  if (n.isSticky) {
    return {
      x: safeCoord(n.x), y: safeCoord(n.y),
      w: Math.min(20_000, num(n.parameters?.width, STICKY_DEFAULT_WIDTH, 40)),
      h: Math.min(20_000, num(n.parameters?.height, STICKY_DEFAULT_HEIGHT, 40)),
      inputs: 0, outputs: 0, flags: FLAG_STICKY,
    };
  }
  const { mainInputs: inputs, mainOutputs: outputs, subNode } = ports;
  const bottom = ports.bottom.length;
  const trigger = t.known ? t.info.isTrigger : looksLikeTrigger(String(n.type));
  const flags = (trigger ? FLAG_TRIGGER : 0) | (ports.errorOutput >= 0 ? FLAG_ERROR_OUTPUT : 0) | (subNode ? FLAG_SUBNODE : 0) | (noteInFlow(n.settings) !== undefined ? FLAG_NOTES : 0);
  return {
    x: safeCoord(n.x), y: safeCoord(n.y),
    w: nodeWidth(bottom, subNode), h: subNode ? NODE_SIZE : nodeHeight(inputs, outputs),
    inputs, outputs, flags, bottom, top: ports.top.length,
  };
}

/** Output labels: the type's names; with an error output n8n's 'Success' (for a single regular output) and 'Error'. */
function outputNames(t: ResolvedType, ports: PortLayout): readonly string[] | undefined {
  if (ports.errorOutput < 0) return t.info.outputNames;
  const names: string[] = [];
  for (let i = 0; i < ports.mainOutputs; i++) names.push(i === ports.errorOutput ? 'Error' : (t.known ? t.info.outputNames?.[i] : undefined) ?? '');
  if (ports.errorOutput === 1 && !names[0]) names[0] = 'Success';
  return names;
}

/**
 * The items a node passes on per output: its pinned items when it has pinned data (they are what
 * it outputs, whatever an older run produced), else the counts of its runs.
 */
export function outputCounts(n: CanvasNode, pinnedData: unknown): readonly number[] {
  if (Array.isArray(pinnedData)) return [pinnedData.length];
  return Array.isArray(n.itemCount) ? n.itemCount : [];
}

export function stateInput(n: CanvasNode, pinned: boolean, pinnedData?: unknown): NodeStateInput {
  return { disabled: !!n.disabled, status: n.status, issues: Array.isArray(n.issues) ? n.issues : [], itemCount: outputCounts(n, pinnedData), pinned, stale: n.stale === true };
}

export function nodeState(n: CanvasNode, pinned: boolean): VisualState {
  return visualState(stateInput(n, pinned));
}

export function nodeAppearance(n: CanvasNode, t: ResolvedType, r: NodeRecord, state: VisualState, selected: boolean, plusMask: number, ports: PortLayout = nodePorts(n, t)): NodeAppearance {
  // An unknown type is drawn greyed, with a warning icon and the issues look (red border,
  // warning badge) unless disabled: the node-type-missing look; its name stays.
  const shown = !t.known && state !== 'disabled' && state !== 'executing' ? 'issues' : state;
  const labelInside = ports.bottom.length > 0 && !ports.subNode;
  const name = typeof n.name === 'string' ? n.name : String(n.name);
  return {
    x: r.x,
    y: r.y,
    w: r.w,
    h: r.h,
    shape: ports.subNode ? 'subnode' : (r.flags & FLAG_TRIGGER) !== 0 ? 'trigger' : 'regular',
    state: shown,
    selected,
    // A root node with sub-node inputs has its name inside, right of the icon (as n8n): its
    // bottom edge belongs to the sub-node connections.
    label: labelInside ? wrapName(name, Math.max(8, Math.floor((r.w - 110) / 7.5)), 2) : wrapName(name),
    name,
    labelInside,
    icon: t.info.icon,
    iconUrl: t.info.iconUrl,
    iconColor: t.known ? t.iconColor : THEME.textMuted,
    initials: t.initials,
    inputs: r.inputs,
    outputs: r.outputs,
    outputNames: outputNames(t, ports),
    errorOutput: ports.errorOutput,
    bottom: ports.bottom.length,
    top: ports.top.length,
    bottomLabels: ports.bottom.map((p) => portLabel(p.type)),
    missing: !t.known,
    plusMask,
    stale: state === 'success' && n.stale === true,
    subtitle: !t.known ? 'Not installed' : state === 'waiting' ? n.waitingText : state === 'disabled' ? '(Deactivated)' : n.caption,
    notes: (r.flags & FLAG_NOTES) !== 0 ? noteText(n, r.w, labelInside) : undefined,
  };
}

/**
 * The note shown with a node (notesInFlow), laid out for its width: under the node, up to three
 * lines (wider nodes take longer lines); inside a node whose name is inside (a root node with
 * sub-node inputs below), one line after the name, as n8n shows a configurable node's subtitle.
 */
export function noteText(n: CanvasNode, width: number, inside = false): string | undefined {
  const note = noteInFlow(n.settings);
  if (note === undefined) return undefined;
  return inside ? wrapNote(note, Math.max(8, Math.floor((width - 110) / 6.25)), 1) : wrapNote(note, Math.max(NOTES_PER_LINE, Math.floor(width / 6.25)));
}

export function stickyAppearance(n: CanvasNode, r: NodeRecord, selected: boolean, editing: boolean, grips: boolean): StickyAppearance {
  const content = typeof n.parameters?.content === 'string' ? n.parameters.content : '';
  return { x: r.x, y: r.y, w: r.w, h: r.h, content, color: num(n.parameters?.color, 1, 1), selected, editing, grips };
}

export function mirrorLabel(n: CanvasNode, pinned: boolean, known = true, pinnedData?: unknown): string {
  if (n.isSticky) {
    const content = typeof n.parameters?.content === 'string' ? plainFirstLine(n.parameters.content) : '';
    return content ? `${n.name}: ${content.slice(0, 80)}` : n.name;
  }
  const label = accessibleLabel(n.name, stateInput(n, pinned, pinnedData), n.waitingText);
  const note = noteInFlow(n.settings);
  return (known ? label : `${label}, unknown node type`) + (n.caption ? `, ${n.caption}` : '') + (note === undefined ? '' : `, note: ${oneLine(note, 80)}`);
}

/** A note as one line of at most `max` characters (whitespace runs made one space). */
function oneLine(text: string, max: number): string {
  const line = text.slice(0, max * 2).replace(/\s+/g, ' ').trim();
  return line.length > max || text.length > max * 2 ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
