// Expression editors by parameter path, so others can reach the one a parameter shows: the
// Fixed → Expression switch focuses it after 375 ms (spec 001 §4.2), and a drop of mapped data
// can insert `{{ $json.path }}` at its cursor.

export interface ExpressionEditorHandle {
  focus(): void;
  /** Inserts text at the cursor (replacing the selection), as if typed; returns the new value. */
  insertText(text: string): void;
}

const editors = new Map<string, ExpressionEditorHandle>();

export function registerExpressionEditor(path: string, handle: ExpressionEditorHandle): () => void {
  editors.set(path, handle);
  return () => {
    if (editors.get(path) === handle) editors.delete(path);
  };
}

export function expressionEditorFor(path: string): ExpressionEditorHandle | undefined {
  return editors.get(path);
}

/** Text with `insert` put at [start, end), and the cursor after it. */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; cursor: number } {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  return { text: text.slice(0, s) + insert + text.slice(e), cursor: s + insert.length };
}
