// Field rules of the account forms (spec 000 §5, spec 002 §5) as pure functions: each returns
// the message per field that is wrong, nothing for a valid form. The pages show a field's message
// once it was left or a submit was tried.
import type { MePatchPayload } from '../../model/api.ts';
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
  /** Asked for (and sent) only while the email differs from the saved one. */
  currentPassword?: string;
}

export type SavedPersonal = { firstName: string | null; lastName: string | null; email: string | null };

export const CURRENT_PASSWORD_FOR_EMAIL = 'Current password is required to change the email';

/** The address typed differs from the saved one (case and surrounding spaces aside): the password is needed. */
export function personalEmailChanged(form: Pick<PersonalForm, 'email'>, saved: Pick<SavedPersonal, 'email'>): boolean {
  return form.email.trim().toLowerCase() !== (saved.email ?? '').toLowerCase();
}

/**
 * Personal settings: names (max 32) and a valid email; with `saved`, the current password too
 * when the email changes (the server refuses a new address without it: whoever holds the address
 * can reset the password).
 */
export function personalErrors(f: PersonalForm, saved?: SavedPersonal): FormErrors<keyof PersonalForm> {
  return clean({
    firstName: nameProblem(f.firstName, 'First name'),
    lastName: nameProblem(f.lastName, 'Last name'),
    email: emailProblem(f.email),
    currentPassword: saved && personalEmailChanged(f, saved) && !f.currentPassword ? CURRENT_PASSWORD_FOR_EMAIL : undefined,
  });
}

/**
 * Which errors of personal settings show at once: a name's as soon as its text differs from the
 * saved value (cleared, spaces only, over 32), so a greyed-out Save has its reason on screen; the
 * email's at once when cleared, a half-typed address once the field is left (FormField's rule).
 * The current password's field explains itself with a hint until the server answers.
 */
export function personalShowErrors(form: PersonalForm, saved: SavedPersonal): { firstName: boolean; lastName: boolean; email: boolean } {
  return {
    firstName: form.firstName !== (saved.firstName ?? ''),
    lastName: form.lastName !== (saved.lastName ?? ''),
    email: form.email !== (saved.email ?? '') && form.email.trim() === '',
  };
}

/** Spec 000 §2: Save only when something changed (ignoring surrounding spaces) and the form is valid. */
export function personalCanSave(form: PersonalForm, saved: SavedPersonal): boolean {
  const changed = form.firstName.trim() !== (saved.firstName ?? '') || form.lastName.trim() !== (saved.lastName ?? '') || personalEmailChanged(form, saved);
  return changed && !hasErrors(personalErrors(form, saved));
}

/** PATCH /me's body: trimmed fields, and the current password only with a changed email. */
export function personalPayload(form: PersonalForm, saved: SavedPersonal): MePatchPayload {
  const payload: MePatchPayload = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() };
  if (personalEmailChanged(form, saved) && form.currentPassword) payload.currentPassword = form.currentPassword;
  return payload;
}

/** A refused save that is about the current password: shown under that field, not in a toast. */
export function isCurrentPasswordProblem(message: string): boolean {
  return /current password/i.test(message);
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

/** Typing that stops this long counts as finished: the invite field then says what is wrong. */
export const INVITE_ERROR_PAUSE_MS = 700;

/**
 * The invite field's message (parseInviteList's): once a submit was tried, or for text that
 * has settled — the field was left, or typing paused INVITE_ERROR_PAUSE_MS (`settledText` is the
 * text at that moment; the dialog keeps it in step while a message is shown, so the message
 * follows the typing until the entries are valid). Empty text says nothing before a submit.
 */
export function inviteFieldError(text: string, s: { settledText: string | undefined; attempted: boolean }): string | undefined {
  const { error } = parseInviteField(text);
  if (!error) return undefined;
  if (s.attempted) return error;
  return text.trim() !== '' && s.settledText === text ? error : undefined;
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
