// Entry of the lazily loaded code editor (built by esbuild.config.mjs into assets/monaco/).
// Only the editor core, a few editing contributions, suggestions, hovers and highlighting for
// JavaScript, Python, SQL, HTML and JSON: the TypeScript and JSON language services (several MB
// and their own workers) are left out. Lint comes from codeLint.ts (acorn, JSON.parse) as
// markers; the Code node's completions from expression/completions.ts.
import * as monaco from 'monaco-editor/editor/editor.api';
// The package's export map only exposes .js files; the icon font's CSS is reached by path.
import '../../../../../node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/placeholderText/browser/placeholderText.contribution';
import 'monaco-editor/features/find/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/html/register';
import './monacoOverrides.css';
import type { CodeEditorInstance, CodeEditorOptions, CodeMarker } from './codeEditorApi.ts';
import { lintJavaScript, lintJson } from './codeLint.ts';
import { CODE_GLOBALS, completeCode, type CompletionData, type CompletionKind } from '../expression/completions.ts';

(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker: () => new Worker(new URL('./editor.worker.js', import.meta.url), { type: 'module' }),
};

// JSON highlighting without the JSON language service: keys, strings, numbers, literals.
monaco.languages.register({ id: 'json', extensions: ['.json'], aliases: ['JSON'] });
monaco.languages.setMonarchTokensProvider('json', {
  tokenizer: {
    root: [
      [/"(?:[^"\\]|\\.)*"(?=\s*:)/, 'type'],
      [/"(?:[^"\\]|\\.)*"/, 'string'],
      [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, 'number'],
      [/\b(?:true|false|null)\b/, 'keyword'],
      [/[{}[\],:]/, 'delimiter'],
    ],
  },
});
monaco.languages.setLanguageConfiguration('json', {
  brackets: [
    ['{', '}'],
    ['[', ']'],
  ],
  autoClosingPairs: [
    { open: '{', close: '}' },
    { open: '[', close: ']' },
    { open: '"', close: '"', notIn: ['string'] },
  ],
});

/** Completion sources by model, for the one provider registered per language. */
const sources = new Map<string, () => CompletionData>();

const KIND: Record<CompletionKind, monaco.languages.CompletionItemKind> = {
  variable: monaco.languages.CompletionItemKind.Variable,
  function: monaco.languages.CompletionItemKind.Function,
  field: monaco.languages.CompletionItemKind.Field,
  method: monaco.languages.CompletionItemKind.Method,
  node: monaco.languages.CompletionItemKind.Module,
  property: monaco.languages.CompletionItemKind.Property,
};

const snippetEscape = (s: string) => s.replace(/[\\$}]/g, (c) => `\\${c}`);

monaco.languages.registerCompletionItemProvider('javascript', {
  triggerCharacters: ['.', '$', "'", '"', '('],
  provideCompletionItems(model, position) {
    const source = sources.get(model.uri.toString());
    if (!source) return { suggestions: [] };
    const before = model.getValueInRange({ startLineNumber: 1, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column });
    const r = completeCode(before, source(), CODE_GLOBALS);
    if (!r) return { suggestions: [] };
    const range = new monaco.Range(position.lineNumber, Math.max(1, position.column - r.replace), position.lineNumber, position.column);
    return {
      suggestions: r.options.slice(0, 200).map((o, i) => {
        const cursor = o.cursor ?? o.insert.length;
        const snippet = cursor < o.insert.length;
        return {
          label: o.label,
          kind: KIND[o.kind],
          detail: o.detail,
          insertText: snippet ? snippetEscape(o.insert.slice(0, cursor)) + '$0' + snippetEscape(o.insert.slice(cursor)) : o.insert,
          insertTextRules: snippet ? monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet : undefined,
          range,
          sortText: String(i).padStart(4, '0'),
          // Node names contain spaces: filter on what was typed inside the quotes.
          filterText: o.kind === 'node' ? o.label : undefined,
        };
      }),
    };
  },
});

const LINT_DELAY_MS = 250;

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
    // The parameters panel is narrow: long lines wrap (as n8n's code editor does) instead of
    // scrolling the start of every line out of view.
    wordWrap: 'on',
    tabSize: 2,
    fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
    ariaLabel: options.ariaLabel,
    placeholder: options.placeholder,
    fixedOverflowWidgets: true,
    quickSuggestions: { other: true, strings: true, comments: false },
    suggestOnTriggerCharacters: true,
    wordBasedSuggestions: 'off',
  });
  const model = editor.getModel()!;
  const uri = model.uri.toString();
  if (options.completions) sources.set(uri, options.completions);

  let current: CodeMarker[] = [];
  const lint = () => {
    if (!options.lint) return;
    current = options.lint === 'json' ? lintJson(model.getValue()) : lintJavaScript(model.getValue());
    monaco.editor.setModelMarkers(
      model,
      'switchyard-lint',
      current.map((m) => {
        const word = model.getWordAtPosition({ lineNumber: m.line, column: m.column });
        const end = word && word.startColumn === m.column ? word.endColumn : Math.min(m.column + 1, model.getLineMaxColumn(m.line));
        return {
          severity: monaco.MarkerSeverity.Error,
          message: m.message,
          startLineNumber: m.line,
          startColumn: m.column,
          endLineNumber: m.line,
          endColumn: Math.max(end, m.column + 1),
        };
      }),
    );
    options.onLint?.(current);
  };
  lint();
  let lintTimer: ReturnType<typeof setTimeout> | undefined;

  // The container grows with the rendered content (wrapped lines included), see CodeInput.
  if (options.onContentHeight) {
    const report = options.onContentHeight;
    editor.onDidContentSizeChange((e) => e.contentHeightChanged && report(e.contentHeight));
    report(editor.getContentHeight());
  }

  let applying = false;
  editor.onDidChangeModelContent(() => {
    clearTimeout(lintTimer);
    lintTimer = setTimeout(lint, LINT_DELAY_MS);
    if (!applying) options.onChange(editor.getValue());
  });
  return {
    setValue(value: string) {
      if (value === editor.getValue()) return;
      applying = true;
      editor.setValue(value);
      applying = false;
    },
    focus() {
      editor.focus();
    },
    markers() {
      return current;
    },
    dispose() {
      clearTimeout(lintTimer);
      sources.delete(uri);
      model.dispose();
      editor.dispose();
    },
  };
}
