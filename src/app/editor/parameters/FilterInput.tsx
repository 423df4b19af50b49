// filter (IF v2): conditions of left value, operator and right value, joined by AND or OR.
import { newId } from '../../../model/names.ts';
import type { InputProps } from './types.ts';
import { FILTER_OPERATOR_GROUPS, findOperator, operatorKey } from './filterOperators.ts';
import { isExpression } from './expressionMode.ts';
import { resolveFilterOptions } from './filterOptions.ts';
import { useEffect } from 'react';

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

export function FilterInput({ property, value, onChange, path, ctx }: InputProps) {
  const v: FilterValue = value && typeof value === 'object' ? (value as FilterValue) : {};
  const conditions = Array.isArray(v.conditions) ? v.conditions : [];
  const combinator = v.combinator === 'or' ? 'or' : 'and';
  const set = (next: Partial<FilterValue>) => onChange({ ...v, combinator, conditions, ...next });

  // Keep the stored options in step with the node's own settings (e.g. Ignore Case).
  const filterSpec = property.typeOptions?.filter;
  const storedOptions = JSON.stringify(v.options ?? null);
  useEffect(() => {
    if (ctx.readOnly || conditions.length === 0) return;
    let cancelled = false;
    resolveFilterOptions(filterSpec, ctx.root, ctx.typeVersion).then(
      (options) => {
        if (!cancelled && JSON.stringify(options) !== storedOptions) set({ options: { ...options } });
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
              <input
                className={`input${isExpression(c.leftValue) ? ' mono expression-field' : ''}`}
                placeholder="value 1, e.g. ={{ $json.name }}"
                aria-label="Left value"
                value={text(c.leftValue)}
                readOnly={ctx.readOnly}
                onChange={(e) => patch(i, { leftValue: coerceFilterValue(e.target.value, c.operator?.type) })}
                data-testid={`filter-left-${i}`}
              />
              <div className="filter-op-row">
                <select
                  className="select"
                  aria-label="Operator"
                  value={key}
                  disabled={ctx.readOnly}
                  onChange={(e) => {
                    const [type, operation] = e.target.value.split(':');
                    const next = findOperator({ type, operation });
                    patch(i, {
                      operator: next?.singleValue ? { type, operation, singleValue: true } : { type, operation },
                      leftValue: coerceFilterValue(text(c.leftValue), type),
                      rightValue: coerceFilterValue(text(c.rightValue), type),
                    });
                  }}
                  data-testid={`filter-operator-${i}`}
                >
                  {!op && c.operator && <option value={key}>{`${c.operator.type} ${c.operator.operation}`}</option>}
                  {FILTER_OPERATOR_GROUPS.map((g) => (
                    <optgroup key={g.type} label={g.label}>
                      {g.operators.map((o) => (
                        <option key={operatorKey(o)} value={operatorKey(o)}>
                          {o.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
                {!ctx.readOnly && (
                  <button type="button" className="btn btn-ghost btn-icon btn-s" aria-label="Remove condition" onClick={() => set({ conditions: conditions.filter((_, j) => j !== i) })}>
                    ×
                  </button>
                )}
              </div>
              {!single && (
                <input
                  className={`input${isExpression(c.rightValue) ? ' mono expression-field' : ''}`}
                  placeholder="value 2"
                  aria-label="Right value"
                  value={text(c.rightValue)}
                  readOnly={ctx.readOnly}
                  onChange={(e) => patch(i, { rightValue: coerceFilterValue(e.target.value, c.operator?.type) })}
                  data-testid={`filter-right-${i}`}
                />
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
