// The views that draw a workflow (the editor, a past execution, the demo view) with their
// canvas, Pixi and the node details view: loaded on first use, so the gallery, the lists, the
// settings and the sign-in pages start without parsing them. The page whose address is one of
// them starts loading it at once, beside the startup requests (see main.tsx).
import { lazy } from 'react';

const loadNodeView = () => import('./NodeView.tsx');
const loadExecutionView = () => import('./ExecutionView.tsx');
const loadDemoView = () => import('./WorkflowDemoView.tsx');
const loadWallView = () => import('../wall/WallView.tsx');

export const NodeView = lazy(() => loadNodeView().then((m) => ({ default: m.NodeView })));
export const ExecutionView = lazy(() => loadExecutionView().then((m) => ({ default: m.ExecutionView })));
export const WorkflowDemoView = lazy(() => loadDemoView().then((m) => ({ default: m.WorkflowDemoView })));
export const WallView = lazy(() => loadWallView().then((m) => ({ default: m.WallView })));

/**
 * Starts loading the view `path` (below the base path) will show, if it is one of these, and has
 * its canvas's WebGL renderer made meanwhile (createRenderer.ts prewarmCanvas).
 */
export function preloadViewFor(path: string): void {
  if (/^\/(workflow(\/|$)|workflows\/templates\/)/.test(path)) void loadNodeView().then((m) => m.prewarmCanvas());
  else if (path.startsWith('/execution/')) void loadExecutionView().then((m) => m.prewarmCanvas());
  else if (path.startsWith('/workflows/demo')) void loadDemoView();
  else if (path === '/wall') void loadWallView();
}

/**
 * Loads the editor a while after the page opened, when the browser is idle, so the first click
 * into it does not wait. Not sooner: an idle moment comes while the page still waits for its own
 * data, and parsing the editor then delayed the gallery's cards by 300+ ms.
 */
export function preloadEditorWhenIdle(): void {
  setTimeout(() => {
    const go = () => void loadNodeView();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: 10_000 });
    else go();
  }, EDITOR_PRELOAD_DELAY_MS);
}

const EDITOR_PRELOAD_DELAY_MS = 3_000;
