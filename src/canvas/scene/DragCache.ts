// Renders frames while nodes are dragged. A drag step changes only the drag layer, the live
// connections and the overlay, yet a full render re-validates and submits every render group
// (each node cell, the connection chunks, the dots): 1–4 ms of main thread per step on a
// loaded machine. So everything else (the static layer) leaves the world for the drag, is
// rendered into a texture of the canvas bitmap when it changed or the camera moved, and each
// frame draws that texture as one sprite under the moving layers.
import { Matrix, RenderTexture, Sprite, type Container } from 'pixi.js';
import type { Camera } from '../kernels/camera.ts';
import { sameCamera } from '../frame/renderPolicy.ts';

/** What DragCache needs of a Pixi renderer. */
export interface DragRenderer {
  readonly screen: { width: number; height: number };
  readonly resolution: number;
  render(options: { container: Container; target?: RenderTexture; clear?: boolean; clearColor?: number; transform?: Matrix }): void;
}

export class DragCache {
  private cache: { texture: RenderTexture; sprite: Sprite; camera: Camera | null } | null = null;
  private readonly stage: Container;
  private readonly world: Container;
  private readonly staticLayer: Container;
  private readonly overscan: number;
  private readonly background: number;

  /** `staticLayer` is a child of `world` (in `stage`) outside a drag; the overscan is the bitmap's margin. */
  constructor(stage: Container, world: Container, staticLayer: Container, overscan: number, background: number) {
    this.stage = stage;
    this.world = world;
    this.staticLayer = staticLayer;
    this.overscan = overscan;
    this.background = background;
  }

  /** The cached picture is what the stage shows (a drag is being rendered). */
  get active(): boolean {
    return !!this.cache?.sprite.visible;
  }

  /** Renders one drag frame; the static picture is re-rendered when `staticChanged` or the camera moved. */
  render(renderer: DragRenderer, cam: Camera, staticChanged: boolean): void {
    const w = renderer.screen.width;
    const h = renderer.screen.height;
    let cache = this.cache;
    if (cache && (cache.texture.width !== w || cache.texture.height !== h || cache.texture.source.resolution !== renderer.resolution)) {
      this.destroy();
      cache = null;
    }
    if (!cache) {
      const texture = RenderTexture.create({ width: w, height: h, resolution: renderer.resolution, antialias: false, scaleMode: 'nearest' });
      // Drawn upside down, and the texture rendered upside down too: it is then rasterised in the
      // canvas's own orientation (WebGL's y points up), so edges that fall on pixel centres round
      // the same way as in a normal render and nothing shifts by a pixel when the drag starts or ends.
      const sprite = new Sprite(texture);
      sprite.scale.y = -1;
      sprite.y = h;
      sprite.visible = false;
      this.stage.addChildAt(sprite, 0);
      cache = this.cache = { texture, sprite, camera: null };
    }
    if (!cache.sprite.visible) {
      this.world.removeChild(this.staticLayer);
      cache.sprite.visible = true;
      cache.camera = null;
    }
    if (staticChanged || !cache.camera || !sameCamera(cache.camera, cam)) {
      const m = new Matrix(cam.k, 0, 0, -cam.k, cam.x + this.overscan, h - cam.y - this.overscan);
      renderer.render({ container: this.staticLayer, target: cache.texture, clear: true, clearColor: this.background, transform: m });
      cache.camera = cam;
    }
    // No clear: the picture is opaque (its texture was cleared to the background colour) and
    // covers the whole bitmap. (A framebuffer blit instead of the sprite was tried: SwiftShader
    // took longer for the blit and the clear it needs than for the textured quad.)
    renderer.render({ container: this.stage, clear: false });
  }

  /** After a drag: the static layer goes back into the world (under the moving layers). */
  leave(): void {
    const cache = this.cache;
    if (!cache) return;
    cache.sprite.visible = false;
    cache.camera = null;
    if (this.staticLayer.parent !== this.world) this.world.addChildAt(this.staticLayer, 0);
  }

  destroy(): void {
    const cache = this.cache;
    if (!cache) return;
    this.leave();
    cache.sprite.destroy();
    cache.texture.destroy(true);
    this.cache = null;
  }
}
