// Canvas keyboard shortcuts (spec 001 §2.5), as a pure mapping from a key event to a command.
// Shortcuts that belong to the editor shell (Tab, F2, d, ctrl+c/x/v/z/s/o/f …) are left to the
// app: they map to null here, so the canvas neither handles nor stops them.
export type KeyCommand =
  | 'delete'
  | 'open'
  | 'zoomIn'
  | 'zoomOut'
  | 'resetZoom'
  | 'zoomToFit'
  | 'selectAll'
  | 'cancel'
  | 'navLeft'
  | 'navRight'
  | 'navUp'
  | 'navDown'
  | 'selectDownstream'
  | 'selectUpstream';

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export function commandForKey(e: KeyInput): KeyCommand | null {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && !e.altKey && (e.key === 'a' || e.key === 'A')) return 'selectAll';
  if (mod || e.altKey) return null;
  if (e.shiftKey) {
    // shift+arrows select downstream (right) or upstream (left) of the selection (spec 001 §2.5).
    if (e.key === 'ArrowRight') return 'selectDownstream';
    if (e.key === 'ArrowLeft') return 'selectUpstream';
  }
  switch (e.key) {
    case 'ArrowLeft':
      return e.shiftKey ? null : 'navLeft';
    case 'ArrowRight':
      return e.shiftKey ? null : 'navRight';
    case 'ArrowUp':
      return e.shiftKey ? null : 'navUp';
    case 'ArrowDown':
      return e.shiftKey ? null : 'navDown';
    case 'Delete':
    case 'Backspace':
      return 'delete';
    case 'Enter':
      return 'open';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    case '0':
      return 'resetZoom';
    case '1':
      return 'zoomToFit';
    case 'Escape':
      return 'cancel';
    default:
      return null;
  }
}
