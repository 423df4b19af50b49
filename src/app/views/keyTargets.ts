// Where a key event lands decides who owns it: text fields keep their own keys (typing, text
// undo, copy), the canvas and the window get the rest.

/** Focus is in something the user types into. */
export function typingTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || t.closest('input, textarea, select, [role="textbox"], .monaco-editor') !== null;
}
