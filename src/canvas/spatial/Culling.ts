// Culling orchestration: when to ask the spatial kernel for what is visible (ahead of the view
// reaching the covered area's edge), the overview shortcut (the covered area holds all content:
// everything, on the main thread, no worker round trip), and the answers filtered to live slots
// (VisibleSet.accept). What enters and leaves is the host's to show and hide.
import { NODE_STRIDE, N_H, N_W, N_X, N_Y } from '../../../workers/spatial/geometry.ts';
import { contentBounds, everything, type QueryResult } from '../../../workers/spatial/kernel.ts';
import { visibleRect, type Camera } from '../kernels/camera.ts';
import { CULL_MARGIN, containsRect, expandRect } from '../kernels/culling.ts';
import { MAX_DETAILED_NODES } from '../kernels/lod.ts';
import type { GraphGeometry } from '../doc/GraphGeometry.ts';
import type { SpatialClient } from './SpatialClient.ts';
import type { VisibleChange, VisibleSet } from './VisibleSet.ts';

/** See needsRequery: the lead, as a fraction of the view's size (the margin is CULL_MARGIN). */
export const CULL_LEAD = 0.3;

export interface CullingHost {
  geometry: GraphGeometry;
  visible: VisibleSet;
  /** The current spatial client (the worker, or the main-thread kernel after it failed). */
  spatial(): SpatialClient;
  /** The view's size in CSS px. */
  size(): [number, number];
  /** Whether an answer from `client` still counts (the canvas lives and kept that client). */
  current(client: SpatialClient): boolean;
  /** Connection slots drawn now (kept by the edge layer). */
  edgesShown(): Set<number>;
  /** Nodes kept displayed even outside the answer (dragged or resized). */
  keep(slot: number): boolean;
  /** An answer was accepted: show what entered, hide what left. */
  changed(change: VisibleChange): void;
  /** A worker answer arrived (its timings; a frame is due). */
  answered(roundTripMs: number, workerMs: number): void;
  onError(message: string): void;
}

export class Culling {
  private readonly host: CullingHost;

  constructor(host: CullingHost) {
    this.host = host;
  }

  needsRequery(cam: Camera): boolean {
    // Asked ahead: when the view comes within CULL_LEAD of the covered area's edge, so that the
    // answer arrives while the new nodes are still in the margin (built a few per frame, off
    // screen) rather than after they entered the view (built at once, and a render forced).
    const [w, h] = this.host.size();
    return this.host.visible.stale(expandRect(visibleRect(cam, w, h), CULL_LEAD), cam.k, this.host.geometry.version);
  }

  /** Asks for the visible set when the covered area no longer does (one query in flight at most). */
  update(cam: Camera): void {
    const { visible, geometry } = this.host;
    const [w, h] = this.host.size();
    if (visible.inFlight || w === 0) return;
    if (!this.needsRequery(cam)) return;
    const view = visibleRect(cam, w, h);
    // An overview (the covered area holds all content, as after zoom to fit) needs no index:
    // everything is visible, answered now instead of a worker round trip (which, right after a
    // load, waits behind the worker's index build).
    const bounds = contentBounds(geometry.state);
    if (!bounds || containsRect(expandRect(view, CULL_MARGIN), bounds)) {
      visible.answered(view, cam.k, geometry.version);
      this.apply(everything(geometry.state));
      return;
    }
    const client = this.host.spatial();
    visible.query(
      client,
      view,
      cam.k,
      geometry.version,
      (answer, roundTrip) => {
        this.apply(answer);
        this.host.answered(roundTrip, answer.workerMs);
      },
      (e) => this.host.onError(`Culling query failed: ${e instanceof Error ? e.message : String(e)}`),
      () => this.host.current(client),
    );
  }

  /** Takes an answer; slots freed since the query was sent are dropped. */
  apply(answer: QueryResult): void {
    const { visible, geometry } = this.host;
    const change = visible.accept(
      answer,
      (s) => geometry.nodes.idOf(s) !== undefined,
      (s) => geometry.edges.idOf(s) !== undefined,
      this.host.edgesShown(),
      (s) => this.host.keep(s),
    );
    this.host.changed(change);
  }

  /**
   * Nodes of the last answer whose box meets the view, counted up to just past
   * MAX_DETAILED_NODES (the level of detail only needs to know whether there are more).
   */
  nodesInView(cam: Camera): number {
    const nodes = this.host.visible.answer.nodes;
    if (nodes.length <= MAX_DETAILED_NODES) return nodes.length;
    const [w, h] = this.host.size();
    const r = visibleRect(cam, w, h);
    const s = this.host.geometry.state.nodes;
    let n = 0;
    for (let i = 0; i < nodes.length && n <= MAX_DETAILED_NODES; i++) {
      const o = nodes[i] * NODE_STRIDE;
      if (s[o + N_X] <= r.maxX && s[o + N_X] + s[o + N_W] >= r.minX && s[o + N_Y] <= r.maxY && s[o + N_Y] + s[o + N_H] >= r.minY) n++;
    }
    return n;
  }
}
