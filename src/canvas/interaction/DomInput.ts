// DOM events of the canvas root (the canvas element and the mirror's options bubble into it)
// turned into the interaction machine's pointer input. Keeps pointer capture, the held space
// bar, and the root's page offset — measured when a gesture starts or the pointer enters, not
// on every move, because reading layout after a transform changed forces a layout.
import { screenToWorld, type Camera } from '../kernels/camera.ts';
import type { PointerInput } from './types.ts';

export interface DomInputHandler {
  camera(): Camera;
  pointer(input: PointerInput, e: PointerEvent): void;
  doubleClick(wx: number, wy: number): void;
  key(e: KeyboardEvent): void;
  leave(): void;
}

export class DomInput {
  private readonly root: HTMLElement;
  private readonly h: DomInputHandler;
  private readonly cleanup: Array<() => void> = [];
  private origin: { left: number; top: number } | null = null;
  spaceHeld = false;
  pointerDown = false;

  constructor(root: HTMLElement, handler: DomInputHandler) {
    this.root = root;
    this.h = handler;
    this.on('pointerdown', (e) => {
      if (e.pointerType === 'touch' && !e.isPrimary) return;
      this.pointerDown = true;
      root.setPointerCapture(e.pointerId);
      this.h.pointer(this.input('down', e), e);
    });
    this.on('pointermove', (e) => {
      if (e.pointerType === 'touch' && !e.isPrimary) return;
      this.h.pointer(this.input('move', e), e);
    });
    const end = (type: 'up' | 'cancel') => (e: PointerEvent) => {
      if (!this.pointerDown) return;
      this.pointerDown = false;
      if (root.hasPointerCapture(e.pointerId)) root.releasePointerCapture(e.pointerId);
      this.h.pointer(this.input(type, e), e);
    };
    this.on('pointerup', end('up'));
    this.on('pointercancel', end('cancel'));
    this.on('pointerleave', () => this.h.leave());
    this.on('pointerenter', () => {
      this.origin = null;
    });
    this.on('dblclick', (e) => {
      const o = this.offset(true);
      const w = screenToWorld(this.h.camera(), e.clientX - o.left, e.clientY - o.top);
      this.h.doubleClick(w.x, w.y);
    });
    this.on('keydown', (e) => {
      if (e.key === ' ') {
        this.spaceHeld = true;
        e.preventDefault();
        return;
      }
      this.h.key(e);
    });
    this.on('keyup', (e) => {
      if (e.key === ' ') this.spaceHeld = false;
    });
    this.on('focusout', () => {
      this.spaceHeld = false;
    });
  }

  /** The root moved or resized: measure its offset again on the next event. */
  invalidateOffset(): void {
    this.origin = null;
  }

  private on<K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void): void {
    this.root.addEventListener(type, fn as EventListener);
    this.cleanup.push(() => this.root.removeEventListener(type, fn as EventListener));
  }

  private offset(refresh: boolean): { left: number; top: number } {
    if (refresh || !this.origin) {
      const r = this.root.getBoundingClientRect();
      this.origin = { left: r.left, top: r.top };
    }
    return this.origin;
  }

  private input(type: PointerInput['type'], e: PointerEvent): PointerInput {
    const o = this.offset(type === 'down');
    const sx = e.clientX - o.left;
    const sy = e.clientY - o.top;
    const w = screenToWorld(this.h.camera(), sx, sy);
    return { type, sx, sy, wx: w.x, wy: w.y, button: e.button < 0 ? 0 : e.button, shift: e.shiftKey, mod: e.ctrlKey || e.metaKey, space: this.spaceHeld };
  }

  destroy(): void {
    for (const c of this.cleanup) c();
    this.cleanup.length = 0;
  }
}
