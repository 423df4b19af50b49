// Culling state: what the last spatial answer says is visible, which area and scale it covers,
// and the one query in flight. The controller asks `needsQuery` each frame; when an answer
// arrives, `accept` returns what entered and left (nodes and connections).
import { CULL_MARGIN, diffVisible, expandRect, needsQuery, type CoveredQuery } from '../kernels/culling.ts';
import type { QueryResult, Rect } from '../../../workers/spatial/kernel.ts';
import type { SpatialClient } from './SpatialClient.ts';

export interface VisibleChange {
  enteredNodes: number[];
  exitedNodes: number[];
  enteredEdges: number[];
  exitedEdges: number[];
}

export class VisibleSet {
  /** Node slots of the last answer (candidates for pointer hit-testing). */
  readonly nodes = new Set<number>();
  /** The last answer, filtered to live slots. */
  answer: QueryResult = { nodes: new Int32Array(0), edges: new Int32Array(0) };
  covered: CoveredQuery | null = null;
  inFlight = false;
  /** Geometry version the last answer was computed for. */
  version = -1;
  private readonly mark = { buf: new Uint8Array(1024) };

  /** True when the view left the covered area, the zoom moved a lot, or the geometry changed. */
  stale(view: Rect, scale: number, geometryVersion: number): boolean {
    return needsQuery(this.covered, view, scale) || this.version !== geometryVersion;
  }

  /** Covered area lacks this view or scale (geometry changes aside). */
  outOfArea(view: Rect, scale: number): boolean {
    return needsQuery(this.covered, view, scale);
  }

  /**
   * Sends one query for the view plus the culling margin. `onAnswer` runs with the answer
   * (unless `isCurrent()` says the client was replaced meanwhile); errors go to `onError`.
   */
  query(client: SpatialClient, view: Rect, scale: number, geometryVersion: number, onAnswer: (a: QueryResult & { workerMs: number }, roundTripMs: number) => void, onError: (e: unknown) => void, isCurrent: () => boolean): void {
    const rect = expandRect(view, CULL_MARGIN);
    this.inFlight = true;
    const sent = performance.now();
    client.query(rect).then(
      (a) => {
        if (!isCurrent()) return;
        this.inFlight = false;
        this.version = geometryVersion;
        this.covered = { rect, scale };
        onAnswer(a, performance.now() - sent);
      },
      (e: unknown) => {
        this.inFlight = false;
        onError(e);
      },
    );
  }

  /** Marks the view (plus margin) as answered without a query (the caller has the answer). */
  answered(view: Rect, scale: number, geometryVersion: number): void {
    this.version = geometryVersion;
    this.covered = { rect: expandRect(view, CULL_MARGIN), scale };
  }

  /** Takes an answer: keeps slots `alive` says still exist and returns the differences. */
  accept(a: QueryResult, nodeAlive: (s: number) => boolean, edgeAlive: (s: number) => boolean, edgesShown: Set<number>, keep: (s: number) => boolean): VisibleChange {
    const nodes = a.nodes.filter(nodeAlive);
    const edges = a.edges.filter(edgeAlive);
    this.answer = { nodes, edges };
    const nd = diffVisible(this.nodes, nodes, this.mark);
    const exitedNodes: number[] = [];
    for (const s of nd.exited) {
      if (keep(s)) continue;
      this.nodes.delete(s);
      exitedNodes.push(s);
    }
    for (const s of nd.entered) this.nodes.add(s);
    const ed = diffVisible(edgesShown, edges, this.mark);
    return { enteredNodes: nd.entered, exitedNodes, enteredEdges: ed.entered, exitedEdges: ed.exited };
  }

  /** Forget the covered area (spatial client replaced). */
  reset(): void {
    this.inFlight = false;
    this.covered = null;
  }
}
