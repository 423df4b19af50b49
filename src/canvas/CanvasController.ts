// The canvas facade: makes the parts (camera/, frame/, spatial/Culling, doc/PortBook,
// scene/NodeScene, NodeDrag, DragCache, interaction/Hover, KeyCommands, a11y/mirrorSync; see
// README.md "Parts") and wires them through small host interfaces; owns the renderer, the layers,
// the viewport, the interaction machine, the spatial client and the DOM mirror; implements
// CanvasHandle. One frame loop applies what changed since the last frame. Document changes only
// mark things dirty (DocumentSync); the frame does the work for the nodes and connections that
// are displayed, then renders once. Nothing renders while nothing changes.
import { action, observable, runInAction, untracked } from 'mobx';
import { Container, Graphics, RendererType, type Renderer } from 'pixi.js';
import { STICKY_ACTIVE_Z_INDEX, ZOOM_STEP } from '../model/constants.ts';
import { EDGE_STRIDE, E_INPUT, E_OUTPUT, E_SOURCE, E_TARGET, FLAG_STICKY, NODE_STRIDE, N_BOTTOM, N_FLAGS, N_H, N_TOP, N_W, N_X, N_Y, PLUS_CENTER_DX, PLUS_SIZE, bezierPoint, inputPoint, nodeExtent, outputPoint } from '../../workers/spatial/geometry.ts';
import { contentBounds, everything, hitTest, type Hit, type Rect } from '../../workers/spatial/kernel.ts';
import { A11yMirror, MIRROR_MAX } from './a11y/A11yMirror.ts';
import { EndpointHint } from './a11y/EndpointHint.ts';
import { StickyEditor } from './a11y/StickyEditor.ts';
import { mirrorSlots, syncMirrorMembers } from './a11y/mirrorSync.ts';
import { LabelBatch } from './a11y/LabelBatch.ts';
import { Motion } from './Motion.ts';
import { CameraCommands } from './camera/CameraCommands.ts';
import { FrameScheduler } from './frame/FrameScheduler.ts';
import { FrameStats } from './frame/FrameStats.ts';
import { OVERSCAN_PX, cameraSettled, planFrame, renderedRect, sameCamera } from './frame/renderPolicy.ts';
import type { NavGraph } from './kernels/navigation.ts';
import { autoPanDelta } from './kernels/autopan.ts';
import { linkAt } from './kernels/markdown.ts';
import { Minimap } from './scene/Minimap.ts';
import type { ViewPool, View } from './scene/ViewPool.ts';
import { VisibleSet, type VisibleChange } from './spatial/VisibleSet.ts';
import { Culling } from './spatial/Culling.ts';
import { edgeButtonAt } from './scene/Overlay.ts';
import { GraphGeometry } from './doc/GraphGeometry.ts';
import { syncDocument, type SyncListener } from './doc/DocumentSync.ts';
import { TypeCache, mirrorLabel, nodeAppearance, nodePorts, nodeState, outputCounts, safeCoord, stickyAppearance } from './doc/nodeLook.ts';
import { MAIN } from './kernels/ports.ts';
import { PortBook } from './doc/PortBook.ts';
import { DomInput } from './interaction/DomInput.ts';
import { Hover } from './interaction/Hover.ts';
import { stickyGripAt, targetOfHit } from './interaction/targeting.ts';
import { InteractionMachine } from './interaction/machine.ts';
import { KeyCommands } from './interaction/KeyCommands.ts';
import type { Effect, MachineContext, PointerInput, Target } from './interaction/types.ts';
import { screenToWorld, visibleRect, worldToScreen, type Camera } from './kernels/camera.ts';
import { MAX_DETAILED_NODES, edgeLabelsVisible, lodForScale, type Lod } from './kernels/lod.ts';
import { CULL_MARGIN, containsRect, expandRect } from './kernels/culling.ts';
import { Background } from './scene/Background.ts';
import { BoxLayer } from './scene/BoxLayer.ts';
import { EdgeLayer } from './scene/EdgeLayer.ts';
import { installFonts, labelEm, loadLabelFonts } from './scene/fonts.ts';
import { PendingFits } from './camera/PendingFits.ts';
import { NameSizing } from './scene/NameSizing.ts';
import { overlaysOver } from './camera/overlays.ts';
import { parkRenderer, takeParkedRenderer, takePendingRenderer } from './rendererPark.ts';
import { createRenderer } from './createRenderer.ts';
import { IconAtlas } from './scene/iconAtlas.ts';
import { NodeView } from './scene/NodeView.ts';
import { Overlay, type OverlayState } from './scene/Overlay.ts';
import { DragCache } from './scene/DragCache.ts';
import { NodeScene, nodeMeets } from './scene/NodeScene.ts';
import { NodeDrag, type DragState } from './scene/NodeDrag.ts';
import { StickyView } from './scene/StickyView.ts';
import { SIZES, THEME, stateColor } from './scene/theme.ts';
import { localSpatial, workerSpatial, type SpatialClient } from './spatial/SpatialClient.ts';
import { Viewport } from './viewport/Viewport.ts';
import type { CanvasConnection, CanvasDocument, CanvasHandle, CanvasNode, CanvasOptions, CanvasStats, ReadOnlyAction, RendererKind } from './types.ts';

/**
 * Per frame, new views for nodes outside the rendered bitmap (in the culling margin) are made
 * for at most this long; the rest follow in the next frames. A culling answer brings a hundred
 * or more nodes at once, and building them all in one frame was a 20–150 ms frame.
 */
const MARGIN_REFRESH_BUDGET_MS = 2;


export class CanvasController implements SyncListener {
  readonly handle: CanvasHandle;
  private readonly doc: CanvasDocument;
  /** doc.pinData, kept by pinDataChanged: colouring 10,000 boxes read the MobX getter 10,000 times. */
  private pins: CanvasDocument['pinData'];
  /** Node object per geometry slot (kept by nodeAdded/nodeRemoved): nodeAt without a MobX map read. */
  private readonly slotNodes: Array<CanvasNode | undefined> = [];
  /** Connection object per geometry edge slot (its type and raw indexes; see kernels/ports.ts). */
  private readonly slotEdges: Array<CanvasConnection | undefined> = [];
  /** Each node's ports by connection type, and connection ends placed on them (doc/PortBook.ts). */
  private readonly portBook: PortBook;
  private readonly opts: CanvasOptions;
  private readonly types: TypeCache;
  private readonly root: HTMLDivElement;
  private canvasEl: HTMLCanvasElement;
  private readonly hint = new EndpointHint();
  private readonly input: DomInput;
  private readonly mirror: A11yMirror;
  private renderer: Renderer | null = null;
  /** The renderer a previous canvas of the page left (rendererPark.ts), used instead of a new one. */
  private readonly reused: Renderer | undefined;
  /** Else the one being made ahead for this page (createRenderer.ts prewarmCanvas), if any. */
  private readonly prewarmed: Promise<Renderer | undefined> | undefined;
  private readonly stage = new Container();
  private readonly world = new Container({ isRenderGroup: true });
  // Each layer that changes on its own is its own render group: Pixi rebuilds a render group's
  // instructions and re-packs all its batched geometry whenever any batched Graphics in it
  // changes (or a child is added or removed). In one group, redrawing the overlay or one
  // connection chunk re-packed every node, box, dot and connection (~45 ms per render at
  // 10,000 nodes); separate groups re-pack only the layer that changed.
  private readonly stickies = new Container({ isRenderGroup: true });
  private readonly nodesLayer = new Container();
  private readonly dragLayer = new Container({ isRenderGroup: true });
  /**
   * Everything that does not move with a node drag: dots, stickies, connection chunks, boxes,
   * node cells, connection labels. While a drag runs it leaves the world and is rendered into
   * `dragCache` only when it changes (scene/DragCache.ts).
   */
  private readonly staticLayer = new Container({ isRenderGroup: true });
  /** A zoomToFit asked before the canvas had started or had nodes (see zoomToFit). */
  private readonly dragCache = new DragCache(this.stage, this.world, this.staticLayer, OVERSCAN_PX, THEME.background);
  private atlas: IconAtlas | null = null;
  private background: Background | null = null;
  private readonly overlay = new Overlay();
  private readonly geometry = new GraphGeometry();
  private readonly edges: EdgeLayer;
  private readonly boxes: BoxLayer;
  private spatial: SpatialClient;
  private readonly viewport: Viewport;
  private readonly machine = new InteractionMachine();
  private disposeSync: (() => void) | null = null;

  private readonly visible = new VisibleSet();
  private readonly culling: Culling = new Culling({
    geometry: this.geometry,
    visible: this.visible,
    spatial: () => this.spatial,
    size: () => [this.width, this.height],
    current: (client) => !this.destroyed && client === this.spatial,
    edgesShown: () => this.edges.visibleSlots() as Set<number>,
    keep: (s) => !!this.drag?.slots.has(s) || this.resizing?.slot === s,
    changed: (change) => this.visibleChanged(change),
    answered: (roundTrip, workerMs) => {
      this.stats.query(roundTrip, workerMs);
      this.invalidate();
    },
    onError: (message) => this.opts.callbacks.onError(message),
  });
  private readonly dirtyNodes = new Set<number>();
  /**
   * Nodes whose change shows only in the mirror at this level of detail (a caption, drawn in full
   * detail only): their accessible labels are refreshed in batches (LabelBatch), and the drawing
   * is left alone. A wall's captions (runs in the last minute) change on every update (up to 4 a
   * second) of every busy node.
   */
  private readonly mirrorLabels = new LabelBatch((slot) => this.refreshMirror(slot));
  private readonly minimap: Minimap;
  private readonly stickyEditor: StickyEditor;
  private readonly motion: Motion;
  private readonly cameraCmds: CameraCommands;
  /** Fits and shows asked before the canvas could do them (the open's fit, a paste's show). */
  private readonly pendingFits: PendingFits;
  private readonly names: NameSizing;
  /** Connections whose source or target has not arrived (yet), by the missing node id. */
  private readonly pendingEdges = new Map<string, CanvasConnection[]>();
  /** Last pointer position while a drag gesture runs (auto-pan near the edges). */
  private dragPointer: { sx: number; sy: number; shift: boolean; mod: boolean } | null = null;
  private resizing: { slot: number; id: string } | null = null;
  /** Node views, their render groups and level of detail (scene/NodeScene.ts). */
  private readonly scene: NodeScene;
  private get lod(): Lod {
    return this.scene.lod;
  }
  private get pool(): ViewPool {
    return this.scene.pool;
  }
  private width = 0;
  private height = 0;
  private overlayDirty = true;
  private cameraChanged = true;
  /** Set when views were added or removed or the level of detail switched. */
  private sceneDirty = true;
  /** The drag layer moved: a render is due, but nothing outside the drag changed. */
  private dragMoved = false;
  private renderedCamera: Camera | null = null;
  private prevFrameCamera: Camera | null = null;
  /** The frame time the camera last moved at, and whether an animation (not input) moved it. */
  private cameraMovedAt = 0;
  private cameraMovedByAnimation = false;
  private framesSinceRender = 0;
  /** New views were made outside the bitmap since the last render (see runFrame). */
  private marginBuilt = false;
  private canvasTransformed = false;
  private readonly overlayState: OverlayState = { band: null, preview: null, selectedCurves: [], hoverCurve: null, hoverPort: null, edgeButtons: null };
  private readonly hover: Hover = new Hover({
    camera: () => this.viewport.camera,
    hit: (wx, wy) => this.hit(wx, wy),
    curveOf: (e, out) => this.edges.curveOf(e, out),
    isSub: (e) => this.edges.isSub(e),
    nodes: () => this.geometry.state.nodes,
    readOnly: () => !!this.opts.readOnly,
    fullDetail: () => this.lod === 'full',
    hint: this.hint,
    changed: () => {
      this.overlayDirty = true;
      this.invalidate();
    },
  }, this.overlayState);
  /** The running node drag (scene/NodeDrag.ts). */
  private readonly nodeDrag: NodeDrag;
  private get drag(): DragState | null {
    return this.nodeDrag.state;
  }
  private pendingFocus: string | null = null;
  private readonly zoomState = observable({ scale: 1 });
  private readonly stats = new FrameStats();
  private readonly frames: FrameScheduler = new FrameScheduler({
    request: (cb) => requestAnimationFrame(cb),
    ready: () => !!(this.renderer && this.atlas && this.background),
    run: (now) => this.runFrame(now),
    recover: () => {
      this.dirtyNodes.clear();
      this.sceneDirty = true;
    },
    onError: (message) => this.opts.callbacks.onError(message),
  });
  private lastFrameTime = 0;
  private readonly resizeObserver: ResizeObserver;

  constructor(container: HTMLElement, opts: CanvasOptions) {
    this.doc = opts.document;
    this.pins = untracked(() => this.doc.pinData) ?? {};
    this.opts = opts;
    this.types = new TypeCache(opts.nodeTypes, () => this.typesChanged());
    this.portBook = new PortBook({
      geometry: this.geometry,
      typeOf: (n) => this.types.forNode(n),
      connectionAt: (e) => this.slotEdges[e],
      edgeMoved: (e) => this.edges.invalidate(e),
    });
    this.edges = new EdgeLayer(this.geometry, { items: (e) => this.edgeItems(e) });
    this.boxes = new BoxLayer(this.geometry, { color: (n) => this.boxColor(n) });

    this.scene = new NodeScene({
      nodes: () => this.geometry.state.nodes,
      idOf: (slot) => this.geometry.nodes.idOf(slot),
      boxes: this.boxes,
      dragging: (slot) => !!this.drag?.slots.has(slot),
      changed: () => {
        this.sceneDirty = true;
      },
      redraw: (slot) => this.dirtyNodes.add(slot),
    }, { stickies: this.stickies, dragLayer: this.dragLayer, nodesLayer: this.nodesLayer });

    this.nodeDrag = new NodeDrag({
      slotOf: (id) => this.geometry.nodes.slotOf(id),
      viewOf: (slot) => this.pool.get(slot),
      cellOf: (slot) => this.scene.cellOf(slot),
      stickies: this.stickies,
      dragLayer: this.dragLayer,
      edges: this.edges,
      boxes: this.boxes,
    });

    this.root = document.createElement('div');
    this.root.className = 'sy-canvas';
    this.root.dataset.testid = 'canvas-root';
    // clip, not hidden: a hidden box can still be scrolled (focus, scrollIntoView), which would shift the scene under the pointer.
    Object.assign(this.root.style, { position: 'relative', width: '100%', height: '100%', overflow: 'clip', touchAction: 'none', userSelect: 'none', background: '#' + THEME.background.toString(16) });
    this.reused = takeParkedRenderer(window.devicePixelRatio || 1);
    this.prewarmed = this.reused ? undefined : takePendingRenderer();
    this.canvasEl = styleCanvas((this.reused?.canvas as HTMLCanvasElement | undefined) ?? document.createElement('canvas'));
    this.mirror = new A11yMirror(
      (id, el) => this.onMirrorFocus(id, el),
      // A deleted node's element had focus: the canvas keeps the keyboard (Delete, then ctrl+z, ctrl+a).
      () => this.canvasEl.focus({ preventScroll: true }),
    );
    this.cameraCmds = new CameraCommands({
      camera: () => this.viewport.camera,
      set: (c) => this.viewport.set(c),
      stopFlight: () => this.motion.stopCamera(),
      flyTo: (c, ms, now) => this.motion.flyTo(c, ms, now),
      size: () => [this.width, this.height],
      bounds: () => contentBounds(this.geometry.state),
      obstacles: () => overlaysOver(this.root, [this.minimap.el]),
      now: () => performance.now(),
    }, opts);
    this.pendingFits = new PendingFits({
      ready: () => !!this.renderer && this.width > 0,
      hasContent: () => contentBounds(this.geometry.state) !== null,
      boundsOf: (ids) => this.boundsOf(ids),
      invalidate: () => this.invalidate(),
    }, this.cameraCmds);
    this.names = new NameSizing({ names: () => untracked(() => [...this.doc.nodes.values()].filter((n) => !n.isSticky).map((n) => n.name)), measure: labelEm }, SIZES.labelSize, opts.minNamePx);
    this.stickyEditor = new StickyEditor((id, content) => this.commitStickyText(id, content));
    this.minimap = new Minimap({
      state: this.geometry.state,
      version: () => this.geometry.version + this.selectionVersion,
      bounds: () => contentBounds(this.geometry.state),
      view: () => visibleRect(this.viewport.camera, this.width, this.height),
      color: (slot) => this.boxColor(slot) ?? THEME.boxIdleTiny,
      stickyColor: (slot) => this.nodeAt(slot)?.parameters?.color,
      centreOn: (x, y) => this.cameraCmds.centreOn(x, y),
    });
    this.root.append(this.canvasEl, this.mirror.region, this.hint.el, this.stickyEditor.el, this.minimap.el);
    this.motion = new Motion(this.geometry, {
      setCamera: (c) => this.viewport.set(c),
      camera: () => this.viewport.camera,
      size: () => [this.width, this.height],
      moved: (slot) => this.afterGeometryMove(slot),
      commit: (positions, label) => runInAction(() => {
        if (this.doc.setNodePositions) this.doc.setNodePositions(new Map(positions.map(([id, x, y]) => [id, [x, y]])), label);
        else for (const [id, x, y] of positions) this.doc.setNodePosition(id, x, y);
      }),
    });
    container.appendChild(this.root);

    this.stage.eventMode = 'none';
    this.stage.interactiveChildren = false;
    // Larger notes below smaller ones; the active (selected or edited) note above the others.
    this.stickies.sortableChildren = true;
    this.staticLayer.addChild(this.stickies, this.edges.chunksLayer, this.boxes.layer, this.nodesLayer, this.edges.labelsLayer);
    this.world.addChild(this.staticLayer, this.edges.liveLayer, this.dragLayer, this.overlay.layer);
    this.dragLayer.addChild(this.edges.dragEdges, this.boxes.dragBoxes);

    this.spatial = opts.workerBaseUrl ? this.startWorker(opts.workerBaseUrl) : localSpatial(this.geometry.state);

    this.viewport = new Viewport(this.root, (c) => this.onCamera(c));
    this.minimap.setVisible(opts.minimap !== false);
    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.resizeObserver.observe(this.root);
    this.keys = new KeyCommands({
      doc: this.doc,
      callbacks: () => this.opts.callbacks,
      readOnly: () => !!this.opts.readOnly,
      editingSticky: () => !!this.stickyEditor.editing,
      readOnlyEdit: (action) => this.readOnlyEdit(action),
      openSticky: (id) => this.openStickyEditor(id),
      graph: this.navGraph,
      moveSelectionTo: (id, from) => this.moveSelectionTo(id, from),
      zoomIn: () => {
        this.motion.stopCamera();
        this.viewport.scaleBy(ZOOM_STEP);
      },
      zoomOut: () => {
        this.motion.stopCamera();
        this.viewport.scaleBy(1 / ZOOM_STEP);
      },
      resetZoom: () => this.resetZoom(),
      zoomToFit: () => this.pendingFits.zoomToFit(),
      cancel: () => {
        const fx = this.machine.cancel(this.machineContext());
        this.dragPointer = null;
        if (!fx.length) return false;
        this.apply(fx);
        return true;
      },
    });
    this.input = this.bindInput();

    this.handle = this.makeHandle();
    (this.handle as { ready: Promise<void> }).ready = this.init();
  }

  private startWorker(base: string): SpatialClient {
    const url = base.endsWith('/') ? base + 'spatial.js' : base + '/spatial.js';
    return workerSpatial(url, (message) => {
      // The main-thread kernel reads the canvas's own geometry, so it can take over at once.
      if (this.spatial.kind !== 'worker') return;
      this.spatial.destroy();
      this.spatial = localSpatial(this.geometry.state);
      this.visible.reset();
      this.opts.callbacks.onError(`${message}; continuing without it`);
      this.invalidate();
    });
  }

  private async init(): Promise<void> {
    try {
      // Beside the renderer's start: the glyph atlas is drawn with the app's font, not a fallback.
      const fontsReady = loadLabelFonts();
      const resolution = this.reused?.resolution ?? (window.devicePixelRatio || 1);
      const size = (): [number, number] => [Math.max(1, this.root.clientWidth) + 2 * OVERSCAN_PX, Math.max(1, this.root.clientHeight) + 2 * OVERSCAN_PX];
      let renderer = this.reused;
      if (!renderer && this.prewarmed) {
        const made = await this.prewarmed;
        if (made && made.resolution === resolution && !this.destroyed) {
          this.adoptCanvas(made.canvas as HTMLCanvasElement);
          renderer = made;
        } else if (made) parkRenderer(made);
      }
      this.renderer = renderer ?? (await createRenderer(this.canvasEl, ...size(), resolution));
      // Sized now: the root may have changed while the renderer was made (onResize skipped it).
      this.renderer.resize(...size());
      if (this.destroyed) {
        parkRenderer(this.renderer);
        return;
      }
      await fontsReady;
      if (this.destroyed) {
        parkRenderer(this.renderer);
        return;
      }
      installFonts(resolution);
      this.atlas = new IconAtlas();
      this.atlas.onFileIcon = () => this.typesChanged();
      this.background = new Background();
      this.staticLayer.addChildAt(this.background.layer, 0);
      this.stage.addChild(this.world);
      this.onResize();
      this.warmUp();
      // The document may have loaded while the renderer started: its pins are read now, as the
      // sync below reports only later changes.
      this.pins = untracked(() => this.doc.pinData) ?? {};
      this.disposeSync = syncDocument(this.doc, this);
      this.invalidate();
      await this.whenIdle();
    } catch (e) {
      const message = `The canvas could not start WebGL: ${e instanceof Error ? e.message : String(e)}`;
      this.opts.callbacks.onError(message);
      throw new Error(message);
    }
  }

  /** Puts a renderer's own canvas (made ahead) in place of the one this canvas started with. */
  private adoptCanvas(el: HTMLCanvasElement): void {
    const old = this.canvasEl;
    if (el === old) return;
    const focused = document.activeElement === old;
    styleCanvas(el);
    old.replaceWith(el);
    this.canvasEl = el;
    if (focused) el.focus({ preventScroll: true });
  }

  /**
   * Renders one of each kind of display object out of sight, so shader compilation and texture
   * uploads happen while the workflow is still loading rather than in its first frame.
   */
  private warmUp(): void {
    const probe = new NodeView();
    probe.apply({
      x: -1e6, y: -1e6, w: 100, h: 100, shape: 'regular', state: 'success', selected: false, label: 'Warm up', name: 'Warm up', icon: 'fa:code',
      iconColor: THEME.icon, initials: 'W', inputs: 1, outputs: 2, outputNames: ['a', 'b'], plusMask: 1, subtitle: 'x',
    }, 'full', this.atlas!);
    const line = new Graphics().moveTo(-1e6, -1e6).bezierCurveTo(-1e6 + 50, -1e6, -1e6 + 50, -1e6 + 50, -1e6 + 100, -1e6 + 50).stroke({ width: 2, color: THEME.edge });
    const thin = new Graphics().moveTo(-1e6, -1e6).lineTo(-1e6 + 100, -1e6).stroke({ width: 1, pixelLine: true, color: THEME.edge });
    this.world.addChild(probe.root, line, thin);
    this.renderer!.render(this.stage);
    probe.destroy();
    line.destroy();
    thin.destroy();
  }

  // ---- document changes (SyncListener): mark, never draw ----

  /** Bumped when the node selection or a node's state changes (the minimap colours nodes by them). */
  private selectionVersion = 0;

  /** Writes the node's box and ports into the geometry (PortBook.place). Returns the slot. */
  private placeNode(n: CanvasNode): number {
    return this.portBook.place(n);
  }

  private portOf(nodeSlot: number, side: 'input' | 'output', type: string, index: number): number {
    return this.portBook.portOf(nodeSlot, side, type, index);
  }

  /** Lays out again the ports of nodes whose connections asked for ports they lack (once per frame). */
  private flushPorts(): void {
    const placed = this.portBook.flush((slot) => this.nodeAt(slot));
    if (!placed) return;
    for (const slot of placed) {
      this.boxes.invalidate(slot);
      this.dirtyNodes.add(slot);
    }
    this.overlayDirty = true;
  }

  nodeAdded(n: CanvasNode): void {
    const added = this.placeNode(n);
    this.slotNodes[added] = n;
    const waiting = this.pendingEdges.get(n.id);
    if (waiting) {
      this.pendingEdges.delete(n.id);
      for (const c of waiting) if (this.doc.connections.get(c.id) === c) this.connectionAdded(c);
    }
    this.invalidate();
  }

  nodeRemoved(n: CanvasNode): void {
    const slot = this.geometry.nodes.slotOf(n.id);
    if (slot === undefined) return;
    if (this.stickyEditor.editing === n.id) this.stickyEditor.close(false);
    for (const e of [...this.geometry.incidentEdges(slot)]) this.edges.hide(e);
    this.hideNode(slot);
    this.visible.nodes.delete(slot);
    this.geometry.removeNode(n.id);
    this.slotNodes[slot] = undefined;
    this.portBook.nodeRemoved(slot, n.id);
    this.mirror.remove(n.id);
    this.invalidate();
  }

  nodeChanged(n: CanvasNode, field: string): void {
    const slot = this.geometry.nodes.slotOf(n.id);
    if (slot === undefined) return;
    if (field === 'caption' && this.lod !== 'full') {
      // Drawn in full detail only (switchLod redraws every node when it gets there).
      this.mirrorLabels.mark(slot);
      return;
    }
    switch (field) {
      case 'x':
      case 'y':
        this.motion.forget(slot);
        this.geometry.moveNode(slot, safeCoord(n.x), safeCoord(n.y));
        this.afterGeometryMove(slot);
        break;
      case 'parameters':
      case 'typeVersion':
      case 'settings':
        // Stickies change size; dynamic-port types (Switch, Merge) change their endpoints;
        // onError 'continueErrorOutput' adds the error output.
        this.placeNode(n);
        for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
        this.boxes.invalidate(slot);
        this.overlayDirty = true;
        break;
      case 'itemCount':
      case 'disabled':
        for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
        break;
    }
    if (field !== 'x' && field !== 'y') this.selectionVersion++; // the minimap's state colours (status, issues …)
    this.dirtyNodes.add(slot);
    this.invalidate();
  }

  /** A node's geometry moved (document, animation, resize): its edges, box and view follow. */
  private afterGeometryMove(slot: number): void {
    for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
    this.boxes.invalidate(slot);
    this.dirtyNodes.add(slot);
    this.overlayDirty = true;
    this.invalidate();
  }

  connectionAdded(c: CanvasConnection): void {
    const s = this.geometry.nodes.slotOf(c.sourceId);
    const t = this.geometry.nodes.slotOf(c.targetId);
    const slot = s === undefined || t === undefined ? undefined
      : this.geometry.addEdgeAt(c.id, s, this.portOf(s, 'output', c.type, c.sourceOutput), t, this.portOf(t, 'input', c.type, c.targetInput));
    if (slot !== undefined) this.slotEdges[slot] = c;
    else {
      // An end is missing (a bad import, or the node arrives later): keep it until it comes.
      for (const id of [c.sourceId, c.targetId]) {
        if (this.geometry.nodes.slotOf(id) !== undefined) continue;
        const list = this.pendingEdges.get(id) ?? [];
        if (list.length < 10_000) list.push(c);
        this.pendingEdges.set(id, list);
        break;
      }
      return;
    }
    this.touchNodeId(c.sourceId);
    this.invalidate();
  }

  connectionRemoved(c: CanvasConnection): void {
    const slot = this.geometry.edges.slotOf(c.id);
    if (slot === undefined) return;
    if (this.hover.edge?.slot === slot) this.hover.clear();
    this.edges.hide(slot);
    const { source, target } = this.geometry.edgeEnds(slot);
    this.geometry.removeEdge(c.id);
    this.slotEdges[slot] = undefined;
    // A port only this connection needed goes with it (an unknown node keeps what it learnt).
    this.portBook.connectionRemoved(source, target);
    this.touchNodeId(c.sourceId);
    this.overlayDirty = true;
    this.invalidate();
  }

  nodeSelectionChanged(id: string): void {
    this.selectionVersion++;
    this.touchNodeId(id);
    if (this.doc.selection.has(id)) this.mirror.setFocusable(id);
    this.invalidate();
  }

  connectionSelectionChanged(): void {
    this.overlayDirty = true;
    this.invalidate();
  }

  pinDataChanged(names: string[]): void {
    this.pins = untracked(() => this.doc.pinData) ?? {};
    const set = new Set(names);
    for (const slot of this.visible.nodes) {
      const n = this.nodeAt(slot);
      if (n && set.has(n.name)) this.dirtyNodes.add(slot);
    }
    // The item counts on their connections follow the pinned items.
    untracked(() => {
      for (const n of this.doc.nodes.values()) {
        if (!set.has(n.name)) continue;
        const slot = this.geometry.nodes.slotOf(n.id);
        if (slot !== undefined && slot >= 0) for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
      }
    });
    this.selectionVersion++;
    this.invalidate();
  }

  /** Node types resolved differently (they arrived or changed): re-measure and restyle all. */
  private typesChanged(): void {
    for (const n of this.doc.nodes.values()) {
      const slot = this.placeNode(n);
      for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
      this.boxes.invalidate(slot);
    }
    for (const s of this.visible.nodes) this.dirtyNodes.add(s);
    this.invalidate();
  }

  private touchNodeId(id: string): void {
    const slot = this.geometry.nodes.slotOf(id);
    if (slot !== undefined) {
      this.dirtyNodes.add(slot);
      this.boxes.invalidate(slot);
    }
  }

  private nodeAt(slot: number): CanvasNode | undefined {
    const id = this.geometry.nodes.idOf(slot);
    if (id === undefined) return undefined;
    const n = this.slotNodes[slot];
    return n !== undefined && n.id === id ? n : this.doc.nodes.get(id);
  }

  private edgeItems(e: number): number {
    const { source, output } = this.geometry.edgeEnds(e);
    const n = this.nodeAt(source);
    if (!n || n.disabled) return 0;
    // Pinned data is what the node outputs: its count wins over an older run's.
    const v = outputCounts(n, this.pins[n.name])[output];
    return typeof v === 'number' && v > 0 ? v : 0;
  }

  private pinned(n: CanvasNode): boolean {
    return this.pins[n.name] !== undefined;
  }

  private boxColor(slot: number): number | null {
    const n = this.nodeAt(slot);
    if (!n) return null;
    if (this.doc.selection.has(n.id)) return THEME.selection;
    if (!this.types.get(n.type, n.typeVersion).known && !n.disabled) return THEME.unknown;
    const state = nodeState(n, this.pinned(n));
    return state === 'idle' ? null : stateColor(state)!;
  }

  // ---- frame loop ----

  private invalidate(): void {
    this.frames.invalidate();
  }

  private get destroyed(): boolean {
    return this.frames.stopped;
  }

  private runFrame(now: number): void {
    const renderer = this.renderer!;
    const background = this.background!;
    const t0 = performance.now();
    // Active before this tick: an animation's last step moves the camera and ends it.
    const animating0 = this.motion.active;
    const moving = this.motion.tick(now);
    this.autoPan();
    let cam = this.viewport.camera;

    this.flushPorts();
    if (this.pendingFits.apply()) cam = this.viewport.camera;
    const patch = this.geometry.takePatch();
    if (patch) this.spatial.patch(patch);
    this.culling.update(cam);

    const lod = lodForScale(cam.k, this.culling.nodesInView(cam));
    if (lod !== this.lod) this.switchLod(lod);
    // Names as tall as asked (a wall: 18 px) where they fit, else at the legible minimum.
    if (this.names.update(cam.k) && lod !== 'boxes') this.switchLod(lod);
    this.edges.setLod(lod, lod === 'full' && edgeLabelsVisible(cam.k));
    if (lod === 'boxes') this.boxes.setScale(cam.k);

    // `changed`: something outside the drag layer, the live connections and the overlay changed.
    // `moved`: only those did (a drag step, a hover), which a drag renders from its cache.
    let changed = this.sceneDirty;
    this.sceneDirty = false;
    let moved = this.dragMoved;
    this.dragMoved = false;
    // While the visible set is stale for this camera (zoomed in from an overview, say), new
    // views wait for the culling answer instead of being made for nodes about to leave.
    const stale = this.lod !== 'boxes' && this.visible.outOfArea(visibleRect(cam, this.width, this.height), cam.k);
    const deferred: number[] = [];
    let budgetLeft = true;
    const bitmap = this.renderedRect(cam);
    for (const slot of this.dirtyNodes) {
      const shown = this.pool.get(slot) !== undefined;
      if (stale && !shown) deferred.push(slot);
      else if (shown || this.lod === 'boxes' || this.meets(slot, bitmap)) {
        this.refreshNode(slot);
        changed = true;
      } else if (budgetLeft) {
        // New view in the culling margin, out of the bitmap: nothing on screen changes yet.
        this.refreshNode(slot);
        this.marginBuilt = true;
        budgetLeft = performance.now() - t0 < MARGIN_REFRESH_BUDGET_MS;
      } else deferred.push(slot);
    }
    this.dirtyNodes.clear();
    for (const slot of deferred) this.dirtyNodes.add(slot);
    if (!budgetLeft) this.invalidate();
    if (this.edges.flush()) {
      if (this.edges.staticChangedLastFlush) changed = true;
      else moved = true;
    }
    if (this.boxes.flush()) changed = true;
    if (this.overlayDirty) {
      this.drawOverlay(cam);
      moved = true;
    }
    if (this.cameraChanged) {
      this.mirror.setCamera(cam);
      this.stickyEditor.place(cam);
      this.cameraChanged = false;
    }
    this.minimap.update();
    let animating = moving;
    const dt = this.lastFrameTime ? now - this.lastFrameTime : 16;
    for (const v of this.pool.views.values()) {
      if (v instanceof NodeView && v.animating) {
        v.tick(dt);
        animating = true;
      }
    }
    this.lastFrameTime = now;
    if (this.pendingFocus && this.mirror.focus(this.pendingFocus)) this.pendingFocus = null;

    // Camera-only frames are panned by the compositor (a CSS transform of the last rendered
    // bitmap, which has an overscan margin); WebGL renders when content changed, when the
    // camera settles, and every PAN_RENDER_EVERY_FRAMES frames while it keeps moving.
    const rc = this.renderedCamera;
    const still = this.prevFrameCamera !== null && sameCamera(cam, this.prevFrameCamera);
    if (!still) {
      this.cameraMovedAt = now;
      this.cameraMovedByAnimation = animating0;
    }
    const settled = cameraSettled(still, now - this.cameraMovedAt, this.cameraMovedByAnimation);
    this.prevFrameCamera = cam;
    // Margin views are drawn (their labels laid out, their groups packed) by the next render;
    // once the camera rests that render happens now, not in the first frame of the next pan.
    if (this.marginBuilt && settled && budgetLeft) changed = true;
    let rendered = false;
    const contentAnimating = animating && !this.motion.cameraOnly;
    const plan = planFrame({ changed, moved, contentAnimating, cam, rendered: rc, settled, framesSinceRender: this.framesSinceRender });
    if (plan.kind === 'composite') {
      this.canvasEl.style.transform = plan.transform;
      this.canvasTransformed = true;
      this.stats.compositedFrames++;
      this.framesSinceRender++;
      this.invalidate(); // come back to render once the camera settles
    } else if (plan.kind === 'render') {
      if (background.update(this.renderedRect(cam), cam.k)) changed = true;
      this.world.position.set(cam.x + OVERSCAN_PX, cam.y + OVERSCAN_PX);
      this.world.scale.set(cam.k);
      // The overlay's line widths are in screen pixels: only a zoom change redraws it.
      if (rc && rc.k !== cam.k) {
        this.overlayDirty = false;
        this.drawOverlay(cam);
      }
      if (this.drag) this.dragCache.render(renderer, cam, changed || contentAnimating);
      else {
        if (this.dragCache.active) this.dragCache.leave();
        renderer.render(this.stage);
      }
      this.renderedCamera = cam;
      this.framesSinceRender = 0;
      if (this.canvasTransformed) {
        this.canvasEl.style.transform = '';
        this.canvasTransformed = false;
      }
      rendered = true;
      this.marginBuilt = false;
      this.stats.frames++;
    }
    this.stats.frameDone(performance.now() - t0);
    if (rendered) this.stats.rendered(performance.now() - t0, this.edges.redrawnLastFlush);

    const busy = this.visible.inFlight || this.dirtyNodes.size > 0 || moving;
    if (animating || this.dragPointer) this.invalidate();
    else this.lastFrameTime = 0;
    if (this.marginBuilt && !animating && !this.dragPointer) this.invalidate();
    if (!busy && !this.marginBuilt && !this.culling.needsRequery(cam) && this.renderedCamera && sameCamera(cam, this.renderedCamera) && this.frames.waitingForIdle) {
      this.minimap.flush(); // idle includes a minimap redraw the throttle is holding back
      this.frames.resolveIdle();
    }
  }


  /** While a drag runs with the pointer near an edge, pans towards it and replays the pointer. */
  private autoPan(): void {
    const p = this.dragPointer;
    if (!p) return;
    const st = this.machine.stateName;
    if (st !== 'draggingNodes' && st !== 'connecting' && st !== 'rubberBand') return;
    const d = autoPanDelta(p.sx, p.sy, this.width, this.height);
    if (!d.dx && !d.dy) return;
    this.viewport.panBy(d.dx, d.dy);
    const w = screenToWorld(this.viewport.camera, p.sx, p.sy);
    this.feed({ type: 'move', sx: p.sx, sy: p.sy, wx: w.x, wy: w.y, button: 0, shift: p.shift, mod: p.mod, space: false });
  }

  /** World rectangle covered by the canvas bitmap (the view plus the overscan margin). */
  private renderedRect(cam: Camera): Rect {
    return renderedRect(cam, this.width, this.height);
  }



  /** A culling answer was accepted (spatial/Culling.ts): views follow what entered and left. */
  private visibleChanged(change: VisibleChange): void {
    for (const s of change.exitedNodes) {
      this.hideNode(s);
      const id = this.geometry.nodes.idOf(s);
      if (id) this.mirror.remove(id);
    }
    for (const s of change.enteredNodes) this.dirtyNodes.add(s);
    this.sceneDirty = true;
    for (const e of change.exitedEdges) this.edges.cull(e);
    for (const e of change.enteredEdges) this.edges.show(e);
    if (change.exitedNodes.length) this.scene.sweepCells();
    this.syncMirrorMembership();
  }

  /** Shows or redraws one visible node at the current level of detail, from its geometry. */
  private refreshNode(slot: number): void {
    if (!this.visible.nodes.has(slot)) return;
    const n = this.nodeAt(slot);
    if (!n) return;
    const o = slot * NODE_STRIDE;
    const s = this.geometry.state.nodes;
    const sticky = (s[o + N_FLAGS] & FLAG_STICKY) !== 0;
    const selected = this.doc.selection.has(n.id);
    const record = { x: s[o + N_X], y: s[o + N_Y], w: s[o + N_W], h: s[o + N_H], inputs: s[o + 4], outputs: s[o + 5], flags: s[o + N_FLAGS], bottom: s[o + N_BOTTOM], top: s[o + N_TOP] };
    const t = this.types.forNode(n);
    if (sticky) {
      const editing = this.stickyEditor.editing === n.id;
      const v = this.viewFor(slot, true) as StickyView;
      v.apply(stickyAppearance(n, record, selected, editing, selected && !this.opts.readOnly && !!this.doc.setParameters), this.lod);
      // Larger notes lie under smaller ones; the active note is above all others (spec: 9999999).
      v.root.zIndex = selected || editing ? STICKY_ACTIVE_Z_INDEX : -Math.min(1e6, Math.round((record.w * record.h) / 100));
    } else if (this.lod === 'boxes') {
      this.boxes.show(slot);
    } else {
      const pinned = this.pinned(n);
      const state = nodeState(n, pinned);
      let plusMask = 0;
      if (!this.opts.readOnly) for (let i = 0; i < Math.min(31, record.outputs); i++) if (!this.geometry.outputConnected(slot, i)) plusMask |= 1 << i;
      const v = this.viewFor(slot, false) as NodeView;
      v.apply(nodeAppearance(n, t, record, state, selected, plusMask, this.portBook.at(slot) ?? nodePorts(n, t)), this.lod, this.atlas!, this.names.factor, this.names.floor);
    }
    if (this.mirror.has(n.id) || this.mirror.size < MIRROR_MAX) {
      this.mirror.put({ id: n.id, name: n.name, label: mirrorLabel(n, this.pinned(n), t.known, this.pins[n.name]), x: record.x, y: record.y, w: record.w, h: record.h, selected });
    }
  }

  /** A visible node's mirror entry alone (its label), the drawing untouched. */
  private refreshMirror(slot: number): void {
    if (!this.visible.nodes.has(slot)) return;
    const n = this.nodeAt(slot);
    if (!n || !this.mirror.has(n.id)) return;
    const o = slot * NODE_STRIDE;
    const s = this.geometry.state.nodes;
    const t = this.types.forNode(n);
    this.mirror.put({ id: n.id, name: n.name, label: mirrorLabel(n, this.pinned(n), t.known, this.pins[n.name]), x: s[o + N_X], y: s[o + N_Y], w: s[o + N_W], h: s[o + N_H], selected: this.doc.selection.has(n.id) });
  }

  private viewFor(slot: number, sticky: boolean): View {
    return this.scene.viewFor(slot, sticky);
  }

  private meets(slot: number, r: Rect): boolean {
    return nodeMeets(this.geometry.state.nodes, slot, r);
  }

  private hideNode(slot: number): void {
    this.scene.hide(slot);
  }

  private switchLod(lod: Lod): void {
    this.scene.switchLod(lod, this.visible.nodes);
  }

  /** Keeps the mirror to the visible nodes, at most MIRROR_MAX of them, nearest the centre first. */
  private syncMirrorMembership(): void {
    const centre = screenToWorld(this.viewport.camera, this.width / 2, this.height / 2);
    const slots = mirrorSlots(this.visible.nodes, this.geometry.state.nodes, centre);
    for (const slot of syncMirrorMembers(this.mirror, slots, (s) => this.geometry.nodes.idOf(s))) this.dirtyNodes.add(slot);
  }

  private drawOverlay(cam: Camera): void {
    const st = this.overlayState;
    st.selectedCurves = [];
    // Every drag step redraws the overlay; iterating an empty observable set is not free.
    if (this.doc.selectedConnections.size) for (const id of this.doc.selectedConnections) {
      const slot = this.geometry.edges.slotOf(id);
      if (slot === undefined) continue;
      const c = new Float64Array(8);
      this.edges.curveOf(slot, c, this.drag?.dx ?? 0, this.drag?.dy ?? 0);
      st.selectedCurves.push(c);
    }
    this.overlay.draw(st, cam.k);
    this.overlayDirty = false;
  }

  // ---- camera ----

  private onCamera(c: Camera): void {
    this.cameraChanged = true;
    if (c.k !== this.zoomState.scale) {
      runInAction(() => (this.zoomState.scale = c.k));
      this.opts.callbacks.onScaleChange?.(c.k);
    }
    this.hint.hide(true);
    this.invalidate();
  }

  private onResize(): void {
    const w = this.root.clientWidth;
    const h = this.root.clientHeight;
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    this.input?.invalidateOffset();
    this.viewport.setSize(w, h);
    this.renderer?.resize(Math.max(1, w) + 2 * OVERSCAN_PX, Math.max(1, h) + 2 * OVERSCAN_PX);
    this.cameraChanged = true;
    this.sceneDirty = true;
    this.invalidate();
  }

  /** The world box of these nodes with their ports and names, null when none is laid out. */
  private boundsOf(ids: readonly string[]): Rect | null {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    const box = [0, 0, 0, 0];
    for (const id of ids) {
      const slot = this.geometry.nodes.slotOf(id);
      if (slot === undefined) continue;
      nodeExtent(this.geometry.state.nodes, slot, box);
      minX = Math.min(minX, box[0]);
      minY = Math.min(minY, box[1]);
      maxX = Math.max(maxX, box[2]);
      maxY = Math.max(maxY, box[3]);
    }
    return minX === Infinity ? null : { minX, minY, maxX, maxY };
  }

  /** Pans (animated) just enough to show the node with a margin; nothing when it is in view. */
  private keepInView(id: string): void {
    const box = this.ctx.nodeBox(id);
    if (!box) return;
    this.cameraCmds.keepInView(box);
    this.invalidate();
  }

  // ---- input ----

  private bindInput(): DomInput {
    return new DomInput(this.root, {
      camera: () => this.viewport.camera,
      pointer: (input, e) => {
        const t0 = performance.now();
        this.pointer(input, e);
        if (input.type === 'move') this.stats.pointerMove(performance.now() - t0);
      },
      doubleClick: (wx, wy) => {
        const t = this.target(wx, wy);
        if (t.kind !== 'node') return;
        if (t.sticky) this.openStickyEditor(t.nodeId);
        else this.opts.callbacks.openNode(t.nodeId);
      },
      key: (e) => this.keys.handle(e),
      leave: () => this.hover.clear(),
    });
  }

  /** One pointer event from the DOM (timed by the caller for pointerMoveWorkMs). */
  private pointer(input: PointerInput, e: PointerEvent): void {
    if (input.type === 'down') {
      if (!(e.target instanceof HTMLElement && e.target.dataset.nodeId)) this.canvasEl.focus({ preventScroll: true });
      this.hint.hide(true);
      this.motion.stopCamera();
      this.dragPointer = { sx: input.sx, sy: input.sy, shift: input.shift, mod: input.mod };
    } else if (input.type === 'move' && this.dragPointer) {
      this.dragPointer = { sx: input.sx, sy: input.sy, shift: input.shift, mod: input.mod };
    } else if (input.type === 'up' || input.type === 'cancel') {
      this.dragPointer = null;
    }
    this.feed(input);
    if (input.type === 'move' && this.machine.stateName === 'idle') this.hover.update(input.wx, input.wy);
  }

  private hit(wx: number, wy: number): Hit | null {
    // Ports are hit-testable in read-only mode too, so that an attempt to connect is reported.
    const ports = this.lod === 'full';
    return hitTest(this.geometry.state, wx, wy, { scale: this.viewport.camera.k, ports }, this.visible.answer);
  }

  private target(wx: number, wy: number): Target {
    const k = this.viewport.camera.k;
    const he = this.hover.edge;
    if (he && !this.opts.readOnly) {
      const button = edgeButtonAt(he.x, he.y, wx, wy, k, he.add);
      const id = this.geometry.edges.idOf(he.slot);
      if (button && id) return { kind: 'edgeButton', edgeId: id, button, x: he.x, y: he.y };
    }
    const h = this.hit(wx, wy);
    if (h && h.kind !== 'sticky' && h.kind !== 'edge') return this.targetOf(h);
    const grip = this.stickyGripAt(wx, wy, k);
    if (grip) return grip;
    return h ? this.targetOf(h) : { kind: 'background' };
  }

  private targetOf(h: Hit): Target {
    return targetOfHit(h, (s) => this.geometry.nodes.idOf(s), (s) => this.geometry.edges.idOf(s));
  }

  /** The edge or corner of a drawn sticky note under the pointer (resize), if any. */
  private stickyGripAt(wx: number, wy: number, k: number): Target | null {
    if (this.lod === 'boxes' || !this.doc.setParameters) return null;
    return stickyGripAt(this.geometry.state.nodes, this.visible.answer.nodes, (s) => this.geometry.nodes.idOf(s), wx, wy, k);
  }

  private readonly ctx: MachineContext = {
    hit: (wx, wy) => this.target(wx, wy),
    isSelected: (id) => this.doc.selection.has(id),
    selectedIds: () => [...this.doc.selection],
    nodeBox: (id) => {
      const slot = this.geometry.nodes.slotOf(id);
      if (slot === undefined) return undefined;
      const o = slot * NODE_STRIDE;
      const s = this.geometry.state.nodes;
      return { x: s[o], y: s[o + 1], w: s[o + 2], h: s[o + 3], inputs: s[o + 4], outputs: s[o + 5] };
    },
    connectionExists: (a, out, b, inp) => {
      const slot = this.geometry.nodes.slotOf(a);
      if (slot === undefined) return false;
      for (const e of this.geometry.incidentEdges(slot)) {
        const c = this.geometry.edgeEnds(e);
        if (c.source === slot && c.output === out && c.input === inp && this.geometry.nodes.idOf(c.target) === b) return true;
      }
      return false;
    },
    outputConnected: (id, output) => {
      const slot = this.geometry.nodes.slotOf(id);
      return slot !== undefined && this.geometry.outputConnected(slot, output);
    },
    portType: (port) => this.portKey(port.nodeId, port.side, port.index)?.type,
    readOnly: false,
  };

  /** The connection type and raw index behind a node's geometry port index (kernels/ports.ts). */
  private portKey(nodeId: string, side: 'input' | 'output', index: number) {
    return this.portBook.keyOf(this.geometry.nodes.slotOf(nodeId), side, index);
  }

  /** Connects two ports given by geometry index: the same connection type at both ends, or nothing. */
  private connectPorts(sourceId: string, sourceOutput: number, targetId: string, targetInput: number): void {
    const from = this.portKey(sourceId, 'output', sourceOutput);
    const to = this.portKey(targetId, 'input', targetInput);
    if (!from || !to || from.type !== to.type) return;
    this.doc.connect(sourceId, from.index, targetId, to.index, from.type);
  }

  private feed(input: PointerInput): void {
    const effects = this.machine.handle(input, this.machineContext());
    if (effects.length) this.apply(effects);
  }

  private machineContext(): MachineContext {
    return this.opts.readOnly ? { ...this.ctx, readOnly: true } : this.ctx;
  }

  private readOnlyEdit(action: ReadOnlyAction): void {
    this.opts.callbacks.onReadOnlyEdit?.(action);
  }

  private readonly apply = action((effects: Effect[]) => {
    for (const fx of effects) {
      switch (fx.type) {
        case 'select': this.doc.select(fx.ids, fx.mode); break;
        case 'selectConnection': this.doc.selectConnections([fx.id], fx.mode); break;
        case 'clearSelection': this.doc.clearSelection(); break;
        case 'backgroundClick': this.opts.callbacks.onBackgroundClick?.(fx.wx, fx.wy); break;
        case 'pan': this.viewport.panBy(fx.dx, fx.dy); break;
        case 'dragPreview': this.dragTo(fx.ids, fx.dx, fx.dy); break;
        case 'dragEnd':
          this.endDrag();
          if (fx.commit) this.doc.moveNodes(fx.ids, fx.dx, fx.dy);
          break;
        case 'band':
          this.overlayState.band = fx.rect;
          this.overlayDirty = true;
          this.invalidate();
          break;
        case 'bandSelect': {
          const client = this.spatial;
          client.select(fx.rect).then((slots) => {
            const ids: string[] = [];
            for (const s of slots) {
              const id = this.geometry.nodes.idOf(s);
              if (id) ids.push(id);
            }
            runInAction(() => this.doc.select(ids, fx.additive ? 'add' : 'replace'));
          }, (e: unknown) => this.opts.callbacks.onError(`Selection failed: ${e instanceof Error ? e.message : String(e)}`));
          break;
        }
        case 'connectPreview': this.previewConnection(fx.from, fx.x, fx.y, fx.target); break;
        case 'connectEnd':
          this.overlayState.preview = null;
          this.overlayDirty = true;
          this.invalidate();
          break;
        case 'connect': this.connectPorts(fx.sourceId, fx.sourceOutput, fx.targetId, fx.targetInput); break;
        case 'addNode': this.opts.callbacks.requestAddNode({ fromNodeId: fx.fromNodeId, fromOutput: fx.fromOutput, position: fx.position }); break;
        case 'insertNode': {
          const c = this.doc.connections.get(fx.edgeId);
          if (!c) break;
          this.hover.clear();
          this.opts.callbacks.requestAddNode({ connectionId: c.id, fromNodeId: c.sourceId, fromOutput: c.sourceOutput, toNodeId: c.targetId, toInput: c.targetInput, position: fx.position });
          break;
        }
        case 'disconnect':
          this.hover.clear();
          this.doc.disconnect([fx.edgeId]);
          break;
        case 'resizePreview': this.previewResize(fx.nodeId, fx.box); break;
        case 'resizeEnd': this.endResize(fx.nodeId, fx.box, fx.commit); break;
        case 'click': this.openStickyLink(fx.nodeId, fx.wx, fx.wy); break;
        case 'readOnly': this.readOnlyEdit(fx.action); break;
        case 'cursor': this.root.style.cursor = fx.cursor; break;
      }
    }
  });

  private portPoint(nodeId: string, side: 'input' | 'output', index: number): [number, number] | null {
    const slot = this.geometry.nodes.slotOf(nodeId);
    if (slot === undefined) return null;
    const p = [0, 0];
    if (side === 'output') outputPoint(this.geometry.state.nodes, slot, index, p);
    else inputPoint(this.geometry.state.nodes, slot, index, p);
    return [p[0], p[1]];
  }

  private previewConnection(from: { nodeId: string; side: 'input' | 'output'; index: number }, x: number, y: number, target: { nodeId: string; side: 'input' | 'output'; index: number } | null): void {
    const a = this.portPoint(from.nodeId, from.side, from.index);
    if (!a) return;
    const b = target ? this.portPoint(target.nodeId, target.side, target.index) : null;
    this.overlayState.preview = { sx: a[0], sy: a[1], tx: b ? b[0] : x, ty: b ? b[1] : y, reversed: from.side === 'input', snapped: !!b, sub: from.index < 0 };
    this.overlayDirty = true;
    this.invalidate();
  }

  private dragTo(ids: string[], dx: number, dy: number): void {
    // Starting: the dragged views left their cells.
    if (this.nodeDrag.to(ids, dx, dy)) this.sceneDirty = true;
    this.dragMoved = true;
    this.overlayDirty = true;
    this.invalidate();
  }

  private endDrag(): void {
    if (!this.nodeDrag.end()) return;
    this.sceneDirty = true;
    this.overlayDirty = true;
    this.invalidate();
  }

  // ---- stickies ----

  private previewResize(id: string, box: { x: number; y: number; w: number; h: number }): void {
    const slot = this.geometry.nodes.slotOf(id);
    if (slot === undefined) return;
    this.resizing = { slot, id };
    const o = slot * NODE_STRIDE;
    const s = this.geometry.state.nodes;
    this.geometry.setNode(id, { x: box.x, y: box.y, w: box.w, h: box.h, inputs: 0, outputs: 0, flags: s[o + N_FLAGS] & ~1 });
    this.afterGeometryMove(slot);
  }

  private endResize(id: string, box: { x: number; y: number; w: number; h: number }, commit: boolean): void {
    this.resizing = null;
    const n = this.doc.nodes.get(id);
    if (!n) return;
    if (commit && this.doc.setParameters) {
      this.doc.setParameters(id, { ...n.parameters, width: box.w, height: box.h });
      this.doc.setNodePosition(id, box.x, box.y);
    }
    // Back to what the document says (the committed box, or the old one after Escape).
    const slot = this.placeNode(n);
    this.afterGeometryMove(slot);
  }

  private openStickyEditor(id: string): boolean {
    const n = this.doc.nodes.get(id);
    const slot = this.geometry.nodes.slotOf(id);
    if (!n || !n.isSticky || slot === undefined) return false;
    if (this.opts.readOnly || !this.doc.setParameters) {
      this.readOnlyEdit('editSticky');
      return false;
    }
    const o = slot * NODE_STRIDE;
    const s = this.geometry.state.nodes;
    const content = typeof n.parameters?.content === 'string' ? n.parameters.content : '';
    this.stickyEditor.open(id, content, { x: s[o + N_X], y: s[o + N_Y], w: s[o + N_W], h: s[o + N_H] }, this.viewport.camera);
    this.dirtyNodes.add(slot);
    this.invalidate();
    return true;
  }

  private commitStickyText(id: string, content: string): void {
    const n = this.doc.nodes.get(id);
    const slot = this.geometry.nodes.slotOf(id);
    if (slot !== undefined) this.dirtyNodes.add(slot);
    this.invalidate();
    if (!n || !this.doc.setParameters || n.parameters?.content === content) return;
    runInAction(() => this.doc.setParameters!(id, { ...n.parameters, content }));
  }

  /** A click on a link in a sticky note opens it in a new tab (http, https and mailto only). */
  private openStickyLink(id: string, wx: number, wy: number): void {
    const slot = this.geometry.nodes.slotOf(id);
    const v = slot === undefined ? undefined : this.pool.get(slot);
    if (!(v instanceof StickyView) || !v.layout) return;
    const o = slot! * NODE_STRIDE;
    const s = this.geometry.state.nodes;
    const pad = 14;
    const url = linkAt(v.layout, wx - s[o + N_X] - pad, wy - s[o + N_Y] - pad);
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  }

  // ---- keyboard ----

  private readonly navGraph: NavGraph = {
    parents: (id) => this.neighbours(id, 'parents'),
    children: (id) => this.neighbours(id, 'children'),
    position: (id) => {
      const b = this.ctx.nodeBox(id);
      return b && { x: b.x, y: b.y };
    },
  };

  private neighbours(id: string, which: 'parents' | 'children'): string[] {
    const slot = this.geometry.nodes.slotOf(id);
    if (slot === undefined) return [];
    const out: string[] = [];
    for (const e of this.geometry.incidentEdges(slot)) {
      const c = this.geometry.edgeEnds(e);
      const other = which === 'children' ? (c.source === slot ? c.target : -1) : c.target === slot ? c.source : -1;
      const oid = other >= 0 ? this.geometry.nodes.idOf(other) : undefined;
      if (oid !== undefined) out.push(oid);
    }
    return out;
  }

  private readonly keys: KeyCommands;

  private moveSelectionTo(id: string, from: EventTarget | null): void {
    runInAction(() => this.doc.select([id], 'replace'));
    this.keepInView(id);
    // Keyboard focus follows when it was on a node's mirror element.
    if (from instanceof HTMLElement && from.dataset.nodeId) this.pendingFocus = id;
    this.invalidate();
  }

  private onMirrorFocus(id: string, el: HTMLElement): void {
    // Keyboard focus selects the node; a pointer press selects through the machine instead.
    if (this.input.pointerDown || this.doc.selection.has(id)) return;
    runInAction(() => this.doc.select([id], 'replace'));
    el.scrollIntoView?.({ block: 'nearest' });
  }

  private resetZoom(): void {
    this.cameraCmds.resetZoom();
  }

  whenIdle(): Promise<void> {
    return this.frames.whenIdle();
  }

  private focusNode(id: string, animate: boolean): void {
    const slot = this.geometry.nodes.slotOf(id);
    if (!this.doc.nodes.has(id) || slot === undefined) return;
    const o = slot * NODE_STRIDE;
    const s = this.geometry.state.nodes;
    this.cameraCmds.focus({ x: s[o], y: s[o + 1], w: s[o + 2], h: s[o + 3] }, animate);
    runInAction(() => this.doc.select([id], 'replace'));
    this.pendingFocus = id;
    this.invalidate();
  }

  private makeHandle(): CanvasHandle {
    return {
      ready: Promise.resolve(),
      zoom: this.zoomState,
      zoomToFit: () => this.pendingFits.zoomToFit(),
      zoomIn: () => this.viewport.scaleBy(ZOOM_STEP),
      zoomOut: () => this.viewport.scaleBy(1 / ZOOM_STEP),
      resetZoom: () => this.resetZoom(),
      panBy: (dx, dy) => this.viewport.panBy(dx, dy),
      screenToWorld: (x, y) => {
        const p = screenToWorld(this.viewport.camera, x, y);
        return [p.x, p.y];
      },
      worldToScreen: (x, y) => {
        const p = worldToScreen(this.viewport.camera, x, y);
        return [p.x, p.y];
      },
      viewportCenterWorld: () => this.cameraCmds.viewCentre(),
      focusNode: (id, options) => this.focusNode(id, options?.animate !== false),
      reveal: (id) => this.keepInView(id),
      showNodes: (ids) => this.pendingFits.showNodes(ids),
      animatePositions: (positions, durationMs = 300, label) => {
        const list: Array<[string, number, number]> = [];
        const entries = positions instanceof Map ? positions.entries() : Object.entries(positions);
        for (const [id, p] of entries as Iterable<[string, readonly [number, number]]>) {
          if (this.geometry.nodes.slotOf(id) === undefined || !Array.isArray(p)) continue;
          list.push([id, safeCoord(p[0]), safeCoord(p[1])]);
        }
        const done = this.motion.movePositions(list, durationMs, performance.now(), label);
        this.invalidate();
        return done;
      },
      editSticky: (id) => this.openStickyEditor(id),
      setMinimapVisible: (v) => this.minimap.setVisible(v),
      getRendererType: () => rendererKind(this.renderer),
      getStats: () => this.getStats(),
      whenIdle: () => this.whenIdle(),
      destroy: () => this.destroy(),
    };
  }

  private getStats(): CanvasStats {
    return {
      renderer: rendererKind(this.renderer),
      frames: this.stats.frames,
      frameWorkMs: [...this.stats.frameWorkMs],
      renderWorkMs: [...this.stats.renderWorkMs],
      edgesRedrawn: [...this.stats.edgesRedrawn],
      compositedFrames: this.stats.compositedFrames,
      queryRoundTripMs: [...this.stats.queryRoundTripMs],
      queryWorkerMs: [...this.stats.queryWorkerMs],
      pointerMoveWorkMs: [...this.stats.pointerMoveWorkMs],
      minimapDrawMs: [...this.minimap.drawMs],
      displayedNodes: this.lod === 'boxes' ? this.boxes.size + this.pool.size : this.pool.size,
      displayedEdges: this.edges.displayedCount,
      displayedEdgesByType: this.edgeTypeCounts(),
      lod: this.lod,
      namePx: this.lod === 'boxes' ? 0 : SIZES.labelSize * this.viewport.camera.k * this.names.factor,
      spatial: this.spatial.kind,
    };
  }

  private edgeTypeCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const e of this.edges.visibleSlots()) {
      const type = this.slotEdges[e]?.type ?? MAIN;
      counts[type] = (counts[type] ?? 0) + 1;
    }
    return counts;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.frames.stop();
    this.mirrorLabels.destroy();
    this.motion.finishAll();
    this.disposeSync?.();
    this.types.destroy();
    this.input.destroy();
    this.hint.destroy();
    this.stickyEditor.destroy();
    this.minimap.destroy();
    this.resizeObserver.disconnect();
    this.viewport.destroy();
    this.spatial.destroy();
    this.edges.destroy();
    this.boxes.destroy();
    this.scene.destroy();
    this.dragCache.destroy();
    this.background?.destroy();
    this.atlas?.destroy();
    // Kept for the page's next canvas (rendererPark.ts); init parks it when it ends after this.
    const renderer = this.renderer ?? this.reused;
    if (renderer) parkRenderer(renderer);
    this.mirror.destroy();
    this.root.remove();
    this.frames.resolveIdle();
  }
}

/** The canvas element's attributes and placement (also for a renderer's canvas adopted later). */
function styleCanvas(el: HTMLCanvasElement): HTMLCanvasElement {
  el.dataset.testid = 'canvas';
  el.tabIndex = 0;
  el.setAttribute('aria-label', 'Workflow canvas; nodes are listed in the region that follows');
  Object.assign(el.style, { position: 'absolute', left: `${-OVERSCAN_PX}px`, top: `${-OVERSCAN_PX}px`, outline: 'none', display: 'block', transformOrigin: '0 0', transform: '' });
  return el;
}

function rendererKind(r: Renderer | null): RendererKind {
  if (!r) return 'none';
  if (r.type === RendererType.WEBGL) return 'webgl';
  if (r.type === RendererType.WEBGPU) return 'webgpu';
  return 'canvas';
}
