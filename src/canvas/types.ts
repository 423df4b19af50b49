// The canvas's contract with the app. The canvas never imports src/app: the app hands it a
// document (the MobX WorkflowStore satisfies CanvasDocument structurally), a node-type lookup
// and callbacks, and gets a CanvasHandle back.
export type CanvasNodeStatus = 'idle' | 'waiting' | 'running' | 'success' | 'error';

/** What the canvas reads of a node. Observable fields are observed, never copied. */
export interface CanvasNode {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly typeVersion: number;
  readonly x: number;
  readonly y: number;
  readonly disabled: boolean;
  readonly status: CanvasNodeStatus;
  /** Items per main output of the last run (connection labels). */
  readonly itemCount: readonly number[];
  /** Issue lines; empty = none. */
  readonly issues: readonly string[];
  /** Sticky notes read content, width, height and color. */
  readonly parameters: { readonly [key: string]: unknown };
  readonly isSticky: boolean;
  readonly waitingText: string | undefined;
}

export interface CanvasConnection {
  readonly id: string;
  readonly sourceId: string;
  readonly sourceOutput: number;
  readonly targetId: string;
  readonly targetInput: number;
  readonly type: string;
}

export type SelectMode = 'replace' | 'add' | 'toggle';

/**
 * The open workflow as the canvas sees it, plus the edits it makes. The maps and sets must be
 * MobX observables (ObservableMap / ObservableSet; checked at mount); they are typed read-only
 * here so that a store holding richer node models still fits.
 */
export interface CanvasDocument {
  readonly nodes: ReadonlyMap<string, CanvasNode>;
  readonly connections: ReadonlyMap<string, CanvasConnection>;
  /** Selected node ids. */
  readonly selection: ReadonlySet<string>;
  /** Selected connection ids. */
  readonly selectedConnections: ReadonlySet<string>;
  /** Pinned data by node name (observable reference; replaced on change). */
  readonly pinData: { readonly [nodeName: string]: unknown };
  /** The node Enter opens. */
  readonly lastSelectedId: string | undefined;
  setNodePosition(id: string, x: number, y: number): void;
  moveNodes(ids: Iterable<string>, dx: number, dy: number): void;
  /** Returns false when refused (duplicate, unknown node). */
  connect(sourceId: string, sourceOutput: number, targetId: string, targetInput: number, type?: string): boolean;
  disconnect(connectionIds: Iterable<string>): void;
  select(ids: Iterable<string>, mode?: SelectMode): void;
  selectConnections(ids: Iterable<string>, mode?: SelectMode): void;
  clearSelection(): void;
  removeNodes(ids: Iterable<string>): void;
}

/** Node-type facts the canvas draws with, resolved by the app from its node-type registry. */
export interface NodeTypeInfo {
  displayName: string;
  /** Icon name from assets/icons.ts ('fa:pen'); initials are drawn when absent. */
  icon?: string;
  /** CSS colour of the icon ('#ff6d5a'). */
  iconColor?: string;
  inputs: number;
  outputs: number;
  outputNames?: string[];
  isTrigger: boolean;
  /** The type's defaults.color, used for the icon when iconColor is absent. */
  defaultsColor?: string;
}

/** Unknown types resolve to undefined; the canvas draws them with a question mark. */
export type NodeTypeLookup = (type: string, typeVersion: number) => NodeTypeInfo | undefined;

export interface AddNodeRequest {
  /** Set when the user clicked an output's plus or dropped a connection on empty canvas. */
  fromNodeId?: string;
  fromOutput?: number;
  /** Suggested world position (grid-snapped) for the new node. */
  position: [number, number];
}

export interface CanvasCallbacks {
  /** Double-click, Enter, or Enter on a focused mirror element. */
  openNode(id: string): void;
  /** A plus button was clicked or a connection dropped on empty space. */
  requestAddNode(request: AddNodeRequest): void;
  /**
   * Delete/Backspace on selected nodes. The app applies the spec's rules (reconnect
   * neighbours, keep the last trigger); without this callback the canvas calls removeNodes.
   */
  onDeleteRequest?(ids: string[]): void;
  /** Something failed that the user should hear about (worker failed, WebGL lost …). */
  onError(message: string): void;
  /** The zoom scale changed (the app hides "reset zoom" at scale 1). */
  onScaleChange?(scale: number): void;
}

export interface CanvasOptions {
  document: CanvasDocument;
  nodeTypes: NodeTypeLookup;
  callbacks: CanvasCallbacks;
  /**
   * Where the bundled workers live ('/editor/workers/'): the canvas starts
   * `workerBaseUrl + 'spatial.js'`. Without it the spatial kernel runs on the main thread.
   */
  workerBaseUrl?: string;
  /** Executions and demo: no moving, connecting, deleting or adding. */
  readOnly?: boolean;
}

export type RendererKind = 'webgl' | 'webgpu' | 'canvas' | 'none';

export interface CanvasStats {
  renderer: RendererKind;
  /** Frames rendered with WebGL. */
  frames: number;
  /** Camera-only frames shown by moving the last bitmap (compositor panning), not rendered. */
  compositedFrames: number;
  /** Main-thread time of the canvas's own frame work (update + render submit), ms, recent frames. */
  frameWorkMs: number[];
  /** The same, for the frames that rendered with WebGL. */
  renderWorkMs: number[];
  /** Connections re-tessellated in each rendered frame (a node drag should redraw only its own). */
  edgesRedrawn: number[];
  /** Worker culling query round trips (post to answer on the main thread), ms. */
  queryRoundTripMs: number[];
  /** Time inside the worker per query, ms. */
  queryWorkerMs: number[];
  displayedNodes: number;
  displayedEdges: number;
  lod: 'full' | 'simplified' | 'boxes';
  spatial: 'worker' | 'main-thread';
}

export interface CanvasHandle {
  /** Resolves when the renderer is up and the first frame is drawn; rejects on init failure. */
  readonly ready: Promise<void>;
  /** Observable (MobX) zoom scale. */
  readonly zoom: { readonly scale: number };
  zoomToFit(): void;
  zoomIn(): void;
  zoomOut(): void;
  resetZoom(): void;
  panBy(dx: number, dy: number): void;
  screenToWorld(x: number, y: number): [number, number];
  worldToScreen(x: number, y: number): [number, number];
  viewportCenterWorld(): [number, number];
  /** Centres the node, selects it and focuses its mirror element. */
  focusNode(id: string): void;
  getRendererType(): RendererKind;
  getStats(): CanvasStats;
  /** Resolves after a frame that left no pending work (culling answer applied, nothing dirty). */
  whenIdle(): Promise<void>;
  destroy(): void;
}
