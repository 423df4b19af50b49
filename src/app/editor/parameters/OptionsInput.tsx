import type { INodePropertyOption } from '../../../model/nodeTypes.ts';
import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

/** options: a select; a stored value that is not an option stays visible (and is an issue). */
export function OptionsInput({ property, value, onChange, path, ctx }: InputProps) {
  const options = (property.options ?? []) as INodePropertyOption[];
  const index = options.findIndex((o) => o.value === value);
  const selected = options[index];
  return (
    <>
      <select
        id={inputId(path)}
        className="select"
        value={index >= 0 ? String(index) : ''}
        disabled={ctx.readOnly}
        onChange={(e) => onChange(options[Number(e.target.value)]?.value)}
        data-testid={`parameter-input-${path}`}
      >
        {index < 0 && <option value="">{value === undefined || value === '' ? 'Select…' : `${String(value)} (not supported)`}</option>}
        {options.map((o, i) => (
          <option key={String(o.value)} value={String(i)} title={o.description}>
            {o.name}
          </option>
        ))}
      </select>
      {selected?.description && <div className="hint param-hint">{selected.description}</div>}
    </>
  );
}
