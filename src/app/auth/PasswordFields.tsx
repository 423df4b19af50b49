// The fields of a new password: the rules under it and, where it is entered twice, the re-entry
// (the checks, 'Passwords must match' among them, are in forms.ts).
import { PASSWORD_RULES_TEXT } from '../../model/users.ts';
import { FormField, type FormFieldProps } from '../ui/FormField.tsx';
import type { FormErrors } from './forms.ts';

/** A password the default rules apply to (setup, sign-up, a new password). */
export function NewPasswordField(props: Omit<FormFieldProps, 'type' | 'autoComplete' | 'hint' | 'required'>) {
  return <FormField {...props} type="password" autoComplete="new-password" hint={PASSWORD_RULES_TEXT} required />;
}

export interface NewPasswordFieldsProps {
  /** The fields' names: `name` and `${name}2`. */
  name: string;
  password: string;
  password2: string;
  onPassword: (value: string) => void;
  onPassword2: (value: string) => void;
  errors: FormErrors<'password' | 'password2'>;
  showError: boolean;
  autoFocus?: boolean;
  /** The fields' test ids: `${testId}-new` and `${testId}-repeat`. */
  testId: string;
}

/** A new password and its re-entry (recovery link, the changePassword modal). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <NewPasswordField
        label="New password"
        name={props.name}
        value={props.password}
        onChange={props.onPassword}
        error={props.errors.password}
        showError={props.showError}
        autoFocus={props.autoFocus}
        testId={`${props.testId}-new`}
      />
      <FormField
        label="Re-enter new password"
        type="password"
        name={`${props.name}2`}
        autoComplete="new-password"
        value={props.password2}
        onChange={props.onPassword2}
        error={props.errors.password2}
        showError={props.showError}
        required
        testId={`${props.testId}-repeat`}
      />
    </>
  );
}
