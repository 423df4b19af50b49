// Entry of the lazily loaded code editor (built by esbuild.config.mjs into assets/monaco/).
// Only the editor core, a few editing contributions and JavaScript highlighting: the
// TypeScript language service (several MB and its own worker) is left out.
import * as monaco from 'monaco-editor/editor/editor.api';
// The package's export map only exposes .js files; the icon font's CSS is reached by path.
import '../../../../../node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/features/find/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/python/register';
import type { CodeEditorInstance, CodeEditorOptions } from './codeEditorApi.ts';

(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker: () => new Worker(new URL('./editor.worker.js', import.meta.url), { type: 'module' }),
};

export function createCodeEditor(container: HTMLElement, options: CodeEditorOptions): CodeEditorInstance {
  const editor = monaco.editor.create(container, {
    value: options.value,
    language: options.language,
    readOnly: options.readOnly,
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 13,
    lineNumbersMinChars: 3,
    scrollBeyondLastLine: false,
    tabSize: 2,
    fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  });
  let applying = false;
  editor.onDidChangeModelContent(() => {
    if (!applying) options.onChange(editor.getValue());
  });
  return {
    setValue(value: string) {
      if (value === editor.getValue()) return;
      applying = true;
      editor.setValue(value);
      applying = false;
    },
    dispose() {
      editor.getModel()?.dispose();
      editor.dispose();
    },
  };
}
