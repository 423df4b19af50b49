import { Checkbox, CheckboxGroup } from 'react-aria-components';
import type { InputProps } from './types.ts';
import { useParameterOptions } from './remoteOptions.ts';
import { RemoteOptionsStatus } from './RemoteOptionsStatus.tsx';

/** multiOptions: one checkbox per option; the value is the list of chosen values, in option order. */
export function MultiOptionsInput({ property, value, onChange, path, ctx }: InputProps) {
  const state = useParameterOptions(property, path, ctx);
  const options = state.options;
  const selected = Array.isArray(value) ? value.map(String) : [];
  const loading = state.status === 'loading';
  // Chosen values the options do not offer (yet, or any more) stay listed so they can be removed.
  const unknown = selected.filter((s) => !options.some((o) => String(o.value) === s));
  return (
    <>
      <CheckboxGroup
        className="multi-options"
        aria-label={property.displayName}
        value={selected}
        isReadOnly={ctx.readOnly}
        isDisabled={loading}
        onChange={(keys) => {
          const known = options.filter((o) => keys.includes(String(o.value))).map((o) => o.value);
          const kept = (Array.isArray(value) ? value : []).filter((v) => unknown.includes(String(v)) && keys.includes(String(v)));
          onChange([...known, ...kept]);
        }}
        data-testid={`parameter-input-${path}`}
        data-options-state={state.remote ? state.status : undefined}
      >
        {options.map((o) => (
          <Checkbox key={String(o.value)} value={String(o.value)} className="checkbox">
            <span className="checkbox-box" aria-hidden />
            {o.name}
          </Checkbox>
        ))}
        {!loading &&
          unknown.map((s) => (
            <Checkbox key={`unknown:${s}`} value={s} className="checkbox checkbox-unknown">
              <span className="checkbox-box" aria-hidden />
              {s} (not supported)
            </Checkbox>
          ))}
      </CheckboxGroup>
      {state.remote && <RemoteOptionsStatus state={state} path={path} onRetry={state.reload} />}
    </>
  );
}
