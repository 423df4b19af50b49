import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

/** An expression ('=…'): shown without the '=' in an expression-styled editor. */
export function ExpressionInput({ value, onChange, path, ctx }: InputProps) {
  const text = typeof value === 'string' ? value.slice(1) : '';
  return (
    <div className="expression-input">
      <textarea
        id={inputId(path)}
        className="textarea mono expression-textarea"
        rows={Math.min(6, Math.max(1, text.split('\n').length))}
        value={text}
        readOnly={ctx.readOnly}
        spellCheck={false}
        onChange={(e) => onChange('=' + e.target.value)}
        data-testid={`parameter-input-${path}`}
      />
    </div>
  );
}
