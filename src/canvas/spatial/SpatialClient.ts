// Access to the spatial index. The worker is the source of truth for culling and rubber-band
// queries (index builds and searches over the whole graph never run on the main thread); if
// no worker URL is given or the worker fails, the same kernel answers on the main thread.
import { wrap, transfer, type Remote } from 'comlink';
import { queryRect, selectInRect, type QueryResult, type Rect, type SpatialState } from '../../../workers/spatial/kernel.ts';
import type { SpatialApi } from '../../../workers/spatial.worker.ts';
import type { GeometryPatch } from '../doc/GraphGeometry.ts';

export interface SpatialClient {
  readonly kind: 'worker' | 'main-thread';
  patch(p: GeometryPatch): void;
  query(rect: Rect): Promise<QueryResult & { workerMs: number }>;
  select(rect: Rect): Promise<Int32Array>;
  destroy(): void;
}

/** Main-thread kernel over the canvas's own geometry (already patched by its writer). */
export function localSpatial(state: SpatialState): SpatialClient {
  return {
    kind: 'main-thread',
    patch() {},
    async query(rect) {
      const t0 = performance.now();
      const r = queryRect(state, rect);
      return { ...r, workerMs: performance.now() - t0 };
    },
    async select(rect) {
      return selectInRect(state, rect);
    },
    destroy() {},
  };
}

export function workerSpatial(url: string, onFailure: (message: string) => void): SpatialClient {
  const worker = new Worker(url, { type: 'module', name: 'spatial' });
  worker.addEventListener('error', (e) => onFailure(`Spatial worker failed: ${e.message || 'could not load ' + url}`));
  const api: Remote<SpatialApi> = wrap<SpatialApi>(worker);
  return {
    kind: 'worker',
    patch(p) {
      void api.patch(
        transfer(p.nodeSlots, [p.nodeSlots.buffer]),
        transfer(p.nodeValues, [p.nodeValues.buffer]),
        transfer(p.edgeSlots, [p.edgeSlots.buffer]),
        transfer(p.edgeValues, [p.edgeValues.buffer]),
      );
    },
    query: (rect) => api.query(rect),
    select: (rect) => api.select(rect),
    destroy() {
      worker.terminate();
    },
  };
}
