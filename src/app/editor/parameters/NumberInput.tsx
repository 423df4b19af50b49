import { useEffect, useState } from 'react';
import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

/** Validates a typed number against min, max and precision; returns an error or the number. */
export function parseNumberInput(text: string, opts: { minValue?: number; maxValue?: number; numberPrecision?: number }): number | string {
  const t = text.trim();
  if (t === '') return 'Enter a number';
  const n = Number(t.replace(',', '.'));
  if (!Number.isFinite(n)) return `"${text}" is not a number`;
  if (opts.minValue !== undefined && n < opts.minValue) return `Must be at least ${opts.minValue}`;
  if (opts.maxValue !== undefined && n > opts.maxValue) return `Must be at most ${opts.maxValue}`;
  if (opts.numberPrecision !== undefined) {
    const decimals = (t.split(/[.,]/)[1] ?? '').length;
    if (decimals > opts.numberPrecision) return opts.numberPrecision === 0 ? 'Must be a whole number' : `At most ${opts.numberPrecision} decimal places`;
  }
  return n;
}

/** number: typed freely, committed only when valid (min, max, precision honoured). */
export function NumberInput({ property, value, onChange, path, ctx }: InputProps) {
  const shown = value === undefined || value === null ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setDraft(shown);
    setError(undefined);
  }, [shown]);
  const to = property.typeOptions ?? {};
  return (
    <>
      <input
        id={inputId(path)}
        className="input"
        inputMode="decimal"
        value={draft}
        readOnly={ctx.readOnly}
        aria-invalid={!!error}
        placeholder={property.placeholder}
        onChange={(e) => {
          setDraft(e.target.value);
          const r = parseNumberInput(e.target.value, to);
          if (typeof r === 'number') {
            setError(undefined);
            onChange(r);
          } else setError(r);
        }}
        onBlur={() => {
          if (error) {
            setDraft(shown);
            setError(undefined);
          }
        }}
        data-testid={`parameter-input-${path}`}
      />
      {error && <div className="field-error">{error}</div>}
    </>
  );
}
