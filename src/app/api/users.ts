// Account calls (spec 000 §7, spec 002 §7 Users): session, own user, API key, owner setup,
// invitations, password recovery and the users list. One function per call.
// Calls made by the signed-out pages (and the startup cookie check) pass `authFlow`: their 401
// is an answer to show, not a lost session.
import type {
  ApiKeyResponse,
  InviteResult,
  LoginPayload,
  MePatchPayload,
  OwnerSetupPayload,
  PasswordChangePayload,
  PasswordResetPayload,
  ResolveSignupTokenResponse,
  SignupPayload,
} from '../../model/api.ts';
import type { PublicUser } from '../../model/users.ts';
import { request } from './client.ts';

/** GET /login — the session's user (the default user before setup); 401 when signed out. */
export function getCurrentUser(): Promise<PublicUser> {
  return request('GET', '/login', { authFlow: true });
}

/** POST /login — 401 wrong credentials, 429 too many attempts. */
export function login(payload: LoginPayload): Promise<PublicUser> {
  return request('POST', '/login', { body: payload, authFlow: true });
}

/** POST /logout */
export function logout(): Promise<{ loggedOut: boolean }> {
  return request('POST', '/logout', { authFlow: true });
}

/** GET /me */
export function getMe(): Promise<PublicUser> {
  return request('GET', '/me');
}

/** PATCH /me — personal settings; a changed email needs `currentPassword` (400 without it or when wrong). */
export function updateMe(payload: MePatchPayload): Promise<PublicUser> {
  return request('PATCH', '/me', { body: payload });
}

/** PATCH /me/password */
export function updateMyPassword(payload: PasswordChangePayload): Promise<{ success: boolean }> {
  return request('PATCH', '/me/password', { body: payload });
}

/** GET /me/api-key — `apiKey: null` when the user has none yet (200, not 404). */
export function getApiKey(): Promise<ApiKeyResponse> {
  return request('GET', '/me/api-key');
}

/** POST /me/api-key — always answers the new key. */
export function createApiKey(): Promise<ApiKeyResponse & { apiKey: string }> {
  return request('POST', '/me/api-key');
}

/** DELETE /me/api-key */
export function deleteApiKey(): Promise<{ success: boolean }> {
  return request('DELETE', '/me/api-key');
}

/** POST /owner — the default user becomes the owner and is signed in. */
export function setupOwner(payload: OwnerSetupPayload): Promise<PublicUser> {
  return request('POST', '/owner', { body: payload, authFlow: true });
}

/** POST /owner/skip-setup — 400 when skipping is not allowed (non-loopback address). */
export function skipOwnerSetup(): Promise<{ success: boolean }> {
  return request('POST', '/owner/skip-setup', { authFlow: true });
}

/** GET /resolve-signup-token — the inviter's name and the invited address, or 400 for a missing or bad invitation. */
export function resolveSignupToken(params: { inviterId: string; inviteeId: string }): Promise<ResolveSignupTokenResponse> {
  return request('GET', '/resolve-signup-token', { query: params, authFlow: true });
}

/** POST /users/{inviteeId} — accept the invitation; the new user is signed in. */
export function signup(inviteeId: string, payload: SignupPayload): Promise<PublicUser> {
  return request('POST', `/users/${encodeURIComponent(inviteeId)}`, { body: payload, authFlow: true });
}

/** POST /forgot-password — the same answer whether the address exists or not. */
export function sendForgotPasswordEmail(payload: { email: string }): Promise<unknown> {
  return request('POST', '/forgot-password', { body: payload, authFlow: true });
}

/** GET /resolve-password-token — 404 when the link is invalid, expired or used. */
export function resolvePasswordToken(params: { token: string; userId: string }): Promise<unknown> {
  return request('GET', '/resolve-password-token', { query: params, authFlow: true });
}

/** POST /change-password — a new password from a recovery link. */
export function changePasswordWithToken(payload: PasswordResetPayload): Promise<unknown> {
  return request('POST', '/change-password', { body: payload, authFlow: true });
}

/** GET /users (owner and default user). */
export function getUsers(): Promise<PublicUser[]> {
  return request('GET', '/users');
}

/** POST /users — one result per address. */
export function inviteUsers(emails: string[]): Promise<InviteResult[]> {
  return request('POST', '/users', { body: emails.map((email) => ({ email })) });
}

/** POST /users/{id}/reinvite */
export function reinviteUser(id: string): Promise<unknown> {
  return request('POST', `/users/${encodeURIComponent(id)}/reinvite`);
}

/** DELETE /users/{id} — with transferId the user's workflows and credentials go to that user, else they are deleted. */
export function deleteUser(id: string, transferId?: string): Promise<unknown> {
  return request('DELETE', `/users/${encodeURIComponent(id)}`, { query: { transferId } });
}
