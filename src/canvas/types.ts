// The canvas's contract with the app. The canvas never imports src/app: the app hands it a
// document (the MobX WorkflowStore satisfies CanvasDocument structurally), a node-type lookup
// and callbacks, and gets a CanvasHandle back.
import type { DrawnTypeInfo } from '../model/drawnTypeInfo.ts';

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
  /** A line under the name while the node is neither waiting nor disabled (a wall: its recent outcomes). */
  readonly caption?: string;
  /**
   * The run data is stale: parameters changed after the node's run started (spec 001 §4.1).
   * A node that has data then shows a warning badge and says so in its mirror label.
   */
  readonly stale?: boolean;
  /**
   * The node's other n8n fields; the canvas reads `onError` ('continueErrorOutput' adds the
   * error output, drawn red after the type's outputs) and `notes` with `notesInFlow` (the note
   * is shown under the node's name, as n8n's "Display note in flow?"). Replaced as a whole on change.
   */
  readonly settings?: { readonly onError?: unknown; readonly notes?: unknown; readonly notesInFlow?: unknown };
}

export interface CanvasConnection {
  readonly id: string;
  readonly sourceId: string;
  readonly sourceOutput: number;
  readonly targetId: string;
  readonly targetInput: number;
  /**
   * 'main', or another n8n connection type (ai_languageModel, ai_tool …): drawn dashed from the
   * source's top edge to the target's bottom edge; its indexes count ports of that type only.
   */
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
  /** Moves several nodes as one change named `label` (one undo step); optional. */
  setNodePositions?(positions: ReadonlyMap<string, [number, number]>, label?: string): void;
  moveNodes(ids: Iterable<string>, dx: number, dy: number): void;
  /** Returns false when refused (duplicate, unknown node). */
  connect(sourceId: string, sourceOutput: number, targetId: string, targetInput: number, type?: string): boolean;
  disconnect(connectionIds: Iterable<string>): void;
  select(ids: Iterable<string>, mode?: SelectMode): void;
  selectConnections(ids: Iterable<string>, mode?: SelectMode): void;
  clearSelection(): void;
  removeNodes(ids: Iterable<string>): void;
  /**
   * Replaces a node's parameters (sticky notes: content after editing, width and height after
   * resizing). Optional for old documents; without it stickies are neither edited nor resized.
   */
  setParameters?(id: string, parameters: { [key: string]: unknown }): void;
}

/** Node-type facts the canvas draws with, resolved by the app from its node-type registry (src/model/drawnTypeInfo.ts). */
export type NodeTypeInfo = DrawnTypeInfo;

/**
 * Node-type facts for a type and version. Called without `parameters` for the type's facts
 * (cached per type and version), and with a node's parameters for types whose answer sets
 * `dynamicPorts` (cached per parameters object; the store replaces it on change). Unknown
 * types resolve to undefined; the canvas draws them greyed with a warning icon (node type not
 * installed), with the ports their connections use.
 */
export type NodeTypeLookup = (type: string, typeVersion: number, parameters?: { readonly [key: string]: unknown }) => NodeTypeInfo | undefined;

export interface AddNodeRequest {
  /** Set when the user clicked an output's plus or dropped a connection on empty canvas. */
  fromNodeId?: string;
  fromOutput?: number;
  /**
   * Set when the user clicked the add button of a hovered connection: insert the new node
   * between its ends (fromNodeId/fromOutput are its source, toNodeId/toInput its target).
   */
  connectionId?: string;
  toNodeId?: string;
  toInput?: number;
  /** Suggested world position (grid-snapped) for the new node. */
  position: [number, number];
}

/** What a user tried to do in read-only mode (the app shows its persistent error). */
export type ReadOnlyAction = 'move' | 'connect' | 'delete' | 'add' | 'editSticky' | 'resize';

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
  /** A click on empty canvas, in world coordinates (the app adds nodes there next). */
  onBackgroundClick?(x: number, y: number): void;
  /** The zoom scale changed (the app hides "reset zoom" at scale 1). */
  onScaleChange?(scale: number): void;
  /**
   * Read-only mode: the user tried to edit (drag a node, connect, delete, edit or resize a
   * sticky). Called once per gesture; the app shows the spec's error that stays until closed.
   */
  onReadOnlyEdit?(action: ReadOnlyAction): void;
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
  /** Shows the minimap (bottom right). Default true; also `handle.setMinimapVisible`. */
  minimap?: boolean;
  /** Node names are drawn at least this many px tall on screen, or not at all (default 9; a wall asks 18). */
  minNamePx?: number;
  /** The largest zoom fitting the view may choose (default 1: a small workflow is not blown up; a wall takes 2). */
  fitMaxScale?: number;
  /** Room kept around the workflow when fitting, px (default 48; a wall keeps room for its failure line). */
  fitPaddingPx?: number;
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
  /**
   * Main-thread time per pointermove, ms, recent moves: the canvas's handling of the event plus
   * its share of the frame that follows (that frame's work divided by the moves it answers).
   */
  pointerMoveWorkMs: number[];
  /** Main-thread time of each minimap box redraw (at most every 250 ms while the graph changes), ms. */
  minimapDrawMs: number[];
  displayedNodes: number;
  displayedEdges: number;
  /** Displayed connections by connection type ('main', 'ai_tool' …). */
  displayedEdgesByType: Record<string, number>;
  lod: 'full' | 'simplified' | 'boxes';
  /** How tall node names are on screen, px (0: not drawn). */
  namePx: number;
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
  /**
   * Flies the camera to the node (about 300 ms; at least 100 % zoom), selects it and focuses
   * its mirror element. `{ animate: false }` jumps.
   */
  focusNode(id: string, options?: { animate?: boolean }): void;
  /** Pans (animated, zoom kept) just enough to show the node with a margin; nothing when it is in view. */
  reveal(id: string): void;
  /**
   * Shows these nodes whole (pasted or imported ones) once they are on the canvas: nothing when
   * they are in view already, else flown to them, zooming out as far as needed (never in).
   */
  showNodes(ids: readonly string[]): void;
  /**
   * Moves nodes to new positions (top-left, world units) in an animation of `durationMs`
   * (default 300), then writes them to the document in one action and resolves: one change
   * named `label` through setNodePositions when the document has it (edits made during the
   * animation stay steps of their own), else setNodePosition per node. Unknown ids are
   * skipped. A second call finishes the first at once.
   */
  animatePositions(positions: ReadonlyMap<string, readonly [number, number]> | { readonly [id: string]: readonly [number, number] }, durationMs?: number, label?: string): Promise<void>;
  /** Opens the sticky's text editor (after the app adds a sticky, say). False in read-only mode or for non-stickies. */
  editSticky(id: string): boolean;
  setMinimapVisible(visible: boolean): void;
  getRendererType(): RendererKind;
  getStats(): CanvasStats;
  /** Resolves after a frame that left no pending work (culling answer applied, nothing dirty). */
  whenIdle(): Promise<void>;
  destroy(): void;
}
