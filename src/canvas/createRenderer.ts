// Making the canvas's WebGL renderer: one place for the controller and for the renderer made
// ahead while an editor page waits for its data (prewarmCanvas, rendererPark.ts).
import { Container, DOMAdapter, GlLimitsSystem, Graphics, WebGLRenderer, autoDetectRenderer, type ICanvas, type Renderer } from 'pixi.js';
import { THEME } from './scene/theme.ts';
import { prewarmRenderer } from './rendererPark.ts';

/** Textures one batch may sample; see createRenderer. Set before the first render builds the shaders. */
const BATCH_TEXTURES = 4;

/**
 * Pixi sizes its batch and graphics shaders for every texture unit (32 under SwiftShader): each
 * fragment then walks a chain of 32 branches, and finding that count compiles a 32-branch probe
 * shader. The canvas uses four textures (white, icon atlas, two font pages), and a four-way
 * shader halves the render time of a software-rasterised frame (measured: 233 -> 133 ms for 100
 * nodes at 100 %). The limit is set where Pixi reads it, before any pipe builds a shader: the
 * graphics pipe builds its shader as the context starts, so clamping afterwards left it at 32
 * (the edges, drawn unbatched, ran a second 32-way program, compiled on the first frame).
 */
let limitsClamped = false;
export function clampBatchTextures(): void {
  if (limitsClamped) return;
  limitsClamped = true;
  type Limits = { _renderer: { gl: WebGL2RenderingContext; context: { webGLVersion: number } }; maxTextures: number; maxBatchableTextures: number; maxUniformBindings: number };
  (GlLimitsSystem.prototype as unknown as { contextChange(this: Limits): void }).contextChange = function (this: Limits) {
    const gl = this._renderer.gl;
    this.maxTextures = gl.getParameter(gl.MAX_TEXTURE_IMAGE_UNITS) as number;
    this.maxBatchableTextures = Math.min(this.maxTextures, BATCH_TEXTURES);
    this.maxUniformBindings = this._renderer.context.webGLVersion === 2 ? (gl.getParameter(gl.MAX_UNIFORM_BUFFER_BINDINGS) as number) : 0;
  };
}

/** The attributes Pixi's GlContextSystem asks for with the options below (opaque background). */
const CONTEXT_ATTRIBUTES: WebGLContextAttributes = { alpha: false, premultipliedAlpha: true, antialias: false, stencil: true, preserveDrawingBuffer: false, powerPreference: 'high-performance' };

/**
 * Pixi asks one question of a WebGL context of its own (getTestContext): the fragment shaders'
 * highest precision, as its first shader program is made, before the renderer has its context.
 * On a CPU-only machine that second context cost ~20 ms of the main thread and more of the GPU
 * process, in every page that opens a canvas. While our renderer starts, a WebGL context asked of
 * a Pixi-made canvas is the renderer's own (made now, with the attributes Pixi will ask for, so
 * Pixi gets the same one), seen through a proxy that cannot lose it.
 */
let testContextAnswered = false;
function answerTestContextFrom(target: HTMLCanvasElement): () => void {
  if (testContextAnswered) return () => undefined;
  const adapter = DOMAdapter.get();
  DOMAdapter.set({
    ...adapter,
    createCanvas: (width?: number, height?: number) => {
      const canvas = adapter.createCanvas(width, height);
      const own = canvas.getContext.bind(canvas) as (type: string, options?: unknown) => unknown;
      (canvas as { getContext: unknown }).getContext = (type: string, options?: unknown) => {
        const real = type === 'webgl' && !testContextAnswered ? target.getContext('webgl2', CONTEXT_ATTRIBUTES) : null;
        if (!real) return own(type, options);
        testContextAnswered = true;
        return new Proxy(real, {
          get(gl, key) {
            if (key === 'getExtension') return (name: string) => (name === 'WEBGL_lose_context' ? null : gl.getExtension(name));
            const v = Reflect.get(gl, key) as unknown;
            return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(gl) : v;
          },
        });
      };
      return canvas as ICanvas;
    },
  });
  return () => DOMAdapter.set(adapter);
}

export async function createRenderer(canvas: HTMLCanvasElement, width: number, height: number, resolution: number): Promise<Renderer> {
  clampBatchTextures();
  const options = {
    canvas,
    width,
    height,
    resolution,
    autoDensity: true,
    antialias: false,
    background: THEME.background,
    powerPreference: 'high-performance' as const,
    eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
  };
  // WebGL straight away: autoDetectRenderer first makes a throwaway WebGL context to ask whether
  // WebGL works (~25 ms of an editor open on a CPU-only machine). Only when it does not is Pixi
  // left to choose another renderer.
  const gl = new WebGLRenderer();
  const restore = answerTestContextFrom(canvas);
  try {
    await gl.init(options);
    return gl;
  } catch {
    restore();
    try {
      gl.destroy();
    } catch {
      // Half made: nothing of it is used.
    }
    return autoDetectRenderer({ preference: 'webgl', ...options });
  } finally {
    restore();
  }
}

/**
 * An editor page that will show a workflow makes the renderer while its requests are out:
 * the WebGL context and the batch shader's compilation (a few hundred ms on a CPU-only machine)
 * then overlap the network instead of following it. The canvas takes it (rendererPark.ts).
 */
export function prewarmCanvas(): void {
  prewarmRenderer(async () => {
    const r = await createRenderer(document.createElement('canvas'), 64, 64, window.devicePixelRatio || 1);
    // One draw each builds the two pipelines the canvas uses: the batch one (sprites, text,
    // small shapes) and the graphics one (large shapes such as the edges, drawn unbatched).
    const probe = new Container();
    probe.addChild(new Graphics().rect(0, 0, 8, 8).fill(THEME.edge));
    const unbatched = new Graphics();
    unbatched.context.batchMode = 'no-batch';
    probe.addChild(unbatched.moveTo(0, 0).lineTo(32, 32).stroke({ color: THEME.edge, width: 2 }));
    r.render(probe);
    probe.destroy({ children: true });
    return r;
  });
}
