import { describe, expect, it } from 'vitest';
import { mayAccess, routeAccess, settingsHome, type AccessContext, type AccessSettings, type RouteName } from '../../src/app/routes/access.ts';
import type { GlobalRole } from '../../src/model/users.ts';

function settings(over: Partial<AccessSettings['userManagement']> = {}, publicApi = true): AccessSettings {
  return {
    userManagement: { enabled: true, showSetupOnFirstLoad: false, smtpSetup: false, canSkipSetup: true, setupRequired: false, ...over },
    publicApi: { enabled: publicApi, latestVersion: 1, path: 'api' },
  };
}
const as = (role: GlobalRole) => ({ globalRole: { name: role } });

function ctx(user: GlobalRole | undefined, over: Partial<AccessContext> = {}): AccessContext {
  return { user: user ? as(user) : undefined, settings: settings(), path: '/workflow/12', search: '', ...over };
}

const EDITOR_ROUTES: RouteName[] = ['Homepage', 'NodeViewNew', 'NodeViewExisting', 'ExecutionById', 'WorkflowDemo', 'ComingSoon'];
const LOGGED_OUT_ROUTES: RouteName[] = ['SigninView', 'SignupView', 'ForgotMyPasswordView', 'ChangePasswordView'];

describe('route access (spec 000 §2)', () => {
  it('sends a visitor from any editor route to /signin with the path and query to come back to', () => {
    for (const r of EDITOR_ROUTES) {
      expect(routeAccess(r, ctx(undefined, { path: '/workflow/12', search: 'a=1&b=2' }))).toEqual({ allow: false, redirect: '/signin?redirect=%2Fworkflow%2F12%3Fa%3D1%26b%3D2' });
    }
    expect(routeAccess('PersonalSettings', ctx(undefined, { path: '/settings/personal' }))).toEqual({ allow: false, redirect: '/signin?redirect=%2Fsettings%2Fpersonal' });
  });

  it('opens /wall to every signed-in role, and to a visitor only with a kiosk token (the server checks it)', () => {
    for (const role of ['default', 'owner', 'member'] as const) expect(routeAccess('WallView', ctx(role, { path: '/wall', search: 'ids=a,b' }))).toEqual({ allow: true });
    expect(routeAccess('WallView', ctx(undefined, { path: '/wall', search: 'token=abc&interval=30' }))).toEqual({ allow: true });
    expect(routeAccess('WallView', ctx(undefined, { path: '/wall', search: 'ids=a' }))).toEqual({ allow: false, redirect: '/signin?redirect=%2Fwall%3Fids%3Da' });
    expect(routeAccess('WallView', ctx(undefined, { path: '/wall', search: 'token=' }))).toEqual({ allow: false, redirect: '/signin?redirect=%2Fwall%3Ftoken%3D' });
    // Setup first, token or not.
    expect(routeAccess('WallView', ctx(undefined, { path: '/wall', search: 'token=abc', settings: settings({ showSetupOnFirstLoad: true }) }))).toEqual({ allow: false, redirect: '/setup' });
  });

  it('after a deliberate sign-out goes to /signin without a way back', () => {
    expect(routeAccess('NodeViewExisting', ctx(undefined, { signedOut: true }))).toEqual({ allow: false, redirect: '/signin' });
  });

  it('lets every signed-in role (the default user too) into the editor routes', () => {
    for (const role of ['default', 'owner', 'member'] as const) for (const r of EDITOR_ROUTES) expect(routeAccess(r, ctx(role))).toEqual({ allow: true });
  });

  it('keeps the signed-out pages for visitors; a signed-in user goes to the homepage', () => {
    for (const r of LOGGED_OUT_ROUTES) {
      expect(routeAccess(r, ctx(undefined))).toEqual({ allow: true });
      for (const role of ['default', 'owner', 'member'] as const) expect(routeAccess(r, ctx(role))).toEqual({ allow: false, redirect: '/' });
    }
  });

  it('on /signin, a signed-in user follows the redirect value only when it starts with one /', () => {
    const signin = (search: string) => routeAccess('SigninView', ctx('member', { path: '/signin', search }));
    expect(signin('redirect=%2Fworkflow%2F7%3Fx%3D1')).toEqual({ allow: false, redirect: '/workflow/7?x=1' });
    expect(signin('redirect=https%3A%2F%2Fevil.example')).toEqual({ allow: false, redirect: '/' });
    expect(signin('redirect=%2F%2Fevil.example')).toEqual({ allow: false, redirect: '/' });
    expect(signin('redirect=workflow')).toEqual({ allow: false, redirect: '/' });
    expect(signin('')).toEqual({ allow: false, redirect: '/' });
  });

  it('opens /setup only to the default user, and not when user management is off', () => {
    expect(routeAccess('SetupView', ctx('default'))).toEqual({ allow: true });
    expect(routeAccess('SetupView', ctx('owner'))).toEqual({ allow: false, redirect: '/' });
    expect(routeAccess('SetupView', ctx('member'))).toEqual({ allow: false, redirect: '/' });
    expect(routeAccess('SetupView', ctx(undefined, { path: '/setup' }))).toEqual({ allow: false, redirect: '/signin?redirect=%2Fsetup' });
    const off = settings({ enabled: false });
    expect(routeAccess('SetupView', ctx('default', { settings: off }))).toEqual({ allow: false, redirect: '/' });
  });

  it('sends everyone to /setup while it is pending (first load, or required on a public address)', () => {
    for (const s of [settings({ showSetupOnFirstLoad: true }), settings({ setupRequired: true, canSkipSetup: false })]) {
      for (const user of [undefined, 'default'] as const) {
        for (const r of [...EDITOR_ROUTES, ...LOGGED_OUT_ROUTES, 'PersonalSettings', 'UsersSettings', 'APISettings', 'Settings', 'NotFoundView'] as RouteName[]) {
          expect(routeAccess(r, ctx(user, { settings: s }))).toEqual({ allow: false, redirect: '/setup' });
        }
        expect(routeAccess('SetupView', ctx(user, { settings: s }))).toEqual({ allow: true });
      }
    }
    // Not when user management is off.
    expect(routeAccess('NodeViewNew', ctx('default', { settings: settings({ enabled: false, showSetupOnFirstLoad: true }) }))).toEqual({ allow: true });
  });

  it('redirects /settings to personal settings, or to users for the default user', () => {
    expect(routeAccess('Settings', ctx('owner', { path: '/settings' }))).toEqual({ allow: false, redirect: '/settings/personal' });
    expect(routeAccess('Settings', ctx('member', { path: '/settings' }))).toEqual({ allow: false, redirect: '/settings/personal' });
    expect(routeAccess('Settings', ctx('default', { path: '/settings' }))).toEqual({ allow: false, redirect: '/settings/users' });
    expect(routeAccess('Settings', ctx(undefined, { path: '/settings' }))).toEqual({ allow: false, redirect: '/signin?redirect=%2Fsettings' });
    expect(settingsHome(as('default'))).toBe('/settings/users');
  });

  it('applies the settings pages rules of the route table', () => {
    const s = settings();
    expect(mayAccess('PersonalSettings', as('owner'), s)).toBe(true);
    expect(mayAccess('PersonalSettings', as('member'), s)).toBe(true);
    expect(mayAccess('PersonalSettings', as('default'), s)).toBe(false);
    expect(mayAccess('UsersSettings', as('owner'), s)).toBe(true);
    expect(mayAccess('UsersSettings', as('default'), s)).toBe(true);
    expect(mayAccess('UsersSettings', as('member'), s)).toBe(false);
    expect(mayAccess('UsersSettings', as('owner'), settings({ enabled: false }))).toBe(false);
    expect(mayAccess('APISettings', as('member'), s)).toBe(true);
    expect(mayAccess('APISettings', as('member'), settings({}, false))).toBe(false);
    expect(mayAccess('APISettings', undefined, s)).toBe(false);
    // Denied while signed in: the homepage.
    expect(routeAccess('UsersSettings', ctx('member', { path: '/settings/users' }))).toEqual({ allow: false, redirect: '/' });
    expect(routeAccess('PersonalSettings', ctx('default', { path: '/settings/personal' }))).toEqual({ allow: false, redirect: '/' });
    expect(routeAccess('APISettings', ctx('owner', { settings: settings({}, false) }))).toEqual({ allow: false, redirect: '/' });
  });

  it('shows the not-found page to everyone', () => {
    expect(routeAccess('NotFoundView', ctx(undefined))).toEqual({ allow: true });
    expect(routeAccess('NotFoundView', ctx('member'))).toEqual({ allow: true });
  });

  it('without settings (their load failed) still decides: editor for a signed-in user, no API page', () => {
    expect(routeAccess('NodeViewNew', ctx('owner', { settings: undefined }))).toEqual({ allow: true });
    expect(routeAccess('APISettings', ctx('owner', { settings: undefined }))).toEqual({ allow: false, redirect: '/' });
  });
});
