// First and last name (setup, sign-up, personal settings); the caller puts them in its row.
import { FormField } from '../ui/FormField.tsx';
import type { FormErrors } from './forms.ts';

export interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onFirstName: (value: string) => void;
  onLastName: (value: string) => void;
  errors: FormErrors<'firstName' | 'lastName'>;
  showError?: boolean;
  autoFocus?: boolean;
  /** The fields' test ids: `${testId}-first-name` and `${testId}-last-name`. */
  testId: string;
}

export function NameFields(props: NameFieldsProps) {
  return (
    <>
      <FormField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={props.firstName}
        onChange={props.onFirstName}
        error={props.errors.firstName}
        showError={props.showError}
        autoFocus={props.autoFocus}
        required
        testId={`${props.testId}-first-name`}
      />
      <FormField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        value={props.lastName}
        onChange={props.onLastName}
        error={props.errors.lastName}
        showError={props.showError}
        required
        testId={`${props.testId}-last-name`}
      />
    </>
  );
}
