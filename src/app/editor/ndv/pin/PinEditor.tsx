// The edit-output editor: monaco (the code-editor bundle, loaded on first use) with JSON
// colouring and line numbers; it keeps a 10 MB text in its own model and draws only what is on
// screen, where a textarea spends seconds laying out 500,000 lines. Validation is not monaco's:
// the pin store sends the text to the pin-data worker on save, and a refusal is shown under the
// editor with its line. If the bundle cannot load, a plain textarea takes its place.
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { CodeEditorInstance } from '../../parameters/code/codeEditorApi.ts';
import { loadCodeEditor } from '../../parameters/code/loadCodeEditor.ts';
import type { PinEditStore } from './pinEditStore.ts';

export const PinEditor = observer(function PinEditor({ store }: { store: PinEditStore }) {
  const host = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const text = store.session?.initialText;
  const error = store.error;

  useEffect(() => {
    if (text === undefined) return;
    let disposed = false;
    let editor: CodeEditorInstance | undefined;
    let latest: string | undefined;
    loadCodeEditor().then(
      (m) => {
        if (disposed || !host.current) return;
        editor = m.createCodeEditor(host.current, {
          value: text,
          language: 'json',
          readOnly: false,
          ariaLabel: 'Output data as JSON',
          onChange: (v) => (latest = v),
        });
        store.readText = () => latest ?? text;
        setState('ready');
        editor.focus();
      },
      () => {
        if (disposed) return;
        setState('failed');
      },
    );
    return () => {
      disposed = true;
      editor?.dispose();
    };
  }, [text, store]);

  // Without monaco: the text in a textarea, read on save.
  useEffect(() => {
    const el = area.current;
    if (state !== 'failed' || !el || text === undefined) return;
    el.value = text;
    store.readText = () => el.value;
  }, [state, text, store]);

  return (
    <div className="pin-editor" data-testid="ndv-pin-editor" data-state={text === undefined ? 'preparing' : state}>
      <div ref={host} className="pin-editor-monaco" style={{ display: state === 'ready' ? 'block' : 'none' }} />
      {state === 'failed' ? (
        <textarea ref={area} className="pin-editor-text" aria-label="Output data as JSON" spellCheck={false} wrap="off" data-testid="ndv-pin-editor-text" />
      ) : state === 'loading' || text === undefined ? (
        <div className="pin-editor-wait">{text === undefined ? 'Preparing the output…' : 'Loading the editor…'}</div>
      ) : null}
      {state === 'failed' && <div className="hint pin-editor-note">The code editor could not be loaded; editing as plain text.</div>}
      {error && (
        <div className="pin-editor-error" role="alert" data-testid="ndv-pin-error">
          {error.message}
        </div>
      )}
    </div>
  );
});
