// The interface of the separately built code-editor bundle (assets/monaco/code-editor.js).
import type { CompletionData } from '../expression/completions.ts';

export type CodeLanguage = 'javascript' | 'json' | 'python' | 'sql' | 'html';

export interface CodeEditorOptions {
  value: string;
  language: CodeLanguage;
  readOnly: boolean;
  onChange: (value: string) => void;
  /**
   * Inline lint as editor markers: 'javascript' parses the code as the Code node runs it (the
   * body of an async function) and marks the first syntax error; 'json' marks where JSON.parse
   * fails. Absent: none.
   */
  lint?: 'javascript' | 'json';
  /** The Code node's completions ($input, $json fields, $('Name') …), read when asked. */
  completions?: () => CompletionData;
  ariaLabel?: string;
  /** Shown greyed while the editor is empty (the parameter's placeholder, e.g. Custom Auth's example JSON). */
  placeholder?: string;
  /** Hears the lint errors each time they are computed. */
  onLint?: (markers: CodeMarker[]) => void;
  /** Hears the height (px) the content takes as laid out, wrapped lines counted; at once and on each change. */
  onContentHeight?: (px: number) => void;
}

export interface CodeMarker {
  message: string;
  /** 1-based. */
  line: number;
  column: number;
}

export interface CodeEditorInstance {
  setValue(value: string): void;
  focus(): void;
  /** The lint errors shown now. */
  markers(): CodeMarker[];
  dispose(): void;
}

export interface CodeEditorModule {
  createCodeEditor(container: HTMLElement, options: CodeEditorOptions): CodeEditorInstance;
}
