// A parameter that takes a drop from the input panel (spec 001 §4.2). While a mapping drag is on,
// the field is outlined; under the pointer it highlights. A release maps as n8n does: a fixed
// value becomes the expression (shown as an expression at once, the value written 200 ms later,
// the drop delay of §9); an expression gets the mapping inserted where the pointer is in its
// text (else at its cursor). The first successful mapping says so once (remembered locally).
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DROP_DELAY_MS } from '../../../../model/constants.ts';
import { useStores } from '../../../stores/context.ts';
import { expressionEditorFor } from '../../parameters/expression/editorRegistry.ts';
import { getMappedResult, insertIntoExpression } from './mappingExpression.ts';
import { isMappingOnboarded, mappingDrag, setMappingOnboarded, type MappingDropTarget as Target } from './mappingDrag.ts';

export const MAPPING_SUCCESS_TITLE = 'You just mapped some data!';
export const MAPPING_SUCCESS_MESSAGE = 'See “Data mapping” in the docs for more: https://docs.n8n.io/data/data-mapping/';

/** Where in a text field's value a drop at (x, y) lands; undefined when not over its text. */
function textOffsetAt(el: HTMLTextAreaElement | HTMLInputElement, x: number, y: number): number | undefined {
  const doc = el.ownerDocument as Document & { caretPositionFromPoint?(x: number, y: number): { offsetNode: Node; offset: number } | null };
  const r = el.getBoundingClientRect();
  if (x < r.left || x > r.right || y < r.top || y > r.bottom) return undefined;
  const pos = doc.caretPositionFromPoint?.(x, y);
  // Chromium answers the text control itself (or a node inside it) for a point in its text.
  if (pos && (pos.offsetNode === el || el.contains(pos.offsetNode))) return pos.offset;
  return undefined;
}

export const MappingDropTarget = observer(function MappingDropTarget({
  path,
  value,
  onChange,
  requiresDataPath,
  disabled,
  rawText,
  children,
}: {
  /** The parameter's path (its expression editor is found by it). */
  path: string;
  value: unknown;
  onChange: (v: unknown) => void;
  requiresDataPath?: unknown;
  disabled: boolean;
  /** The field shows the value with its '=' (a plain input holding '=…'), not the expression's text. */
  rawText?: boolean;
  children: ReactNode;
}) {
  const { ui } = useStores();
  const el = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<string | undefined>();
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const target: Target = useMemo(
    () => ({
      drop(expression, x, y) {
        const { value: prev } = latest.current;
        const done = () => {
          if (!isMappingOnboarded()) {
            ui.toasts.success(MAPPING_SUCCESS_TITLE, MAPPING_SUCCESS_MESSAGE);
            setMappingOnboarded();
          }
        };
        if (typeof prev === 'string' && prev.startsWith('=')) {
          const field = el.current?.querySelector<HTMLTextAreaElement | HTMLInputElement>('textarea, input[type="text"], input:not([type])');
          const offset = field ? textOffsetAt(field, x, y) : undefined;
          const under = offset !== undefined && rawText ? Math.max(0, offset - 1) : offset;
          const editor = expressionEditorFor(path);
          if (editor && field) {
            // At the text under the pointer, else at the editor's cursor; the cursor ends after it.
            if (under !== undefined) field.setSelectionRange(under, under);
            editor.insertText(expression);
          } else {
            const cursor = field?.selectionStart ?? undefined;
            latest.current.onChange(insertIntoExpression(prev, expression, under ?? (cursor !== undefined && rawText ? Math.max(0, cursor - 1) : cursor)));
          }
          done();
          return;
        }
        const next = getMappedResult({ requiresDataPath }, expression, prev);
        // Shown as an expression at once; written after the drop delay (n8n's behaviour).
        if (next.startsWith('=')) setPending(next.slice(1));
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          setPending(undefined);
          latest.current.onChange(next);
          done();
        }, DROP_DELAY_MS);
      },
    }),
    [ui, requiresDataPath, path, rawText],
  );

  const dragging = mappingDrag.active && !disabled;
  const over = dragging && mappingDrag.target === target;
  const cls = ['mapping-target', dragging ? 'mapping-droppable' : '', over ? 'mapping-over' : '', pending ? 'mapping-pending' : ''].filter(Boolean).join(' ');
  return (
    <div
      ref={el}
      className={cls}
      data-mapping-target={dragging ? (over ? 'over' : 'ready') : undefined}
      onPointerEnter={() => mappingDrag.active && !disabled && mappingDrag.setTarget(target)}
      onPointerMove={() => mappingDrag.active && !disabled && mappingDrag.target !== target && mappingDrag.setTarget(target)}
      onPointerLeave={() => mappingDrag.target === target && mappingDrag.setTarget(undefined)}
    >
      {children}
      {pending !== undefined && (
        <div className="mapping-pending-value mono" data-testid="mapping-pending">
          {pending}
        </div>
      )}
    </div>
  );
});

/**
 * A list that takes a drop as a new entry (the Set node's fields, as in n8n: the field named
 * after the key, its value the expression). Shown while a mapping drag is on.
 */
export const MappingAddTarget = observer(function MappingAddTarget({ onAdd, disabled, testId }: { onAdd: (name: string, expression: string) => void; disabled: boolean; testId?: string }) {
  const { ui } = useStores();
  const latest = useRef(onAdd);
  latest.current = onAdd;
  const target: Target = useMemo(
    () => ({
      drop(expression, _x, _y, label) {
        setTimeout(() => {
          latest.current(label, '=' + expression);
          if (!isMappingOnboarded()) {
            ui.toasts.success(MAPPING_SUCCESS_TITLE, MAPPING_SUCCESS_MESSAGE);
            setMappingOnboarded();
          }
        }, DROP_DELAY_MS);
      },
    }),
    [ui],
  );
  if (!mappingDrag.active || disabled) return null;
  const over = mappingDrag.target === target;
  return (
    <div
      className={`mapping-add${over ? ' mapping-over' : ''}`}
      onPointerEnter={() => mappingDrag.setTarget(target)}
      onPointerMove={() => mappingDrag.target !== target && mappingDrag.setTarget(target)}
      onPointerLeave={() => mappingDrag.target === target && mappingDrag.setTarget(undefined)}
      data-testid={testId}
    >
      Drop here to add a field “{mappingDrag.label}”
    </div>
  );
});

/** The pill that follows the pointer during a mapping drag (rendered once, by the input panel). */
export const MappingDragPill = observer(function MappingDragPill() {
  if (!mappingDrag.active) return null;
  const over = !!mappingDrag.target;
  return (
    <div className={`mapping-pill${over ? ' mapping-pill-over' : ''}`} style={{ transform: `translate(${mappingDrag.x + 8}px, ${mappingDrag.y + 8}px)` }} data-testid="mapping-pill" aria-hidden="true">
      {mappingDrag.label}
    </div>
  );
});
