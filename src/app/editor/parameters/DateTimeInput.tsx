import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

/** dateTime: a local date-time picker; the value is stored as an ISO-like local string. */
export function DateTimeInput({ value, onChange, path, ctx }: InputProps) {
  const text = typeof value === 'string' ? value.slice(0, 16) : '';
  return (
    <input
      id={inputId(path)}
      className="input"
      type="datetime-local"
      value={text}
      readOnly={ctx.readOnly}
      onChange={(e) => onChange(e.target.value)}
      data-testid={`parameter-input-${path}`}
    />
  );
}
