// The full expression editor, opened from the inline one: the node's input (fields of its first
// item; a click inserts `{{ $json.field }}` at the cursor), the expression in a larger editor,
// and its result. Edits apply as they are typed; Escape or Close returns to the parameter.
import { useEffect, useRef } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { ExpressionEditor } from './ExpressionEditor.tsx';
import { ExpressionResult } from './ExpressionResult.tsx';
import { samplePaths, type CompletionData } from './completions.ts';
import type { ExpressionEditorHandle } from './editorRegistry.ts';
import type { ShownPreview } from './usePreview.ts';
import '../../../dialogs/dialogs.css';

function short(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `Array (${v.length})`;
  if (typeof v === 'object') return 'Object';
  const s = typeof v === 'string' ? v : String(v);
  return s.length > 60 ? s.slice(0, 60) + '…' : s;
}

export function ExpressionFullEditor({
  title,
  value,
  onChange,
  readOnly,
  completionData,
  preview,
  onItem,
  onClose,
}: {
  title: string;
  value: string;
  onChange: (text: string) => void;
  readOnly: boolean;
  completionData: CompletionData;
  preview: ShownPreview | undefined;
  onItem: (index: number) => void;
  onClose: () => void;
}) {
  const editor = useRef<ExpressionEditorHandle>(null);
  const fields = completionData.sample === undefined ? [] : samplePaths(completionData.sample);
  // Opened: the keyboard goes into the expression with the cursor at its end, so typing goes on
  // where the text ends (the dialog focuses itself on mount; this runs a frame later, after it).
  useEffect(() => {
    if (readOnly) return;
    const frame = requestAnimationFrame(() => {
      const el = document.getElementById('expression-full-editor-input');
      if (!(el instanceof HTMLTextAreaElement) || document.activeElement === el) return;
      el.focus({ preventScroll: true });
      el.setSelectionRange(el.value.length, el.value.length);
    });
    return () => cancelAnimationFrame(frame);
    // Only on open: later value changes keep the cursor where the user put it.
  }, []);
  return (
    <ModalOverlay className="dialog-overlay" isOpen isDismissable onOpenChange={(o) => !o && onClose()}>
      <Modal className="dialog expr-full-modal">
        <Dialog className="expr-full" aria-label={`Edit expression: ${title}`} data-testid="expression-full-editor">
          <div className="expr-full-header">
            <Heading slot="title" className="dialog-title">
              Edit expression <span className="expr-full-param">{title}</span>
            </Heading>
            <button type="button" className="btn btn-ghost btn-s" onClick={onClose} data-testid="expression-full-close">
              Close
            </button>
          </div>
          <div className="expr-full-body">
            <section className="expr-full-input" aria-label="Input">
              <div className="expr-full-section-title">Input</div>
              {fields.length === 0 ? (
                <p className="hint">No input data yet. Execute the previous node (or pin its output) to see the fields you can use here.</p>
              ) : (
                <ul className="expr-field-list" data-testid="expression-input-fields">
                  {fields.map((f) => (
                    <li key={f.path}>
                      <button
                        type="button"
                        className="expr-field"
                        disabled={readOnly}
                        title={`Insert {{ $json${f.path} }}`}
                        onClick={() => editor.current?.insertText(`{{ $json${f.path} }}`)}
                      >
                        <span className="expr-field-path mono">{f.path.replace(/^\./, '')}</span>
                        <span className="expr-field-value">{short(f.value)}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="expr-full-expression" aria-label="Expression">
              <div className="expr-full-section-title">Expression</div>
              <ExpressionEditor
                ref={editor}
                id="expression-full-editor-input"
                value={value}
                onChange={onChange}
                readOnly={readOnly}
                completionData={completionData}
                previewed={preview ? { text: preview.text, segments: preview.result.segments } : undefined}
                minRows={12}
                maxRows={22}
                testId="expression-full-input"
                ariaLabel="Expression"
              />
              <div className="hint">
                Anything inside <code className="mono">{'{{ }}'}</code> is JavaScript. Ctrl+Space for completions.
              </div>
            </section>
            <section className="expr-full-output" aria-label="Result">
              <ExpressionResult preview={preview} current={value} onItem={onItem} />
            </section>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
