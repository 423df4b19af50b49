// The page keeps one WebGL renderer between canvases (src/canvas/rendererPark.ts).
import { describe, expect, it, vi } from 'vitest';
import type { Renderer } from 'pixi.js';
import { parkRenderer, takeParkedRenderer } from '../../src/canvas/rendererPark.ts';

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
});
