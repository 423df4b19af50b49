// Keyboard focus goes back to the canvas when what held it goes away (a deleted node's mirror
// element, a closed node details view or dialog), so the next shortcut reaches the canvas: with
// focus on the page's body, ctrl+a selected the page's text instead of the nodes.
import { commandForKey } from '../../../canvas/interaction/keyboard.ts';
import { typingTarget } from '../../views/keyTargets.ts';

const CANVAS = '[data-testid="canvas-host"] canvas[data-testid="canvas"]';
/** Something that owns the keyboard while it is open. */
const OWNERS = '.dialog-overlay, [data-testid="ndv"], .node-creator, [role="menu"], [role="listbox"]:not([data-testid="canvas-mirror"] *)';

export function canvasElement(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(CANVAS);
}

/** Focus is nowhere in particular: on the body, or on an element no longer in the page. */
export function focusLost(doc: Document = document): boolean {
  const a = doc.activeElement;
  return !a || a === doc.body || a === doc.documentElement || !a.isConnected;
}

/** A dialog, the node details view, the node creator or a menu is open and owns the keys. */
export function keyOwnerOpen(doc: Document = document): boolean {
  for (const el of doc.querySelectorAll(OWNERS)) {
    // The canvas's own node list is a listbox; it does not count.
    if (!el.closest('[data-testid="canvas-host"]')) return true;
  }
  return false;
}

/** Focuses the canvas if focus was lost (or `force`) and nothing else owns the keyboard; true when it did. */
export function refocusCanvas(doc: Document = document, force = false): boolean {
  if ((!force && !focusLost(doc)) || keyOwnerOpen(doc)) return false;
  const c = canvasElement(doc);
  if (!c) return false;
  c.focus({ preventScroll: true });
  return doc.activeElement === c;
}

/** After a panel or dialog closed: once the page has settled (the closing element is gone). */
export function returnFocusToCanvas(): void {
  setTimeout(() => refocusCanvas(), 0);
}

/** ctrl+a, Delete and Backspace act on the nodes wherever focus is, as n8n's shortcuts do, unless typing. */
function globalCanvasKey(e: KeyboardEvent): boolean {
  const cmd = commandForKey(e);
  return cmd === 'selectAll' || cmd === 'delete';
}

/**
 * The safety net for anything that loses focus or keeps it elsewhere: a canvas key pressed while
 * focus is on the body, or ctrl+a / Delete / Backspace while it is on a button of the page (a
 * dialog's opener that got focus back, the header), goes to the canvas: focus moves there and the
 * key is delivered to it. Without it, ctrl+a selected the page's text and Delete did nothing.
 * Text fields, dialogs, menus, the node creator and the node details view keep their keys.
 * Installed as a window capture listener, so it runs before the app's own shortcuts see the key.
 */
export function bodyKeyForwarder(doc: Document = document): (e: KeyboardEvent) => void {
  return (e) => {
    if (!e.isTrusted || e.defaultPrevented) return;
    const t = e.target;
    const fromBody = t === doc.body || t === doc.documentElement;
    if (typingTarget(t) || !commandForKey(e)) return;
    if (!fromBody) {
      if (!(t instanceof HTMLElement) || !globalCanvasKey(e)) return;
      if (t.closest('[data-testid="canvas-host"]') || t.closest(OWNERS)) return;
    }
    if (!refocusCanvas(doc, !fromBody)) return;
    const c = canvasElement(doc);
    if (!c) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    c.dispatchEvent(new KeyboardEvent('keydown', { key: e.key, code: e.code, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, shiftKey: e.shiftKey, repeat: e.repeat, bubbles: true, cancelable: true }));
  };
}
