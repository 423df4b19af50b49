// The dotted board: one tiling sprite over the screen whose tile follows the camera. The dot
// spacing doubles as the view zooms out so dots never turn into grey noise.
import { Texture, TilingSprite } from 'pixi.js';
import { GRID_SIZE } from '../../model/constants.ts';
import type { Camera } from '../kernels/camera.ts';
import { THEME } from './theme.ts';

const TILE = 32;

export class Background {
  readonly sprite: TilingSprite;
  private readonly texture: Texture;

  constructor() {
    const c = new OffscreenCanvas(TILE, TILE);
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('Background: 2D canvas context is not available');
    ctx.fillStyle = '#' + THEME.dots.toString(16).padStart(6, '0');
    ctx.beginPath();
    ctx.arc(TILE / 2, TILE / 2, 1.6, 0, Math.PI * 2);
    ctx.fill();
    this.texture = Texture.from(c);
    this.sprite = new TilingSprite({ texture: this.texture, width: 1, height: 1 });
  }

  update(cam: Camera, width: number, height: number): void {
    let step = GRID_SIZE;
    while (step * cam.k < 14) step *= 2;
    while (step * cam.k > 40 && step > GRID_SIZE) step /= 2;
    const tile = step * cam.k;
    const s = tile / TILE;
    this.sprite.width = width;
    this.sprite.height = height;
    this.sprite.tileScale.set(s, s);
    // Dots sit at world multiples of `step`; the tile has its dot in the middle.
    this.sprite.tilePosition.set(cam.x - tile / 2, cam.y - tile / 2);
  }

  destroy(): void {
    this.sprite.destroy();
    this.texture.destroy(true);
  }
}
