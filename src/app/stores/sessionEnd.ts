// What a lost session does (a 401 from any call, or the push stream dropping and GET /login
// answering 401). Pure decisions: RootStore and the session-ended dialog act on them.
import { normaliseEmail } from '../../model/users.ts';

export type SessionEndOutcome =
  /** Unsaved changes in the editor: stay on the page and sign in again over it. */
  | 'reauth'
  /** Nothing to lose: sign-in with a way back to the page ('You were signed out'). */
  | 'signin';

/** The editor's routes: /workflow and /workflow/<id>, as paths under the base path. */
export function isEditorPath(path: string): boolean {
  return /^\/workflow(\/[^/]+)?\/?$/.test(path);
}

/**
 * Only unsaved work in the editor keeps the page: a read-only view (a past execution), another
 * page (the unsaved-changes question was answered on leaving the editor) or a saved workflow has
 * nothing that a trip to the sign-in page would lose.
 */
export function sessionEndOutcome(s: { dirty: boolean; readOnly: boolean; path: string }): SessionEndOutcome {
  return s.dirty && !s.readOnly && isEditorPath(s.path) ? 'reauth' : 'signin';
}

/** The dialog's address names another account than the one whose session ended: ask before discarding. */
export function signsInAsAnother(lostEmail: string | null | undefined, typedEmail: string): boolean {
  return normaliseEmail(typedEmail) !== normaliseEmail(lostEmail ?? '');
}

export type ReauthOutcome =
  /** The same user: the editor stays as it was, unsaved work and all. */
  | 'resume'
  /** Another user: the previous user's unsaved work is dropped and the editor goes home. */
  | 'discard';

/** Decided by the user id the server signed in, not by the typed address (an address can change). */
export function reauthOutcome(lostUserId: string, signedInUserId: string): ReauthOutcome {
  return lostUserId === signedInUserId ? 'resume' : 'discard';
}

/** The page's path under the router base ('/switchyard/workflow/1' → '/workflow/1'). */
export function pathUnderBase(pathname: string, routerBase: string): string {
  if (!routerBase) return pathname || '/';
  if (pathname === routerBase) return '/';
  return pathname.startsWith(`${routerBase}/`) ? pathname.slice(routerBase.length) : pathname;
}
