// The expression text editor: a textarea over a coloured copy of its text, so `{{ }}` segments
// show in the colour of their last preview, and a completion list under it (Ctrl+Space, or as
// you type inside `{{ }}`; ↑ ↓ choose, Enter or Tab accept, Escape closes). Used inline in the
// parameter and in the full editor.
import { forwardRef, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { applyCompletion, completeExpression, type CompletionData, type CompletionResult } from './completions.ts';
import { highlightParts } from './highlight.ts';
import { insertAt, type ExpressionEditorHandle } from './editorRegistry.ts';
import type { PreviewSegment } from '../../../../../workers/expression/previewKernel.ts';
import { closeBraces } from './closeBraces.ts';

export interface ExpressionEditorProps {
  id?: string;
  /** The expression without its leading '='. */
  value: string;
  onChange: (text: string) => void;
  readOnly?: boolean;
  completionData: CompletionData;
  /** The text the last preview was computed for, and its segments. */
  previewed?: { text: string; segments: PreviewSegment[] };
  minRows?: number;
  maxRows?: number;
  testId?: string;
  ariaLabel?: string;
  onFocus?: () => void;
  onBlur?: (e: React.FocusEvent) => void;
}

const LINE_HEIGHT = 20;

export const ExpressionEditor = forwardRef<ExpressionEditorHandle, ExpressionEditorProps>(function ExpressionEditor(
  { id, value, onChange, readOnly, completionData, previewed, minRows = 1, maxRows = 8, testId, ariaLabel, onFocus, onBlur },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const [completion, setCompletion] = useState<CompletionResult | undefined>();
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const navigated = useRef(false);
  const pendingCursor = useRef<number | undefined>(undefined);
  const valueRef = useRef(value);
  valueRef.current = value;

  const set = (text: string, cursor: number) => {
    pendingCursor.current = cursor;
    onChange(text);
  };

  useImperativeHandle(
    ref,
    () => ({
      focus: () => area.current?.focus(),
      insertText: (text: string) => {
        const el = area.current;
        const start = el?.selectionStart ?? valueRef.current.length;
        const end = el?.selectionEnd ?? start;
        const next = insertAt(valueRef.current, start, end, text);
        set(next.text, next.cursor);
        el?.focus();
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [onChange],
  );

  // Put the cursor where an edit left it. (The height follows the coloured copy in CSS, so a
  // keystroke never forces a layout here.)
  useLayoutEffect(() => {
    const el = area.current;
    if (el && pendingCursor.current !== undefined && document.activeElement === el) {
      el.setSelectionRange(pendingCursor.current, pendingCursor.current);
    }
    pendingCursor.current = undefined;
  }, [value]);

  // Keep the chosen option in view when the arrows move it (only then: measuring the list on
  // every keystroke would force a layout while typing).
  useLayoutEffect(() => {
    if (!navigated.current) return;
    navigated.current = false;
    const ul = list.current;
    const li = ul?.children[active] as HTMLElement | undefined;
    if (!ul || !li) return;
    if (li.offsetTop < ul.scrollTop) ul.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > ul.scrollTop + ul.clientHeight) ul.scrollTop = li.offsetTop + li.offsetHeight - ul.clientHeight;
  }, [active]);

  const parts = useMemo(() => highlightParts(value, previewed), [value, previewed]);

  const refreshCompletion = (text: string, cursor: number, explicit = false) => {
    const r = completeExpression(text, cursor, completionData);
    // Only open by itself after a '.', '$', '(' or a word character was typed.
    if (r && (explicit || /[\w$.('"[]$/.test(text.slice(0, cursor)))) {
      setCompletion(r);
      setActive(0);
    } else setCompletion(undefined);
  };

  const accept = (i: number) => {
    if (!completion) return;
    const option = completion.options[i];
    if (!option) return;
    const next = applyCompletion(value, completion, option);
    setCompletion(undefined);
    set(next.text, next.cursor);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === ' ' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      const el = e.currentTarget;
      refreshCompletion(value, el.selectionStart, true);
      return;
    }
    if (!completion) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = completion.options.length;
      navigated.current = true;
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      accept(active);
    } else if (e.key === 'Escape') {
      // Closes the list only, not the panel around it.
      e.preventDefault();
      e.stopPropagation();
      e.nativeEvent.stopImmediatePropagation();
      setCompletion(undefined);
    }
  };

  const listId = id ? `${id}-completions` : undefined;
  return (
    <div
      className={`expr-editor${readOnly ? ' expr-editor-readonly' : ''}`}
      style={{ '--expr-min-height': `${minRows * LINE_HEIGHT + 12}px`, '--expr-max-height': `${maxRows * LINE_HEIGHT + 12}px` } as React.CSSProperties}
    >
      <div ref={backdrop} className="expr-backdrop mono" aria-hidden="true">
        {parts.map((p, i) =>
          p.state ? (
            <span key={i} className={`expr-segment expr-${p.state}`}>
              {p.text}
            </span>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
        {/* A trailing newline needs a character after it to take up its line. */}
        {'\u200b'}
      </div>
      <textarea
        ref={area}
        id={id}
        className="expr-textarea mono"
        rows={minRows}
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        autoComplete="off"
        aria-label={ariaLabel}
        aria-autocomplete="list"
        aria-expanded={!!completion}
        aria-controls={completion ? listId : undefined}
        aria-activedescendant={completion && listId ? `${listId}-${active}` : undefined}
        role="combobox"
        data-testid={testId}
        onChange={(e) => {
          const el = e.currentTarget;
          // '{{' typed: n8n adds the closing ' }}' with the cursor between.
          const closed = el.value.length === value.length + 1 && el.selectionStart === el.selectionEnd ? closeBraces(el.value, el.selectionStart) : undefined;
          if (closed) {
            set(closed.text, closed.cursor);
            setCompletion(undefined);
            return;
          }
          onChange(el.value);
          refreshCompletion(el.value, el.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onScroll={(e) => {
          if (backdrop.current) backdrop.current.scrollTop = e.currentTarget.scrollTop;
        }}
        onClick={() => setCompletion(undefined)}
        onFocus={onFocus}
        onBlur={(e) => {
          setCompletion(undefined);
          onBlur?.(e);
        }}
      />
      {completion && (
        <ul ref={list} className="expr-completions" role="listbox" id={listId} aria-label="Completions" data-testid="expression-completions">
          {completion.options.map((o, i) => (
            <li
              key={o.label + i}
              id={listId ? `${listId}-${i}` : undefined}
              role="option"
              aria-selected={i === active}
              className={`expr-completion expr-kind-${o.kind}${i === active ? ' active' : ''}`}
              // Keep the textarea's focus (and its cursor) while choosing with the mouse.
              onMouseDown={(e) => {
                e.preventDefault();
                accept(i);
              }}
            >
              <span className="expr-completion-label">{o.label}</span>
              {o.detail && <span className="expr-completion-detail">{o.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
