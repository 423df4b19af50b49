// Owner setup (spec 000 §2 "Owner setup", §5, §7; issue 9): the fields checked with the spec's
// messages, the default user becoming the owner with everything it made, one owner only, and
// skip-setup on loopback only — bound to another address, an instance without an owner answers
// nothing but setup (REST 403, webhooks 503) and its settings say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, startServer, type TestServer } from './helpers.ts';
import { api, createCredential, createWorkflow, expectNoSecretsInAnswers, sessionCookieOf } from './accountHelpers.ts';
import { SETUP_REQUIRED_MESSAGE } from '../../src/server/auth/requestAuth.ts';

const PASSWORD = 'Correct1Horse';
const valid = { email: 'Ada@Example.com', firstName: 'A'.repeat(32), lastName: 'Lovelace', password: PASSWORD, agree: true };

describe('owner setup on a loopback server', () => {
  let s: TestServer;
  let workflowId: string;
  let credentialId: string;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    expectNoSecretsInAnswers([PASSWORD]);
    await s.dispose();
  });

  it('a fresh instance asks for setup and lets the default user work without signing in', async () => {
    const settings = (await api(s, 'GET', '/rest/settings')).body.data.userManagement;
    expect(settings).toMatchObject({ enabled: true, showSetupOnFirstLoad: true, canSkipSetup: true, setupRequired: false });
    const me = await api(s, 'GET', '/rest/me');
    expect(me.status).toBe(200);
    expect(me.body.data.globalRole.name).toBe('default');
    workflowId = await createWorkflow(s, undefined, 'Made before setup');
    credentialId = await createCredential(s, undefined, 'Key before setup');
  });

  it('refuses each bad field with the spec\'s message and stores nothing', async () => {
    const before = await snapshot(s);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: '' }, 'Email is required'],
      [{ email: '   ' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'not-an-email is not a valid email'],
      [{ email: 'a@b' }, 'a@b is not a valid email'],
      [{ email: 'Ada <ada@example.com>' }, 'ada <ada@example.com> is not a valid email'],
      [{ firstName: '' }, 'First name is required'],
      [{ firstName: '  ' }, 'First name is required'],
      [{ firstName: 'B'.repeat(33) }, 'First name must be at most 32 characters'],
      [{ lastName: '' }, 'Last name is required'],
      [{ lastName: 'C'.repeat(33) }, 'Last name must be at most 32 characters'],
      [{ password: '' }, 'Password is required'],
      [{ password: 'Short1A' }, 'Password must be at least 8 characters long'],
      [{ password: 'NoNumberHere' }, 'Password must contain at least 1 number'],
      [{ password: 'nocapital123' }, 'Password must contain at least 1 capital letter'],
      [{ password: `A1${'x'.repeat(63)}` }, 'Password must be at most 64 characters long'],
    ];
    for (const [change, message] of cases) {
      const r = await api(s, 'POST', '/rest/owner', { ...valid, ...change });
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.body.message, JSON.stringify(change)).toBe(message);
      expect(sessionCookieOf(r)).toBeUndefined();
    }
    // Shape errors name the field too.
    const missing = await api(s, 'POST', '/rest/owner', { email: valid.email, lastName: 'L', password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('body/firstName is required');
    const wrongType = await api(s, 'POST', '/rest/owner', { ...valid, password: 12345678 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^body\/password must be string/);
    expect(await snapshot(s)).toBe(before);
    // Still the default user: nothing was set up.
    expect((await api(s, 'GET', '/rest/me')).body.data.globalRole.name).toBe('default');
  });

  it('skipping on loopback is allowed and keeps the default user', async () => {
    const r = await api(s, 'POST', '/rest/owner/skip-setup');
    expect(r.status).toBe(200);
    const um = (await api(s, 'GET', '/rest/settings')).body.data.userManagement;
    expect(um).toMatchObject({ showSetupOnFirstLoad: false, canSkipSetup: true, setupRequired: false });
    expect((await api(s, 'GET', '/rest/workflows')).status).toBe(200);
  });

  it('the default user becomes the owner, signed in, and keeps its workflows and credentials', async () => {
    const defaultId = (await api(s, 'GET', '/rest/me')).body.data.id;
    // Fields the body may not carry are refused by name, and nothing changes.
    const before = await snapshot(s);
    const extra = await api(s, 'POST', '/rest/owner', { ...valid, id: 'chosen-id', globalRole: { name: 'member' } });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/^body must not have the property "(id|globalRole)"$/);
    expect(await snapshot(s)).toBe(before);
    const r = await api(s, 'POST', '/rest/owner', valid);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: defaultId, email: 'ada@example.com', firstName: 'A'.repeat(32), lastName: 'Lovelace', isPending: false, globalRole: { name: 'owner' } });
    expect(r.body.data.password).toBeUndefined();
    const cookie = sessionCookieOf(r)!;
    expect(cookie).toBeDefined();
    // The agree box is kept with the account and can be changed in personal settings.
    expect(r.body.data.settings).toEqual({ updatesOptIn: true });
    const me = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    const off = await api(s, 'PATCH', '/rest/me', { ...me, settings: { updatesOptIn: false } }, { cookie });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.settings).toEqual({ updatesOptIn: false });
    expect((await api(s, 'PATCH', '/rest/me', { ...me, settings: { other: 1 } }, { cookie })).status).toBe(400);
    expect((await api(s, 'GET', '/rest/login', undefined, { cookie })).body.data.settings).toEqual({ updatesOptIn: false });
    await api(s, 'PATCH', '/rest/me', { ...me, firstName: 'A'.repeat(32) }, { cookie });

    const wf = await api(s, 'GET', `/rest/workflows/${workflowId}`, undefined, { cookie });
    expect(wf.status).toBe(200);
    const creds = await api(s, 'GET', '/rest/credentials', undefined, { cookie });
    expect(creds.body.data.map((c: { id: string }) => c.id)).toEqual([credentialId]);
    expect(creds.body.data[0].ownerId).toBe(defaultId);
    // includeData: the owner is the credential's own user now.
    const data = await api(s, 'GET', `/rest/credentials/${credentialId}?includeData=true`, undefined, { cookie });
    expect(data.status).toBe(200);
    // The secret itself stays on the server: n8n's blank placeholder stands for it.
    expect(data.body.data.data).toEqual({ name: 'X-Key', value: '__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6' });
    const row = await s.server.db.selectFrom('workflows').select('ownerId').where('id', '=', workflowId).executeTakeFirstOrThrow();
    expect(row.ownerId).toBe(defaultId);
    // Only one user exists: no second row was made.
    expect(await s.server.db.selectFrom('users').select('id').execute()).toEqual([{ id: defaultId }]);

    const um = (await api(s, 'GET', '/rest/settings')).body.data.userManagement;
    expect(um).toMatchObject({ showSetupOnFirstLoad: false, canSkipSetup: false, setupRequired: false });
    // The default user is gone: without the cookie nothing answers.
    expect((await api(s, 'GET', '/rest/workflows')).status).toBe(401);
    expect((await api(s, 'GET', '/rest/me')).status).toBe(401);
  });

  it('a second setup is refused 409 and changes nothing, as does skip-setup now', async () => {
    const before = await snapshot(s);
    const again = await api(s, 'POST', '/rest/owner', { ...valid, email: 'mallory@example.com', password: 'Mallory123' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The instance owner is already set up');
    expect(sessionCookieOf(again)).toBeUndefined();
    const skip = await api(s, 'POST', '/rest/owner/skip-setup');
    expect(skip.status).toBe(409);
    expect(await snapshot(s)).toBe(before);
  });
});

describe('an instance without an owner bound to a non-loopback address', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ SWITCHYARD_HOST: '0.0.0.0', SWITCHYARD_PORT: '0' });
  });
  afterAll(async () => {
    await s.dispose();
  });

  it('settings say setup is required and cannot be skipped', async () => {
    const um = (await api(s, 'GET', '/rest/settings')).body.data.userManagement;
    expect(um).toMatchObject({ showSetupOnFirstLoad: true, canSkipSetup: false, setupRequired: true });
  });

  it('skip-setup is refused with the reason, and nothing changes', async () => {
    const before = await snapshot(s);
    const r = await api(s, 'POST', '/rest/owner/skip-setup');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Setup cannot be skipped: the server listens on 0.0.0.0, which is not a loopback address');
    expect(await snapshot(s)).toBe(before);
  });

  it('every REST call but settings, login and setup answers 403; webhooks answer 503', async () => {
    const before = await snapshot(s);
    const refused: Array<[string, string, unknown?]> = [
      ['GET', '/rest/workflows'],
      ['POST', '/rest/workflows', { name: 'x', nodes: [], connections: {} }],
      ['GET', '/rest/workflows/1'],
      ['DELETE', '/rest/workflows/1'],
      ['POST', '/rest/workflows/run', { workflowData: { nodes: [], connections: {} } }],
      ['GET', '/rest/credentials'],
      ['GET', '/rest/credentials/1?includeData=true'],
      ['GET', '/rest/executions'],
      ['POST', '/rest/executions/1/retry'],
      ['GET', '/rest/me'],
      ['PATCH', '/rest/me', { firstName: 'a', lastName: 'b', email: 'a@b.co' }],
      ['POST', '/rest/me/api-key'],
      ['GET', '/rest/users'],
      ['POST', '/rest/users', [{ email: 'x@example.com' }]],
      ['GET', '/rest/node-types'],
      ['GET', '/rest/push?pushRef=abc'],
      ['GET', '/rest/tags'],
      ['GET', '/rest/active'],
      ['GET', '/rest/data/filesystem-v2:x'],
    ];
    for (const [method, url, body] of refused) {
      const r = await api(s, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body.message, `${method} ${url}`).toBe(SETUP_REQUIRED_MESSAGE);
    }
    for (const url of ['/webhook/anything', '/webhook-test/anything', '/webhook-waiting/1']) {
      for (const method of ['GET', 'POST']) {
        const r = await api(s, method, url, method === 'POST' ? {} : undefined);
        expect(r.status, `${method} ${url}`).toBe(503);
        expect(r.body.message).toBe(SETUP_REQUIRED_MESSAGE);
      }
    }
    expect((await api(s, 'GET', '/rest/settings')).status).toBe(200);
    const login = await api(s, 'GET', '/rest/login');
    expect(login.status).toBe(401);
    expect(await snapshot(s)).toBe(before);
  });

  it('owner setup works there, and then the instance answers with a session', async () => {
    const r = await api(s, 'POST', '/rest/owner', valid);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const cookie = sessionCookieOf(r)!;
    expect((await api(s, 'GET', '/rest/workflows', undefined, { cookie })).status).toBe(200);
    expect((await api(s, 'GET', '/rest/workflows')).status).toBe(401);
    // Webhooks are public by design: an unknown path is 404 now, not 503.
    expect((await api(s, 'GET', '/webhook/anything')).status).toBe(404);
    expect((await api(s, 'GET', '/rest/settings')).body.data.userManagement).toMatchObject({ showSetupOnFirstLoad: false, setupRequired: false });
  });
});
