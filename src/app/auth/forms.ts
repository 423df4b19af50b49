// Field rules of the account forms (spec 000 §5, spec 002 §5) as pure functions: each returns
// the message per field that is wrong, nothing for a valid form. The pages show a field's message
// once it was left or a submit was tried.
import { DELETE_USER_CONFIRMATION, isValidEmail, nameProblem, parseInviteList, passwordProblem, type PublicUser } from '../../model/users.ts';

export type FormErrors<K extends string> = Partial<Record<K, string>>;

export const PASSWORDS_MUST_MATCH = 'Passwords must match';

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

function clean<K extends string>(errors: Record<K, string | undefined>): FormErrors<K> {
  const out: FormErrors<K> = {};
  for (const k of Object.keys(errors) as K[]) if (errors[k]) out[k] = errors[k];
  return out;
}

export function emailProblem(email: string): string | undefined {
  const e = email.trim();
  if (!e) return 'Email is required';
  if (!isValidEmail(e)) return 'Please enter a valid email address';
  return undefined;
}

/** Sign-in: both required (the password is checked by the server, not against the rules). */
export function signinErrors(f: { email: string; password: string }): FormErrors<'email' | 'password'> {
  return clean({ email: emailProblem(f.email), password: f.password ? undefined : 'Password is required' });
}

/** Owner setup: email, names (max 32), a password with the default rules. */
export function setupErrors(f: { email: string; firstName: string; lastName: string; password: string }): FormErrors<'email' | 'firstName' | 'lastName' | 'password'> {
  return clean({
    email: emailProblem(f.email),
    firstName: nameProblem(f.firstName, 'First name'),
    lastName: nameProblem(f.lastName, 'Last name'),
    password: passwordProblem(f.password),
  });
}

/** Sign-up from an invitation: names and a password with the default rules. */
export function signupErrors(f: { firstName: string; lastName: string; password: string }): FormErrors<'firstName' | 'lastName' | 'password'> {
  return clean({
    firstName: nameProblem(f.firstName, 'First name'),
    lastName: nameProblem(f.lastName, 'Last name'),
    password: passwordProblem(f.password),
  });
}

/** Forgot password: a valid email. */
export function forgotPasswordErrors(f: { email: string }): FormErrors<'email'> {
  return clean({ email: emailProblem(f.email) });
}

/** A new password and its re-entry (recovery link): rules, then 'Passwords must match'. */
export function newPasswordErrors(f: { password: string; password2: string }): FormErrors<'password' | 'password2'> {
  return clean({
    password: passwordProblem(f.password),
    password2: !f.password2 ? 'Please re-enter the new password' : f.password2 !== f.password ? PASSWORDS_MUST_MATCH : undefined,
  });
}

/** The changePassword modal: the current password too (spec 002 §5: all three required). */
export function changePasswordErrors(f: { currentPassword: string; password: string; password2: string }): FormErrors<'currentPassword' | 'password' | 'password2'> {
  return {
    ...(f.currentPassword ? {} : { currentPassword: 'Current password is required' }),
    ...newPasswordErrors(f),
  };
}

export interface PersonalForm {
  firstName: string;
  lastName: string;
  email: string;
}

/** Personal settings: names (max 32) and a valid email. */
export function personalErrors(f: PersonalForm): FormErrors<keyof PersonalForm> {
  return clean({
    firstName: nameProblem(f.firstName, 'First name'),
    lastName: nameProblem(f.lastName, 'Last name'),
    email: emailProblem(f.email),
  });
}

/** Spec 000 §2: Save only when something changed (ignoring surrounding spaces) and the form is valid. */
export function personalCanSave(form: PersonalForm, saved: { firstName: string | null; lastName: string | null; email: string | null }): boolean {
  const changed =
    form.firstName.trim() !== (saved.firstName ?? '') || form.lastName.trim() !== (saved.lastName ?? '') || form.email.trim().toLowerCase() !== (saved.email ?? '').toLowerCase();
  return changed && !hasErrors(personalErrors(form));
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Owner setup's question when data exists (spec 000 §2): '2 workflows and 1 credential', or '' for none. */
export function existingDataSummary(workflows: number, credentials: number): string {
  const parts: string[] = [];
  if (workflows > 0) parts.push(plural(workflows, 'workflow', 'workflows'));
  if (credentials > 0) parts.push(plural(credentials, 'credential', 'credentials'));
  return parts.join(' and ');
}

/** The invite button's label: 'Invite user', or 'Invite N users' for more than one (spec 002 §5). */
export function inviteButtonLabel(count: number): string {
  return count > 1 ? `Invite ${count} users` : 'Invite user';
}

/** The invite field as the rules read it: one entry per comma (a line break counts as one too). */
export function parseInviteField(text: string): ReturnType<typeof parseInviteList> {
  return parseInviteList(text.replace(/\r?\n/g, ','));
}

export type DeleteOperation = 'transfer' | 'delete';

/** Spec 002 §4: a pending user needs no choice; else transfer to another user, or the typed phrase. */
export function canDeleteUser(user: Pick<PublicUser, 'id' | 'isPending'>, choice: { operation?: DeleteOperation; transferId?: string; confirmation: string }): boolean {
  if (user.isPending) return true;
  if (choice.operation === 'transfer') return !!choice.transferId && choice.transferId !== user.id;
  if (choice.operation === 'delete') return choice.confirmation === DELETE_USER_CONFIRMATION;
  return false;
}
