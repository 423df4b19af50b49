// First and last name (setup, sign-up, personal settings); the caller puts them in its row.
import { FormField } from '../ui/FormField.tsx';
import type { FormErrors } from './forms.ts';

export interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onFirstName: (value: string) => void;
  onLastName: (value: string) => void;
  errors: FormErrors<'firstName' | 'lastName'>;
  /** Show the errors now (a submit was tried), for both fields or per field. */
  showError?: boolean | { firstName?: boolean; lastName?: boolean };
  autoFocus?: boolean;
  /** The fields' test ids: `${testId}-first-name` and `${testId}-last-name`. */
  testId: string;
}

export function NameFields(props: NameFieldsProps) {
  const show = typeof props.showError === 'object' ? props.showError : { firstName: props.showError, lastName: props.showError };
  return (
    <>
      <FormField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={props.firstName}
        onChange={props.onFirstName}
        error={props.errors.firstName}
        showError={show.firstName}
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
        showError={show.lastName}
        required
        testId={`${props.testId}-last-name`}
      />
    </>
  );
}
