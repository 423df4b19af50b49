import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

interface Locator {
  __rl: true;
  mode: string;
  value: unknown;
}

/** resourceLocator: the value of the current mode, typed by hand (lists need remote options). */
export function ResourceLocatorInput({ property, value, onChange, path, ctx }: InputProps) {
  const v: Locator = value && typeof value === 'object' && '__rl' in (value as object) ? (value as Locator) : { __rl: true, mode: 'id', value: value ?? '' };
  return (
    <div className="rl-input">
      <span className="rl-mode">{v.mode}</span>
      <input
        id={inputId(path)}
        className="input"
        value={v.value === undefined || v.value === null ? '' : String(v.value)}
        placeholder={property.placeholder}
        readOnly={ctx.readOnly}
        onChange={(e) => onChange({ ...v, value: e.target.value })}
      />
    </div>
  );
}
