// Canvas keyboard shortcuts (spec 001 §2.5), as a pure mapping from a key event to a command.
// Shortcuts that belong to the editor shell (Tab, ctrl+s, ctrl+o …) are left to the app.
export type KeyCommand =
  | 'delete'
  | 'open'
  | 'zoomIn'
  | 'zoomOut'
  | 'resetZoom'
  | 'zoomToFit'
  | 'selectAll'
  | 'cancel';

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
  switch (e.key) {
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
