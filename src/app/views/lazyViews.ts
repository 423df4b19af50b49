// The views that draw a workflow (the editor, a past execution, the demo view) with their
// canvas, Pixi and the node details view: loaded on first use, so the gallery, the lists, the
// settings and the sign-in pages start without parsing them. The page whose address is one of
// them starts loading it at once, beside the startup requests (see main.tsx).
import type { ComponentType } from 'react';
import { lazyView } from './lazyView.tsx';

/**
 * A canvas view: with its module, the canvas's WebGL renderer starts being made (createRenderer.ts
 * prewarmCanvas), before the view can mount, so that its canvas takes that renderer rather than
 * making a second one.
 */
function canvasView<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyView(() => Promise.all([load(), import('../../canvas/createRenderer.ts')]).then(([view, renderer]) => (renderer.prewarmCanvas(), view)));
}

const nodeView = canvasView<{ templateId?: string }>(() => import('./NodeView.tsx').then((m) => m.NodeView));
const executionView = canvasView(() => import('./ExecutionView.tsx').then((m) => m.ExecutionView));
const demoView = canvasView(() => import('./WorkflowDemoView.tsx').then((m) => m.WorkflowDemoView));
const wallView = canvasView(() => import('../wall/WallView.tsx').then((m) => m.WallView));

export const NodeView = nodeView.View;
export const ExecutionView = executionView.View;
export const WorkflowDemoView = demoView.View;
export const WallView = wallView.View;

/** Starts loading the view `path` (below the base path) will show, if it is one of these. */
export function preloadViewFor(path: string): void {
  const view = /^\/(workflow(\/|$)|workflows\/templates\/)/.test(path) ? nodeView : path.startsWith('/execution/') ? executionView : path.startsWith('/workflows/demo') ? demoView : path === '/wall' ? wallView : undefined;
  if (view) void view.load().catch(() => undefined);
}

/**
 * Loads the editor a while after the page opened, when the browser is idle, so the first click
 * into it does not wait. Not sooner: an idle moment comes while the page still waits for its own
 * data, and parsing the editor then delayed the gallery's cards by 300+ ms.
 */
export function preloadEditorWhenIdle(): void {
  setTimeout(() => {
    const go = () => void nodeView.load().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: 10_000 });
    else go();
  }, EDITOR_PRELOAD_DELAY_MS);
}

const EDITOR_PRELOAD_DELAY_MS = 3_000;
