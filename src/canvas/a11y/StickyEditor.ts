// Editing a sticky note's text: a DOM textarea laid over the note (the spec's active sticky, at
// STICKY_ACTIVE_Z_INDEX), following the camera. Escape or leaving the field commits; the
// content goes to the document in one setParameters call.
import { STICKY_ACTIVE_Z_INDEX } from '../../model/constants.ts';
import type { Camera } from '../kernels/camera.ts';

export class StickyEditor {
  readonly el: HTMLTextAreaElement;
  private nodeId: string | null = null;
  private box = { x: 0, y: 0, w: 0, h: 0 };
  private readonly commit: (id: string, content: string) => void;

  constructor(commit: (id: string, content: string) => void) {
    this.commit = commit;
    this.el = document.createElement('textarea');
    this.el.dataset.testid = 'canvas-sticky-editor';
    this.el.setAttribute('aria-label', 'Sticky note text (markdown)');
    this.el.spellcheck = true;
    Object.assign(this.el.style, {
      position: 'absolute', left: '0', top: '0', display: 'none', zIndex: String(STICKY_ACTIVE_Z_INDEX), resize: 'none',
      boxSizing: 'border-box', padding: '14px', border: '2px solid #4f7cf7', borderRadius: '6px', outline: 'none',
      background: '#fffdf3', color: '#2a2f37', font: '13px/1.4 Inter, system-ui, sans-serif', transformOrigin: '0 0',
    });
    this.el.addEventListener('keydown', (e) => {
      // Keys typed here are text, not canvas or app shortcuts.
      e.stopPropagation();
      if (e.key === 'Escape') {
        e.preventDefault();
        this.close(true);
      }
    });
    this.el.addEventListener('blur', () => this.close(true));
    for (const type of ['pointerdown', 'pointermove', 'pointerup', 'dblclick', 'wheel'] as const) {
      this.el.addEventListener(type, (e) => e.stopPropagation(), { passive: true });
    }
  }

  get editing(): string | null {
    return this.nodeId;
  }

  open(id: string, content: string, box: { x: number; y: number; w: number; h: number }, cam: Camera): void {
    if (this.nodeId && this.nodeId !== id) this.close(true);
    this.nodeId = id;
    this.box = box;
    this.el.value = content;
    this.el.style.display = 'block';
    this.place(cam);
    this.el.focus({ preventScroll: true });
  }

  place(cam: Camera): void {
    if (!this.nodeId) return;
    const s = this.el.style;
    s.width = `${this.box.w}px`;
    s.height = `${this.box.h}px`;
    s.transform = `translate(${this.box.x * cam.k + cam.x}px, ${this.box.y * cam.k + cam.y}px) scale(${cam.k})`;
  }

  close(save: boolean): void {
    const id = this.nodeId;
    if (!id) return;
    this.nodeId = null;
    this.el.style.display = 'none';
    if (save) this.commit(id, this.el.value);
  }

  destroy(): void {
    this.nodeId = null;
    this.el.remove();
  }
}
