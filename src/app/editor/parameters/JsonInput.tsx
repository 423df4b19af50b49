import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

/** json: stored as text (as n8n does); a parse error is shown, not hidden. */
export function JsonInput({ property, value, onChange, path, ctx }: InputProps) {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value, null, 2);
  let error: string | undefined;
  if (text.trim() && !text.trim().startsWith('=')) {
    try {
      JSON.parse(text);
    } catch (e) {
      error = `Invalid JSON: ${(e as Error).message}`;
    }
  }
  return (
    <>
      <textarea
        id={inputId(path)}
        className="textarea mono"
        rows={property.typeOptions?.rows ?? 6}
        value={text}
        readOnly={ctx.readOnly}
        aria-invalid={!!error}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`parameter-input-${path}`}
      />
      {error && <div className="field-error">{error}</div>}
    </>
  );
}
