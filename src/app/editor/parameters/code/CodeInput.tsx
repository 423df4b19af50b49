// code parameters (Code node's jsCode): a textarea at once, monaco once its bundle has loaded.
import { useEffect, useRef, useState } from 'react';
import type { InputProps } from '../types.ts';
import { inputId } from '../types.ts';
import type { CodeEditorInstance } from './codeEditorApi.ts';
import { loadCodeEditor } from './loadCodeEditor.ts';

function languageOf(editor: unknown, language: unknown): 'javascript' | 'json' | 'python' | 'sql' | 'html' {
  if (language === 'python' || editor === 'codeNodeEditor' && language === 'python') return 'python';
  if (editor === 'jsonEditor') return 'json';
  if (editor === 'sqlEditor') return 'sql';
  if (editor === 'htmlEditor') return 'html';
  return 'javascript';
}

export function CodeInput({ property, value, onChange, path, ctx }: InputProps) {
  const text = typeof value === 'string' ? value : '';
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditorInstance | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // What was typed into the textarea while monaco loaded carries over.
  const textRef = useRef(text);
  textRef.current = text;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    loadCodeEditor().then(
      (m) => {
        if (disposed || !host.current) return;
        editor.current = m.createCodeEditor(host.current, {
          value: textRef.current,
          language: languageOf(property.typeOptions?.editor, property.typeOptions?.editorLanguage),
          readOnly: ctx.readOnly,
          onChange: (v) => onChangeRef.current(v),
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

  return (
    <div className="code-input" data-testid={`parameter-input-${path}`}>
      <div ref={host} className="code-input-monaco" style={{ display: state === 'ready' ? 'block' : 'none' }} />
      {state !== 'ready' && (
        <textarea
          id={inputId(path)}
          className="textarea mono"
          rows={Math.max(8, Math.min(20, text.split('\n').length + 1))}
          value={text}
          readOnly={ctx.readOnly}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {state === 'failed' && <div className="hint">The code editor could not be loaded; editing as plain text.</div>}
    </div>
  );
}
