// The one source of truth for the open workflow: nodes, connections, selection and the
// per-node execution state. The canvas observes it (src/canvas subscribes through MobX);
// React views read it; nothing else holds a copy.
//
// Nodes are keyed by id (stable across renames); connections refer to node ids and are
// converted to n8n's name-keyed shape only at the edges (load / toWorkflow).
//
// Every edit goes through an action here and is recorded as a change in `history` (undo/redo);
// commands group theirs with `history.transact`. Undo and redo apply changes through the same
// primitives without recording them. `onEdit` tells the issue computation which nodes changed.
import { action, computed, makeObservable, observable, observableRef, type ObservableMap } from 'mobx';
import type { IConnections, INode, IPinData, ITag, IWorkflowBase, IWorkflowSettings, NodeParameters } from '../../model/workflow.ts';
import type { ExecutionError, IRunData, ITaskData } from '../../model/execution.ts';
import { STICKY_NODE_TYPE, PLACEHOLDER_EMPTY_WORKFLOW_ID } from '../../model/constants.ts';
import { newId, uniqueNodeName } from '../../model/names.ts';
import { rewriteReferencesOfNode } from '../../model/nodeReferences.ts';
import { repairWorkflow, type RepairReport } from '../../model/repairWorkflow.ts';
import { waitingText } from '../../model/waitingText.ts';
import { isNodeDataStale } from '../../model/staleData.ts';
import { lazyObservableFields } from './lazyObservable.ts';
import { History } from './history/History.ts';
import { touchedNodeIds, type Change, type ConnectionSpec, type NodeField } from './history/changes.ts';

export type NodeRunStatus = 'idle' | 'waiting' | 'running' | 'success' | 'error';

type NodeSettings = Omit<INode, 'id' | 'name' | 'type' | 'typeVersion' | 'position' | 'parameters' | 'disabled'>;

export class NodeModel {
  readonly id: string;
  readonly type: string;
  // Observable (lazily, see lazyObservable.ts): declared, never initialised as class fields.
  declare name: string;
  declare typeVersion: number;
  declare x: number;
  declare y: number;
  declare parameters: NodeParameters;
  declare disabled: boolean;
  /** Remaining n8n node fields (notes, retryOnFail, credentials …), replaced as a whole. */
  declare settings: NodeSettings;
  /** Execution state of the current run. */
  declare status: NodeRunStatus;
  /** Items per main output of the last run (connection labels). */
  declare itemCount: number[];
  /** Issue lines ('Parameter "x" is required.') from the issue kernel; empty = none. */
  declare issues: string[];
  /** Wait text when the node is waiting (indefinite or until a date). */
  declare waitingText: string | undefined;
  /** A line under the name (a wall's recent outcomes); the editor leaves it unset. */
  declare caption: string | undefined;
  /**
   * The node's run data is stale: its parameters changed after its latest run started (spec 001
   * §4.1). Kept up to date by the store (see refreshStale); the canvas and the NDV read it.
   */
  declare stale: boolean;
  /**
   * n8n's nodeMetadata[name].parametersLastUpdatedAt: when the user last changed the parameters
   * (epoch ms). Kept on the model, which is keyed by id, so a rename carries it; a loaded
   * workflow starts without it. Not saved.
   */
  parametersLastUpdatedAt: number | undefined = undefined;
  /**
   * The node came with `disabled: false` written out (n8n keeps the field once it has it): the
   * field is written back while the node is enabled, so a file round-trips as it came.
   */
  private readonly enabledExplicitly: boolean;

  constructor(node: INode) {
    const { id, name, type, typeVersion, position, parameters, disabled, ...settings } = node;
    this.id = id;
    this.type = type;
    this.enabledExplicitly = disabled === false;
    initNodeFields(this, [name, typeVersion, position[0], position[1], parameters ?? {}, !!disabled, settings, 'idle', EMPTY_COUNTS, EMPTY_ISSUES, undefined, false, undefined]);
  }

  get isSticky(): boolean {
    return this.type === STICKY_NODE_TYPE;
  }

  toJSON(): INode {
    const node: INode = {
      id: this.id,
      name: this.name,
      type: this.type,
      typeVersion: this.typeVersion,
      position: [this.x, this.y],
      parameters: this.parameters,
      ...this.settings,
    };
    if (this.disabled) node.disabled = true;
    else if (this.enabledExplicitly) node.disabled = false;
    return node;
  }
}

// Shared empty lists: replaced (never mutated) when a node gets counts or issues.
const EMPTY_COUNTS: number[] = [];
const EMPTY_ISSUES: string[] = [];

const initNodeFields = lazyObservableFields(NodeModel, ['name', 'typeVersion', 'x', 'y', 'parameters', 'disabled', 'settings', 'status', 'itemCount', 'issues', 'waitingText', 'stale', 'caption'] as const);

export class ConnectionModel {
  readonly id: string;
  readonly sourceId: string;
  readonly sourceOutput: number;
  readonly targetId: string;
  readonly targetInput: number;
  readonly type: string;
  constructor(sourceId: string, sourceOutput: number, targetId: string, targetInput: number, type = 'main') {
    this.sourceId = sourceId;
    this.sourceOutput = sourceOutput;
    this.targetId = targetId;
    this.targetInput = targetInput;
    this.type = type;
    this.id = connectionId(sourceId, sourceOutput, targetId, targetInput, type);
  }
}

/**
 * A connection's key. Indexes count ports of one connection type, so a connection of another
 * type than main (an AI sub-node's ai_tool, say) names its type: it never collides with a main
 * connection between the same ports.
 */
export function connectionId(sourceId: string, sourceOutput: number, targetId: string, targetInput: number, type = 'main'): string {
  const id = `${sourceId}:${sourceOutput}>${targetId}:${targetInput}`;
  return type === 'main' ? id : `${id}:${type}`;
}

function specOf(c: ConnectionModel): ConnectionSpec {
  return { sourceId: c.sourceId, sourceOutput: c.sourceOutput, targetId: c.targetId, targetInput: c.targetInput, type: c.type };
}

/** Which nodes' issues may have changed ('all' after a load or a new run). */
export type EditEvent = { kind: 'all' } | { kind: 'nodes'; ids: string[] };

/**
 * The coalesce key of typing: the top-level parameters whose values changed (by identity).
 * Keys that appear for the first time are left out: the first keystroke in the node details
 * view also writes the defaults of the other fields, and the typing that follows must still
 * join that step.
 */
function changedKeys(before: NodeParameters, after: NodeParameters): string {
  const keys = Object.keys(after).filter((k) => k in before && before[k] !== after[k]);
  if (!keys.length) keys.push(...Object.keys(after).filter((k) => before[k] !== after[k]), ...Object.keys(before).filter((k) => !(k in after)));
  return keys.sort().join(',');
}

export class WorkflowStore {
  workflowId: string = PLACEHOLDER_EMPTY_WORKFLOW_ID;
  name = '';
  active = false;
  settings: IWorkflowSettings = {};
  tags: ITag[] = [];
  pinData: IPinData = {};
  meta: IWorkflowBase['meta'] = undefined;
  versionId: string | undefined = undefined;
  readonly nodes: ObservableMap<string, NodeModel> = observable.map(new Map(), { deep: false });
  readonly connections: ObservableMap<string, ConnectionModel> = observable.map(new Map(), { deep: false });
  /** Selected node ids. */
  readonly selection = observable.set<string>();
  /** Selected connection ids. */
  readonly selectedConnections = observable.set<string>();
  /** Id of the node whose details view is open, if any. */
  activeNodeId: string | undefined = undefined;
  /** The last selected node (Enter opens it). */
  lastSelectedId: string | undefined = undefined;
  dirty = false;
  /** Run data of the last (or running) execution, by node name. */
  runData: IRunData | undefined = undefined;
  executionId: string | undefined = undefined;
  /**
   * The shown execution's own outcome (spec 001 §2.7): its error (an execution can fail with no
   * node error, e.g. a timeout) and the waitTill of one that has not finished; for the NDV.
   */
  executionOutcome: { error?: ExecutionError; waitTill?: string } | undefined = undefined;
  /** Bumped whenever runData changes in place (setNodeRun), so views reading run data re-render. */
  runDataVersion = 0;
  /** Undo / redo of edits. */
  readonly history = new History();

  private readonly byName = new Map<string, NodeModel>();
  /** Unsaved edits that undo does not cover (workflow name, settings). */
  private dirtyOutsideHistory = false;
  private readonly editListeners = new Set<(e: EditEvent) => void>();

  constructor() {
    makeObservable<WorkflowStore, 'byName' | 'applyChange'>(this, {
      workflowId: observable,
      name: observable,
      active: observable,
      settings: observableRef,
      tags: observableRef,
      pinData: observableRef,
      meta: observableRef,
      versionId: observable,
      activeNodeId: observable,
      lastSelectedId: observable,
      dirty: observable,
      runData: observableRef,
      executionId: observable,
      executionOutcome: observableRef,
      runDataVersion: observable,
      isSaved: computed,
      load: action,
      reset: action,
      addNode: action,
      addNodes: action,
      removeNodes: action,
      moveNodes: action,
      setNodePosition: action,
      setNodePositions: action,
      connect: action,
      disconnect: action,
      renameNode: action,
      setParameters: action,
      setNodeSettings: action,
      setNodeCredential: action,
      renameCredentialRefs: action,
      setDisabled: action,
      select: action,
      clearSelection: action,
      selectConnections: action,
      setPinData: action,
      markSaved: action,
      setNodeStatus: action,
      setNodeRun: action,
      clearExecution: action,
      setRunData: action,
      setNodeIssues: action,
      setNodeIssuesBatch: action,
      setName: action,
      markUnsaved: action,
      setTags: action,
      undo: action,
      redo: action,
      applyChange: false,
      byName: false,
    });
  }

  get isSaved(): boolean {
    return this.workflowId !== PLACEHOLDER_EMPTY_WORKFLOW_ID;
  }

  nodeByName(name: string): NodeModel | undefined {
    return this.byName.get(name);
  }

  hasName(name: string): boolean {
    return this.byName.has(name);
  }

  /** Listens to edits that may change node issues; returns the unsubscribe function. */
  onEdit(listener: (e: EditEvent) => void): () => void {
    this.editListeners.add(listener);
    return () => this.editListeners.delete(listener);
  }

  private emit(e: EditEvent): void {
    for (const l of this.editListeners) l(e);
  }

  private emitNodes(ids: string[]): void {
    if (ids.length) this.emit({ kind: 'nodes', ids });
  }

  // ---- loading and exporting ----

  reset(): void {
    this.workflowId = PLACEHOLDER_EMPTY_WORKFLOW_ID;
    this.name = '';
    this.active = false;
    this.settings = {};
    this.tags = [];
    this.pinData = {};
    this.meta = undefined;
    this.versionId = undefined;
    this.nodes.clear();
    this.connections.clear();
    this.byName.clear();
    this.selection.clear();
    this.selectedConnections.clear();
    this.activeNodeId = undefined;
    this.lastSelectedId = undefined;
    this.runData = undefined;
    this.executionId = undefined;
    this.executionOutcome = undefined;
    this.dirty = false;
    this.dirtyOutsideHistory = false;
    this.history.clear();
  }

  /**
   * Replaces the whole document. What is broken is repaired (repairWorkflow: connections to
   * missing nodes dropped, bad positions placed, names and ids made unique) and reported.
   */
  load(input: IWorkflowBase): RepairReport {
    const { workflow, report } = repairWorkflow(input);
    this.reset();
    this.workflowId = workflow.id ?? PLACEHOLDER_EMPTY_WORKFLOW_ID;
    this.name = workflow.name;
    this.active = !!workflow.active;
    this.settings = workflow.settings ?? {};
    this.tags = Array.isArray(workflow.tags) ? workflow.tags : [];
    this.pinData = workflow.pinData ?? {};
    this.meta = workflow.meta;
    this.versionId = workflow.versionId;
    const models: Array<[string, NodeModel]> = [];
    for (const n of workflow.nodes) {
      const m = new NodeModel(n);
      models.push([m.id, m]);
      this.byName.set(m.name, m);
    }
    this.nodes.replace(models);
    const conns: Array<[string, ConnectionModel]> = [];
    for (const [sourceName, byType] of Object.entries(workflow.connections)) {
      const source = this.byName.get(sourceName)!;
      for (const [type, outputs] of Object.entries(byType)) {
        outputs.forEach((list, output) => {
          for (const c of list ?? []) {
            const cm = new ConnectionModel(source.id, output, this.byName.get(c.node)!.id, c.index, type);
            conns.push([cm.id, cm]);
          }
        });
      }
    }
    this.connections.replace(conns);
    this.dirty = false;
    this.emit({ kind: 'all' });
    return report;
  }

  connectionsJSON(): IConnections {
    const result: IConnections = {};
    for (const c of this.connections.values()) {
      const s = this.nodes.get(c.sourceId);
      const t = this.nodes.get(c.targetId);
      if (!s || !t) continue;
      const outputs = ((result[s.name] ??= {})[c.type] ??= []);
      while (outputs.length <= c.sourceOutput) outputs.push([]);
      (outputs[c.sourceOutput] ??= []).push({ node: t.name, type: c.type, index: c.targetInput });
    }
    return result;
  }

  toWorkflow(): IWorkflowBase {
    const wf: IWorkflowBase = {
      name: this.name,
      active: this.active,
      nodes: [...this.nodes.values()].map((n) => n.toJSON()),
      connections: this.connectionsJSON(),
      settings: this.settings,
      pinData: this.pinData,
      tags: this.tags,
      meta: this.meta,
    };
    if (this.isSaved) wf.id = this.workflowId;
    if (this.versionId) wf.versionId = this.versionId;
    return wf;
  }

  // ---- primitives: change the document, record nothing (used by edits and by undo/redo) ----

  private insertNode(node: INode): NodeModel {
    const m = new NodeModel(node);
    this.nodes.set(m.id, m);
    this.byName.set(m.name, m);
    return m;
  }

  private deleteNode(id: string): void {
    const m = this.nodes.get(id);
    if (!m) return;
    this.byName.delete(m.name);
    this.nodes.delete(id);
    this.selection.delete(id);
    if (this.activeNodeId === id) this.activeNodeId = undefined;
    if (this.lastSelectedId === id) this.lastSelectedId = undefined;
  }

  private insertConnection(s: ConnectionSpec): boolean {
    if (!this.nodes.has(s.sourceId) || !this.nodes.has(s.targetId)) return false;
    const id = connectionId(s.sourceId, s.sourceOutput, s.targetId, s.targetInput, s.type);
    if (this.connections.has(id)) return false;
    this.connections.set(id, new ConnectionModel(s.sourceId, s.sourceOutput, s.targetId, s.targetInput, s.type));
    return true;
  }

  private deleteConnection(id: string): void {
    this.connections.delete(id);
    this.selectedConnections.delete(id);
  }

  private writeField(m: NodeModel, field: NodeField, value: unknown): void {
    if (field === 'name') {
      const oldName = m.name;
      this.byName.delete(oldName);
      m.name = value as string;
      this.byName.set(m.name, m);
      this.renameRunData(oldName, m.name);
    } else if (field === 'parameters') m.parameters = value as NodeParameters;
    else if (field === 'settings') m.settings = value as NodeSettings;
    else m.disabled = value as boolean;
  }

  private applyChange(c: Change): void {
    switch (c.kind) {
      case 'addNodes':
        for (const n of c.nodes) this.insertNode(n);
        break;
      case 'removeNodes':
        for (const n of c.nodes) this.deleteNode(n.id);
        break;
      case 'connect':
        for (const s of c.connections) this.insertConnection(s);
        break;
      case 'disconnect':
        for (const s of c.connections) this.deleteConnection(connectionId(s.sourceId, s.sourceOutput, s.targetId, s.targetInput, s.type));
        break;
      case 'positions':
        c.ids.forEach((id, i) => {
          const m = this.nodes.get(id);
          if (m) [m.x, m.y] = c.after[i];
        });
        break;
      case 'field': {
        const m = this.nodes.get(c.id);
        if (m) this.writeField(m, c.field, c.after);
        break;
      }
      case 'pinData':
        this.pinData = c.after;
        break;
    }
    if (c.kind === 'pinData') {
      this.refreshStaleAll();
      this.emit({ kind: 'all' });
    } else this.emitNodes(touchedNodeIds(c));
  }

  private record(change: Change, label: string, coalesceKey?: string): void {
    this.history.record(change, label, coalesceKey);
    this.dirty = true;
  }

  // ---- undo / redo ----

  /** Undoes the newest step; returns its label, or undefined when there was nothing to undo. */
  undo(): string | undefined {
    const step = this.history.undo((c) => this.applyChange(c));
    if (step) this.afterHistoryMove(step.changes, step.label);
    return step?.label;
  }

  redo(): string | undefined {
    const step = this.history.redo((c) => this.applyChange(c));
    if (step) this.afterHistoryMove(step.changes, step.label);
    return step?.label;
  }

  private afterHistoryMove(changes: Change[], label: string): void {
    // Undoing or redoing a parameter edit changes the parameters the output came from. A rename's
    // rewritten expressions (same meaning, new name) do not.
    if (label !== 'Rename node') {
      const now = Date.now();
      for (const c of changes) {
        const m = c.kind === 'field' && c.field === 'parameters' ? this.nodes.get(c.id) : undefined;
        if (m) this.touchParameters(m, now);
      }
    }
    this.dirty = !this.history.atSaved || this.dirtyOutsideHistory;
    // Select what the step touched, so the user sees what changed back.
    const ids = [...new Set(changes.flatMap(touchedNodeIds))].filter((id) => this.nodes.has(id));
    if (ids.length) this.select(ids);
  }

  // ---- editing ----

  addNode(node: Omit<INode, 'id'> & { id?: string }): NodeModel {
    return this.addNodes([node])[0];
  }

  /** Adds nodes, making names unique; returns the models in the same order. */
  addNodes(nodes: Array<Omit<INode, 'id'> & { id?: string }>): NodeModel[] {
    const added: NodeModel[] = [];
    for (const n of nodes) {
      const name = uniqueNodeName(n.name, (x) => this.byName.has(x));
      const id = n.id && !this.nodes.has(n.id) ? n.id : newId();
      added.push(this.insertNode({ ...n, id, name, parameters: n.parameters ?? {} }));
    }
    if (added.length) {
      this.record({ kind: 'addNodes', nodes: added.map((m) => m.toJSON()) }, added.length === 1 ? 'Add node' : 'Add nodes');
      this.emitNodes(added.map((m) => m.id));
    }
    return added;
  }

  removeNodes(ids: Iterable<string>): void {
    const set = new Set([...ids].filter((id) => this.nodes.has(id)));
    if (set.size === 0) return;
    this.history.transact(set.size === 1 ? 'Delete node' : 'Delete nodes', () => {
      const removedConnections: ConnectionSpec[] = [];
      for (const c of [...this.connections.values()]) {
        if (set.has(c.sourceId) || set.has(c.targetId)) {
          removedConnections.push(specOf(c));
          this.deleteConnection(c.id);
        }
      }
      if (removedConnections.length) this.record({ kind: 'disconnect', connections: removedConnections }, 'Disconnect');
      const snapshots: INode[] = [];
      const names: string[] = [];
      for (const id of set) {
        const m = this.nodes.get(id)!;
        snapshots.push(m.toJSON());
        names.push(m.name);
        this.deleteNode(id);
      }
      this.record({ kind: 'removeNodes', nodes: snapshots }, 'Delete nodes');
      if (names.some((n) => this.pinData[n])) {
        const before = this.pinData;
        const after = { ...before };
        for (const n of names) delete after[n];
        this.pinData = after;
        this.record({ kind: 'pinData', before, after }, 'Pin data');
      }
    });
  }

  setNodePosition(id: string, x: number, y: number): void {
    const m = this.nodes.get(id);
    if (!m || (m.x === x && m.y === y)) return;
    const before: [number, number] = [m.x, m.y];
    m.x = x;
    m.y = y;
    // A sticky resized from its left or top edge moves too: size and move are one step.
    this.record({ kind: 'positions', ids: [id], before: [before], after: [[x, y]] }, m.isSticky ? 'Resize sticky note' : 'Move node', m.isSticky ? `sticky-size:${id}` : undefined);
  }

  /** Moves each node to its own position (tidy up): one change. */
  setNodePositions(positions: ReadonlyMap<string, [number, number]>, label = 'Move nodes'): void {
    const ids: string[] = [];
    const before: Array<[number, number]> = [];
    const after: Array<[number, number]> = [];
    for (const [id, [x, y]] of positions) {
      const m = this.nodes.get(id);
      if (!m || (m.x === x && m.y === y) || !Number.isFinite(x) || !Number.isFinite(y)) continue;
      ids.push(id);
      before.push([m.x, m.y]);
      after.push([x, y]);
      m.x = x;
      m.y = y;
    }
    if (ids.length) this.record({ kind: 'positions', ids, before, after }, label);
  }

  /** One drag of the selection: one undo step. */
  moveNodes(ids: Iterable<string>, dx: number, dy: number): void {
    if (dx === 0 && dy === 0) return;
    const moved: string[] = [];
    const before: Array<[number, number]> = [];
    const after: Array<[number, number]> = [];
    for (const id of ids) {
      const m = this.nodes.get(id);
      if (!m) continue;
      moved.push(id);
      before.push([m.x, m.y]);
      m.x += dx;
      m.y += dy;
      after.push([m.x, m.y]);
    }
    if (moved.length) this.record({ kind: 'positions', ids: moved, before, after }, moved.length === 1 ? 'Move node' : 'Move nodes');
  }

  /** Adds a connection; returns false for duplicates, self-loops on one endpoint or unknown nodes. */
  connect(sourceId: string, sourceOutput: number, targetId: string, targetInput: number, type = 'main'): boolean {
    const spec = { sourceId, sourceOutput, targetId, targetInput, type };
    if (!this.insertConnection(spec)) return false;
    this.record({ kind: 'connect', connections: [spec] }, 'Connect');
    return true;
  }

  disconnect(connectionIds: Iterable<string>): void {
    const removed: ConnectionSpec[] = [];
    for (const id of connectionIds) {
      const c = this.connections.get(id);
      if (c) removed.push(specOf(c));
      this.deleteConnection(id);
    }
    if (removed.length) this.record({ kind: 'disconnect', connections: removed }, removed.length === 1 ? 'Delete connection' : 'Delete connections');
  }

  connectionsOf(nodeId: string): ConnectionModel[] {
    const out: ConnectionModel[] = [];
    for (const c of this.connections.values()) if (c.sourceId === nodeId || c.targetId === nodeId) out.push(c);
    return out;
  }

  /**
   * Renames a node (trimmed; empty or unchanged ignored; made unique) and rewrites the
   * expressions of every node that named it, and its pinned data. One undo step. Returns the
   * new name, or undefined when nothing changed.
   */
  renameNode(id: string, wanted: string): string | undefined {
    const m = this.nodes.get(id);
    const trimmed = wanted.trim();
    if (!m || trimmed === '' || trimmed === m.name) return undefined;
    const newName = uniqueNodeName(trimmed, (x) => x !== m.name && this.byName.has(x));
    if (newName === m.name) return undefined;
    const oldName = m.name;
    this.history.transact('Rename node', () => {
      this.writeField(m, 'name', newName);
      this.record({ kind: 'field', id, field: 'name', before: oldName, after: newName }, 'Rename node');
      const renames = new Map([[oldName, newName]]);
      for (const other of this.nodes.values()) {
        const next = rewriteReferencesOfNode(other, renames);
        if (next === other.parameters) continue;
        const before = other.parameters;
        other.parameters = next;
        this.record({ kind: 'field', id: other.id, field: 'parameters', before, after: next }, 'Rename node');
      }
      if (this.pinData[oldName]) {
        const before = this.pinData;
        const { [oldName]: data, ...rest } = before;
        this.pinData = { ...rest, [newName]: data };
        this.record({ kind: 'pinData', before, after: this.pinData }, 'Rename node');
      }
    });
    this.emitNodes([id]);
    return newName;
  }

  /** Parameter edits from the NDV; typing into one field coalesces into one undo step. */
  setParameters(id: string, parameters: NodeParameters): void {
    const m = this.nodes.get(id);
    if (!m || m.parameters === parameters) return;
    const before = m.parameters;
    m.parameters = parameters;
    this.touchParameters(m, Date.now());
    const keys = changedKeys(before, parameters);
    const resize = m.isSticky && keys !== '' && keys.split(',').every((k) => k === 'width' || k === 'height');
    this.record(
      { kind: 'field', id, field: 'parameters', before, after: parameters },
      resize ? 'Resize sticky note' : m.isSticky ? 'Edit sticky note' : 'Edit parameter',
      resize ? `sticky-size:${id}` : `parameters:${id}:${keys}`,
    );
    this.emitNodes([id]);
  }

  setNodeSettings(id: string, settings: NodeModel['settings']): void {
    const m = this.nodes.get(id);
    if (!m || m.settings === settings) return;
    const before = m.settings;
    m.settings = settings;
    this.record({ kind: 'field', id, field: 'settings', before, after: settings }, 'Edit node settings', `settings:${id}`);
    this.emitNodes([id]);
  }

  /**
   * The node's credential of one type (n8n's node.credentials[type] = { id, name }); undefined
   * removes it. One undo step, like a parameter edit.
   */
  setNodeCredential(id: string, type: string, ref: { id: string; name: string } | undefined): void {
    const m = this.nodes.get(id);
    if (!m) return;
    const current = m.settings.credentials?.[type];
    if (current?.id === ref?.id && current?.name === ref?.name) return;
    const { [type]: _, ...others } = m.settings.credentials ?? {};
    const credentials = ref ? { ...others, [type]: { id: ref.id, name: ref.name } } : others;
    const { credentials: _old, ...rest } = m.settings;
    const after = Object.keys(credentials).length ? { ...rest, credentials } : rest;
    const before = m.settings;
    m.settings = after;
    this.record({ kind: 'field', id, field: 'settings', before, after }, ref ? 'Select credential' : 'Remove credential');
    this.emitNodes([id]);
  }

  /** After a credential was renamed: nodes that use it carry the new name (n8n does the same). */
  renameCredentialRefs(type: string, credentialId: string, name: string): void {
    const ids = [...this.nodes.values()].filter((m) => m.settings.credentials?.[type]?.id === credentialId && m.settings.credentials[type].name !== name).map((m) => m.id);
    if (!ids.length) return;
    this.history.transact('Rename credential', () => {
      for (const id of ids) this.setNodeCredential(id, type, { id: credentialId, name });
    });
  }

  /** Disables or enables nodes; each one's execution data is cleared (spec 001 §4.1). */
  setDisabled(ids: Iterable<string>, disabled: boolean): void {
    const changed: NodeModel[] = [];
    for (const id of ids) {
      const m = this.nodes.get(id);
      if (m && m.disabled !== disabled) changed.push(m);
    }
    if (!changed.length) return;
    this.history.transact(disabled ? 'Deactivate' : 'Activate', () => {
      for (const m of changed) {
        m.disabled = disabled;
        this.record({ kind: 'field', id: m.id, field: 'disabled', before: !disabled, after: disabled }, disabled ? 'Deactivate' : 'Activate');
        m.status = 'idle';
        m.itemCount = EMPTY_COUNTS;
        m.waitingText = undefined;
      }
    });
    if (this.runData && changed.some((m) => this.runData![m.name])) {
      const next = { ...this.runData };
      for (const m of changed) delete next[m.name];
      this.runData = next;
      this.runDataVersion++;
    }
    for (const m of changed) this.refreshStale(m);
    this.emitNodes(changed.map((m) => m.id));
  }

  select(ids: Iterable<string>, mode: 'replace' | 'add' | 'toggle' = 'replace'): void {
    if (mode === 'replace') {
      this.selection.clear();
      this.selectedConnections.clear();
    }
    for (const id of ids) {
      if (!this.nodes.has(id)) continue;
      if (mode === 'toggle' && this.selection.has(id)) this.selection.delete(id);
      else {
        this.selection.add(id);
        this.lastSelectedId = id;
      }
    }
  }

  /** Selects connections (the canvas: click a connection, then Delete removes it). */
  selectConnections(ids: Iterable<string>, mode: 'replace' | 'add' | 'toggle' = 'replace'): void {
    if (mode === 'replace') {
      this.selection.clear();
      this.selectedConnections.clear();
    }
    for (const id of ids) {
      if (!this.connections.has(id)) continue;
      if (mode === 'toggle' && this.selectedConnections.has(id)) this.selectedConnections.delete(id);
      else this.selectedConnections.add(id);
    }
  }

  clearSelection(): void {
    this.selection.clear();
    this.selectedConnections.clear();
  }

  setPinData(nodeName: string, items: IPinData[string] | undefined): void {
    const before = this.pinData;
    const { [nodeName]: _, ...rest } = before;
    const after = items ? { ...rest, [nodeName]: items } : rest;
    this.pinData = after;
    this.record({ kind: 'pinData', before, after }, items ? 'Pin data' : 'Unpin data');
    const m = this.byName.get(nodeName);
    if (m) {
      this.refreshStale(m);
      this.emitNodes([m.id]);
    }
  }

  /** After a successful save. */
  markSaved(saved: { id: string; versionId?: string; name?: string; tags?: ITag[]; active?: boolean }): void {
    this.workflowId = saved.id;
    if (saved.versionId !== undefined) this.versionId = saved.versionId;
    if (saved.name !== undefined) this.name = saved.name;
    if (saved.tags !== undefined) this.tags = saved.tags;
    if (saved.active !== undefined) this.active = saved.active;
    this.history.markSaved();
    this.dirtyOutsideHistory = false;
    this.dirty = false;
  }

  /** A document not stored yet that holds work (a template imported): leaving asks first. */
  markUnsaved(): void {
    this.dirtyOutsideHistory = true;
    this.dirty = true;
  }

  /** Renames the workflow (already validated by the caller); marks the document dirty. */
  setName(name: string): void {
    if (name === this.name) return;
    this.name = name;
    this.dirtyOutsideHistory = true;
    this.dirty = true;
  }

  /** Replaces the workflow's tags (tags of an imported file added, say); marks the document dirty. */
  setTags(tags: ITag[]): void {
    if (tags.length === this.tags.length && tags.every((t, i) => t.id === this.tags[i].id)) return;
    this.tags = tags;
    this.dirtyOutsideHistory = true;
    this.dirty = true;
  }

  /** Issue lines from the issue kernel (src/model/nodeIssues.ts); unchanged lists keep their identity. */
  setNodeIssues(id: string, issues: string[]): void {
    const m = this.nodes.get(id);
    if (!m) return;
    if (m.issues.length === issues.length && m.issues.every((x, i) => x === issues[i])) return;
    m.issues = issues.length ? issues : EMPTY_ISSUES;
  }

  /** Many nodes' issues in one action (answers of the issue worker). */
  setNodeIssuesBatch(issues: Iterable<[string, string[]]>): void {
    for (const [id, lines] of issues) this.setNodeIssues(id, lines);
  }

  // ---- stale run data (spec 001 §4.1) ----

  /** n8n's getParametersLastUpdate: when the user last changed the named node's parameters. */
  parametersLastUpdate(nodeName: string): number | undefined {
    return this.byName.get(nodeName)?.parametersLastUpdatedAt;
  }

  /** The user changed the node's parameters at `at` (epoch ms). */
  private touchParameters(m: NodeModel, at: number): void {
    m.parametersLastUpdatedAt = at;
    this.refreshStale(m);
  }

  private refreshStale(m: NodeModel): void {
    const stale = isNodeDataStale(m.parametersLastUpdatedAt, this.runData?.[m.name], !!this.pinData[m.name]);
    if (m.stale !== stale) m.stale = stale;
  }

  private refreshStaleAll(): void {
    for (const m of this.nodes.values()) this.refreshStale(m);
  }

  /** A renamed node keeps its run data (n8n's renameNodeSelectedAndExecution). */
  private renameRunData(oldName: string, newName: string): void {
    if (!this.runData || !(oldName in this.runData) || oldName === newName) return;
    const { [oldName]: runs, ...rest } = this.runData;
    this.runData = { ...rest, [newName]: runs };
    this.runDataVersion++;
  }

  // ---- execution state (fed by push messages) ----

  setNodeStatus(nodeName: string, status: NodeRunStatus): void {
    const m = this.byName.get(nodeName);
    if (m) m.status = status;
  }

  /** One run of a node finished: status from its error, counts from its outputs. */
  setNodeRun(nodeName: string, task: ITaskData, itemCount?: number[]): void {
    const m = this.byName.get(nodeName);
    if (!m) return;
    m.status = task.error ? 'error' : task.executionStatus === 'waiting' ? 'waiting' : 'success';
    // The wait text comes with the execution's waitTill when the run ends (setRunData).
    if (m.waitingText !== undefined) m.waitingText = undefined;
    m.itemCount = itemCount ?? (task.data?.main ?? []).map((o) => o?.length ?? 0);
    const runs = (this.runData ??= {});
    (runs[nodeName] ??= []).push(task);
    this.runDataVersion++;
    this.refreshStale(m);
    if (task.error) this.emitNodes([m.id]);
  }

  /**
   * Replaces the run data wholesale (execution finished or opened). An execution that ended
   * waiting passes its waitTill (and lastNodeExecuted): the waiting node gets its wait text.
   */
  setRunData(runData: IRunData | undefined, executionId?: string, wait?: { waitTill?: string | null; lastNode?: string; error?: ExecutionError }): void {
    this.runData = runData;
    this.executionId = executionId;
    this.executionOutcome = wait?.error || wait?.waitTill ? { error: wait.error, waitTill: wait.waitTill ?? undefined } : undefined;
    this.runDataVersion++;
    const text = wait?.waitTill ? waitingText(wait.waitTill) : undefined;
    for (const m of this.nodes.values()) {
      const runs = runData?.[m.name];
      this.refreshStale(m);
      if (!runs?.length) {
        if (m.status !== 'idle') m.status = 'idle';
        if (m.itemCount.length) m.itemCount = EMPTY_COUNTS;
        if (m.waitingText !== undefined) m.waitingText = undefined;
        continue;
      }
      const last = runs[runs.length - 1];
      const waiting = last.executionStatus === 'waiting' || (!!text && !last.error && m.name === wait?.lastNode);
      m.status = runs.some((r) => r.error) ? 'error' : waiting ? 'waiting' : 'success';
      const nextText = m.status === 'waiting' ? text : undefined;
      if (m.waitingText !== nextText) m.waitingText = nextText;
      // Connection labels show the total passed over all runs, as n8n does.
      const counts: number[] = [];
      for (const r of runs) (r.data?.main ?? []).forEach((o, i) => (counts[i] = (counts[i] ?? 0) + (o?.length ?? 0)));
      m.itemCount = counts;
    }
    this.emit({ kind: 'all' });
  }

  clearExecution(): void {
    const hadErrors = !!this.runData && Object.values(this.runData).some((runs) => runs.some((r) => r.error));
    this.runData = undefined;
    this.executionId = undefined;
    this.executionOutcome = undefined;
    this.runDataVersion++;
    for (const m of this.nodes.values()) {
      if (m.status !== 'idle') m.status = 'idle';
      if (m.itemCount.length) m.itemCount = EMPTY_COUNTS;
      if (m.waitingText !== undefined) m.waitingText = undefined;
      if (m.stale) m.stale = false;
    }
    if (hadErrors) this.emit({ kind: 'all' });
  }
}
