// The canvas facade: owns the renderer, the layers, the viewport, the interaction machine, the
// spatial client and the DOM mirror, and runs one frame loop that applies what changed since
// the last frame. Document changes only mark things dirty (DocumentSync); the frame does the
// work for the nodes and connections that are displayed, then renders once. Nothing renders
// while nothing changes.
import { action, observable, runInAction } from 'mobx';
import { Container, Graphics, RendererType, autoDetectRenderer, type Renderer } from 'pixi.js';
import { ZOOM_STEP } from '../model/constants.ts';
import { FLAG_STICKY, NODE_STRIDE, N_FLAGS, N_H, N_W, N_X, N_Y, PLUS_CENTER_DX, PLUS_SIZE, inputPoint, outputPoint } from '../../workers/spatial/geometry.ts';
import { contentBounds, hitTest, type Hit, type QueryResult, type Rect } from '../../workers/spatial/kernel.ts';
import { A11yMirror, MIRROR_MAX } from './a11y/A11yMirror.ts';
import { EndpointHint } from './a11y/EndpointHint.ts';
import { GraphGeometry } from './doc/GraphGeometry.ts';
import { syncDocument, type SyncListener } from './doc/DocumentSync.ts';
import { TypeCache, mirrorLabel, nodeAppearance, nodeRecord, nodeState, stickyAppearance } from './doc/nodeLook.ts';
import { DomInput } from './interaction/DomInput.ts';
import { InteractionMachine } from './interaction/machine.ts';
import { commandForKey } from './interaction/keyboard.ts';
import type { Effect, MachineContext, PointerInput, Target } from './interaction/types.ts';
import { centreOn, fitCamera, screenToWorld, visibleRect, worldToScreen, type Camera } from './kernels/camera.ts';
import { CULL_MARGIN, diffVisible, expandRect, needsQuery, type CoveredQuery } from './kernels/culling.ts';
import { edgeLabelsVisible, lodForScale, type Lod } from './kernels/lod.ts';
import { Background } from './scene/Background.ts';
import { BoxLayer } from './scene/BoxLayer.ts';
import { EdgeLayer } from './scene/EdgeLayer.ts';
import { installFonts } from './scene/fonts.ts';
import { IconAtlas } from './scene/iconAtlas.ts';
import { NodeView } from './scene/NodeView.ts';
import { Overlay, type OverlayState } from './scene/Overlay.ts';
import { StickyView } from './scene/StickyView.ts';
import { THEME, stateColor } from './scene/theme.ts';
import { localSpatial, workerSpatial, type SpatialClient } from './spatial/SpatialClient.ts';
import { Viewport } from './viewport/Viewport.ts';
import type { CanvasDocument, CanvasHandle, CanvasNode, CanvasOptions, CanvasStats, RendererKind } from './types.ts';

const STATS_WINDOW = 600;
/** The canvas bitmap extends this far beyond the view on every side, for compositor panning. */
const OVERSCAN_PX = 128;
/**
 * While the camera keeps moving, WebGL re-renders every this many frames (the compositor moves
 * the bitmap in between). Counted in frames, not ms: a slow render must not make every
 * following frame a render too.
 */
const PAN_RENDER_EVERY_FRAMES = 8;
/** Recycled views kept for reuse; beyond this they are destroyed. */
const MAX_POOLED_VIEWS = 400;

function sameCamera(a: Camera, b: Camera): boolean {
  return a.x === b.x && a.y === b.y && a.k === b.k;
}

type View = NodeView | StickyView;

export class CanvasController implements SyncListener {
  readonly handle: CanvasHandle;
  private readonly doc: CanvasDocument;
  private readonly opts: CanvasOptions;
  private readonly types: TypeCache;
  private readonly root: HTMLDivElement;
  private readonly canvasEl: HTMLCanvasElement;
  private readonly hint = new EndpointHint();
  private readonly input: DomInput;
  private readonly mirror: A11yMirror;
  private renderer: Renderer | null = null;
  private readonly stage = new Container();
  private readonly world = new Container({ isRenderGroup: true });
  private readonly stickies = new Container();
  private readonly nodesLayer = new Container();
  private readonly dragLayer = new Container({ isRenderGroup: true });
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

  /** Slots the last culling answer says are visible (candidates for pointer hit-testing). */
  private visibleNodes = new Set<number>();
  private lastAnswer: QueryResult = { nodes: new Int32Array(0), edges: new Int32Array(0) };
  private readonly views = new Map<number, View>();
  private readonly nodePool: NodeView[] = [];
  private readonly stickyPool: StickyView[] = [];
  private readonly dirtyNodes = new Set<number>();
  private readonly mark = { buf: new Uint8Array(1024) };
  private covered: CoveredQuery | null = null;
  private queryInFlight = false;
  private queryVersion = -1;
  private lod: Lod = 'full';
  private width = 0;
  private height = 0;
  private frameRequested = false;
  private destroyed = false;
  private overlayDirty = true;
  private cameraChanged = true;
  /** Set when views were added or removed or the level of detail switched. */
  private sceneDirty = true;
  private renderedCamera: Camera | null = null;
  private prevFrameCamera: Camera | null = null;
  private framesSinceRender = 0;
  private canvasTransformed = false;
  private readonly overlayState: OverlayState = { band: null, preview: null, selectedCurves: [], hoverCurve: null, hoverPort: null };
  private hoverKey = '';
  private drag: { ids: string[]; slots: Set<number>; dx: number; dy: number } | null = null;
  private idleWaiters: Array<() => void> = [];
  private pendingFocus: string | null = null;
  private readonly zoomState = observable({ scale: 1 });
  private readonly stats = { frames: 0, compositedFrames: 0, frameWorkMs: [] as number[], renderWorkMs: [] as number[], edgesRedrawn: [] as number[], queryRoundTripMs: [] as number[], queryWorkerMs: [] as number[] };
  private lastFrameTime = 0;
  private readonly resizeObserver: ResizeObserver;

  constructor(container: HTMLElement, opts: CanvasOptions) {
    this.doc = opts.document;
    this.opts = opts;
    this.types = new TypeCache(opts.nodeTypes, () => this.typesChanged());
    this.edges = new EdgeLayer(this.geometry, { items: (e) => this.edgeItems(e) });
    this.boxes = new BoxLayer(this.geometry, { color: (n) => this.boxColor(n) });

    this.root = document.createElement('div');
    this.root.className = 'sy-canvas';
    this.root.dataset.testid = 'canvas-root';
    Object.assign(this.root.style, { position: 'relative', width: '100%', height: '100%', overflow: 'hidden', touchAction: 'none', userSelect: 'none', background: '#' + THEME.background.toString(16) });
    this.canvasEl = document.createElement('canvas');
    this.canvasEl.dataset.testid = 'canvas';
    this.canvasEl.tabIndex = 0;
    this.canvasEl.setAttribute('aria-label', 'Workflow canvas; nodes are listed in the region that follows');
    Object.assign(this.canvasEl.style, { position: 'absolute', left: `${-OVERSCAN_PX}px`, top: `${-OVERSCAN_PX}px`, outline: 'none', display: 'block', transformOrigin: '0 0' });
    this.mirror = new A11yMirror((id, el) => this.onMirrorFocus(id, el));
    this.root.append(this.canvasEl, this.mirror.region, this.hint.el);
    container.appendChild(this.root);

    this.stage.eventMode = 'none';
    this.stage.interactiveChildren = false;
    this.world.addChild(this.stickies, this.edges.chunksLayer, this.boxes.layer, this.nodesLayer, this.edges.live, this.edges.labelsLayer, this.dragLayer, this.overlay.g);
    this.dragLayer.addChild(this.edges.dragEdges, this.boxes.dragBoxes);

    this.spatial = opts.workerBaseUrl ? this.startWorker(opts.workerBaseUrl) : localSpatial(this.geometry.state);

    this.viewport = new Viewport(this.root, (c) => this.onCamera(c));
    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.resizeObserver.observe(this.root);
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
      this.queryInFlight = false;
      this.covered = null;
      this.opts.callbacks.onError(`${message}; continuing without it`);
      this.invalidate();
    });
  }

  private async init(): Promise<void> {
    try {
      const resolution = window.devicePixelRatio || 1;
      this.renderer = await autoDetectRenderer({
        preference: 'webgl',
        canvas: this.canvasEl,
        width: Math.max(1, this.root.clientWidth) + 2 * OVERSCAN_PX,
        height: Math.max(1, this.root.clientHeight) + 2 * OVERSCAN_PX,
        resolution,
        autoDensity: true,
        antialias: false,
        background: THEME.background,
        powerPreference: 'high-performance',
        eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
      });
      // Pixi sizes its batch shader for every texture unit (32 under SwiftShader): each
      // fragment then walks a chain of 32 branches. The canvas uses four textures (white,
      // icon atlas, two font pages), and a four-way shader halves the render time of a
      // software-rasterised frame (measured: 233 -> 133 ms for 100 nodes at 100 %).
      limitBatchTextures(this.renderer);
      if (this.destroyed) {
        this.renderer.destroy();
        return;
      }
      installFonts(resolution);
      this.atlas = new IconAtlas();
      this.background = new Background();
      this.world.addChildAt(this.background.g, 0);
      this.stage.addChild(this.world);
      this.onResize();
      this.warmUp();
      this.disposeSync = syncDocument(this.doc, this);
      this.invalidate();
      await this.whenIdle();
    } catch (e) {
      const message = `The canvas could not start WebGL: ${e instanceof Error ? e.message : String(e)}`;
      this.opts.callbacks.onError(message);
      throw new Error(message);
    }
  }

  /**
   * Renders one of each kind of display object out of sight, so shader compilation and texture
   * uploads happen while the workflow is still loading rather than in its first frame.
   */
  private warmUp(): void {
    const probe = new NodeView();
    probe.apply({
      x: -1e6, y: -1e6, w: 100, h: 100, shape: 'regular', state: 'success', selected: false, label: 'Warm up', icon: 'fa:code',
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

  nodeAdded(n: CanvasNode): void {
    this.geometry.setNode(n.id, nodeRecord(n, this.types.get(n.type, n.typeVersion)));
    this.invalidate();
  }

  nodeRemoved(n: CanvasNode): void {
    const slot = this.geometry.nodes.slotOf(n.id);
    if (slot === undefined) return;
    for (const e of [...this.geometry.incidentEdges(slot)]) this.edges.hide(e);
    this.hideNode(slot);
    this.visibleNodes.delete(slot);
    this.geometry.removeNode(n.id);
    this.mirror.remove(n.id);
    this.invalidate();
  }

  nodeChanged(n: CanvasNode, field: string): void {
    const slot = this.geometry.nodes.slotOf(n.id);
    if (slot === undefined) return;
    switch (field) {
      case 'x':
      case 'y':
        this.geometry.moveNode(slot, n.x, n.y);
        for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
        this.boxes.invalidate(slot);
        this.overlayDirty = true;
        break;
      case 'parameters':
      case 'typeVersion':
        this.geometry.setNode(n.id, nodeRecord(n, this.types.get(n.type, n.typeVersion)));
        for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
        break;
      case 'itemCount':
      case 'disabled':
        for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
        break;
    }
    this.dirtyNodes.add(slot);
    this.invalidate();
  }

  connectionAdded(c: { id: string; sourceId: string; sourceOutput: number; targetId: string; targetInput: number }): void {
    const slot = this.geometry.addEdge(c.id, c.sourceId, c.sourceOutput, c.targetId, c.targetInput);
    if (slot === undefined) return;
    this.touchNodeId(c.sourceId);
    this.invalidate();
  }

  connectionRemoved(c: { id: string; sourceId: string }): void {
    const slot = this.geometry.edges.slotOf(c.id);
    if (slot === undefined) return;
    this.edges.hide(slot);
    this.geometry.removeEdge(c.id);
    this.touchNodeId(c.sourceId);
    this.overlayDirty = true;
    this.invalidate();
  }

  nodeSelectionChanged(id: string): void {
    this.touchNodeId(id);
    if (this.doc.selection.has(id)) this.mirror.setFocusable(id);
    this.invalidate();
  }

  connectionSelectionChanged(): void {
    this.overlayDirty = true;
    this.invalidate();
  }

  pinDataChanged(names: string[]): void {
    const set = new Set(names);
    for (const slot of this.visibleNodes) {
      const n = this.nodeAt(slot);
      if (n && set.has(n.name)) this.dirtyNodes.add(slot);
    }
    this.invalidate();
  }

  /** Node types resolved differently (they arrived or changed): re-measure and restyle all. */
  private typesChanged(): void {
    for (const n of this.doc.nodes.values()) {
      const slot = this.geometry.setNode(n.id, nodeRecord(n, this.types.get(n.type, n.typeVersion)));
      for (const e of this.geometry.incidentEdges(slot)) this.edges.invalidate(e);
      this.boxes.invalidate(slot);
    }
    for (const s of this.visibleNodes) this.dirtyNodes.add(s);
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
    return id === undefined ? undefined : this.doc.nodes.get(id);
  }

  private edgeItems(e: number): number {
    const { source, output } = this.geometry.edgeEnds(e);
    const n = this.nodeAt(source);
    return n && !n.disabled ? n.itemCount[output] ?? 0 : 0;
  }

  private pinned(n: CanvasNode): boolean {
    return this.doc.pinData[n.name] !== undefined;
  }

  private boxColor(slot: number): number | null {
    const n = this.nodeAt(slot);
    if (!n) return null;
    if (this.doc.selection.has(n.id)) return THEME.selection;
    const state = nodeState(n, this.pinned(n));
    return state === 'idle' ? null : stateColor(state)!;
  }

  // ---- frame loop ----

  private invalidate(): void {
    if (this.frameRequested || this.destroyed) return;
    this.frameRequested = true;
    requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number): void => {
    this.frameRequested = false;
    if (this.destroyed || !this.renderer || !this.atlas || !this.background) return;
    const t0 = performance.now();
    const cam = this.viewport.camera;

    const patch = this.geometry.takePatch();
    if (patch) this.spatial.patch(patch);
    this.updateCulling(cam);

    const lod = lodForScale(cam.k);
    if (lod !== this.lod) this.switchLod(lod);
    this.edges.setLod(lod, lod === 'full' && edgeLabelsVisible(cam.k));
    if (lod === 'boxes') this.boxes.setScale(cam.k);

    let changed = this.sceneDirty;
    this.sceneDirty = false;
    // While the visible set is stale for this camera (zoomed in from an overview, say), new
    // views wait for the culling answer instead of being made for nodes about to leave.
    const stale = this.lod !== 'boxes' && needsQuery(this.covered, visibleRect(cam, this.width, this.height), cam.k);
    const deferred: number[] = [];
    for (const slot of this.dirtyNodes) {
      if (stale && !this.views.has(slot)) deferred.push(slot);
      else {
        this.refreshNode(slot);
        changed = true;
      }
    }
    this.dirtyNodes.clear();
    for (const slot of deferred) this.dirtyNodes.add(slot);
    if (this.edges.flush()) changed = true;
    if (this.boxes.flush()) changed = true;
    if (this.overlayDirty) {
      this.drawOverlay(cam);
      changed = true;
    }
    if (this.cameraChanged) {
      this.mirror.setCamera(cam);
      this.cameraChanged = false;
    }
    let animating = false;
    const dt = this.lastFrameTime ? now - this.lastFrameTime : 16;
    for (const v of this.views.values()) {
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
    const settled = this.prevFrameCamera !== null && sameCamera(cam, this.prevFrameCamera);
    this.prevFrameCamera = cam;
    let rendered = false;
    if (!changed && !animating && rc && !sameCamera(cam, rc) && !settled && this.framesSinceRender < PAN_RENDER_EVERY_FRAMES && this.composite(cam, rc)) {
      this.stats.compositedFrames++;
      this.framesSinceRender++;
      this.invalidate(); // come back to render once the camera settles
    } else if (changed || animating || !rc || !sameCamera(cam, rc)) {
      if (this.background.update(this.renderedRect(cam), cam.k)) changed = true;
      this.world.position.set(cam.x + OVERSCAN_PX, cam.y + OVERSCAN_PX);
      this.world.scale.set(cam.k);
      if (rc && !sameCamera(cam, rc) || this.canvasTransformed) {
        this.overlayDirty = false;
        this.drawOverlay(cam);
      }
      this.renderer.render(this.stage);
      this.renderedCamera = cam;
      this.framesSinceRender = 0;
      if (this.canvasTransformed) {
        this.canvasEl.style.transform = '';
        this.canvasTransformed = false;
      }
      rendered = true;
      this.stats.frames++;
    }
    pushBounded(this.stats.frameWorkMs, performance.now() - t0);
    if (rendered) {
      pushBounded(this.stats.renderWorkMs, performance.now() - t0);
      pushBounded(this.stats.edgesRedrawn, this.edges.redrawnLastFlush);
    }

    const busy = this.queryInFlight || this.dirtyNodes.size > 0;
    if (animating) this.invalidate();
    else this.lastFrameTime = 0;
    if (!busy && !this.needsRequery(cam) && this.renderedCamera && sameCamera(cam, this.renderedCamera) && this.idleWaiters.length) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  };

  /** Shows camera `cam` by transforming the bitmap rendered at `rc`; false when that would show gaps. */
  private composite(cam: Camera, rc: Camera): boolean {
    const s = cam.k / rc.k;
    if (s < 0.8 || s > 1.25) return false;
    const tx = cam.x - (OVERSCAN_PX + rc.x) * s + OVERSCAN_PX;
    const ty = cam.y - (OVERSCAN_PX + rc.y) * s + OVERSCAN_PX;
    const limit = OVERSCAN_PX * 0.9;
    if (Math.abs(tx) > limit || Math.abs(ty) > limit) return false;
    this.canvasEl.style.transform = s === 1 ? `translate(${tx}px, ${ty}px)` : `translate(${tx}px, ${ty}px) scale(${s})`;
    this.canvasTransformed = true;
    return true;
  }

  /** World rectangle covered by the canvas bitmap (the view plus the overscan margin). */
  private renderedRect(cam: Camera): Rect {
    return visibleRect({ x: cam.x + OVERSCAN_PX, y: cam.y + OVERSCAN_PX, k: cam.k }, this.width + 2 * OVERSCAN_PX, this.height + 2 * OVERSCAN_PX);
  }

  private needsRequery(cam: Camera): boolean {
    const vp = visibleRect(cam, this.width, this.height);
    return needsQuery(this.covered, vp, cam.k) || this.queryVersion !== this.geometry.version;
  }

  private updateCulling(cam: Camera): void {
    if (this.queryInFlight || this.width === 0) return;
    if (!this.needsRequery(cam)) return;
    const rect = expandRect(visibleRect(cam, this.width, this.height), CULL_MARGIN);
    const version = this.geometry.version;
    const scale = cam.k;
    this.queryInFlight = true;
    const sent = performance.now();
    const client = this.spatial;
    client.query(rect).then(
      (answer) => {
        if (this.destroyed || client !== this.spatial) return;
        this.queryInFlight = false;
        pushBounded(this.stats.queryRoundTripMs, performance.now() - sent);
        pushBounded(this.stats.queryWorkerMs, answer.workerMs);
        this.queryVersion = version;
        this.covered = { rect, scale };
        this.applyVisible(answer);
        this.invalidate();
      },
      (e: unknown) => {
        this.queryInFlight = false;
        this.opts.callbacks.onError(`Culling query failed: ${e instanceof Error ? e.message : String(e)}`);
      },
    );
  }

  private applyVisible(answer: QueryResult): void {
    // Answers can name slots freed since the query was sent; drop those.
    const nodes = answer.nodes.filter((s) => this.geometry.nodes.idOf(s) !== undefined);
    const edges = answer.edges.filter((s) => this.geometry.edges.idOf(s) !== undefined);
    this.lastAnswer = { nodes, edges };
    const nd = diffVisible(this.visibleNodes, nodes, this.mark);
    for (const s of nd.exited) {
      if (this.drag?.slots.has(s)) continue;
      this.visibleNodes.delete(s);
      this.hideNode(s);
      const id = this.geometry.nodes.idOf(s);
      if (id) this.mirror.remove(id);
    }
    for (const s of nd.entered) {
      this.visibleNodes.add(s);
      this.dirtyNodes.add(s);
    }
    this.sceneDirty = true;
    const ed = diffVisible(this.edges.visibleSlots() as Set<number>, edges, this.mark);
    for (const e of ed.exited) this.edges.hide(e);
    for (const e of ed.entered) this.edges.show(e);
    this.syncMirrorMembership();
  }

  /** Shows or redraws one visible node at the current level of detail. */
  private refreshNode(slot: number): void {
    if (!this.visibleNodes.has(slot)) return;
    const n = this.nodeAt(slot);
    if (!n) return;
    const o = slot * NODE_STRIDE;
    const s = this.geometry.state.nodes;
    const sticky = (s[o + N_FLAGS] & FLAG_STICKY) !== 0;
    const selected = this.doc.selection.has(n.id);
    const record = { x: n.x, y: n.y, w: s[o + N_W], h: s[o + N_H], inputs: s[o + 4], outputs: s[o + 5], flags: s[o + N_FLAGS] };
    if (sticky) {
      const v = this.viewFor(slot, true) as StickyView;
      v.apply(stickyAppearance(n, record, selected), this.lod);
    } else if (this.lod === 'boxes') {
      this.boxes.show(slot);
    } else {
      const pinned = this.pinned(n);
      const state = nodeState(n, pinned);
      let plusMask = 0;
      if (!this.opts.readOnly) for (let i = 0; i < Math.min(31, record.outputs); i++) if (!this.geometry.outputConnected(slot, i)) plusMask |= 1 << i;
      const v = this.viewFor(slot, false) as NodeView;
      v.apply(nodeAppearance(n, this.types.get(n.type, n.typeVersion), record, state, selected, plusMask), this.lod, this.atlas!);
    }
    if (this.mirror.has(n.id) || this.mirror.size < MIRROR_MAX) {
      this.mirror.put({ id: n.id, name: n.name, label: mirrorLabel(n, this.pinned(n)), x: n.x, y: n.y, w: record.w, h: record.h, selected });
    }
  }

  private viewFor(slot: number, sticky: boolean): View {
    let v = this.views.get(slot);
    if (v) return v;
    if (sticky) {
      const sv = this.stickyPool.pop() ?? new StickyView();
      this.stickies.addChild(sv.root);
      v = sv;
    } else {
      const nv = this.nodePool.pop() ?? new NodeView();
      (this.drag?.slots.has(slot) ? this.dragLayer : this.nodesLayer).addChild(nv.root);
      v = nv;
    }
    v.slot = slot;
    v.nodeId = this.geometry.nodes.idOf(slot) ?? '';
    this.views.set(slot, v);
    return v;
  }

  private hideNode(slot: number): void {
    this.sceneDirty = true;
    this.boxes.hide(slot);
    const v = this.views.get(slot);
    if (!v) return;
    this.views.delete(slot);
    v.root.removeFromParent();
    v.reset();
    const pool: View[] = v instanceof NodeView ? this.nodePool : this.stickyPool;
    if (pool.length < MAX_POOLED_VIEWS) pool.push(v);
    else v.destroy();
  }

  private switchLod(lod: Lod): void {
    this.sceneDirty = true;
    const wasBoxes = this.lod === 'boxes';
    this.lod = lod;
    if (lod === 'boxes' && !wasBoxes) {
      // Regular nodes become batched boxes; their views go back to the pool.
      for (const [slot, v] of [...this.views]) if (v instanceof NodeView) this.hideNode(slot);
    } else if (lod !== 'boxes' && wasBoxes) {
      this.boxes.hideAll();
    }
    for (const s of this.visibleNodes) this.dirtyNodes.add(s);
  }

  /** Keeps the mirror to the visible nodes, at most MIRROR_MAX of them, nearest the centre first. */
  private syncMirrorMembership(): void {
    const cam = this.viewport.camera;
    let slots = [...this.visibleNodes];
    if (slots.length > MIRROR_MAX) {
      const c = screenToWorld(cam, this.width / 2, this.height / 2);
      const s = this.geometry.state.nodes;
      const d = (slot: number) => (s[slot * NODE_STRIDE + N_X] - c.x) ** 2 + (s[slot * NODE_STRIDE + N_Y] - c.y) ** 2;
      slots = slots.map((slot) => [d(slot), slot]).sort((a, b) => a[0] - b[0]).slice(0, MIRROR_MAX).map((p) => p[1]);
    }
    const keep = new Set<string>();
    for (const slot of slots) {
      const id = this.geometry.nodes.idOf(slot);
      if (id) keep.add(id);
    }
    for (const id of [...this.mirror.ids()]) if (!keep.has(id)) this.mirror.remove(id);
    for (const slot of slots) {
      const id = this.geometry.nodes.idOf(slot);
      if (id && !this.mirror.has(id)) this.dirtyNodes.add(slot);
    }
  }

  private drawOverlay(cam: Camera): void {
    const st = this.overlayState;
    st.selectedCurves = [];
    for (const id of this.doc.selectedConnections) {
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

  private zoomToFit(): void {
    this.viewport.set(fitCamera(contentBounds(this.geometry.state), this.width, this.height));
  }

  // ---- input ----

  private bindInput(): DomInput {
    return new DomInput(this.root, {
      camera: () => this.viewport.camera,
      pointer: (input, e) => {
        if (input.type === 'down') {
          if (!(e.target instanceof HTMLElement && e.target.dataset.nodeId)) this.canvasEl.focus({ preventScroll: true });
          this.hint.hide(true);
        }
        this.feed(input);
        if (input.type === 'move' && this.machine.stateName === 'idle') this.updateHover(input);
      },
      doubleClick: (wx, wy) => {
        const t = this.target(wx, wy);
        if (t.kind === 'node') this.opts.callbacks.openNode(t.nodeId);
      },
      key: (e) => this.onKey(e),
      leave: () => this.clearHover(),
    });
  }

  private hit(wx: number, wy: number): Hit | null {
    const ports = this.lod === 'full' && !this.opts.readOnly;
    return hitTest(this.geometry.state, wx, wy, { scale: this.viewport.camera.k, ports }, this.lastAnswer);
  }

  private target(wx: number, wy: number): Target {
    const h = this.hit(wx, wy);
    if (!h) return { kind: 'background' };
    if (h.kind === 'edge') {
      const id = this.geometry.edges.idOf(h.slot);
      return id ? { kind: 'edge', edgeId: id } : { kind: 'background' };
    }
    const nodeId = this.geometry.nodes.idOf(h.slot);
    if (!nodeId) return { kind: 'background' };
    switch (h.kind) {
      case 'input': return { kind: 'input', nodeId, index: h.index };
      case 'output': return { kind: 'output', nodeId, index: h.index, plus: false };
      case 'plus': return { kind: 'output', nodeId, index: h.index, plus: true };
      case 'sticky': return { kind: 'node', nodeId, sticky: true };
      default: return { kind: 'node', nodeId, sticky: false };
    }
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
      for (const c of this.doc.connections.values()) {
        if (c.sourceId === a && c.sourceOutput === out && c.targetId === b && c.targetInput === inp) return true;
      }
      return false;
    },
    outputConnected: (id, output) => {
      const slot = this.geometry.nodes.slotOf(id);
      return slot !== undefined && this.geometry.outputConnected(slot, output);
    },
    readOnly: false,
  };

  private feed(input: PointerInput): void {
    const effects = this.machine.handle(input, this.machineContext());
    if (effects.length) this.apply(effects);
  }

  private machineContext(): MachineContext {
    return this.opts.readOnly ? { ...this.ctx, readOnly: true } : this.ctx;
  }

  private readonly apply = action((effects: Effect[]) => {
    for (const fx of effects) {
      switch (fx.type) {
        case 'select': this.doc.select(fx.ids, fx.mode); break;
        case 'selectConnection': this.doc.selectConnections([fx.id], fx.mode); break;
        case 'clearSelection': this.doc.clearSelection(); break;
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
            runInAction(() => {
              if (fx.additive) this.doc.select(ids, 'add');
              else this.doc.select(ids, 'replace');
            });
          }, (e: unknown) => this.opts.callbacks.onError(`Selection failed: ${e instanceof Error ? e.message : String(e)}`));
          break;
        }
        case 'connectPreview': this.previewConnection(fx.from, fx.x, fx.y, fx.target); break;
        case 'connectEnd':
          this.overlayState.preview = null;
          this.overlayDirty = true;
          this.invalidate();
          break;
        case 'connect': this.doc.connect(fx.sourceId, fx.sourceOutput, fx.targetId, fx.targetInput); break;
        case 'addNode': this.opts.callbacks.requestAddNode({ fromNodeId: fx.fromNodeId, fromOutput: fx.fromOutput, position: fx.position }); break;
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
    this.overlayState.preview = { sx: a[0], sy: a[1], tx: b ? b[0] : x, ty: b ? b[1] : y, reversed: from.side === 'input', snapped: !!b };
    this.overlayDirty = true;
    this.invalidate();
  }

  private dragTo(ids: string[], dx: number, dy: number): void {
    if (!this.drag) {
      const slots = new Set<number>();
      for (const id of ids) {
        const s = this.geometry.nodes.slotOf(id);
        if (s !== undefined) slots.add(s);
      }
      this.drag = { ids, slots, dx: 0, dy: 0 };
      for (const s of slots) {
        const v = this.views.get(s);
        if (v instanceof NodeView) this.dragLayer.addChild(v.root);
        else if (v) this.dragLayer.addChildAt(v.root, 0);
      }
      this.edges.beginDrag(slots);
      this.boxes.beginDrag(slots);
    }
    this.drag.dx = dx;
    this.drag.dy = dy;
    this.sceneDirty = true;
    this.dragLayer.position.set(dx, dy);
    this.edges.drag(dx, dy);
    this.overlayDirty = true;
    this.invalidate();
  }

  private endDrag(): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    for (const s of d.slots) {
      const v = this.views.get(s);
      if (v instanceof NodeView) this.nodesLayer.addChild(v.root);
      else if (v) this.stickies.addChild(v.root);
    }
    this.dragLayer.position.set(0, 0);
    this.sceneDirty = true;
    this.edges.endDrag();
    for (const s of this.boxes.endDrag()) this.boxes.show(s);
    this.overlayDirty = true;
    this.invalidate();
  }

  private updateHover(input: PointerInput): void {
    const h = this.hit(input.wx, input.wy);
    const key = h ? `${h.kind}:${h.slot}:${h.index}` : '';
    if (key === this.hoverKey) return;
    this.hoverKey = key;
    const st = this.overlayState;
    st.hoverCurve = null;
    st.hoverPort = null;
    if (h?.kind === 'edge') {
      st.hoverCurve = new Float64Array(8);
      this.edges.curveOf(h.slot, st.hoverCurve);
    } else if (h && (h.kind === 'input' || h.kind === 'output' || h.kind === 'plus')) {
      const p = [0, 0];
      if (h.kind === 'input') inputPoint(this.geometry.state.nodes, h.slot, h.index, p);
      else outputPoint(this.geometry.state.nodes, h.slot, h.index, p);
      if (h.kind === 'plus') p[0] += PLUS_CENTER_DX;
      st.hoverPort = { x: p[0], y: p[1], r: h.kind === 'plus' ? PLUS_SIZE * 0.75 : 12 };
    }
    if (h?.kind === 'plus') {
      this.hint.showSoon(() => {
        const p = [0, 0];
        outputPoint(this.geometry.state.nodes, h.slot, h.index, p);
        return worldToScreen(this.viewport.camera, p[0] + PLUS_CENTER_DX, p[1] - PLUS_SIZE / 2);
      });
    } else this.hint.hide(false);
    this.overlayDirty = true;
    this.invalidate();
  }

  private clearHover(): void {
    if (!this.hoverKey) return;
    this.hoverKey = '';
    this.overlayState.hoverCurve = null;
    this.overlayState.hoverPort = null;
    this.hint.hide(false);
    this.overlayDirty = true;
    this.invalidate();
  }

  private onKey(e: KeyboardEvent): void {
    const cmd = commandForKey(e);
    if (!cmd) return;
    const ro = !!this.opts.readOnly;
    switch (cmd) {
      case 'delete': {
        if (ro) return;
        const ids = [...this.doc.selection];
        const conns = [...this.doc.selectedConnections];
        if (ids.length) {
          if (this.opts.callbacks.onDeleteRequest) this.opts.callbacks.onDeleteRequest(ids);
          else runInAction(() => this.doc.removeNodes(ids));
        }
        if (conns.length) runInAction(() => this.doc.disconnect(conns));
        if (!ids.length && !conns.length) return;
        break;
      }
      case 'open': {
        const id = this.doc.lastSelectedId && this.doc.selection.has(this.doc.lastSelectedId) ? this.doc.lastSelectedId : this.doc.selection.size === 1 ? [...this.doc.selection][0] : undefined;
        if (!id) return;
        this.opts.callbacks.openNode(id);
        break;
      }
      case 'zoomIn': this.viewport.scaleBy(ZOOM_STEP); break;
      case 'zoomOut': this.viewport.scaleBy(1 / ZOOM_STEP); break;
      case 'resetZoom': this.resetZoom(); break;
      case 'zoomToFit': this.zoomToFit(); break;
      case 'selectAll': runInAction(() => this.doc.select([...this.doc.nodes.keys()], 'replace')); break;
      case 'cancel': {
        const fx = this.machine.cancel(this.machineContext());
        if (!fx.length) return;
        this.apply(fx);
        break;
      }
    }
    e.preventDefault();
    e.stopPropagation();
  }

  private onMirrorFocus(id: string, el: HTMLElement): void {
    // Keyboard focus selects the node; a pointer press selects through the machine instead.
    if (this.input.pointerDown || this.doc.selection.has(id)) return;
    runInAction(() => this.doc.select([id], 'replace'));
    el.scrollIntoView?.({ block: 'nearest' });
  }

  private resetZoom(): void {
    const cam = this.viewport.camera;
    const c = screenToWorld(cam, this.width / 2, this.height / 2);
    this.viewport.set(centreOn(c.x, c.y, 1, this.width, this.height));
  }

  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.invalidate();
    });
  }

  private makeHandle(): CanvasHandle {
    return {
      ready: Promise.resolve(),
      zoom: this.zoomState,
      zoomToFit: () => this.zoomToFit(),
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
      viewportCenterWorld: () => {
        const p = screenToWorld(this.viewport.camera, this.width / 2, this.height / 2);
        return [p.x, p.y];
      },
      focusNode: (id) => {
        const n = this.doc.nodes.get(id);
        const slot = this.geometry.nodes.slotOf(id);
        if (!n || slot === undefined) return;
        const o = slot * NODE_STRIDE;
        const s = this.geometry.state.nodes;
        const k = Math.max(this.viewport.camera.k, 1);
        this.viewport.set(centreOn(s[o] + s[o + 2] / 2, s[o + 1] + s[o + 3] / 2, k, this.width, this.height));
        runInAction(() => this.doc.select([id], 'replace'));
        this.pendingFocus = id;
        this.invalidate();
      },
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
      displayedNodes: this.lod === 'boxes' ? this.boxes.size + this.views.size : this.views.size,
      displayedEdges: this.edges.displayedCount,
      lod: this.lod,
      spatial: this.spatial.kind,
    };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.disposeSync?.();
    this.types.destroy();
    this.input.destroy();
    this.hint.destroy();
    this.resizeObserver.disconnect();
    this.viewport.destroy();
    this.spatial.destroy();
    this.edges.destroy();
    this.boxes.destroy();
    for (const v of this.views.values()) v.destroy();
    for (const v of this.nodePool) v.destroy();
    for (const v of this.stickyPool) v.destroy();
    this.views.clear();
    this.background?.destroy();
    this.atlas?.destroy();
    this.renderer?.destroy();
    this.mirror.destroy();
    this.root.remove();
    for (const w of this.idleWaiters) w();
    this.idleWaiters = [];
  }
}

/** Textures one batch may sample; see init(). Set before the first render builds the shaders. */
const BATCH_TEXTURES = 4;

function limitBatchTextures(r: Renderer): void {
  const limits = (r as { limits?: { maxBatchableTextures?: number } }).limits;
  if (limits && typeof limits.maxBatchableTextures === 'number') limits.maxBatchableTextures = Math.min(limits.maxBatchableTextures, BATCH_TEXTURES);
}

function rendererKind(r: Renderer | null): RendererKind {
  if (!r) return 'none';
  if (r.type === RendererType.WEBGL) return 'webgl';
  if (r.type === RendererType.WEBGPU) return 'webgpu';
  return 'canvas';
}

function pushBounded(list: number[], v: number): void {
  list.push(v);
  if (list.length > STATS_WINDOW) list.splice(0, list.length - STATS_WINDOW);
}
