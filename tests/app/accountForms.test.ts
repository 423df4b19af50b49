import { describe, expect, it } from 'vitest';
import {
  canDeleteUser,
  changePasswordErrors,
  existingDataSummary,
  forgotPasswordErrors,
  inviteButtonLabel,
  newPasswordErrors,
  parseInviteField,
  CURRENT_PASSWORD_FOR_EMAIL,
  INVITE_ERROR_PAUSE_MS,
  inviteFieldError,
  isCurrentPasswordProblem,
  personalCanSave,
  personalEmailChanged,
  personalErrors,
  personalPayload,
  personalShowErrors,
  setupErrors,
  signinErrors,
  signupErrors,
} from '../../src/app/auth/forms.ts';
import { apiPlaygroundUrl } from '../../src/app/settings/links.ts';
import { ownerLabel, showsOwnerColumn } from '../../src/app/dialogs/workflowOwners.ts';
import type { PublicUser } from '../../src/model/users.ts';

describe('account form rules (spec 000 §5, spec 002 §5)', () => {
  it('sign-in needs an email and a password (not checked against the rules)', () => {
    expect(signinErrors({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(signinErrors({ email: 'nope', password: 'x' })).toEqual({ email: 'Please enter a valid email address' });
    expect(signinErrors({ email: ' ada@example.com ', password: 'x' })).toEqual({});
  });

  it('setup and sign-up check names (max 32) and the default password rules', () => {
    expect(setupErrors({ email: 'ada@example.com', firstName: 'Ada', lastName: 'L', password: 'Secret123' })).toEqual({});
    const bad = setupErrors({ email: 'x', firstName: '', lastName: 'y'.repeat(33), password: 'secret12' });
    expect(bad).toEqual({
      email: 'Please enter a valid email address',
      firstName: 'First name is required',
      lastName: 'Last name must be at most 32 characters',
      password: 'Password must contain at least 1 capital letter',
    });
    expect(signupErrors({ firstName: 'A', lastName: 'B', password: 'Short1' }).password).toBe('Password must be at least 8 characters long');
    expect(signupErrors({ firstName: 'A', lastName: 'B', password: 'NoNumbers' }).password).toBe('Password must contain at least 1 number');
  });

  it('a new password must be re-entered identically', () => {
    expect(newPasswordErrors({ password: 'Secret123', password2: 'Secret124' })).toEqual({ password2: 'Passwords must match' });
    expect(newPasswordErrors({ password: 'Secret123', password2: '' })).toEqual({ password2: 'Please re-enter the new password' });
    expect(newPasswordErrors({ password: 'Secret123', password2: 'Secret123' })).toEqual({});
    expect(changePasswordErrors({ currentPassword: '', password: 'Secret123', password2: 'Secret123' })).toEqual({ currentPassword: 'Current password is required' });
  });

  it('forgot password needs a valid email', () => {
    expect(forgotPasswordErrors({ email: '' })).toEqual({ email: 'Email is required' });
    expect(forgotPasswordErrors({ email: 'a@b.co' })).toEqual({});
  });

  it('personal settings save only when changed and valid', () => {
    const saved = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    expect(personalCanSave({ ...saved }, saved)).toBe(false);
    expect(personalCanSave({ ...saved, firstName: ' Ada ' }, saved)).toBe(false);
    expect(personalCanSave({ ...saved, email: 'ADA@example.com' }, saved)).toBe(false);
    expect(personalCanSave({ ...saved, lastName: 'King' }, saved)).toBe(true);
    expect(personalCanSave({ ...saved, lastName: '' }, saved)).toBe(false);
    expect(personalCanSave({ ...saved, firstName: 'x'.repeat(33) }, saved)).toBe(false);
    expect(personalErrors({ ...saved, email: 'ada@' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('personal settings: a new email needs the current password, sent only then', () => {
    const saved = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    const moved = { ...saved, email: 'ada@lovelace.dev' };
    expect(personalEmailChanged({ email: ' ADA@example.com ' }, saved)).toBe(false);
    expect(personalEmailChanged(moved, saved)).toBe(true);
    expect(personalErrors(moved, saved)).toEqual({ currentPassword: CURRENT_PASSWORD_FOR_EMAIL });
    expect(personalCanSave(moved, saved)).toBe(false);
    expect(personalCanSave({ ...moved, currentPassword: 'Secret123' }, saved)).toBe(true);
    // Names alone need no password; one typed for an email changed back is not sent.
    expect(personalCanSave({ ...saved, lastName: 'King' }, saved)).toBe(true);
    expect(personalPayload({ ...saved, lastName: ' King ', currentPassword: 'Secret123' }, saved)).toEqual({ firstName: 'Ada', lastName: 'King', email: 'ada@example.com' });
    expect(personalPayload({ ...moved, email: ' ada@lovelace.dev ', currentPassword: 'Secret123' }, saved)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@lovelace.dev',
      currentPassword: 'Secret123',
    });
    // The server's refusals about the password go under its field; others to a toast.
    expect(isCurrentPasswordProblem('Provided current password is incorrect')).toBe(true);
    expect(isCurrentPasswordProblem('Current password is required to change the email')).toBe(true);
    expect(isCurrentPasswordProblem('Email already in use')).toBe(false);
  });

  it('personal settings show a field’s error as soon as it was changed, not only once it is left', () => {
    const saved = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    expect(personalShowErrors({ ...saved }, saved)).toEqual({ firstName: false, lastName: false, email: false });
    const cleared = { ...saved, firstName: '' };
    expect(personalShowErrors(cleared, saved).firstName).toBe(true);
    expect(personalErrors(cleared).firstName).toBe('First name is required');
    const long = { ...saved, lastName: 'x'.repeat(33) };
    expect(personalShowErrors(long, saved).lastName).toBe(true);
    expect(personalErrors(long).lastName).toBe('Last name must be at most 32 characters');
    expect(personalShowErrors({ ...saved, firstName: '  ' }, saved).firstName).toBe(true);
    // A cleared email at once; a half-typed one once the field is left.
    expect(personalShowErrors({ ...saved, email: '' }, saved).email).toBe(true);
    expect(personalShowErrors({ ...saved, email: 'ada@' }, saved).email).toBe(false);
  });

  it('invite field: the message once the text settled (left or paused) or a submit was tried', () => {
    expect(INVITE_ERROR_PAUSE_MS).toBeGreaterThan(0);
    const bad = 'ada@example.com, bob@example';
    // Still typing: nothing yet; settled: parseInviteList's message; the button stays disabled (no emails).
    expect(inviteFieldError(bad, { settledText: 'ada@example.com, bob', attempted: false })).toBeUndefined();
    expect(inviteFieldError(bad, { settledText: bad, attempted: false })).toBe('bob@example is not a valid email');
    expect(parseInviteField(bad).emails).toBeUndefined();
    expect(inviteFieldError(' , ', { settledText: ' , ', attempted: false })).toBe('no users to invite');
    // Empty says nothing until a submit is tried; valid text never.
    expect(inviteFieldError('', { settledText: '', attempted: false })).toBeUndefined();
    expect(inviteFieldError('', { settledText: undefined, attempted: true })).toBe('no users to invite');
    expect(inviteFieldError('ada@example.com', { settledText: 'ada@example.com', attempted: true })).toBeUndefined();
  });

  it('invite field: commas or lines, Name <email>, the spec’s errors, the button label', () => {
    expect(parseInviteField('ada@example.com, Grace Hopper <grace@example.com>\nbob@example.com')).toEqual({ emails: ['ada@example.com', 'grace@example.com', 'bob@example.com'] });
    expect(parseInviteField('ada@example.com, nope')).toEqual({ error: 'nope is not a valid email' });
    expect(parseInviteField(' , ')).toEqual({ error: 'no users to invite' });
    expect(inviteButtonLabel(0)).toBe('Invite user');
    expect(inviteButtonLabel(1)).toBe('Invite user');
    expect(inviteButtonLabel(3)).toBe('Invite 3 users');
  });

  it('delete user: pending needs nothing; else a transfer target other than the user, or the exact phrase', () => {
    expect(canDeleteUser({ id: 'p', isPending: true }, { confirmation: '' })).toBe(true);
    const u = { id: 'u', isPending: false };
    expect(canDeleteUser(u, { confirmation: '' })).toBe(false);
    expect(canDeleteUser(u, { operation: 'transfer', transferId: '', confirmation: '' })).toBe(false);
    expect(canDeleteUser(u, { operation: 'transfer', transferId: 'u', confirmation: '' })).toBe(false);
    expect(canDeleteUser(u, { operation: 'transfer', transferId: 'o', confirmation: '' })).toBe(true);
    expect(canDeleteUser(u, { operation: 'delete', confirmation: 'delete all' })).toBe(false);
    expect(canDeleteUser(u, { operation: 'delete', confirmation: 'delete all data' })).toBe(true);
  });

  it('setup question names what exists', () => {
    expect(existingDataSummary(0, 0)).toBe('');
    expect(existingDataSummary(1, 0)).toBe('1 workflow');
    expect(existingDataSummary(2, 1)).toBe('2 workflows and 1 credential');
    expect(existingDataSummary(0, 3)).toBe('3 credentials');
  });

  it('Open workflow: the owner sees whose workflow is whose when the list holds others’; members never', () => {
    const owner = { id: 'o', globalRole: { name: 'owner' as const } };
    const member = { id: 'm', globalRole: { name: 'member' as const } };
    const rows = [{ ownerId: 'o' }, { ownerId: 'm' }];
    expect(showsOwnerColumn(rows, owner)).toBe(true);
    expect(showsOwnerColumn([{ ownerId: 'o' }, { ownerId: null }, {}], owner)).toBe(false);
    expect(showsOwnerColumn([{ ownerId: 'm' }], member)).toBe(false);
    expect(showsOwnerColumn(rows, undefined)).toBe(false);
    const mia = { id: 'm', email: 'mia@example.com', firstName: 'Mia', lastName: 'Member' } as PublicUser;
    const noName = { id: 'n', email: 'nn@example.com', firstName: null, lastName: null } as PublicUser;
    const users = { list: [mia, noName], loaded: true };
    expect(ownerLabel('o', 'o', users)).toBe('You');
    expect(ownerLabel('m', 'o', users)).toBe('Mia Member');
    expect(ownerLabel('n', 'o', users)).toBe('nn@example.com');
    expect(ownerLabel('gone', 'o', users)).toBe('Unknown user');
    expect(ownerLabel('m', 'o', { list: [], loaded: false })).toBe('…');
    expect(ownerLabel(null, 'o', users)).toBe('—');
  });

  it('API playground: editor URL (or base path), the API path, the latest version', () => {
    const publicApi = { enabled: true, latestVersion: 1, path: 'api' };
    expect(apiPlaygroundUrl({ urlBaseEditor: 'https://flows.example.com/sy/', publicApi }, '/sy/')).toBe('https://flows.example.com/sy/api/v1/docs');
    expect(apiPlaygroundUrl({ urlBaseEditor: '', publicApi: { ...publicApi, latestVersion: 2 } }, '/')).toBe('/api/v2/docs');
  });
});
