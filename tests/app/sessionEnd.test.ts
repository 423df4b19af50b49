// A lost session (issue: unsaved work lost when the session ends): the decisions, and what the
// root store does with a 401 from a save, a dropped push stream, and the re-sign-in over the editor.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEditorPath, pathUnderBase, reauthOutcome, sessionEndOutcome, signsInAsAnother } from '../../src/app/stores/sessionEnd.ts';
import { RootStore } from '../../src/app/stores/RootStore.ts';
import { startAuthSync } from '../../src/app/stores/authSync.ts';
import { saveWorkflow } from '../../src/app/commands/saveWorkflow.ts';
import { PushConnection } from '../../src/app/push/PushConnection.ts';
import type { PublicUser } from '../../src/model/users.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

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

type Handler = (init: RequestInit) => { status: number; body?: unknown } | Promise<never>;

/** fetch answering by 'METHOD /rest/path'; records every call. */
function server(routes: Record<string, Handler>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      calls.push(key);
      const handler = routes[key];
      if (!handler) return new Response(JSON.stringify({ code: 404, message: 'not found' }), { status: 404 });
      const { status, body } = await handler(init);
      return new Response(body === undefined ? '' : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

const UNAUTHORIZED = () => ({ status: 401, body: { code: 401, message: 'Unauthorized' } });

class FakeEventSource {
  static all: FakeEventSource[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
}

/** A signed-in editor on `path` whose workflow has unsaved changes (or not). */
function editor(opts: { dirty: boolean; path?: string; me?: PublicUser }) {
  const root = new RootStore();
  root.currentPath = () => opts.path ?? '/workflow/w1';
  root.users.setCurrentUser(opts.me ?? user('me'));
  root.workflow.load({ id: 'w1', name: 'Payroll', active: false, nodes: [], connections: {}, settings: { executionOrder: 'v1' } });
  if (opts.dirty) root.workflow.setName('Payroll v2');
  return root;
}

const titles = (root: RootStore) => root.ui.toasts.toasts.map((t) => t.title);

describe('the decisions', () => {
  it('only unsaved work in the editor keeps the page; anything else goes to sign-in', () => {
    expect(sessionEndOutcome({ dirty: true, readOnly: false, path: '/workflow' })).toBe('reauth');
    expect(sessionEndOutcome({ dirty: true, readOnly: false, path: '/workflow/abc' })).toBe('reauth');
    expect(sessionEndOutcome({ dirty: false, readOnly: false, path: '/workflow/abc' })).toBe('signin');
    // A past execution is read-only; on another page the unsaved-changes question was answered on leaving.
    expect(sessionEndOutcome({ dirty: true, readOnly: true, path: '/execution/7' })).toBe('signin');
    expect(sessionEndOutcome({ dirty: true, readOnly: false, path: '/settings/personal' })).toBe('signin');
    expect(isEditorPath('/workflow/')).toBe(true);
    expect(isEditorPath('/workflows/demo')).toBe(false);
    expect(isEditorPath('/workflow/a/b')).toBe(false);
  });

  it('reads the route under the base path', () => {
    expect(pathUnderBase('/switchyard/workflow/1', '/switchyard')).toBe('/workflow/1');
    expect(pathUnderBase('/switchyard', '/switchyard')).toBe('/');
    expect(pathUnderBase('/workflow', '')).toBe('/workflow');
    expect(pathUnderBase('/switchyardx/workflow', '/switchyard')).toBe('/switchyardx/workflow');
  });

  it('another address asks first; the server’s user id decides what happens to the work', () => {
    expect(signsInAsAnother('mia@example.com', ' MIA@example.com ')).toBe(false);
    expect(signsInAsAnother('mia@example.com', 'olivia@example.com')).toBe(true);
    expect(signsInAsAnother(null, 'olivia@example.com')).toBe(true);
    expect(reauthOutcome('u1', 'u1')).toBe('resume');
    expect(reauthOutcome('u1', 'u2')).toBe('discard');
  });
});

describe('a 401 with unsaved work in the editor', () => {
  it('keeps the page and the work, shows no error toast for the refused save, and resumes after the same user signs in', async () => {
    const root = editor({ dirty: true });
    const calls = server({
      'PATCH /rest/workflows/w1': UNAUTHORIZED,
      'POST /rest/login': () => ({ status: 200, body: { data: user('me', { firstName: 'Fresh' }) } }),
    });
    expect(await saveWorkflow(root)).toBeUndefined();
    expect(calls).toEqual(['PATCH /rest/workflows/w1']);
    expect(root.users.sessionLost).toBe(true);
    expect(root.users.currentUser?.id).toBe('me');
    expect(root.workflow.dirty).toBe(true);
    expect(root.workflow.name).toBe('Payroll v2');
    expect(titles(root)).toEqual([]);
    // The dialog is over the editor: its shortcuts are off.
    expect(root.modalOpen()).toBe(true);
    // More 401s meanwhile change nothing.
    await saveWorkflow(root);
    expect(root.users.sessionLost).toBe(true);
    expect(titles(root)).toEqual([]);

    expect(await root.signInAgain({ email: 'me@example.com', password: 'Secret123' })).toBe('resume');
    expect(root.users.sessionLost).toBe(false);
    expect(root.users.currentUser?.firstName).toBe('Fresh');
    expect(root.workflow.dirty).toBe(true);
    expect(root.workflow.name).toBe('Payroll v2');
    expect(root.modalOpen()).toBe(false);
  });

  it('a wrong password or a limit is the dialog’s answer: the session stays lost', async () => {
    const root = editor({ dirty: true });
    server({ 'POST /rest/login': () => ({ status: 429, body: { code: 429, message: 'Too many sign-in attempts. Please wait 15 minutes and try again.' } }) });
    root.sessionEnded();
    await expect(root.signInAgain({ email: 'me@example.com', password: 'x' })).rejects.toMatchObject({ status: 429, message: expect.stringContaining('Too many') });
    expect(root.users.sessionLost).toBe(true);
    expect(root.users.currentUser?.id).toBe('me');
  });

  it('signing in as another user replaces the user (the caller discards the work and goes home)', async () => {
    const root = editor({ dirty: true });
    server({ 'POST /rest/login': () => ({ status: 200, body: { data: user('other') } }) });
    root.sessionEnded();
    root.ui.modals.open('changePassword');
    vi.stubGlobal('EventSource', FakeEventSource);
    const stop = startAuthSync(root);
    expect(await root.signInAgain({ email: 'other@example.com', password: 'Secret123' })).toBe('discard');
    expect(root.users.currentUser?.id).toBe('other');
    expect(root.users.sessionLost).toBe(false);
    // Nothing of the previous user's stays open.
    expect(root.ui.modals.active).toBeUndefined();
    stop();
    root.push.disconnect();
  });

  it('‘Sign in as someone else’ goes to sign-in without a way back', () => {
    const root = editor({ dirty: true });
    root.sessionEnded();
    root.abandonSession();
    expect(root.users.currentUser).toBeUndefined();
    expect(root.users.signedOut).toBe(true);
    expect(root.users.sessionLost).toBe(false);
  });
});

describe('a 401 with nothing to lose', () => {
  it('signs out at once with ‘You were signed out’ and no error toast (saved workflow, other page, past execution)', async () => {
    for (const setup of [{ dirty: false }, { dirty: true, path: '/settings/personal' }]) {
      const root = editor(setup);
      server({ 'PATCH /rest/workflows/w1': UNAUTHORIZED, 'POST /rest/workflows': UNAUTHORIZED });
      await saveWorkflow(root);
      expect(root.users.currentUser).toBeUndefined();
      expect(root.users.sessionLost).toBe(false);
      expect(titles(root)).toEqual(['You were signed out']);
    }
    const root = editor({ dirty: true, path: '/execution/7' });
    root.ui.setReadOnly(true);
    root.sessionEnded();
    expect(root.users.currentUser).toBeUndefined();
  });
});

describe('the push stream dropping', () => {
  it('tells its owner on every error while it should run, not after disconnect', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.all = [];
    const dropped = vi.fn();
    const push = new PushConnection(() => undefined, dropped);
    push.connect();
    FakeEventSource.all[0].onerror!();
    expect(dropped).toHaveBeenCalledTimes(1);
    push.disconnect();
    FakeEventSource.all[0].onerror!();
    expect(dropped).toHaveBeenCalledTimes(1);
  });

  it('checks GET /login: a 401 is handled as a lost session at once; a server that cannot be reached or a live session is not', async () => {
    const dirty = editor({ dirty: true });
    let calls = server({ 'GET /rest/login': UNAUTHORIZED });
    await dirty.checkSession();
    expect(calls).toEqual(['GET /rest/login']);
    expect(dirty.users.sessionLost).toBe(true);
    // Lost already: no more checks.
    await dirty.checkSession();
    expect(calls).toHaveLength(1);

    const clean = editor({ dirty: false });
    server({ 'GET /rest/login': UNAUTHORIZED });
    await clean.checkSession();
    expect(clean.users.currentUser).toBeUndefined();
    expect(titles(clean)).toEqual(['You were signed out']);

    const live = editor({ dirty: true });
    calls = server({ 'GET /rest/login': () => ({ status: 200, body: { data: user('me') } }) });
    await live.checkSession();
    expect(live.users.currentUser?.id).toBe('me');
    expect(live.users.sessionLost).toBe(false);

    const down = editor({ dirty: true });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await down.checkSession();
    expect(down.users.sessionLost).toBe(false);
    expect(down.users.currentUser?.id).toBe('me');
    expect(titles(down)).toEqual([]);
  });

  it('a dropped stream of a dead session shows the re-sign-in without any click; the stream stops meanwhile and reopens after', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.all = [];
    const root = editor({ dirty: true });
    server({
      'GET /rest/login': UNAUTHORIZED,
      'GET /rest/node-types': () => ({ status: 200, body: { data: [] } }),
      'POST /rest/login': () => ({ status: 200, body: { data: user('me') } }),
    });
    const stop = startAuthSync(root);
    expect(FakeEventSource.all).toHaveLength(1);
    root.ui.modals.open('about');
    FakeEventSource.all[0].onerror!();
    await vi.waitFor(() => expect(root.users.sessionLost).toBe(true));
    expect(FakeEventSource.all[0].closed).toBe(true);
    expect(root.push.settled).toBe(false); // no 'Connection lost' under the dialog
    // The page keeps its dialogs: it is the same user's.
    expect(root.ui.modals.active).toBe('about');
    await root.signInAgain({ email: 'me@example.com', password: 'Secret123' });
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[1].closed).toBe(false);
    expect(root.ui.modals.active).toBe('about');
    stop();
    root.push.disconnect();
  });
});
