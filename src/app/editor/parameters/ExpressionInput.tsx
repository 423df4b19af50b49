// An expression ('=…'): shown without the '=' in the expression editor, with `{{ }}` segments
// coloured by what they resolve to, completions, and the live result under it while it has
// focus. The ⤢ button opens the full editor (expression, the input it can use, the result).
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useStores } from '../../stores/context.ts';
import type { InputProps } from './types.ts';
import { inputId } from './types.ts';
import { ExpressionEditor } from './expression/ExpressionEditor.tsx';
import { ExpressionFullEditor } from './expression/ExpressionFullEditor.tsx';
import { ExpressionResult } from './expression/ExpressionResult.tsx';
import { registerExpressionEditor, type ExpressionEditorHandle } from './expression/editorRegistry.ts';
import { useCompletionData, useExpressionPreview } from './expression/usePreview.ts';
import './expression/expression.css';

export const ExpressionInput = observer(function ExpressionInput({
  property,
  value,
  onChange,
  path,
  ctx,
  testId,
  ariaLabel,
}: InputProps & { testId?: string; ariaLabel?: string }) {
  const root = useStores();
  const node = root.ui.ndvNode;
  const text = typeof value === 'string' ? value.slice(1) : '';
  const [focused, setFocused] = useState(false);
  const [full, setFull] = useState(false);
  const [item, setItem] = useState(0);
  const editor = useRef<ExpressionEditorHandle>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const setText = (t: string) => onChange('=' + t);

  useEffect(
    () =>
      registerExpressionEditor(path, {
        focus: () => editor.current?.focus(),
        insertText: (t) => editor.current?.insertText(t),
      }),
    [path],
  );

  const data = useCompletionData(root, node?.name);
  const preview = useExpressionPreview(root, '=' + text, node?.name, node?.parameters, (focused && !full) || full, item);

  return (
    <div
      ref={wrapper}
      className={`expression-input${focused ? ' focused' : ''}`}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="expression-inline">
        <ExpressionEditor
          ref={editor}
          id={inputId(path)}
          value={text}
          onChange={setText}
          readOnly={ctx.readOnly}
          completionData={data}
          previewed={preview ? { text: preview.text, segments: preview.result.segments } : undefined}
          maxRows={6}
          testId={testId ?? `parameter-input-${path}`}
          ariaLabel={ariaLabel}
        />
        <button
          type="button"
          className="expr-open-full"
          title="Open the full expression editor"
          aria-label={`Open ${property.displayName} in the full expression editor`}
          onClick={() => setFull(true)}
          data-testid={testId ? `${testId}-open-full` : `expression-open-full-${path}`}
        >
          ⤢
        </button>
      </div>
      {focused && !full && node && (
        <div className="expression-inline-result" data-testid={testId ? `${testId}-result` : `expression-result-${path}`}>
          <ExpressionResult preview={preview} current={text} compact onItem={setItem} />
          <div className="expression-tip hint">
            Anything inside <code className="mono">{'{{ }}'}</code> is JavaScript. Ctrl+Space for completions.
          </div>
        </div>
      )}
      {full && (
        <ExpressionFullEditor
          title={property.displayName}
          value={text}
          onChange={setText}
          readOnly={ctx.readOnly}
          completionData={data}
          preview={preview}
          onItem={setItem}
          onClose={() => {
            setFull(false);
            editor.current?.focus();
          }}
        />
      )}
    </div>
  );
});
