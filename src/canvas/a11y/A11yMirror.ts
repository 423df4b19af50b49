// The accessible DOM mirror: a listbox with one option per visible node, labelled with its name
// and state, positioned over the node (so screen readers, keyboard users and end-to-end tests
// find and click nodes through it). Only visible nodes get elements, elements are reused, and
// panning moves the whole list with one CSS transform.
import type { Camera } from '../kernels/camera.ts';

/** Above this many visible nodes only the ones nearest the centre of the view are mirrored. */
export const MIRROR_MAX = 1000;

/** Every option's fixed style; its box follows. */
const BASE_STYLE = 'position:absolute;pointer-events:auto;border-radius:10px;outline-offset:4px;';

export interface MirrorEntry {
  id: string;
  name: string;
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
  selected: boolean;
}

export class A11yMirror {
  readonly region: HTMLDivElement;
  private readonly list: HTMLDivElement;
  private readonly els = new Map<string, HTMLDivElement>();
  private readonly pool: HTMLDivElement[] = [];
  private template: HTMLDivElement | null = null;
  private readonly entries = new Map<string, MirrorEntry>();
  private focusable: string | null = null;

  private readonly onFocusLost: () => void;

  /** `onFocusLost`: a focused element was removed (its node deleted or culled); focus goes there instead of the page's body. */
  constructor(onFocusNode: (id: string, el: HTMLElement) => void, onFocusLost: () => void = () => {}) {
    this.onFocusLost = onFocusLost;
    this.region = document.createElement('div');
    this.region.setAttribute('role', 'region');
    this.region.setAttribute('aria-label', 'Workflow canvas');
    this.region.dataset.testid = 'canvas-mirror';
    Object.assign(this.region.style, { position: 'absolute', inset: '0', overflow: 'clip', pointerEvents: 'none' });
    this.list = document.createElement('div');
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', 'Nodes');
    this.list.setAttribute('aria-multiselectable', 'true');
    // Its own compositor layer: panning changes only its transform, no repaint of the region.
    Object.assign(this.list.style, { position: 'absolute', left: '0', top: '0', width: '0', height: '0', transformOrigin: '0 0', willChange: 'transform' });
    this.region.appendChild(this.list);
    this.list.addEventListener('focusin', (e) => {
      const el = e.target as HTMLElement;
      const id = el.dataset.nodeId;
      if (id) onFocusNode(id, el);
    });
  }

  get size(): number {
    return this.els.size;
  }

  setCamera(c: Camera): void {
    this.list.style.transform = `translate(${c.x}px, ${c.y}px) scale(${c.k})`;
  }

  /** Shows or updates a node's element. */
  put(e: MirrorEntry): void {
    let el = this.els.get(e.id);
    const prev = this.entries.get(e.id);
    if (!el) {
      const made = this.pool.pop();
      el = made ?? this.create();
      el.dataset.nodeId = e.id;
      this.els.set(e.id, el);
      if (!made) {
        // A new element gets its whole style in one assignment (a thousand at an editor open).
        el.style.cssText = `${BASE_STYLE}left:${e.x}px;top:${e.y}px;width:${e.w}px;height:${e.h}px`;
        el.dataset.nodeName = e.name;
        el.setAttribute('aria-label', e.label);
        el.setAttribute('aria-selected', e.selected ? 'true' : 'false');
        this.entries.set(e.id, e);
        this.list.appendChild(el);
        if (this.focusable === null) this.setFocusable(e.id);
        return;
      }
      this.list.appendChild(el);
    }
    if (!prev || prev.name !== e.name) el.dataset.nodeName = e.name;
    if (!prev || prev.label !== e.label) el.setAttribute('aria-label', e.label);
    if (!prev || prev.selected !== e.selected) el.setAttribute('aria-selected', e.selected ? 'true' : 'false');
    if (!prev || prev.x !== e.x || prev.y !== e.y) {
      el.style.left = `${e.x}px`;
      el.style.top = `${e.y}px`;
    }
    if (!prev || prev.w !== e.w || prev.h !== e.h) {
      el.style.width = `${e.w}px`;
      el.style.height = `${e.h}px`;
    }
    this.entries.set(e.id, e);
    if (this.focusable === null) this.setFocusable(e.id);
  }

  remove(id: string): void {
    const el = this.els.get(id);
    if (!el) return;
    const hadFocus = document.activeElement === el;
    if (hadFocus) el.blur();
    el.remove();
    this.els.delete(id);
    this.entries.delete(id);
    this.pool.push(el);
    if (this.focusable === id) {
      this.focusable = null;
      const first = this.els.keys().next();
      if (!first.done) this.setFocusable(first.value);
    }
    if (hadFocus) this.onFocusLost();
  }

  has(id: string): boolean {
    return this.els.has(id);
  }

  ids(): IterableIterator<string> {
    return this.els.keys();
  }

  /** Roving tabindex: one option is in the tab order (the last selected or focused one). */
  setFocusable(id: string): void {
    if (this.focusable === id) return;
    if (this.focusable) this.els.get(this.focusable)?.setAttribute('tabindex', '-1');
    const el = this.els.get(id);
    if (!el) return;
    el.setAttribute('tabindex', '0');
    this.focusable = id;
  }

  focus(id: string): boolean {
    const el = this.els.get(id);
    if (!el) return false;
    this.setFocusable(id);
    el.focus({ preventScroll: true });
    return true;
  }

  /** A copy of one made element: cloning is several times cheaper than setting each attribute. */
  private create(): HTMLDivElement {
    if (!this.template) {
      const el = document.createElement('div');
      el.setAttribute('role', 'option');
      el.setAttribute('tabindex', '-1');
      el.dataset.testid = 'canvas-node';
      el.className = 'sy-canvas-node';
      this.template = el;
    }
    return this.template.cloneNode(false) as HTMLDivElement;
  }

  destroy(): void {
    this.region.remove();
    this.els.clear();
    this.pool.length = 0;
  }
}
