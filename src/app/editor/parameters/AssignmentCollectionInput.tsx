// assignmentCollection (Set v3.3+): rows of name, type and value.
import { newId } from '../../../model/names.ts';
import type { InputProps } from './types.ts';
import { isExpression } from './expressionMode.ts';
import { MappingAddTarget, MappingDropTarget } from '../ndv/mapping/MappingDropTarget.tsx';
import { ExpressionValueField } from './ExpressionValueField.tsx';

export interface Assignment {
  id: string;
  name: string;
  value: unknown;
  type: AssignmentType;
}
export const ASSIGNMENT_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];

/** Checks a fixed (non-expression) value against its declared type; returns a message or undefined. */
export function assignmentValueError(a: Assignment): string | undefined {
  if (isExpression(a.value) || a.value === '' || a.value === undefined) return undefined;
  const text = String(a.value);
  switch (a.type) {
    case 'number':
      return Number.isFinite(Number(text)) ? undefined : `"${text}" is not a number`;
    case 'boolean':
      return text === 'true' || text === 'false' ? undefined : 'Use true or false';
    case 'array':
    case 'object': {
      try {
        const v = JSON.parse(text);
        if (a.type === 'array' ? !Array.isArray(v) : v === null || typeof v !== 'object' || Array.isArray(v)) return `Not a JSON ${a.type}`;
        return undefined;
      } catch (e) {
        return `Invalid JSON: ${(e as Error).message}`;
      }
    }
    default:
      return undefined;
  }
}

export function AssignmentCollectionInput({ value, onChange, path, ctx }: InputProps) {
  const v = value && typeof value === 'object' ? (value as { assignments?: Assignment[] }) : {};
  const list = Array.isArray(v.assignments) ? v.assignments : [];
  const set = (next: Assignment[]) => onChange({ ...v, assignments: next });
  const patch = (i: number, p: Partial<Assignment>) => set(list.map((a, j) => (j === i ? { ...a, ...p } : a)));
  return (
    <div className="assignments">
      {list.length === 0 && <div className="collection-empty">No fields set yet. Add one to write a value into each item.</div>}
      {list.map((a, i) => {
        const error = assignmentValueError(a);
        return (
          <div key={a.id ?? i} className="assignment" data-testid="assignment">
            <div className="assignment-row">
              <input
                className="input assignment-name"
                placeholder="name"
                aria-label="Field name"
                value={a.name ?? ''}
                readOnly={ctx.readOnly}
                onChange={(e) => patch(i, { name: e.target.value })}
                data-testid={`assignment-name-${i}`}
              />
              <select className="select assignment-type" aria-label="Field type" value={a.type ?? 'string'} disabled={ctx.readOnly} onChange={(e) => patch(i, { type: e.target.value as AssignmentType })} data-testid={`assignment-type-${i}`}>
                {ASSIGNMENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
              {!ctx.readOnly && (
                <button type="button" className="btn btn-ghost btn-icon btn-s" aria-label={`Remove field ${a.name}`} onClick={() => set(list.filter((_, j) => j !== i))}>
                  ×
                </button>
              )}
            </div>
            {a.type === 'boolean' && !isExpression(a.value) ? (
              <select className="select" aria-label="Field value" value={String(a.value ?? 'false')} disabled={ctx.readOnly} onChange={(e) => patch(i, { value: e.target.value === 'true' })} data-testid={`assignment-value-${i}`}>
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : (
              <MappingDropTarget path={`${path}.assignments.${i}.value`} value={a.value} onChange={(v) => patch(i, { value: v })} disabled={ctx.readOnly}>
                <ExpressionValueField
                  value={a.value}
                  onChange={(v) => patch(i, { value: v })}
                  path={`${path}.assignments.${i}.value`}
                  ctx={ctx}
                  label="Field value"
                  placeholder="value, or type {{ for an expression"
                  invalid={!!error}
                  testId={`assignment-value-${i}`}
                />
              </MappingDropTarget>
            )}
            {error && <div className="field-error">{error}</div>}
          </div>
        );
      })}
      {/* Mapping (engineer C): a key dropped here adds a field named after it. */}
      <MappingAddTarget disabled={ctx.readOnly} onAdd={(name, expression) => set([...list, { id: newId(), name, value: expression, type: 'string' }])} testId={`assignment-drop-${path}`} />
      {!ctx.readOnly && (
        <button type="button" className="btn btn-s add-btn" onClick={() => set([...list, { id: newId(), name: '', value: '', type: 'string' }])} data-testid={`assignment-add-${path}`}>
          Add field
        </button>
      )}
    </div>
  );
}
