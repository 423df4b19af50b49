// App-level shortcuts (spec 001 §2.5): ctrl+s save, ctrl+alt+n new, ctrl+o open, Tab toggles
// the node creator, Escape closes it or the node details view. The canvas handles its own keys.
import { useEffect } from 'react';
import { DEBOUNCE_SAVE_MS } from '../../model/constants.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { typingTarget } from './keyTargets.ts';
import { leadingDebounce } from '../commands/debounce.ts';
import { showReadOnlyError } from '../commands/readOnly.ts';

/** Focus is in a dialog, menu or list box that owns its keys. */
function inOverlay(t: EventTarget | null): boolean {
  return t instanceof HTMLElement && t.closest('.dialog-overlay, [role="menu"], [role="listbox"]') !== null;
}

export interface EditorShortcutActions {
  save: () => void;
  newWorkflow: () => void;
}

/**
 * The window keydown handler. ctrl+s is debounced (spec 001 §9: save 1000 ms, leading edge):
 * a held or repeated ctrl+s saves (or, read-only, says so) once; the browser's own save dialog
 * is prevented every time.
 */
export function editorShortcutHandler(root: RootStore, actions: EditorShortcutActions, now?: () => number): (e: KeyboardEvent) => void {
  const save = leadingDebounce(() => {
    if (root.ui.readOnly) showReadOnlyError(root);
    else actions.save();
  }, DEBOUNCE_SAVE_MS, now);
  return (e: KeyboardEvent) => {
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && !e.altKey && e.key.toLowerCase() === 's') {
      e.preventDefault();
      save();
      return;
    }
    if (ctrl && e.altKey && e.code === 'KeyN') {
      e.preventDefault();
      actions.newWorkflow();
      return;
    }
    if (ctrl && !e.altKey && e.key.toLowerCase() === 'o') {
      e.preventDefault();
      root.ui.modals.open('workflowOpen');
      return;
    }
    if (e.key === 'Escape') {
      // The creator's search field clears itself on Escape (and marks the event handled):
      // Escape still closes the creator, as the spec asks.
      if (root.ui.creatorOpen) {
        root.ui.closeCreator();
        e.preventDefault();
      } else if (root.ui.ndvNode && !e.defaultPrevented && !inOverlay(e.target)) {
        root.ui.closeNdv();
        e.preventDefault();
      }
      return;
    }
    if (e.key === 'Tab' && !ctrl && !e.altKey && !e.shiftKey) {
      if (root.ui.ndvNode || root.modalOpen() || root.ui.findOpen) return;
      // Only from the canvas (or nothing focused) and inside the creator: Tab elsewhere
      // still moves focus through the header, sidebar and controls.
      const t = e.target instanceof HTMLElement ? e.target : null;
      const fromCanvas = !t || t === document.body || t.closest('.canvas-host') !== null;
      const inCreator = !!t?.closest('.node-creator');
      if (!fromCanvas && !inCreator) return;
      if (typingTarget(t) && !inCreator) return;
      e.preventDefault();
      // Adding nodes is editing: read-only views say so instead.
      if (root.ui.readOnly) showReadOnlyError(root);
      else root.ui.toggleCreator();
    }
  };
}

export function useEditorShortcuts(root: RootStore, actions: EditorShortcutActions): void {
  useEffect(() => {
    const onKey = editorShortcutHandler(root, actions);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root, actions]);
}
