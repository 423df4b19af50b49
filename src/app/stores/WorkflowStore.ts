// The one source of truth for the open workflow: nodes, connections, selection and the
// per-node execution state. The canvas observes it (src/canvas subscribes through MobX);
// React views read it; nothing else holds a copy.
//
// Nodes are keyed by id (stable across renames); connections refer to node ids and are
// converted to n8n's name-keyed shape only at the edges (load / toWorkflow).
import { action, computed, makeObservable, observable, observableRef, type ObservableMap } from 'mobx';
import type { IConnections, INode, IPinData, ITag, IWorkflowBase, IWorkflowSettings, NodeParameters } from '../../model/workflow.ts';
import type { IRunData, ITaskData } from '../../model/execution.ts';
import { STICKY_NODE_TYPE, PLACEHOLDER_EMPTY_WORKFLOW_ID } from '../../model/constants.ts';
import { newId, uniqueNodeName } from '../../model/names.ts';

export type NodeRunStatus = 'idle' | 'waiting' | 'running' | 'success' | 'error';

export class NodeModel {
  readonly id: string;
  name: string;
  type: string;
  typeVersion: number;
  x: number;
  y: number;
  parameters: NodeParameters;
  disabled: boolean;
  /** Remaining n8n node fields (notes, retryOnFail, credentials …), replaced as a whole. */
  settings: Omit<INode, 'id' | 'name' | 'type' | 'typeVersion' | 'position' | 'parameters' | 'disabled'>;
  /** Execution state of the current run. */
  status: NodeRunStatus = 'idle';
  /** Items per main output of the last run (connection labels). */
  itemCount: number[] = [];
  /** Issue lines ('Parameter "x" is required.') from the issue kernel; empty = none. */
  issues: string[] = [];
  /** Wait text when the node is waiting (indefinite or until a date). */
  waitingText: string | undefined = undefined;

  constructor(node: INode) {
    const { id, name, type, typeVersion, position, parameters, disabled, ...settings } = node;
    this.id = id;
    this.name = name;
    this.type = type;
    this.typeVersion = typeVersion;
    this.x = position[0];
    this.y = position[1];
    this.parameters = parameters ?? {};
    this.disabled = !!disabled;
    this.settings = settings;
    makeObservable(this, {
      name: observable,
      typeVersion: observable,
      x: observable,
      y: observable,
      parameters: observableRef,
      disabled: observable,
      settings: observableRef,
      status: observable,
      itemCount: observableRef,
      issues: observableRef,
      waitingText: observable,
    });
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
    return node;
  }
}

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
    this.id = connectionId(sourceId, sourceOutput, targetId, targetInput);
  }
}

export function connectionId(sourceId: string, sourceOutput: number, targetId: string, targetInput: number): string {
  return `${sourceId}:${sourceOutput}>${targetId}:${targetInput}`;
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
  /** Bumped whenever runData changes in place (setNodeRun), so views reading run data re-render. */
  runDataVersion = 0;

  private readonly byName = new Map<string, NodeModel>();

  constructor() {
    makeObservable<WorkflowStore, 'byName'>(this, {
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
      runDataVersion: observable,
      isSaved: computed,
      load: action,
      reset: action,
      addNode: action,
      addNodes: action,
      removeNodes: action,
      moveNodes: action,
      setNodePosition: action,
      connect: action,
      disconnect: action,
      renameNode: action,
      setParameters: action,
      setNodeSettings: action,
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
      setName: action,
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
    this.dirty = false;
  }

  /** Replaces the whole document. Connections to missing nodes are dropped (and reported). */
  load(workflow: IWorkflowBase): { droppedConnections: number } {
    this.reset();
    this.workflowId = workflow.id ?? PLACEHOLDER_EMPTY_WORKFLOW_ID;
    this.name = workflow.name;
    this.active = !!workflow.active;
    this.settings = workflow.settings ?? {};
    this.tags = workflow.tags ?? [];
    this.pinData = workflow.pinData ?? {};
    this.meta = workflow.meta;
    this.versionId = workflow.versionId;
    const models: Array<[string, NodeModel]> = [];
    for (const n of workflow.nodes) {
      const node = n.id ? n : { ...n, id: newId() };
      const m = new NodeModel(node);
      models.push([m.id, m]);
      this.byName.set(m.name, m);
    }
    this.nodes.replace(models);
    let dropped = 0;
    const conns: Array<[string, ConnectionModel]> = [];
    for (const [sourceName, byType] of Object.entries(workflow.connections ?? {})) {
      const source = this.byName.get(sourceName);
      for (const [type, outputs] of Object.entries(byType ?? {})) {
        (outputs ?? []).forEach((list, output) => {
          for (const c of list ?? []) {
            const target = this.byName.get(c.node);
            if (!source || !target) {
              dropped++;
              continue;
            }
            const cm = new ConnectionModel(source.id, output, target.id, c.index ?? 0, type);
            conns.push([cm.id, cm]);
          }
        });
      }
    }
    this.connections.replace(conns);
    this.dirty = false;
    return { droppedConnections: dropped };
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
      const m = new NodeModel({ ...n, id, name, parameters: n.parameters ?? {} });
      this.nodes.set(id, m);
      this.byName.set(name, m);
      added.push(m);
    }
    if (added.length) this.dirty = true;
    return added;
  }

  removeNodes(ids: Iterable<string>): void {
    const set = new Set(ids);
    if (set.size === 0) return;
    for (const c of [...this.connections.values()]) {
      if (set.has(c.sourceId) || set.has(c.targetId)) {
        this.connections.delete(c.id);
        this.selectedConnections.delete(c.id);
      }
    }
    for (const id of set) {
      const m = this.nodes.get(id);
      if (!m) continue;
      this.byName.delete(m.name);
      this.nodes.delete(id);
      this.selection.delete(id);
      if (this.pinData[m.name]) {
        const { [m.name]: _, ...rest } = this.pinData;
        this.pinData = rest;
      }
      if (this.activeNodeId === id) this.activeNodeId = undefined;
      if (this.lastSelectedId === id) this.lastSelectedId = undefined;
    }
    this.dirty = true;
  }

  setNodePosition(id: string, x: number, y: number): void {
    const m = this.nodes.get(id);
    if (!m || (m.x === x && m.y === y)) return;
    m.x = x;
    m.y = y;
    this.dirty = true;
  }

  moveNodes(ids: Iterable<string>, dx: number, dy: number): void {
    for (const id of ids) {
      const m = this.nodes.get(id);
      if (!m) continue;
      m.x += dx;
      m.y += dy;
    }
    this.dirty = true;
  }

  /** Adds a connection; returns false for duplicates, self-loops on one endpoint or unknown nodes. */
  connect(sourceId: string, sourceOutput: number, targetId: string, targetInput: number, type = 'main'): boolean {
    if (!this.nodes.has(sourceId) || !this.nodes.has(targetId)) return false;
    const id = connectionId(sourceId, sourceOutput, targetId, targetInput);
    if (this.connections.has(id)) return false;
    this.connections.set(id, new ConnectionModel(sourceId, sourceOutput, targetId, targetInput, type));
    this.dirty = true;
    return true;
  }

  disconnect(connectionIds: Iterable<string>): void {
    for (const id of connectionIds) {
      if (this.connections.delete(id)) this.dirty = true;
      this.selectedConnections.delete(id);
    }
  }

  connectionsOf(nodeId: string): ConnectionModel[] {
    const out: ConnectionModel[] = [];
    for (const c of this.connections.values()) if (c.sourceId === nodeId || c.targetId === nodeId) out.push(c);
    return out;
  }

  /**
   * Renames a node, making the name unique and updating expressions in other nodes that
   * reference the old name. Returns the new name, or undefined when nothing changed.
   */
  renameNode(id: string, wanted: string, rewrite?: (params: NodeParameters, oldName: string, newName: string) => NodeParameters): string | undefined {
    const m = this.nodes.get(id);
    const trimmed = wanted.trim();
    if (!m || trimmed === '' || trimmed === m.name) return undefined;
    const newName = uniqueNodeName(trimmed, (x) => x !== m.name && this.byName.has(x));
    const oldName = m.name;
    this.byName.delete(oldName);
    m.name = newName;
    this.byName.set(newName, m);
    if (this.pinData[oldName]) {
      const { [oldName]: data, ...rest } = this.pinData;
      this.pinData = { ...rest, [newName]: data };
    }
    if (rewrite) {
      for (const other of this.nodes.values()) {
        const next = rewrite(other.parameters, oldName, newName);
        if (next !== other.parameters) other.parameters = next;
      }
    }
    this.dirty = true;
    return newName;
  }

  setParameters(id: string, parameters: NodeParameters): void {
    const m = this.nodes.get(id);
    if (!m) return;
    m.parameters = parameters;
    this.dirty = true;
  }

  setNodeSettings(id: string, settings: NodeModel['settings']): void {
    const m = this.nodes.get(id);
    if (!m) return;
    m.settings = settings;
    this.dirty = true;
  }

  setDisabled(ids: Iterable<string>, disabled: boolean): void {
    for (const id of ids) {
      const m = this.nodes.get(id);
      if (!m || m.disabled === disabled) continue;
      m.disabled = disabled;
      m.status = 'idle';
      m.itemCount = [];
      this.dirty = true;
    }
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
    const { [nodeName]: _, ...rest } = this.pinData;
    this.pinData = items ? { ...rest, [nodeName]: items } : rest;
    this.dirty = true;
  }

  /** After a successful save. */
  markSaved(saved: { id: string; versionId?: string; name?: string; tags?: ITag[]; active?: boolean }): void {
    this.workflowId = saved.id;
    if (saved.versionId !== undefined) this.versionId = saved.versionId;
    if (saved.name !== undefined) this.name = saved.name;
    if (saved.tags !== undefined) this.tags = saved.tags;
    if (saved.active !== undefined) this.active = saved.active;
    this.dirty = false;
  }

  /** Renames the workflow (already validated by the caller); marks the document dirty. */
  setName(name: string): void {
    if (name === this.name) return;
    this.name = name;
    this.dirty = true;
  }

  /** Issue lines from the issue kernel (src/model/nodeIssues.ts); unchanged lists keep their identity. */
  setNodeIssues(id: string, issues: string[]): void {
    const m = this.nodes.get(id);
    if (!m) return;
    if (m.issues.length === issues.length && m.issues.every((x, i) => x === issues[i])) return;
    m.issues = issues;
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
    m.itemCount = itemCount ?? (task.data?.main ?? []).map((o) => o?.length ?? 0);
    const runs = (this.runData ??= {});
    (runs[nodeName] ??= []).push(task);
    this.runDataVersion++;
  }

  /** Replaces the run data wholesale (execution finished or opened). */
  setRunData(runData: IRunData | undefined, executionId?: string): void {
    this.runData = runData;
    this.executionId = executionId;
    this.runDataVersion++;
    for (const m of this.nodes.values()) {
      const runs = runData?.[m.name];
      if (!runs?.length) {
        m.status = 'idle';
        m.itemCount = [];
        continue;
      }
      const last = runs[runs.length - 1];
      m.status = runs.some((r) => r.error) ? 'error' : last.executionStatus === 'waiting' ? 'waiting' : 'success';
      // Connection labels show the total passed over all runs, as n8n does.
      const counts: number[] = [];
      for (const r of runs) (r.data?.main ?? []).forEach((o, i) => (counts[i] = (counts[i] ?? 0) + (o?.length ?? 0)));
      m.itemCount = counts;
    }
  }

  clearExecution(): void {
    this.runData = undefined;
    this.executionId = undefined;
    this.runDataVersion++;
    for (const m of this.nodes.values()) {
      m.status = 'idle';
      m.itemCount = [];
      m.waitingText = undefined;
    }
  }
}
