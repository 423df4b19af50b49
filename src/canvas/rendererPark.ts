// One WebGL renderer kept when a canvas goes away (leaving the editor for the gallery, the
// workflows list, another workflow): the next canvas of the page takes it, so it neither waits
// for a new context and its shaders, nor did the page wait for the old context to be freed
// (loseContext alone cost 70+ ms on a CPU-only machine, in the click that left the editor).
// Not taken within KEEP_MS, it is freed when the browser is idle.
import type { Renderer } from 'pixi.js';

const KEEP_MS = 30_000;

let parked: { renderer: Renderer; timer: ReturnType<typeof setTimeout> } | undefined;
/** A renderer being made ahead (prewarmRenderer): a canvas that starts meanwhile waits for it. */
let pending: { promise: Promise<Renderer | undefined>; taken: boolean } | undefined;

function lost(r: Renderer): boolean {
  const gl = (r as { gl?: WebGLRenderingContext }).gl;
  return !gl || gl.isContextLost();
}

function freeLater(r: Renderer): void {
  const free = () => r.destroy();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(free, { timeout: 5_000 });
  else setTimeout(free, 0);
}

/** Keeps `renderer` (its canvas already out of the page) for the next canvas. */
export function parkRenderer(renderer: Renderer): void {
  renderer.canvas.remove();
  if (lost(renderer)) return void renderer.destroy();
  if (parked) {
    clearTimeout(parked.timer);
    freeLater(parked.renderer);
  }
  const timer = setTimeout(() => {
    if (parked?.renderer !== renderer) return;
    parked = undefined;
    freeLater(renderer);
  }, KEEP_MS);
  parked = { renderer, timer };
}

/** The parked renderer when it suits `resolution` and still has its context; it is the caller's. */
export function takeParkedRenderer(resolution: number): Renderer | undefined {
  const p = parked;
  if (!p) return undefined;
  parked = undefined;
  clearTimeout(p.timer);
  if (p.renderer.resolution !== resolution || lost(p.renderer)) {
    freeLater(p.renderer);
    return undefined;
  }
  return p.renderer;
}

/** Makes a renderer for the next canvas now (none when one is parked or being made already). */
export function prewarmRenderer(create: () => Promise<Renderer>): void {
  if (parked || pending) return;
  const p: { promise: Promise<Renderer | undefined>; taken: boolean } = { promise: Promise.resolve(undefined), taken: false };
  p.promise = create().then(
    (r) => {
      if (pending === p) pending = undefined;
      if (p.taken) return r;
      parkRenderer(r);
      return undefined;
    },
    () => {
      if (pending === p) pending = undefined;
      return undefined;
    },
  );
  pending = p;
}

/** The renderer being made ahead, for the caller alone (undefined: none is). */
export function takePendingRenderer(): Promise<Renderer | undefined> | undefined {
  const p = pending;
  if (!p) return undefined;
  pending = undefined;
  p.taken = true;
  return p.promise;
}
