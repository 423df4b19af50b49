// One WebGL renderer kept when a canvas goes away (leaving the editor for the gallery, the
// workflows list, another workflow): the next canvas of the page takes it, so it neither waits
// for a new context and its shaders, nor did the page wait for the old context to be freed
// (loseContext alone cost 70+ ms on a CPU-only machine, in the click that left the editor).
// Not taken within KEEP_MS, it is freed when the browser is idle.
import type { Renderer } from 'pixi.js';

const KEEP_MS = 30_000;

let parked: { renderer: Renderer; timer: ReturnType<typeof setTimeout> } | undefined;

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
