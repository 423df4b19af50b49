// A value inside a list parameter (a Set field's value, an IF/Switch condition's left or right
// value) that can be fixed or an expression, as n8n's are: an expression shows without its '='
// in the expression editor (completions, colouring, the live result, ⤢ full editor); typing
// '{{' into a fixed value makes it an expression; the 'fx' button switches per field.
// A Switch can have 100 of these, so an expression first shows as a light input (same text,
// same look, editable) and becomes the expression editor when it takes the focus.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { INodeProperties } from '../../../model/nodeTypes.ts';
import type { ParameterContext } from './types.ts';
import { isExpression, toFixed } from './expressionMode.ts';
import { ExpressionInput } from './ExpressionInput.tsx';
import { closeBraces } from './expression/closeBraces.ts';

/** The text of a fixed value as a text box shows it. */
export function fixedText(v: unknown): string {
  return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function ExpressionValueField({
  value,
  onChange,
  fromText = (t) => t,
  path,
  ctx,
  label,
  placeholder,
  invalid,
  testId,
}: {
  value: unknown;
  onChange: (v: unknown) => void;
  /** A fixed text to the stored value (e.g. a number for a number comparison). */
  fromText?: (text: string) => unknown;
  /** The value's parameter path (its expression editor is registered by it, for mapping drops). */
  path: string;
  ctx: ParameterContext;
  label: string;
  placeholder?: string;
  invalid?: boolean;
  testId: string;
}) {
  const expression = isExpression(value);
  const [upgraded, setUpgraded] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const light = useRef<HTMLInputElement>(null);
  // Where the cursor goes once the editor is there (from the light input or the '{{' typed).
  const handover = useRef<{ start: number; end: number } | undefined>(undefined);
  const property = useMemo(() => ({ displayName: label, name: path, type: 'string', default: '' }) as INodeProperties, [label, path]);

  const live = expression && upgraded;
  useLayoutEffect(() => {
    const at = handover.current;
    if (!live || !at) return;
    handover.current = undefined;
    const area = box.current?.querySelector('textarea');
    if (!area) return;
    area.focus();
    area.setSelectionRange(at.start, at.end);
  }, [live]);

  const upgrade = (start: number, end: number) => {
    handover.current = { start, end };
    setUpgraded(true);
  };

  const toggle = () => {
    if (expression) {
      setUpgraded(false);
      onChange(fromText(fixedText(toFixed(value, property))));
    } else {
      const text = fixedText(value);
      onChange('=' + text);
      upgrade(text.length, text.length);
    }
  };

  let field;
  if (live) {
    field = <ExpressionInput property={property} value={value} onChange={onChange} path={path} ctx={ctx} testId={testId} ariaLabel={label} />;
  } else if (expression) {
    field = (
      <input
        ref={light}
        className="input mono expression-field expression-light"
        aria-label={label}
        value={value.slice(1)}
        readOnly={ctx.readOnly}
        onChange={(e) => onChange('=' + e.target.value)}
        onFocus={() => {
          if (ctx.readOnly) return;
          // After this turn, so whatever the focus came with (a click's cursor, a select-all) is kept.
          setTimeout(() => {
            const el = light.current;
            if (el && document.activeElement === el) upgrade(el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length);
          });
        }}
        data-testid={testId}
      />
    );
  } else {
    field = (
      <input
        className="input"
        placeholder={placeholder}
        aria-label={label}
        aria-invalid={invalid || undefined}
        value={fixedText(value)}
        readOnly={ctx.readOnly}
        autoComplete="off"
        onChange={(e) => {
          const text = e.target.value;
          const cursor = e.target.selectionStart ?? text.length;
          // A value written with its '=' (pasted from a workflow) is that expression.
          if (text.startsWith('=') && text.length > 1 && fixedText(value) === '') {
            onChange(text);
            upgrade(cursor - 1, cursor - 1);
            return;
          }
          // '{{' typed: the value becomes an expression, closed and with the cursor inside.
          if (text.includes('{{') && !fixedText(value).includes('{{')) {
            const closed = closeBraces(text, cursor) ?? { text, cursor };
            onChange('=' + closed.text);
            upgrade(closed.cursor, closed.cursor);
            return;
          }
          onChange(fromText(text));
        }}
        data-testid={testId}
      />
    );
  }
  return (
    <div ref={box} className="value-field">
      <div className="value-field-input">{field}</div>
      {!ctx.readOnly && (
        <button
          type="button"
          className={`value-mode${expression ? ' active' : ''}`}
          aria-pressed={expression}
          aria-label={`${label}: ${expression ? 'expression (switch to fixed)' : 'fixed (switch to expression)'}`}
          title={expression ? 'Expression — click for a fixed value' : 'Fixed — click for an expression'}
          onClick={toggle}
          data-testid={`${testId}-mode`}
        >
          fx
        </button>
      )}
    </div>
  );
}
