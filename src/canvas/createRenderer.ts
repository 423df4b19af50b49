// Making the canvas's WebGL renderer: one place for the controller and for the renderer made
// ahead while an editor page waits for its data (prewarmCanvas, rendererPark.ts).
import { Graphics, autoDetectRenderer, type Renderer } from 'pixi.js';
import { THEME } from './scene/theme.ts';
import { prewarmRenderer } from './rendererPark.ts';

/** Textures one batch may sample; see createRenderer. Set before the first render builds the shaders. */
const BATCH_TEXTURES = 4;

/**
 * Pixi sizes its batch shader for every texture unit (32 under SwiftShader): each fragment then
 * walks a chain of 32 branches. The canvas uses four textures (white, icon atlas, two font
 * pages), and a four-way shader halves the render time of a software-rasterised frame
 * (measured: 233 -> 133 ms for 100 nodes at 100 %).
 */
function limitBatchTextures(r: Renderer): void {
  const limits = (r as { limits?: { maxBatchableTextures?: number } }).limits;
  if (limits && typeof limits.maxBatchableTextures === 'number') limits.maxBatchableTextures = Math.min(limits.maxBatchableTextures, BATCH_TEXTURES);
}

export async function createRenderer(canvas: HTMLCanvasElement, width: number, height: number, resolution: number): Promise<Renderer> {
  const renderer = await autoDetectRenderer({
    preference: 'webgl',
    canvas,
    width,
    height,
    resolution,
    autoDensity: true,
    antialias: false,
    background: THEME.background,
    powerPreference: 'high-performance',
    eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
  });
  limitBatchTextures(renderer);
  return renderer;
}

/**
 * An editor page that will show a workflow makes the renderer while its requests are out:
 * the WebGL context and the batch shader's compilation (a few hundred ms on a CPU-only machine)
 * then overlap the network instead of following it. The canvas takes it (rendererPark.ts).
 */
export function prewarmCanvas(): void {
  prewarmRenderer(async () => {
    const r = await createRenderer(document.createElement('canvas'), 64, 64, window.devicePixelRatio || 1);
    // One draw builds the batch pipeline with its four-texture shader.
    const probe = new Graphics().rect(0, 0, 8, 8).fill(THEME.edge);
    r.render(probe);
    probe.destroy();
    return r;
  });
}
