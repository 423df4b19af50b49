import { Checkbox, CheckboxGroup } from 'react-aria-components';
import type { INodePropertyOption } from '../../../model/nodeTypes.ts';
import type { InputProps } from './types.ts';

export function MultiOptionsInput({ property, value, onChange, path, ctx }: InputProps) {
  const options = (property.options ?? []) as INodePropertyOption[];
  const selected = Array.isArray(value) ? value.map(String) : [];
  return (
    <CheckboxGroup
      className="multi-options"
      aria-label={property.displayName}
      value={selected}
      isReadOnly={ctx.readOnly}
      onChange={(keys) => onChange(options.filter((o) => keys.includes(String(o.value))).map((o) => o.value))}
      data-testid={`parameter-input-${path}`}
    >
      {options.map((o) => (
        <Checkbox key={String(o.value)} value={String(o.value)} className="checkbox">
          <span className="checkbox-box" aria-hidden />
          {o.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}
