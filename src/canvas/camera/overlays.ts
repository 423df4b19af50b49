// What is drawn over a canvas view: the minimap and the app's overlays marked `data-fit-avoid`
// (the Execute button, the zoom controls), in view px. It reads layout: asked at fit time only.
import type { ScreenBox } from '../kernels/camera.ts';

export function overlaysOver(view: HTMLElement, own: readonly HTMLElement[]): ScreenBox[] {
  const v = view.getBoundingClientRect();
  const out: ScreenBox[] = [];
  for (const el of [...own, ...document.querySelectorAll<HTMLElement>('[data-fit-avoid]')]) {
    if (!el.isConnected) continue;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) out.push({ x: r.left - v.left, y: r.top - v.top, w: r.width, h: r.height });
  }
  return out;
}
