import type { InputProps } from './types.ts';
import { inputId } from './types.ts';
import { DATE_SHORTCUTS, shortcutValue, toInputValue } from './dateShortcuts.ts';

/** dateTime: a local date-time picker (seconds included) with the shortcuts Today, Yesterday, A week ago. */
export function DateTimeInput({ value, onChange, path, ctx }: InputProps) {
  const text = toInputValue(value);
  return (
    <div className="datetime-input">
      <input
        id={inputId(path)}
        className="input"
        type="datetime-local"
        step={1}
        value={text}
        readOnly={ctx.readOnly}
        onChange={(e) => onChange(e.target.value === '' ? '' : e.target.value.length === 16 ? `${e.target.value}:00` : e.target.value)}
        data-testid={`parameter-input-${path}`}
      />
      {!ctx.readOnly && (
        <div className="date-shortcuts" role="group" aria-label="Date shortcuts">
          {DATE_SHORTCUTS.map((s) => (
            <button key={s.label} type="button" className="btn btn-ghost btn-s" onClick={() => onChange(shortcutValue(s.days))}>
              {s.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
