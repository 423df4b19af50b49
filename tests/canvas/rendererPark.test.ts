// The page keeps one WebGL renderer between canvases (src/canvas/rendererPark.ts), and an editor
// page can have it made ahead while its requests are out (prewarmRenderer).
import { describe, expect, it, vi } from 'vitest';
import type { Renderer } from 'pixi.js';
import { parkRenderer, prewarmRenderer, takeParkedRenderer, takePendingRenderer } from '../../src/canvas/rendererPark.ts';

function fake(resolution = 1, lost = false) {
  return { canvas: { remove: vi.fn() }, gl: { isContextLost: () => lost }, resolution, destroy: vi.fn() } as unknown as Renderer & { destroy: ReturnType<typeof vi.fn> };
}

describe('renderer park', () => {
  it('keeps a renderer for the next canvas once, at its resolution', () => {
    const r = fake(2);
    parkRenderer(r);
    expect(takeParkedRenderer(1)).toBeUndefined(); // another resolution: freed, not handed out
    parkRenderer(r);
    expect(takeParkedRenderer(2)).toBe(r);
    expect(takeParkedRenderer(2)).toBeUndefined();
  });

  it('does not keep a renderer whose context is lost', () => {
    const r = fake(1, true);
    parkRenderer(r);
    expect(r.destroy).toHaveBeenCalled();
    expect(takeParkedRenderer(1)).toBeUndefined();
  });

  it('a renderer made ahead goes to the canvas that takes it, else to the park', async () => {
    const a = fake();
    prewarmRenderer(async () => a);
    const taken = takePendingRenderer();
    expect(await taken).toBe(a);
    expect(takeParkedRenderer(1)).toBeUndefined();

    const b = fake();
    prewarmRenderer(async () => b);
    await new Promise((r) => setTimeout(r, 0));
    expect(takePendingRenderer()).toBeUndefined();
    expect(takeParkedRenderer(1)).toBe(b);
  });

  it('makes none ahead while one is parked or being made, and a failed one is nobody\'s', async () => {
    const parked = fake();
    parkRenderer(parked);
    const create = vi.fn(async () => fake());
    prewarmRenderer(create);
    expect(create).not.toHaveBeenCalled();
    expect(takeParkedRenderer(1)).toBe(parked);

    prewarmRenderer(async () => {
      throw new Error('no WebGL');
    });
    prewarmRenderer(create);
    expect(create).not.toHaveBeenCalled();
    expect(await takePendingRenderer()).toBeUndefined();
  });
});
