// The signed-in user and the users list (spec 000 §3, §4, §6; spec 002 §4). The views call
// these actions; the guard (routes/RouteGuard.tsx) reacts to currentUser, so signing in or out
// needs no navigation here.
import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { InviteResult, LoginPayload, MePatchPayload, OwnerSetupPayload, PasswordChangePayload, SignupPayload } from '../../model/api.ts';
import { fullName, isDefaultUser, isOwner, type PublicUser } from '../../model/users.ts';
import * as api from '../api/users.ts';

export class UsersStore {
  /** The session's user (the default user before setup), undefined when signed out. */
  currentUser: PublicUser | undefined = undefined;
  /** The startup cookie check has finished, either way: routes can be decided. */
  initialized = false;
  /** Signed out on purpose: the guard sends to /signin without a way back to the page left. */
  signedOut = false;
  /**
   * The server ended the session while the editor held unsaved work: currentUser stays (so the
   * page stays) until the user signs in again over it (dialogs/SessionEndedDialog.tsx).
   */
  sessionLost = false;
  /** GET /users, for the users page and the delete dialog's transfer list. */
  users: PublicUser[] = [];
  usersLoaded = false;

  constructor() {
    makeObservable(this, {
      currentUser: observableRef,
      initialized: observable,
      signedOut: observable,
      sessionLost: observable,
      users: observableRef,
      usersLoaded: observable,
      isDefaultUser: computed,
      isOwner: computed,
      sortedUsers: computed,
      setCurrentUser: action,
      setInitialized: action,
      sessionEnded: action,
      loseSession: action,
      markSignedOut: action,
      clearSignedOut: action,
      setUsers: action,
      removeUser: action,
    });
  }

  get isDefaultUser(): boolean {
    return isDefaultUser(this.currentUser);
  }

  get isOwner(): boolean {
    return isOwner(this.currentUser);
  }

  /** Yourself first, then signed-up users by name, then pending invitations by address. */
  get sortedUsers(): PublicUser[] {
    const me = this.currentUser?.id;
    const rank = (u: PublicUser) => (u.id === me ? 0 : u.isPending ? 2 : 1);
    const key = (u: PublicUser) => (fullName(u) || u.email || '').toLowerCase();
    return [...this.users].sort((a, b) => rank(a) - rank(b) || key(a).localeCompare(key(b)) || a.id.localeCompare(b.id));
  }

  /** Who a deleted user's workflows and credentials can go to: signed-up users other than that one. */
  transferTargets(deletedId: string): PublicUser[] {
    return this.sortedUsers.filter((u) => u.id !== deletedId && !u.isPending && u.globalRole.name !== 'default');
  }

  userById(id: string | undefined): PublicUser | undefined {
    return id === undefined ? undefined : this.users.find((u) => u.id === id);
  }

  setCurrentUser(user: PublicUser | undefined): void {
    this.currentUser = user;
    if (user) {
      this.signedOut = false;
      this.sessionLost = false;
    }
    // Keep the list's copy in step (personal settings change names).
    if (user && this.users.some((u) => u.id === user.id)) this.users = this.users.map((u) => (u.id === user.id ? user : u));
  }

  setInitialized(): void {
    this.initialized = true;
  }

  /** The server answered 401 to a call: the session is gone (signed out elsewhere, password changed, user deleted). */
  sessionEnded(): void {
    this.currentUser = undefined;
    this.sessionLost = false;
    this.users = [];
    this.usersLoaded = false;
  }

  /** The session is gone but the page keeps its unsaved work: sign in again over it. */
  loseSession(): void {
    if (this.currentUser) this.sessionLost = true;
  }

  setUsers(users: PublicUser[]): void {
    this.users = users;
    this.usersLoaded = true;
  }

  removeUser(id: string): void {
    this.users = this.users.filter((u) => u.id !== id);
  }

  /** Startup (spec 000 §2): the cookie's session, if any. A failure only means signed out. */
  /** GET /login, sent now; loginWithCookie applies its answer. */
  checkCookie(): Promise<PublicUser> {
    const answer = api.getCurrentUser();
    answer.catch(() => undefined);
    return answer;
  }

  /** The session's user from the cookie (`answer`: a checkCookie sent earlier), then initialized. */
  async loginWithCookie(answer: Promise<PublicUser> = this.checkCookie()): Promise<void> {
    try {
      this.setCurrentUser(await answer);
    } catch {
      this.setCurrentUser(undefined);
    } finally {
      this.setInitialized();
    }
  }

  async login(payload: LoginPayload): Promise<PublicUser> {
    const user = await api.login(payload);
    this.setCurrentUser(user);
    return user;
  }

  async logout(): Promise<void> {
    await api.logout();
    this.markSignedOut();
  }

  markSignedOut(): void {
    this.signedOut = true;
    this.sessionEnded();
  }

  /** The sign-in page was reached: later visits to other pages come back to them again. */
  clearSignedOut(): void {
    this.signedOut = false;
  }

  /**
   * POST /owner. Returns the owner without making it current: the setup page first moves to
   * where it goes next (the default user may open both targets), then calls setCurrentUser.
   */
  async setupOwner(payload: OwnerSetupPayload): Promise<PublicUser> {
    return api.setupOwner(payload);
  }

  async skipOwnerSetup(): Promise<void> {
    await api.skipOwnerSetup();
  }

  /** POST /users/{inviteeId}: the new member is signed in. */
  async signup(inviteeId: string, payload: SignupPayload): Promise<PublicUser> {
    const user = await api.signup(inviteeId, payload);
    this.setCurrentUser(user);
    return user;
  }

  async updateMe(payload: MePatchPayload): Promise<PublicUser> {
    const user = await api.updateMe(payload);
    this.setCurrentUser(user);
    return user;
  }

  async updateMyPassword(payload: PasswordChangePayload): Promise<void> {
    await api.updateMyPassword(payload);
  }

  async fetchUsers(): Promise<void> {
    this.setUsers(await api.getUsers());
  }

  /** POST /users, then the list again (the invited users appear as pending). */
  async inviteUsers(emails: string[]): Promise<InviteResult[]> {
    const results = await api.inviteUsers(emails);
    await this.fetchUsers().catch(() => undefined);
    return results;
  }

  async reinviteUser(id: string): Promise<void> {
    await api.reinviteUser(id);
  }

  async deleteUser(id: string, transferId?: string): Promise<void> {
    await api.deleteUser(id, transferId);
    this.removeUser(id);
  }
}

/** Initials for the avatar: first letters of first and last name, else of the email; '' for none. */
export function userInitials(user: Pick<PublicUser, 'firstName' | 'lastName' | 'email'> | undefined): string {
  if (!user) return '';
  const letters = [user.firstName, user.lastName].map((s) => (s ?? '').trim().charAt(0)).join('');
  if (letters) return letters.toUpperCase();
  return (user.email ?? '').trim().charAt(0).toUpperCase();
}

/** How a user is named in lists and messages: full name, else email, else 'Default user'. */
export function displayName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'email'> | undefined): string {
  if (!user) return '';
  return fullName(user) || user.email || 'Default user';
}

/**
 * Invite results by outcome (spec 002 §8 partial failure): mailed, invited but not mailed (the
 * owner hands on the sign-up link), and failed with the server's reason.
 */
export function splitInviteResults(results: InviteResult[]): { emailed: InviteResult[]; notEmailed: InviteResult[]; failed: InviteResult[] } {
  const emailed: InviteResult[] = [];
  const notEmailed: InviteResult[] = [];
  const failed: InviteResult[] = [];
  for (const r of results) {
    if (r.error) failed.push(r);
    else if (r.user.emailSent) emailed.push(r);
    else notEmailed.push(r);
  }
  return { emailed, notEmailed, failed };
}
