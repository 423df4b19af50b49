// Editing shortcuts of the canvas views (spec 001 §2.5): F2 rename, d disable, ctrl+z / ctrl+
// shift+z / ctrl+y undo and redo, ctrl+d duplicate, ctrl+f find, shift+alt+t tidy up, the
// debounce of ctrl+a (the canvas selects), and the clipboard through the browser's copy / cut /
// paste events (so the system clipboard and other editors see n8n's JSON). Delete/Backspace belongs to the canvas (onDeleteRequest). In
// read-only views every editing key shows the read-only error (once) instead.
import { useEffect } from 'react';
import type { CanvasHandle } from '../../canvas/types.ts';
import { DEBOUNCE_COPY_MS, DEBOUNCE_DISABLE_MS, DEBOUNCE_PASTE_MS, DEBOUNCE_RENAME_MS, DEBOUNCE_SELECT_ALL_MS } from '../../model/constants.ts';
import type { Rect } from '../../model/pastePlan.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { typingTarget } from './keyTargets.ts';
import { readClipboardText } from '../../model/clipboard.ts';
import { copiedToast, cutSelection, duplicateSelection, pasteText, selectionText } from '../commands/clipboard.ts';
import { redo, startRename, toggleDisabled, undo } from '../commands/editNodes.ts';
import { leadingDebounce } from '../commands/debounce.ts';
import { showReadOnlyError } from '../commands/readOnly.ts';
import { returnFocusToCanvas } from '../editor/canvas/canvasFocus.ts';

/** Focus is in a dialog, menu, list box or the node details view: they own their keys (the canvas's own node list does not). */
function inOverlay(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement) || t.closest('.canvas-host')) return false;
  return t.closest('.dialog-overlay, [role="menu"], [role="listbox"], [data-testid="ndv"], .node-creator') !== null;
}

/** Some text is selected on the page: ctrl+c copies that, not nodes. */
function textSelected(): boolean {
  const s = window.getSelection();
  return !!s && !s.isCollapsed && s.toString().length > 0;
}

/** The visible world rectangle of the canvas, for pasting into view. */
export function visibleWorld(canvas: CanvasHandle | undefined): Rect | undefined {
  const host = document.querySelector<HTMLElement>('[data-testid="canvas-host"]');
  if (!canvas || !host) return undefined;
  const [x0, y0] = canvas.screenToWorld(0, 0);
  const [x1, y1] = canvas.screenToWorld(host.clientWidth, host.clientHeight);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** A key event as the select-all guard reads it (a KeyboardEvent in the app, a fake in tests). */
export interface GuardedKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  preventDefault(): void;
  stopImmediatePropagation(): void;
}

/** The canvas's own element has focus (not a text field in it, such as the sticky editor). */
function onCanvas(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && t.closest('.canvas-host') !== null && !typingTarget(t);
}

/**
 * ctrl+a (select all) is debounced 1000 ms (spec 001 §9), leading edge like the other
 * commands: the canvas selects on the first press; presses within the quiet period are
 * swallowed before they reach it (a window capture listener runs before the canvas's own).
 */
export function selectAllDebounce(ms = DEBOUNCE_SELECT_ALL_MS, now?: () => number, fromCanvas: (t: EventTarget | null) => boolean = onCanvas): (e: GuardedKey) => void {
  const pass = leadingDebounce(() => {}, ms, now);
  return (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'a' || !fromCanvas(e.target)) return;
    if (pass()) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
}

export interface CanvasEditingActions {
  tidyUp: () => void;
}

export function useCanvasEditing(root: RootStore, canvas: CanvasHandle | undefined, actions: CanvasEditingActions): void {
  useEffect(() => {
    const busy = () => root.modalOpen() || root.ui.findOpen || root.ui.renameNodeId !== undefined || root.ui.urlImportPrompt !== undefined;
    const canvasKeys = (e: Event) => !e.defaultPrevented && !typingTarget(e.target) && !inOverlay(e.target) && !busy();
    const disable = leadingDebounce(() => toggleDisabled(root), DEBOUNCE_DISABLE_MS);
    const rename = leadingDebounce(() => startRename(root, undefined, (id) => canvas?.editSticky(id) ?? false), DEBOUNCE_RENAME_MS);
    const paste = leadingDebounce((text: string) => void pasteText(root, text, { viewport: visibleWorld(canvas) }), DEBOUNCE_PASTE_MS);
    const copied = leadingDebounce((count: number) => copiedToast(root, count, 'Copied'), DEBOUNCE_COPY_MS);
    const selectAll = selectAllDebounce();

    const onKey = (e: KeyboardEvent) => {
      const ctrl = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (ctrl && !e.altKey && !e.shiftKey && key === 'f') {
        if (busy() || root.ui.ndvNode || typingTarget(e.target)) return;
        e.preventDefault();
        root.ui.setFindOpen(true);
        return;
      }
      if (!canvasKeys(e)) return;
      const ndvOpen = !!root.ui.ndvNode;
      if (ctrl && !e.altKey && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) redo(root);
        else undo(root);
        // An undo can remove what had focus (an added node): the canvas keeps the keyboard.
        returnFocusToCanvas();
        return;
      }
      if (ctrl && !e.altKey && !e.shiftKey && key === 'y') {
        e.preventDefault();
        redo(root);
        returnFocusToCanvas();
        return;
      }
      // The rest act on the canvas selection; the node details view covers the canvas.
      if (ndvOpen) return;
      if (ctrl && !e.altKey && !e.shiftKey && key === 'd') {
        e.preventDefault();
        if (root.workflow.selection.size) duplicateSelection(root);
        return;
      }
      if (e.shiftKey && e.altKey && !ctrl && e.code === 'KeyT') {
        e.preventDefault();
        actions.tidyUp();
        return;
      }
      if (ctrl || e.altKey) return;
      if (e.key === 'F2' && !e.shiftKey) {
        e.preventDefault();
        if (root.workflow.selection.size) rename();
        return;
      }
      if (key === 'd' && !e.shiftKey) {
        e.preventDefault();
        if (root.workflow.selection.size) disable();
        return;
      }
      // The canvas ignores Delete in read-only views; the attempt still deserves an answer.
      if (root.ui.readOnly && (e.key === 'Delete' || e.key === 'Backspace') && root.workflow.selection.size) showReadOnlyError(root);
    };

    const clipboardEvent = (e: ClipboardEvent) => canvasKeys(e) && !root.ui.ndvNode;
    const onCopy = (e: ClipboardEvent) => {
      if (!clipboardEvent(e) || textSelected() || !root.workflow.selection.size) return;
      const text = selectionText(root);
      if (!text) return;
      e.preventDefault();
      e.clipboardData?.setData('text/plain', text);
      // Repeated ctrl+c within a second says "copied" once (spec 001 §9).
      copied(root.workflow.selection.size);
    };
    const onCut = (e: ClipboardEvent) => {
      if (!clipboardEvent(e) || textSelected() || !root.workflow.selection.size) return;
      e.preventDefault();
      cutSelection(root, (text) => e.clipboardData?.setData('text/plain', text));
    };
    const onPaste = (e: ClipboardEvent) => {
      const text = e.clipboardData?.getData('text/plain') ?? '';
      // Pasted into the node creator's search, a workflow was meant for the canvas (issue 17).
      const intoCreator = workflowIntoCreatorSearch(e, text);
      if (!intoCreator && !clipboardEvent(e)) return;
      e.preventDefault();
      if (intoCreator) root.ui.closeCreator();
      paste(text);
    };
    const workflowIntoCreatorSearch = (e: ClipboardEvent, text: string) => {
      const t = e.target;
      if (e.defaultPrevented || busy() || root.ui.ndvNode || !(t instanceof HTMLElement) || !t.closest('[data-testid="node-creator-search"]')) return false;
      const kind = readClipboardText(text).kind;
      return kind === 'workflow' || kind === 'url';
    };

    window.addEventListener('keydown', onKey);
    window.addEventListener('keydown', selectAll, true);
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCut);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keydown', selectAll, true);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCut);
      document.removeEventListener('paste', onPaste);
    };
  }, [root, canvas, actions]);
}
