// filter (IF v2): conditions of left value, operator and right value, joined by AND or OR.
import { newId } from '../../../model/names.ts';
import type { InputProps } from './types.ts';
import { FILTER_OPERATOR_GROUPS, findOperator, operatorKey } from './filterOperators.ts';
import { ExpressionValueField } from './ExpressionValueField.tsx';
import { MappingDropTarget } from '../ndv/mapping/MappingDropTarget.tsx';
import { resolveFilterOptions } from './filterOptions.ts';
import { useEffect, useLayoutEffect, useRef } from 'react';

interface Condition {
  id: string;
  leftValue: unknown;
  rightValue: unknown;
  operator: { type: string; operation: string; singleValue?: boolean };
}
interface FilterValue {
  options?: Record<string, unknown>;
  conditions?: Condition[];
  combinator?: 'and' | 'or';
}

function text(v: unknown): string {
  return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const DEFAULT_OPERATOR = { type: 'string', operation: 'equals' };

/**
 * A typed value is stored in the operator's type, as n8n's filter inputs do (strict type
 * validation would reject the string '3' for a number comparison). Expressions stay text.
 */
export function coerceFilterValue(text: string, operatorType: string | undefined): unknown {
  if (text.startsWith('=')) return text;
  if (operatorType === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (operatorType === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

let operatorTemplate: HTMLTemplateElement | undefined;

/** The operator list (groups and their options), built once and cloned for each condition. */
function operatorOptions(): Node {
  if (!operatorTemplate) {
    operatorTemplate = document.createElement('template');
    for (const g of FILTER_OPERATOR_GROUPS) {
      const group = document.createElement('optgroup');
      group.label = g.label;
      for (const o of g.operators) group.append(new Option(o.name, operatorKey(o)));
      operatorTemplate.content.append(group);
    }
  }
  return operatorTemplate.content.cloneNode(true);
}

/**
 * A condition's operator: a native select whose 48 options (in 8 groups) are cloned from one
 * template instead of being rendered by React for every condition — a Switch with 50 rules had
 * 2,400 option elements made one by one when its panel opened (bench/README.md, ndv-switch). The
 * options are real, so keyboard, screen readers and automation see the full list.
 */
function OperatorSelect({ value, unknownLabel, disabled, onChange, testId }: { value: string; unknownLabel?: string; disabled: boolean; onChange: (value: string) => void; testId: string }) {
  const ref = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => {
    const el = ref.current!;
    // An operator this editor does not know stays selectable as it is stored.
    el.replaceChildren(...(unknownLabel ? [new Option(unknownLabel, value)] : []), operatorOptions());
    el.value = value;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- value is kept in step below
  }, [unknownLabel]);
  useLayoutEffect(() => {
    if (ref.current!.value !== value) ref.current!.value = value;
  }, [value]);
  return <select ref={ref} className="select" aria-label="Operator" disabled={disabled} onChange={(e) => onChange(e.target.value)} data-testid={testId} />;
}

/** The node's parameters as text, once per parameters object (a Switch shows one filter per rule). */
const contents = new WeakMap<object, string>();
function contentOf(root: object): string {
  let text = contents.get(root);
  if (text === undefined) contents.set(root, (text = JSON.stringify(root)));
  return text;
}

export function FilterInput({ property, value, onChange, path, ctx }: InputProps) {
  const v: FilterValue = value && typeof value === 'object' ? (value as FilterValue) : {};
  const conditions = Array.isArray(v.conditions) ? v.conditions : [];
  const combinator = v.combinator === 'or' ? 'or' : 'and';
  // Options resolved while the node was not yet edited wait here for the user's first change:
  // opening a node must never change it (n8n neither dirties a workflow on open).
  const pendingOptions = useRef<FilterValue['options']>(undefined);
  const set = (next: Partial<FilterValue>) => onChange({ ...v, combinator, conditions, ...(pendingOptions.current ? { options: pendingOptions.current } : {}), ...next });

  // Keep the stored options in step with the node's own settings (e.g. Ignore Case): written
  // when those settings change, not when the filter is first shown.
  const filterSpec = property.typeOptions?.filter;
  const storedOptions = JSON.stringify(v.options ?? null);
  const shownWith = useRef<string | undefined>(undefined);
  shownWith.current ??= contentOf(ctx.root);
  useEffect(() => {
    if (ctx.readOnly || conditions.length === 0) return;
    let cancelled = false;
    resolveFilterOptions(filterSpec, ctx.root, ctx.typeVersion).then(
      (options) => {
        if (cancelled) return;
        const differs = JSON.stringify(options) !== storedOptions;
        pendingOptions.current = differs ? { ...options } : undefined;
        if (differs && contentOf(ctx.root) !== shownWith.current) set({ options: { ...options } });
      },
      (e: unknown) => console.warn('Filter options could not be resolved; the stored ones stay', e),
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `set` is rebuilt each render from these
  }, [filterSpec, ctx.root, ctx.typeVersion, ctx.readOnly, storedOptions, conditions.length]);
  const patch = (i: number, p: Partial<Condition>) => set({ conditions: conditions.map((c, j) => (j === i ? { ...c, ...p } : c)) });

  return (
    <div className="filter">
      {conditions.length === 0 && <div className="collection-empty">No conditions yet</div>}
      {conditions.map((c, i) => {
        const op = findOperator(c.operator);
        const single = c.operator?.singleValue ?? op?.singleValue ?? false;
        const key = c.operator ? operatorKey(c.operator) : operatorKey(DEFAULT_OPERATOR);
        return (
          <div key={c.id ?? i}>
            {i > 0 && (
              <div className="filter-combinator">
                <select className="select select-s" aria-label="Combine conditions with" value={combinator} disabled={ctx.readOnly || i > 1} onChange={(e) => set({ combinator: e.target.value as 'and' | 'or' })} data-testid="filter-combinator">
                  <option value="and">AND</option>
                  <option value="or">OR</option>
                </select>
              </div>
            )}
            <div className="filter-condition" data-testid="filter-condition">
              <MappingDropTarget path={`${path}.conditions.${i}.leftValue`} value={c.leftValue} onChange={(v) => patch(i, { leftValue: v })} disabled={ctx.readOnly}>
                <ExpressionValueField
                  value={c.leftValue}
                  onChange={(v) => patch(i, { leftValue: v })}
                  fromText={(t) => coerceFilterValue(t, c.operator?.type)}
                  path={`${path}.conditions.${i}.leftValue`}
                  ctx={ctx}
                  label="Left value"
                  placeholder="value 1, e.g. {{ $json.name }}"
                  testId={`filter-left-${i}`}
                />
              </MappingDropTarget>
              <div className="filter-op-row">
                <OperatorSelect
                  value={key}
                  unknownLabel={!op && c.operator ? `${c.operator.type} ${c.operator.operation}` : undefined}
                  disabled={ctx.readOnly}
                  onChange={(value) => {
                    const [type, operation] = value.split(':');
                    const next = findOperator({ type, operation });
                    patch(i, {
                      operator: next?.singleValue ? { type, operation, singleValue: true } : { type, operation },
                      leftValue: coerceFilterValue(text(c.leftValue), type),
                      rightValue: coerceFilterValue(text(c.rightValue), type),
                    });
                  }}
                  testId={`filter-operator-${i}`}
                />
                {!ctx.readOnly && (
                  <button type="button" className="btn btn-ghost btn-icon btn-s" aria-label="Remove condition" onClick={() => set({ conditions: conditions.filter((_, j) => j !== i) })}>
                    ×
                  </button>
                )}
              </div>
              {!single && (
                <MappingDropTarget path={`${path}.conditions.${i}.rightValue`} value={c.rightValue} onChange={(v) => patch(i, { rightValue: v })} disabled={ctx.readOnly}>
                  <ExpressionValueField
                    value={c.rightValue}
                    onChange={(v) => patch(i, { rightValue: v })}
                    fromText={(t) => coerceFilterValue(t, c.operator?.type)}
                    path={`${path}.conditions.${i}.rightValue`}
                    ctx={ctx}
                    label="Right value"
                    placeholder="value 2"
                    testId={`filter-right-${i}`}
                  />
                </MappingDropTarget>
              )}
            </div>
          </div>
        );
      })}
      {!ctx.readOnly && (
        <button
          type="button"
          className="btn btn-s add-btn"
          onClick={() => set({ conditions: [...conditions, { id: newId(), leftValue: '', rightValue: '', operator: { ...DEFAULT_OPERATOR } }] })}
          data-testid={`filter-add-${path}`}
        >
          Add condition
        </button>
      )}
    </div>
  );
}
