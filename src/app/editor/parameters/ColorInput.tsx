import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

/** color: a picker plus the hex text. */
export function ColorInput({ value, onChange, path, ctx }: InputProps) {
  const text = typeof value === 'string' ? value : '';
  const valid = /^#[0-9a-fA-F]{6}$/.test(text);
  return (
    <div className="color-input">
      <input type="color" aria-label="Pick a colour" value={valid ? text : '#000000'} disabled={ctx.readOnly} onChange={(e) => onChange(e.target.value)} />
      <input id={inputId(path)} className="input mono" value={text} readOnly={ctx.readOnly} onChange={(e) => onChange(e.target.value)} aria-invalid={text !== '' && !valid} />
    </div>
  );
}
