// Public entry of the canvas: createCanvas mounts a WebGL node canvas into an element.
import { CanvasController } from './CanvasController.ts';
import type { CanvasHandle, CanvasOptions } from './types.ts';

export type * from './types.ts';

/**
 * Mounts the canvas into `container` (which should have a size; the canvas fills it).
 * Returns at once; `handle.ready` resolves after WebGL started and the first frame is drawn.
 */
export function createCanvas(container: HTMLElement, options: CanvasOptions): CanvasHandle {
  return new CanvasController(container, options).handle;
}
