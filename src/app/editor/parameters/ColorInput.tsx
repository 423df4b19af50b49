import { useEffect, useState } from 'react';
import type { InputProps } from './types.ts';
import { inputId } from './types.ts';
import { normaliseColor, parseColor, toHex } from './colorValue.ts';

/**
 * color: a picker plus the text; with typeOptions.showAlpha an opacity slider too. Typed
 * 'rgb(…)' / 'rgba(…)' / short hex is stored as hex ('#rrggbbaa' with alpha) when committed.
 */
export function ColorInput({ property, value, onChange, path, ctx }: InputProps) {
  const withAlpha = property.typeOptions?.showAlpha === true;
  const stored = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState(stored);
  useEffect(() => setDraft(stored), [stored]);
  const color = parseColor(draft) ?? parseColor(stored);
  const invalid = draft.trim() !== '' && !parseColor(draft);
  const commit = (text: string) => {
    const hex = normaliseColor(text, withAlpha);
    if (hex !== undefined) {
      setDraft(hex);
      if (hex !== stored) onChange(hex);
    } else if (text.trim() === '') onChange('');
  };
  const alpha = color?.a ?? 1;
  return (
    <div className="color-input" data-testid={`parameter-input-${path}`}>
      {withAlpha && (
        // The colour with its transparency over a checkerboard (the native picker has no alpha).
        <span className="color-swatch" aria-hidden data-testid={`color-swatch-${path}`}>
          <span style={{ background: color ? `rgba(${color.r}, ${color.g}, ${color.b}, ${color.a})` : 'transparent' }} />
        </span>
      )}
      <input
        type="color"
        aria-label={`Pick ${property.displayName}`}
        value={color ? toHex(color, false) : '#000000'}
        disabled={ctx.readOnly}
        onChange={(e) => commit(withAlpha ? toHex({ ...parseColor(e.target.value)!, a: alpha }, true) : e.target.value)}
        data-testid={`color-picker-${path}`}
      />
      <input
        id={inputId(path)}
        className="input mono"
        value={draft}
        readOnly={ctx.readOnly}
        placeholder={withAlpha ? '#rrggbbaa or rgba(r, g, b, a)' : '#rrggbb'}
        onChange={(e) => {
          setDraft(e.target.value);
          // Hex in the stored form is stored while typing; other forms (rgba(…)) when the field is left.
          if ((withAlpha ? /^#[0-9a-f]{8}$/i : /^#[0-9a-f]{6}$/i).test(e.target.value.trim())) commit(e.target.value);
        }}
        onBlur={() => commit(draft)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(draft);
        }}
        aria-invalid={invalid}
        data-testid={`color-text-${path}`}
      />
      {withAlpha && (
        <label className="color-alpha">
          <span className="hint">Opacity</span>
          <input
            type="range"
            min={0}
            max={100}
            value={Math.round(alpha * 100)}
            disabled={ctx.readOnly || !color}
            aria-label={`${property.displayName} opacity`}
            onChange={(e) => color && commit(toHex({ ...color, a: Number(e.target.value) / 100 }, true))}
            data-testid={`color-alpha-${path}`}
          />
          <span className="color-alpha-value">{Math.round(alpha * 100)}%</span>
        </label>
      )}
      {invalid && <div className="field-error color-error">Not a colour: use {withAlpha ? '#rrggbbaa, #rrggbb or rgba(r, g, b, a)' : '#rrggbb or rgb(r, g, b)'}</div>}
    </div>
  );
}
