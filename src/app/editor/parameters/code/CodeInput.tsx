// Code and JSON parameters: a textarea at once, monaco once its bundle has loaded (it is its
// own bundle: nothing of monaco is in the main one). The language follows the parameter
// (JavaScript for the Code node's jsCode, Python for pythonCode, JSON for json parameters, SQL,
// HTML); JavaScript and JSON get inline lint markers, listed under the editor too; the Code
// node's JavaScript gets n8n's completions ($input, $json fields of the real input, $('Name') …).
import { observer } from 'mobx-react-lite';
import { useContext, useEffect, useRef, useState } from 'react';
import type { InputProps } from '../types.ts';
import { inputId } from '../types.ts';
import type { CodeEditorInstance, CodeLanguage, CodeMarker } from './codeEditorApi.ts';
import { loadCodeEditor } from './loadCodeEditor.ts';
import { locateJsonError } from '../../../../model/jsonErrors.ts';
import { StoresContext } from '../../../stores/context.ts';
import { useCompletionData } from '../expression/usePreview.ts';

const LINE_PX = 19;
/** The tallest the code editor grows (px, 30 lines); longer code scrolls inside it. */
export const CODE_MAX_HEIGHT = 30 * LINE_PX + 8;

export function languageOf(editor: unknown, language: unknown, type?: string): CodeLanguage {
  if (type === 'json' || editor === 'jsonEditor') return 'json';
  if (typeof language === 'string' && language.toLowerCase() === 'python') return 'python';
  if (editor === 'sqlEditor') return 'sql';
  if (editor === 'htmlEditor') return 'html';
  return 'javascript';
}


/** While monaco loads (or if it cannot), a JSON parameter still says where its text breaks. */
function jsonProblem(text: string) {
  if (!text.trim()) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    const at = locateJsonError(text);
    return (
      <div className="field-error code-lint" role="alert" data-testid="code-lint-error">
        Invalid JSON: {at ? `${at.message} (line ${at.line}, column ${at.column})` : e instanceof Error ? e.message : String(e)}
      </div>
    );
  }
}

export const CodeInput = observer(function CodeInput({ property, value, onChange, path, ctx, language: forced }: InputProps & { language?: CodeLanguage }) {
  const text = typeof value === 'string' ? value : '';
  const root = useContext(StoresContext);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditorInstance | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // What was typed into the textarea while monaco loaded carries over.
  const textRef = useRef(text);
  textRef.current = text;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [markers, setMarkers] = useState<CodeMarker[]>([]);
  const [contentHeight, setContentHeight] = useState<number | undefined>();
  const language = forced ?? languageOf(property.typeOptions?.editor, property.typeOptions?.editorLanguage, property.type);
  // Completion data of the open node (none in a credential form).
  const completions = useCompletionData(root, root?.ui.ndvNode?.name);
  const completionsRef = useRef(completions);
  completionsRef.current = completions;
  const isCodeNode = property.typeOptions?.editor === 'codeNodeEditor' || property.typeOptions?.editor === 'jsEditor' || property.typeOptions?.editor === 'code';

  useEffect(() => {
    let disposed = false;
    loadCodeEditor().then(
      (m) => {
        if (disposed || !host.current) return;
        editor.current = m.createCodeEditor(host.current, {
          value: textRef.current,
          language,
          readOnly: ctx.readOnly,
          onChange: (v) => onChangeRef.current(v),
          lint: language === 'javascript' ? 'javascript' : language === 'json' ? 'json' : undefined,
          completions: language === 'javascript' && isCodeNode ? () => completionsRef.current : undefined,
          ariaLabel: property.displayName,
          placeholder: property.placeholder,
          onLint: (m) => !disposed && setMarkers(m),
          onContentHeight: (px) => !disposed && setContentHeight(px),
        });
        setState('ready');
      },
      () => !disposed && setState('failed'),
    );
    return () => {
      disposed = true;
      editor.current?.dispose();
      editor.current = undefined;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => editor.current?.setValue(text), [text]);

  const rows = property.typeOptions?.rows;
  const height = language === 'json' ? Math.max(6, Math.min(20, rows ?? text.split('\n').length + 2)) : Math.max(10, Math.min(24, text.split('\n').length + 2));
  // monaco's own height: its content as laid out (wrapped lines count) plus a spare line, between
  // the minimum rows and CODE_MAX_HEIGHT; beyond that it scrolls inside.
  const minPx = (language === 'json' ? 6 : 10) * LINE_PX + 8;
  const monacoHeight = contentHeight === undefined ? height * LINE_PX + 8 : Math.round(Math.min(CODE_MAX_HEIGHT, Math.max(minPx, contentHeight + LINE_PX + 8)));
  // The lint is listed above the editor, where it stays in view however long the code is.
  const lint =
    state === 'ready' &&
    markers.map((m) => (
      <div key={`${m.line}:${m.column}`} className="field-error code-lint" role="alert" data-testid="code-lint-error">
        {language === 'json' ? 'Invalid JSON' : 'Syntax error'}: {m.message} (line {m.line}, column {m.column})
      </div>
    ));
  return (
    <div className={`code-input code-input-${language}`} data-testid={`parameter-input-${path}`} data-language={language} data-state={state}>
      {lint}
      <div ref={host} className="code-input-monaco" style={{ display: state === 'ready' ? 'block' : 'none', height: monacoHeight }} data-testid="code-input-monaco" />
      {state !== 'ready' && (
        <textarea
          id={inputId(path)}
          className="textarea mono"
          rows={height}
          value={text}
          placeholder={property.placeholder}
          readOnly={ctx.readOnly}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {state === 'failed' && <div className="hint">The code editor could not be loaded; editing as plain text.</div>}
      {state !== 'ready' && language === 'json' && jsonProblem(text)}
    </div>
  );
});
