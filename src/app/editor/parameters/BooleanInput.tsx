import { Switch } from 'react-aria-components';
import type { InputProps } from './types.ts';
import { inputId } from './types.ts';

export function BooleanInput({ property, value, onChange, path, ctx }: InputProps) {
  return (
    <Switch
      id={inputId(path)}
      className="switch"
      isSelected={value === true}
      isReadOnly={ctx.readOnly}
      onChange={(v) => onChange(v)}
      aria-label={property.displayName}
      data-testid={`parameter-input-${path}`}
    >
      <span className="switch-track" />
    </Switch>
  );
}
