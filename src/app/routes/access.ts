// Who may open which route (spec 000 §2 route table, "Access and redirect rules"): a pure
// function of the route, the signed-in user and the server settings. The guard component
// (RouteGuard.tsx) renders the view or redirects to what this answers.
import type { FrontendSettings } from '../../model/api.ts';
import { safeRedirect, type PublicUser } from '../../model/users.ts';

/** The spec's route names (spec 000 §2) for the routes this editor has. */
export type RouteName =
  | 'Homepage'
  | 'NodeViewNew'
  | 'NodeViewExisting'
  | 'ExecutionById'
  | 'WorkflowDemo'
  | 'SigninView'
  | 'SignupView'
  | 'SetupView'
  | 'ForgotMyPasswordView'
  | 'ChangePasswordView'
  /** /settings: only redirects to the first settings page the user may open. */
  | 'Settings'
  | 'PersonalSettings'
  | 'UsersSettings'
  | 'APISettings'
  | 'CommunityNodes'
  /** /settings/feedback: what users answered in surveys and prompts (owner, default user). */
  | 'FeedbackSettings'
  /** /settings/coming-soon/:featureId: a fake-door feature's placeholder. */
  | 'ComingSoon'
  /** /templates/, /templates/:id, /collections/:id: the gallery (needs templates enabled). */
  | 'TemplatesSearchView'
  | 'TemplatesWorkflowView'
  | 'TemplatesCollectionView'
  /** /workflows/templates/:id: a template imported into a new workflow. */
  | 'WorkflowTemplate'
  /** /wall: the operations-room screen (issue 18); a kiosk opens it with ?token= and no session. */
  | 'WallView'
  | 'NotFoundView';

export type AccessSettings = Pick<FrontendSettings, 'userManagement' | 'publicApi'> & Partial<Pick<FrontendSettings, 'communityNodesEnabled' | 'templates'>>;
export type AccessUser = Pick<PublicUser, 'globalRole'>;

export interface AccessContext {
  /** The signed-in user (the default user before setup), or undefined when signed out. */
  user: AccessUser | undefined;
  /** Undefined when the settings could not be loaded. */
  settings: AccessSettings | undefined;
  /** Path under the base path, e.g. '/workflow/12'. */
  path: string;
  /** Its query without the '?', e.g. 'redirect=%2Fworkflow'. */
  search: string;
  /** The user just signed out on purpose: sign-in without a way back to the page they left. */
  signedOut?: boolean;
}

export type Access = { allow: true } | { allow: false; redirect: string };

export const HOMEPAGE = '/';
export const SIGNIN_PATH = '/signin';
export const SETUP_PATH = '/setup';
/** Not a route: the catch-all renders the not-found view there. */
export const NOT_FOUND_PATH = '/404';

const TEMPLATE_ROUTES: ReadonlySet<RouteName> = new Set(['TemplatesSearchView', 'TemplatesWorkflowView', 'TemplatesCollectionView']);

/** The setup page must be shown first (spec 000 §4: showSetupOnFirstLoad; no owner on a public address). */
export function setupPending(settings: AccessSettings | undefined): boolean {
  const um = settings?.userManagement;
  return !!um && um.enabled && (um.showSetupOnFirstLoad || um.setupRequired);
}

/**
 * May this signed-in user (or visitor, user undefined) open the route? The route table's
 * Access column; the redirect rules are in routeAccess.
 */
export function mayAccess(route: RouteName, user: AccessUser | undefined, settings: AccessSettings | undefined): boolean {
  const role = user?.globalRole.name;
  const umEnabled = settings?.userManagement.enabled ?? false;
  switch (route) {
    case 'NotFoundView':
      return true;
    case 'SigninView':
    case 'SignupView':
    case 'ForgotMyPasswordView':
    case 'ChangePasswordView':
      return !user;
    case 'SetupView':
      // While setup is pending the page is the way in, signed in or not (the server refuses the rest).
      return setupPending(settings) || (umEnabled && role === 'default');
    case 'PersonalSettings':
      return !!user && role !== 'default';
    case 'FeedbackSettings':
      return !!user && (role === 'default' || role === 'owner');
    case 'UsersSettings':
      return !!user && umEnabled && (role === 'default' || role === 'owner');
    case 'APISettings':
      return !!user && (settings?.publicApi.enabled ?? false);
    case 'CommunityNodes':
      // Owner or default user, and the feature on (spec 000 §2 route table). Queue mode and a
      // missing npm still show the page, with their warnings and without the install button.
      return !!user && (role === 'owner' || role === 'default') && (settings?.communityNodesEnabled ?? false);
    case 'TemplatesSearchView':
    case 'TemplatesWorkflowView':
    case 'TemplatesCollectionView':
      return !!user && (settings?.templates?.enabled ?? false);
    case 'WorkflowTemplate':
    case 'ComingSoon':
    case 'Settings':
    case 'Homepage':
    case 'NodeViewNew':
    case 'NodeViewExisting':
    case 'ExecutionById':
    case 'WorkflowDemo':
    case 'WallView':
      return !!user;
  }
}

/** Where /settings leads: personal settings, or the users page for the default user (who has no personal settings). */
export function settingsHome(user: AccessUser | undefined): string {
  return user?.globalRole.name === 'default' ? '/settings/users' : '/settings/personal';
}

export function signinRedirect(path: string, search: string): string {
  const target = search ? `${path}?${search}` : path;
  return `${SIGNIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** Allow, or where to send the user instead (spec 000 §2 access and redirect rules). */
export function routeAccess(route: RouteName, ctx: AccessContext): Access {
  const { user, settings } = ctx;
  // Everyone goes to setup while it is pending.
  if (setupPending(settings) && route !== 'SetupView') return { allow: false, redirect: SETUP_PATH };
  if (route === 'Settings') {
    if (!user) return { allow: false, redirect: ctx.signedOut ? SIGNIN_PATH : signinRedirect(ctx.path, ctx.search) };
    return { allow: false, redirect: settingsHome(user) };
  }
  if (mayAccess(route, user, settings)) return { allow: true };
  // A kiosk's wall token is its own key: the server decides what it opens.
  if (route === 'WallView' && new URLSearchParams(ctx.search).get('token')) return { allow: true };
  // Spec 000 §2: with templates disabled, the templates routes lead to the not-found page.
  if (user && TEMPLATE_ROUTES.has(route)) return { allow: false, redirect: NOT_FOUND_PATH };
  if (user) {
    // A signed-in user on sign-in follows the redirect value (only one starting with '/').
    if (route === 'SigninView') return { allow: false, redirect: safeRedirect(new URLSearchParams(ctx.search).get('redirect') ?? undefined) ?? HOMEPAGE };
    return { allow: false, redirect: HOMEPAGE };
  }
  return { allow: false, redirect: ctx.signedOut ? SIGNIN_PATH : signinRedirect(ctx.path, ctx.search) };
}
