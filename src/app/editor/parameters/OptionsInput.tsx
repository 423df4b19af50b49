import type { InputProps } from './types.ts';
import { inputId } from './types.ts';
import { useParameterOptions } from './remoteOptions.ts';
import { RemoteOptionsStatus } from './RemoteOptionsStatus.tsx';

/**
 * options: a select; a stored value that is not an option stays visible (and is an issue).
 * Remote options (typeOptions.loadOptionsMethod) come from the server; the select is disabled
 * while they load.
 */
export function OptionsInput({ property, value, onChange, path, ctx }: InputProps) {
  const state = useParameterOptions(property, path, ctx);
  const options = state.options;
  const index = options.findIndex((o) => o.value === value);
  const selected = options[index];
  const loading = state.status === 'loading';
  const empty = value === undefined || value === '';
  let missing: string;
  if (loading) missing = 'Loading options…';
  else if (empty) missing = 'Select…';
  else missing = state.remote && state.status === 'issue' ? String(value) : `${String(value)} (not supported)`;
  return (
    <>
      <select
        id={inputId(path)}
        className="select"
        value={index >= 0 ? String(index) : ''}
        disabled={ctx.readOnly || loading}
        aria-busy={loading}
        onChange={(e) => onChange(options[Number(e.target.value)]?.value)}
        data-testid={`parameter-input-${path}`}
        data-options-state={state.remote ? state.status : undefined}
      >
        {index < 0 && <option value="">{missing}</option>}
        {options.map((o, i) => (
          <option key={`${typeof o.value}:${String(o.value)}`} value={String(i)} title={o.description}>
            {o.name}
          </option>
        ))}
      </select>
      {selected?.description && <div className="hint param-hint">{selected.description}</div>}
      {state.remote && <RemoteOptionsStatus state={state} path={path} onRetry={state.reload} />}
    </>
  );
}
