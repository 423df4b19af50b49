// The interface of the separately built code-editor bundle (assets/monaco/code-editor.js).
export interface CodeEditorOptions {
  value: string;
  language: 'javascript' | 'json' | 'python' | 'sql' | 'html';
  readOnly: boolean;
  onChange: (value: string) => void;
}

export interface CodeEditorInstance {
  setValue(value: string): void;
  dispose(): void;
}

export interface CodeEditorModule {
  createCodeEditor(container: HTMLElement, options: CodeEditorOptions): CodeEditorInstance;
}
