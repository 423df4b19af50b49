// Sign-in and sessions (spec 000 §2 "Sign-in", §7; issue 9 "The locked door"): n8n's answer to a
// wrong password with nothing changed, pending users kept out, limits per account and per
// address (429 with Retry-After), the cookie's attributes, sign-out and password changes ending
// sessions at once, and a sessions table that holds only hashes of the tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { snapshot, startServer, type TestServer } from './helpers.ts';
import {
  addMember,
  api,
  expectNoSecretsInAnswers,
  invite,
  sessionCookieOf,
  setCookieLine,
  setupOwner,
  signIn,
  startMailbox,
  tokenOf,
  type Account,
  type Mailbox,
} from './accountHelpers.ts';
import { WRONG_CREDENTIALS } from '../../src/server/rest/auth.ts';

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

let mailbox: Mailbox;
let s: TestServer;
let owner: Account;
let member: Account;
const secrets: string[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  s = await startServer(mailbox.env);
  owner = await setupOwner(s);
  member = await addMember(s, mailbox, owner, 'mia@example.com', 'MiaPass123');
  secrets.push(owner.password, member.password);
});
afterAll(async () => {
  expectNoSecretsInAnswers(secrets);
  await s.dispose();
  await mailbox.close();
});

describe('sign-in', () => {
  it('a wrong password or an unknown address gets 401 with n8n\'s message, no cookie, nothing changed', async () => {
    const before = await snapshot(s);
    for (const [email, password] of [
      [member.email, 'WrongPass1'],
      ['nobody@example.com', member.password],
      [member.email, member.password.toLowerCase()],
    ] as const) {
      const r = await signIn(s, email, password);
      expect(r.status).toBe(401);
      expect(r.body.message).toBe(WRONG_CREDENTIALS);
      expect(r.body.message).toBe('Wrong username or password. Do you have caps lock on?');
      expect(sessionCookieOf(r)).toBeUndefined();
    }
    const empty = await signIn(s, member.email, '');
    expect(empty.status).toBe(400);
    expect(await snapshot(s)).toBe(before);
  });

  it('the right password signs in (email in any case); the answer carries the user, never the password', async () => {
    const r = await signIn(s, '  MIA@Example.COM ', member.password);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: member.id, email: 'mia@example.com', globalRole: { name: 'member' }, isPending: false });
    expect(Object.keys(r.body.data)).not.toContain('password');
    const cookie = sessionCookieOf(r)!;
    const login = await api(s, 'GET', '/rest/login', undefined, { cookie });
    expect(login.status).toBe(200);
    expect(login.body.data.id).toBe(member.id);
    // Without a cookie the cookie login check answers 401.
    expect((await api(s, 'GET', '/rest/login')).status).toBe(401);
  });

  it('an invited user who has not signed up cannot sign in, whatever the password', async () => {
    const r = await invite(s, owner, ['pending@example.com']);
    expect(r.status).toBe(200);
    for (const password of ['', 'Anything1', 'null']) {
      const a = await signIn(s, 'pending@example.com', password || 'x');
      expect(a.status).toBe(401);
      expect(a.body.message).toBe(WRONG_CREDENTIALS);
      expect(sessionCookieOf(a)).toBeUndefined();
    }
  });

  it('after 10 failed attempts an account is refused 429 with Retry-After, even with the right password; others are not', async () => {
    const limited = await addMember(s, mailbox, owner, 'limited@example.com', 'Limited123');
    secrets.push(limited.password);
    for (let i = 0; i < 10; i++) {
      const r = await signIn(s, limited.email, `Wrong${i}Pass`);
      expect(r.status).toBe(401);
    }
    const before = await snapshot(s);
    const r = await signIn(s, limited.email, limited.password);
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
    const retryAfter = Number(r.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(r.body.message).toContain(`${Math.ceil(retryAfter / 60)} minute`);
    expect(sessionCookieOf(r)).toBeUndefined();
    expect(await snapshot(s)).toBe(before);
    // Another account from the same kind of address still signs in.
    expect((await signIn(s, member.email, member.password)).status).toBe(200);
    // The existing session of the limited account is not touched.
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: limited.cookie })).status).toBe(200);
  });

  it('after 30 attempts from one address that address is refused 429 with Retry-After; another address is not', async () => {
    const address = '10.200.0.1';
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api(s, 'POST', '/rest/login', { email: `probe${i}@example.com`, password: 'Guess1234' }, { remoteAddress: address })),
    );
    expect(attempts.map((a) => a.status)).toEqual(Array(30).fill(401));
    const r = await api(s, 'POST', '/rest/login', { email: member.email, password: member.password }, { remoteAddress: address });
    expect(r.status).toBe(429);
    const retryAfter = Number(r.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(sessionCookieOf(r)).toBeUndefined();
    const other = await api(s, 'POST', '/rest/login', { email: member.email, password: member.password }, { remoteAddress: '10.200.0.2' });
    expect(other.status).toBe(200);
  });
});

describe('sessions', () => {
  it('the cookie is HttpOnly, SameSite=Lax, Path=/ and not Secure over http; it lasts the session duration', async () => {
    const r = await signIn(s, member.email, member.password);
    const line = setCookieLine(r);
    const attrs = line.split(';').map((x) => x.trim());
    expect(attrs[0]).toMatch(/^switchyard-auth=[A-Za-z0-9_-]{40,}$/);
    expect(attrs).toContain('HttpOnly');
    expect(attrs).toContain('SameSite=Lax');
    expect(attrs).toContain('Path=/');
    expect(attrs).toContain(`Max-Age=${168 * 3600}`);
    expect(attrs).not.toContain('Secure');
  });

  it('the sessions table holds the sha256 of each token, never the token', async () => {
    const r = await signIn(s, member.email, member.password);
    const token = tokenOf(sessionCookieOf(r)!);
    const rows = await s.server.db.selectFrom('sessions').selectAll().execute();
    expect(rows.some((x) => x.id === sha256(token) && x.userId === member.id)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
    // Nor does any other table.
    expect(await snapshot(s)).not.toContain(token);
    // A token that is the stored hash itself opens nothing.
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: `switchyard-auth=${sha256(token)}` })).status).toBe(401);
  });

  it('sign-out ends the session at once: the same cookie gets 401 on the next call', async () => {
    const cookie = sessionCookieOf(await signIn(s, member.email, member.password))!;
    expect((await api(s, 'GET', '/rest/workflows', undefined, { cookie })).status).toBe(200);
    const out = await api(s, 'POST', '/rest/logout', undefined, { cookie });
    expect(out.status).toBe(200);
    const cleared = setCookieLine(out);
    expect(cleared).toMatch(/^switchyard-auth=;/);
    expect(cleared).toContain('Max-Age=0');
    for (const url of ['/rest/workflows', '/rest/me', '/rest/login']) {
      expect((await api(s, 'GET', url, undefined, { cookie })).status, url).toBe(401);
    }
    expect(await s.server.db.selectFrom('sessions').select('id').where('id', '=', sha256(tokenOf(cookie))).execute()).toEqual([]);
    // Other sessions of the same user go on.
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: member.cookie })).status).toBe(200);
  });

  it('a garbage or oversized cookie is 401, not an error', async () => {
    for (const cookie of ['switchyard-auth=', 'switchyard-auth=%E0%A4%A', `switchyard-auth=${'a'.repeat(5000)}`, 'other=1']) {
      expect((await api(s, 'GET', '/rest/me', undefined, { cookie })).status, cookie.slice(0, 30)).toBe(401);
    }
  });
});

describe('changing the password in personal settings (PATCH /me/password)', () => {
  let who: Account;
  beforeAll(async () => {
    who = await addMember(s, mailbox, owner, 'pat@example.com', 'PatPass123');
    secrets.push(who.password, 'PatNewPass456');
  });

  it('a wrong current password or a weak new one is refused and nothing changes', async () => {
    const before = await snapshot(s);
    const wrong = await api(s, 'PATCH', '/rest/me/password', { currentPassword: 'NotMine123', newPassword: 'PatNewPass456' }, { cookie: who.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Provided current password is incorrect');
    const weak = await api(s, 'PATCH', '/rest/me/password', { currentPassword: who.password, newPassword: 'weakpass' }, { cookie: who.cookie });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password must contain at least 1 number');
    const none = await api(s, 'PATCH', '/rest/me/password', { currentPassword: '', newPassword: 'PatNewPass456' }, { cookie: who.cookie });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Current password is required');
    expect(await snapshot(s)).toBe(before);
  });

  it('ends the user\'s other sessions at once and keeps the current one; the old password stops working', async () => {
    const other = sessionCookieOf(await signIn(s, who.email, who.password))!;
    const third = sessionCookieOf(await signIn(s, who.email, who.password))!;
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: other })).status).toBe(200);
    const r = await api(s, 'PATCH', '/rest/me/password', { currentPassword: who.password, newPassword: 'PatNewPass456' }, { cookie: who.cookie });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: who.cookie })).status).toBe(200);
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: other })).status).toBe(401);
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: third })).status).toBe(401);
    const rows = await s.server.db.selectFrom('sessions').select('id').where('userId', '=', who.id).execute();
    expect(rows).toEqual([{ id: sha256(tokenOf(who.cookie)) }]);
    // Another user's sessions are untouched.
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: member.cookie })).status).toBe(200);
    expect((await signIn(s, who.email, who.password)).status).toBe(401);
    expect((await signIn(s, who.email, 'PatNewPass456')).status).toBe(200);
    const stored = await s.server.db.selectFrom('users').select('password').where('id', '=', who.id).executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^scrypt\$/);
    expect(stored.password).not.toContain('PatNewPass456');
  });
});

describe('cookies under a base path and an https editor URL', () => {
  let b: TestServer;
  beforeAll(async () => {
    b = await startServer({ SWITCHYARD_BASE_PATH: '/switchyard/', SWITCHYARD_EDITOR_BASE_URL: 'https://flows.example.com/switchyard/', SWITCHYARD_SESSION_DURATION_HOURS: '2' });
  });
  afterAll(async () => {
    await b.dispose();
  });

  it('the cookie is Secure and scoped to the base path; sign-out clears it the same way', async () => {
    const r = await api(b, 'POST', '/switchyard/rest/owner', { email: 'base@example.com', firstName: 'B', lastName: 'P', password: 'BasePass123' }, { headers: { host: 'flows.example.com' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const attrs = setCookieLine(r).split(';').map((x) => x.trim());
    expect(attrs).toContain('Path=/switchyard/');
    expect(attrs).toContain('Secure');
    expect(attrs).toContain('HttpOnly');
    expect(attrs).toContain('SameSite=Lax');
    expect(attrs).toContain(`Max-Age=${2 * 3600}`);
    const cookie = sessionCookieOf(r)!;
    // The editor's own origin (the configured https URL) may change state.
    const out = await api(b, 'POST', '/switchyard/rest/logout', undefined, { cookie, headers: { host: 'flows.example.com', origin: 'https://flows.example.com' } });
    expect(out.status).toBe(200);
    const cleared = setCookieLine(out).split(';').map((x) => x.trim());
    expect(cleared).toEqual(expect.arrayContaining(['switchyard-auth=', 'Path=/switchyard/', 'Max-Age=0', 'Secure', 'HttpOnly']));
  });

  it('a session survives a restart (it is stored), and an expired one is refused', async () => {
    const r = await api(b, 'POST', '/switchyard/rest/login', { email: 'base@example.com', password: 'BasePass123' });
    expect(r.status).toBe(200);
    const cookie = sessionCookieOf(r)!;
    const keep = sessionCookieOf(await api(b, 'POST', '/switchyard/rest/login', { email: 'base@example.com', password: 'BasePass123' }))!;
    await b.close();
    b = await startServer({ SWITCHYARD_BASE_PATH: '/switchyard/', SWITCHYARD_EDITOR_BASE_URL: 'https://flows.example.com/switchyard/' }, { dataDir: b.dataDir });
    expect((await api(b, 'GET', '/switchyard/rest/me', undefined, { cookie })).status).toBe(200);
    await b.close();
    // Reopened with the session's end moved into the past (the cache of the previous process is gone).
    b = await startServer({ SWITCHYARD_BASE_PATH: '/switchyard/' }, { dataDir: b.dataDir });
    await b.server.db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', sha256(tokenOf(cookie))).execute();
    expect((await api(b, 'GET', '/switchyard/rest/me', undefined, { cookie })).status).toBe(401);
    expect((await api(b, 'GET', '/switchyard/rest/me', undefined, { cookie: keep })).status).toBe(200);
  });
});
