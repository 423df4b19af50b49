// The layout worker (tidy up): ELK's layered layout can take seconds on thousands of nodes, so
// it runs here and the editor's main thread only receives the positions.
import { expose } from 'comlink';
import { createElk } from './layout/elk.ts';
import { layoutWorkflow, type LayoutInput, type LayoutResult } from './layout/kernel.ts';

const elk = createElk();

export const layoutApi = {
  layout(input: LayoutInput): Promise<LayoutResult> {
    return layoutWorkflow(input, elk);
  },
};

export type LayoutApi = typeof layoutApi;

// Exposed only inside a worker, so tests can import the API.
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') expose(layoutApi);
