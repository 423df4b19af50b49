import { describe, expect, it } from 'vitest';
import {
  canDeleteUser,
  changePasswordErrors,
  existingDataSummary,
  forgotPasswordErrors,
  inviteButtonLabel,
  newPasswordErrors,
  parseInviteField,
  personalCanSave,
  personalErrors,
  setupErrors,
  signinErrors,
  signupErrors,
} from '../../src/app/auth/forms.ts';
import { apiPlaygroundUrl } from '../../src/app/settings/links.ts';

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

  it('API playground: editor URL (or base path), the API path, the latest version', () => {
    const publicApi = { enabled: true, latestVersion: 1, path: 'api' };
    expect(apiPlaygroundUrl({ urlBaseEditor: 'https://flows.example.com/sy/', publicApi }, '/sy/')).toBe('https://flows.example.com/sy/api/v1/docs');
    expect(apiPlaygroundUrl({ urlBaseEditor: '', publicApi: { ...publicApi, latestVersion: 2 } }, '/')).toBe('/api/v2/docs');
  });
});
