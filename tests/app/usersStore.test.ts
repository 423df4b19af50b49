import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsersStore, displayName, splitInviteResults, userInitials } from '../../src/app/stores/UsersStore.ts';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { startAuthSync } from '../../src/app/stores/authSync.ts';
import { request } from '../../src/app/api/client.ts';
import type { PublicUser } from '../../src/model/users.ts';

afterEach(() => vi.unstubAllGlobals());

function user(id: string, over: Partial<PublicUser> = {}): PublicUser {
  return {
    id,
    email: `${id}@example.com`,
    firstName: id.toUpperCase(),
    lastName: 'Doe',
    isPending: false,
    globalRole: { name: 'member' },
    personalizationAnswers: null,
    settings: {},
    createdAt: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

type Handler = (init: RequestInit, url: URL) => { status: number; body?: unknown };

/** fetch answering by 'METHOD /rest/path'; records every call. */
function server(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; query: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, path: url.pathname, query: url.search, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ code: 404, message: 'not found' }), { status: 404 });
    const { status, body } = handler(init, url);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('UsersStore', () => {
  it('takes the cookie session at startup, and treats a 401 as signed out', async () => {
    const me = user('me', { globalRole: { name: 'owner' } });
    server({ 'GET /rest/login': () => ({ status: 200, body: { data: me } }) });
    const s = new UsersStore();
    expect(s.initialized).toBe(false);
    await s.loginWithCookie();
    expect(s.initialized).toBe(true);
    expect(s.currentUser).toEqual(me);
    expect(s.isOwner).toBe(true);

    server({ 'GET /rest/login': () => ({ status: 401, body: { code: 401, message: 'Unauthorized' } }) });
    const s2 = new UsersStore();
    await s2.loginWithCookie();
    expect(s2.initialized).toBe(true);
    expect(s2.currentUser).toBeUndefined();
  });

  it('signs in and out; a deliberate sign-out is remembered for the redirect rule', async () => {
    const me = user('me');
    const calls = server({
      'POST /rest/login': () => ({ status: 200, body: { data: me } }),
      'POST /rest/logout': () => ({ status: 200, body: { data: { loggedOut: true } } }),
    });
    const s = new UsersStore();
    await s.login({ email: 'me@example.com', password: 'Secret123' });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/rest/login', body: { email: 'me@example.com', password: 'Secret123' } });
    expect(s.currentUser?.id).toBe('me');
    expect(s.signedOut).toBe(false);
    await s.logout();
    expect(s.currentUser).toBeUndefined();
    expect(s.signedOut).toBe(true);
    s.clearSignedOut();
    expect(s.signedOut).toBe(false);
    await s.logout();
    await s.login({ email: 'me@example.com', password: 'Secret123' });
    expect(s.signedOut).toBe(false);
  });

  it('keeps the user on a failed sign-out and on a wrong password', async () => {
    server({
      'POST /rest/login': () => ({ status: 401, body: { code: 401, message: 'Wrong username or password. Do you have caps lock on?' } }),
      'POST /rest/logout': () => ({ status: 500, body: { code: 500, message: 'boom' } }),
    });
    const s = new UsersStore();
    await expect(s.login({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 401, message: 'Wrong username or password. Do you have caps lock on?' });
    expect(s.currentUser).toBeUndefined();
    s.setCurrentUser(user('me'));
    await expect(s.logout()).rejects.toMatchObject({ status: 500 });
    expect(s.currentUser?.id).toBe('me');
  });

  it('sorts the list: yourself, then users by name, then pending invitations', () => {
    const s = new UsersStore();
    s.setCurrentUser(user('me', { firstName: 'Zed', globalRole: { name: 'owner' } }));
    s.setUsers([
      user('p1', { firstName: null, lastName: null, email: 'bob@example.com', isPending: true }),
      user('b', { firstName: 'Bea' }),
      user('me', { firstName: 'Zed', globalRole: { name: 'owner' } }),
      user('a', { firstName: 'Ann' }),
    ]);
    expect(s.sortedUsers.map((u) => u.id)).toEqual(['me', 'a', 'b', 'p1']);
    // Transfer targets: signed-up users other than the one deleted (spec 002 §4).
    expect(s.transferTargets('a').map((u) => u.id)).toEqual(['me', 'b']);
  });

  it('invites, then reloads the list; deletes with or without a transfer', async () => {
    const listed = [user('me', { globalRole: { name: 'owner' } }), user('m1')];
    const calls = server({
      'POST /rest/users': () => ({ status: 200, body: { data: [{ user: { id: 'n1', email: 'new@example.com', emailSent: true } }] } }),
      'GET /rest/users': () => ({ status: 200, body: { data: listed } }),
      'DELETE /rest/users/m1': () => ({ status: 200, body: { data: true } }),
    });
    const s = new UsersStore();
    const results = await s.inviteUsers(['new@example.com']);
    expect(results[0].user.email).toBe('new@example.com');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/rest/users', body: [{ email: 'new@example.com' }] });
    expect(calls[1]).toMatchObject({ method: 'GET', path: '/rest/users' });
    expect(s.users.map((u) => u.id)).toEqual(['me', 'm1']);
    await s.deleteUser('m1', 'me');
    expect(calls[2]).toMatchObject({ method: 'DELETE', path: '/rest/users/m1', query: '?transferId=me' });
    expect(s.users.map((u) => u.id)).toEqual(['me']);
  });

  it('updates the current user and its copy in the list from PATCH /me', async () => {
    const calls = server({ 'PATCH /rest/me': (init) => ({ status: 200, body: { data: user('me', JSON.parse(String(init.body))) } }) });
    const s = new UsersStore();
    s.setCurrentUser(user('me'));
    s.setUsers([user('me'), user('x')]);
    await s.updateMe({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(calls[0].body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(s.currentUser?.firstName).toBe('Ada');
    expect(s.users.find((u) => u.id === 'me')?.email).toBe('ada@example.com');
  });
});

describe('session end (401 anywhere)', () => {
  it('signs the editor out once, with a toast, but not for the sign-in pages’ own calls', async () => {
    const root = new RootStore();
    root.users.setCurrentUser(user('me'));
    server({
      'GET /rest/workflows': () => ({ status: 401, body: { code: 401, message: 'Unauthorized' } }),
      'POST /rest/login': () => ({ status: 401, body: { code: 401, message: 'Wrong username or password' } }),
    });
    // A sign-in attempt's 401 is its answer, not a lost session.
    await expect(request('POST', '/login', { body: {}, authFlow: true })).rejects.toMatchObject({ status: 401 });
    expect(root.users.currentUser?.id).toBe('me');
    await expect(request('GET', '/workflows')).rejects.toMatchObject({ status: 401 });
    expect(root.users.currentUser).toBeUndefined();
    expect(root.users.signedOut).toBe(false);
    expect(root.ui.toasts.toasts.map((t) => t.title)).toEqual(['You were signed out']);
    // Further 401s while signed out add nothing.
    await expect(request('GET', '/workflows')).rejects.toMatchObject({ status: 401 });
    expect(root.ui.toasts.toasts).toHaveLength(1);
  });

  it('closes the previous user’s dialogs and credentials list when the user changes; loads node types once signed in', async () => {
    const root = new RootStore();
    const calls = server({ 'GET /rest/node-types': () => ({ status: 200, body: { data: [] } }) });
    vi.stubGlobal(
      'EventSource',
      class {
        close() {}
      },
    );
    const stop = startAuthSync(root);
    expect(calls).toHaveLength(0);
    root.users.setCurrentUser(user('a'));
    await vi.waitFor(() => expect(root.nodeTypes.loaded).toBe(true));
    expect(calls.map((c) => c.path)).toEqual(['/rest/node-types']);
    root.ui.modals.open('changePassword');
    root.users.setCurrentUser(undefined);
    expect(root.ui.modals.active).toBeUndefined();
    expect(root.credentials.loaded).toBe(false);
    stop();
    root.push.disconnect();
  });
});

describe('user helpers', () => {
  it('initials and display names', () => {
    expect(userInitials(user('x', { firstName: 'ada', lastName: 'lovelace' }))).toBe('AL');
    expect(userInitials(user('x', { firstName: null, lastName: null, email: 'bob@example.com' }))).toBe('B');
    expect(userInitials(user('x', { firstName: null, lastName: null, email: null }))).toBe('');
    expect(displayName(user('x', { firstName: null, lastName: null, email: null }))).toBe('Default user');
    expect(displayName(user('x', { firstName: 'Ada', lastName: 'Lovelace' }))).toBe('Ada Lovelace');
  });

  it('splits invite results into emailed, not emailed and failed', () => {
    const r = splitInviteResults([
      { user: { id: '1', email: 'a@x.co', emailSent: true } },
      { user: { id: '2', email: 'b@x.co', emailSent: false, inviteAcceptUrl: 'http://h/signup?inviterId=o&inviteeId=2' } },
      { user: { id: '', email: 'c@x.co', emailSent: false }, error: 'already exists' },
    ]);
    expect(r.emailed.map((x) => x.user.email)).toEqual(['a@x.co']);
    expect(r.notEmailed.map((x) => x.user.email)).toEqual(['b@x.co']);
    expect(r.failed.map((x) => x.user.email)).toEqual(['c@x.co']);
  });
});
