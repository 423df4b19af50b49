import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

/** string: one line, or a textarea when typeOptions.rows > 1; password fields hide their text. */
export function StringInput({ property, value, onChange, path, ctx }: InputProps) {
  const rows = property.typeOptions?.rows ?? 1;
  const text = value === undefined || value === null ? '' : String(value);
  if (rows > 1) {
    return (
      <textarea
        id={inputId(path)}
        className="textarea"
        rows={rows}
        value={text}
        placeholder={property.placeholder}
        readOnly={ctx.readOnly}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`parameter-input-${path}`}
      />
    );
  }
  return (
    <input
      id={inputId(path)}
      className="input"
      type={property.typeOptions?.password ? 'password' : 'text'}
      value={text}
      placeholder={property.placeholder}
      readOnly={ctx.readOnly}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
      data-testid={`parameter-input-${path}`}
    />
  );
}
