// A labelled text input with its rule text and error: the error shows once something typed was
// left, or a submit was tried (`showError`), and is tied to the input for screen readers.
import { useId, useState, type ReactNode } from 'react';
import './forms.css';

export interface FormFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  name?: string;
  autoComplete?: string;
  error?: string;
  /** A submit was tried: show the error even if the field was never left. */
  showError?: boolean;
  /** Info text under the field (the password rules). */
  hint?: ReactNode;
  placeholder?: string;
  maxLength?: number;
  autoFocus?: boolean;
  disabled?: boolean;
  required?: boolean;
  testId?: string;
}

export function FormField(props: FormFieldProps) {
  const id = useId();
  const [left, setLeft] = useState(false);
  // An empty field that was only passed through says nothing until a submit is tried (an error
  // appearing on blur would also shift the page under a click that is on its way).
  const visibleError = (props.showError || (left && props.value !== '')) && props.error ? props.error : undefined;
  const describedBy = [visibleError ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      {/* The star stays outside the label: the field's name is the label text alone. */}
      <div className="form-label-row">
        <label className="form-label" htmlFor={id}>
          {props.label}
        </label>
        {props.required && (
          <span className="form-required" aria-hidden>
            *
          </span>
        )}
      </div>
      <input
        id={id}
        className="input"
        type={props.type ?? 'text'}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={() => setLeft(true)}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        required={props.required}
        aria-invalid={visibleError ? true : undefined}
        aria-describedby={describedBy}
        data-testid={props.testId}
      />
      {visibleError && (
        <div className="field-error" id={`${id}-error`} role="alert">
          {visibleError}
        </div>
      )}
      {props.hint && !visibleError && (
        <div className="hint form-hint" id={`${id}-hint`}>
          {props.hint}
        </div>
      )}
    </div>
  );
}
