// The spatial worker: owns the full index of a workflow's node boxes and connection curves and
// answers culling and rubber-band queries off the main thread. Plain functions over plain data
// (comlink); the main thread sends only changed records.
import { expose, transfer } from 'comlink';
import { createSpatialState, patchEdges, patchNodes, queryRect, selectInRect, type QueryResult, type Rect } from './spatial/kernel.ts';

let state = createSpatialState();

export const spatialApi = {
  reset(): void {
    state = createSpatialState();
  },
  /** Applies changed node and connection records (see geometry.ts for the layout). */
  patch(nodeSlots: Int32Array, nodeValues: Float64Array, edgeSlots: Int32Array, edgeValues: Int32Array): void {
    patchNodes(state, nodeSlots, nodeValues);
    patchEdges(state, edgeSlots, edgeValues);
  },
  /** Culling: what meets the rectangle. Also reports how long the worker spent (ms). */
  query(rect: Rect): QueryResult & { workerMs: number } {
    const t0 = performance.now();
    const r = queryRect(state, rect);
    const result = { ...r, workerMs: performance.now() - t0 };
    return transfer(result, [r.nodes.buffer, r.edges.buffer]);
  },
  select(rect: Rect): Int32Array {
    const r = selectInRect(state, rect);
    return transfer(r, [r.buffer]);
  },
};

export type SpatialApi = typeof spatialApi;

expose(spatialApi);
