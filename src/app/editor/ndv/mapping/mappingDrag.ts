// The drag of a field from the input panel onto a parameter (spec 001 §2.7, §4.2). Pointer
// events, as n8n's editor does it (no HTML5 drag and drop: it would not show where the drop
// lands nor let the target take the drop only while the pointer rests over it): a press on a
// column header, a cell or a JSON key arms the drag, moving 4 px starts it, a pill follows the
// pointer, a parameter under it highlights, releasing over it maps.
import { action, makeObservable, observable, observableRef } from 'mobx';

const START_DISTANCE = 4;

export interface MappingDropTarget {
  /** Called on release over the target; x/y are the pointer's client coordinates, label the field's name. */
  drop(expression: string, x: number, y: number, label: string): void;
}

class MappingDrag {
  /** The expression carried ('{{ $json.x }}'), while a drag is on. */
  expression: string | undefined = undefined;
  /** What the pill says (the field's name). */
  label = '';
  x = 0;
  y = 0;
  /** The parameter under the pointer. */
  target: MappingDropTarget | undefined = undefined;

  constructor() {
    makeObservable(this, { expression: observable, label: observable, x: observable, y: observable, target: observableRef, begin: action, move: action, end: action, setTarget: action });
  }

  get active(): boolean {
    return this.expression !== undefined;
  }

  begin(expression: string, label: string, x: number, y: number): void {
    this.expression = expression;
    this.label = label;
    this.x = x;
    this.y = y;
  }

  move(x: number, y: number): void {
    this.x = x;
    this.y = y;
  }

  setTarget(t: MappingDropTarget | undefined): void {
    this.target = t;
  }

  end(): void {
    this.expression = undefined;
    this.target = undefined;
  }
}

export const mappingDrag = new MappingDrag();

/**
 * Arms a drag from a pointerdown on a source (primary button only). The drag starts after the
 * pointer moved START_DISTANCE px; a release over a target drops there.
 */
export function armMappingDrag(e: { button: number; clientX: number; clientY: number; preventDefault(): void }, expression: string, label: string): void {
  if (e.button !== 0) return;
  // No text selection while dragging.
  e.preventDefault();
  const sx = e.clientX;
  const sy = e.clientY;
  let started = false;
  const onMove = (ev: PointerEvent) => {
    if (!started) {
      if (Math.hypot(ev.clientX - sx, ev.clientY - sy) < START_DISTANCE) return;
      started = true;
      // Whatever had focus commits first (n8n blurs the active input too).
      (document.activeElement as HTMLElement | null)?.blur?.();
      mappingDrag.begin(expression, label, ev.clientX, ev.clientY);
      document.body.classList.add('mapping-dragging');
    }
    mappingDrag.move(ev.clientX, ev.clientY);
  };
  const finish = (ev: PointerEvent, dropped: boolean) => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onCancel);
    window.removeEventListener('keydown', onKey, true);
    if (!started) return;
    document.body.classList.remove('mapping-dragging');
    const target = mappingDrag.target;
    mappingDrag.end();
    if (dropped && target) target.drop(expression, ev.clientX, ev.clientY, label);
  };
  const onUp = (ev: PointerEvent) => finish(ev, true);
  const onCancel = (ev: PointerEvent) => finish(ev, false);
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key !== 'Escape' || !started) return;
    ev.stopPropagation();
    finish(new PointerEvent('pointercancel'), false);
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
  window.addEventListener('pointercancel', onCancel);
  window.addEventListener('keydown', onKey, true);
}

// ---- the first-time success message (spec 001 §4.2, §9 "mapping onboarded") ----

export const MAPPING_ONBOARDED_KEY = 'switchyard.mappingOnboarded';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function isMappingOnboarded(): boolean {
  return storage()?.getItem(MAPPING_ONBOARDED_KEY) === 'true';
}

export function setMappingOnboarded(): void {
  try {
    storage()?.setItem(MAPPING_ONBOARDED_KEY, 'true');
  } catch {
    // Private mode or full storage: the message shows again next time, nothing else changes.
  }
}
