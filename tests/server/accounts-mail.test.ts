// Invitations and password recovery through a real SMTP server (smtp-server on 127.0.0.1, started
// here; no mocked transport): the mail that arrives carries the link, the link is what the
// editor's pages resolve and complete (spec 000 §2 sign-up / forgot / change password, §5, §7;
// spec 002 §5; issue 9 "Bad input": reused invitation, unknown or expired token → clear error,
// nothing changed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { snapshot, startServer, type TestServer } from './helpers.ts';
import {
  addMember,
  api,
  expectNoSecretsInAnswers,
  invite,
  linkIn,
  sessionCookieOf,
  setupOwner,
  signIn,
  startMailbox,
  type Account,
  type Mailbox,
} from './accountHelpers.ts';
import { parseInviteList, PASSWORD_RESET_TOKEN_TTL_MS } from '../../src/model/users.ts';
import { NO_SMTP, INVALID_RESET_LINK } from '../../src/server/rest/passwordReset.ts';

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

let mailbox: Mailbox;
let s: TestServer;
let owner: Account;
const secrets: string[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
  s = await startServer(mailbox.env);
  owner = await setupOwner(s);
  secrets.push(owner.password);
});
afterAll(async () => {
  expectNoSecretsInAnswers(secrets);
  await s.dispose();
  await mailbox.close();
});

describe('invitations', () => {
  it('the server takes [{ email }]: "Name <address>" is the editor\'s to parse; a bad address is named and nothing is created or sent', async () => {
    const before = await snapshot(s);
    const sent = mailbox.mails.length;
    const named = await invite(s, owner, ['Ann <ann@example.com>']);
    expect(named.status).toBe(400);
    expect(named.body.message).toBe('Ann <ann@example.com> is not a valid email');
    const mixed = await invite(s, owner, ['good@example.com', 'bad@', 'other@example.com']);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('bad@ is not a valid email');
    const empty = await api(s, 'POST', '/rest/users', [], { cookie: owner.cookie });
    expect(empty.status).toBe(400);
    const notList = await api(s, 'POST', '/rest/users', { email: 'x@example.com' }, { cookie: owner.cookie });
    expect(notList.status).toBe(400);
    expect(await snapshot(s)).toBe(before);
    await new Promise((r) => setTimeout(r, 50));
    expect(mailbox.mails.length).toBe(sent);
  });

  it('invites what the editor parses, mails each person a sign-up link and lists them as pending', async () => {
    const parsed = parseInviteList('Ann Example <Ann@Example.com>, bob@example.com, ann@example.com');
    expect(parsed.emails).toEqual(['ann@example.com', 'bob@example.com']);
    const sent = mailbox.mails.length;
    const r = await invite(s, owner, parsed.emails!);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toHaveLength(2);
    for (const [i, email] of ['ann@example.com', 'bob@example.com'].entries()) {
      const item = r.body.data[i];
      expect(item.error).toBeUndefined();
      expect(item.user).toMatchObject({ email, emailSent: true });
      const mail = await mailbox.next(email, sent);
      expect(mail.from).toBe('flows@example.com');
      expect(mail.subject).toBe('Olive Owner has invited you to Switchyard');
      const link = linkIn(mail, '/signup');
      expect(link.searchParams.get('inviterId')).toBe(owner.id);
      expect(link.searchParams.get('inviteeId')).toBe(item.user.id);
      expect(link.href).toBe(item.user.inviteAcceptUrl);
    }
    const list = await api(s, 'GET', '/rest/users', undefined, { cookie: owner.cookie });
    const ann = list.body.data.find((u: { email: string }) => u.email === 'ann@example.com');
    expect(ann).toMatchObject({ isPending: true, firstName: null, globalRole: { name: 'member' } });
    expect(ann.inviteAcceptUrl).toContain('/signup?inviterId=');
    expect(list.body.data[0].globalRole.name).toBe('owner');
  });

  it('an address that already has a user gets a per-item error; nothing is created and no mail goes out', async () => {
    const before = await snapshot(s);
    const sent = mailbox.mails.length;
    const r = await invite(s, owner, ['OWNER@example.com', 'ann@example.com']);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { user: { id: '', email: 'owner@example.com', emailSent: false }, error: 'A user with the email owner@example.com already exists' },
      { user: { id: '', email: 'ann@example.com', emailSent: false }, error: 'A user with the email ann@example.com already exists' },
    ]);
    expect(await snapshot(s)).toBe(before);
    await new Promise((r2) => setTimeout(r2, 50));
    expect(mailbox.mails.length).toBe(sent);
  });

  it('resolve-signup-token: missing ids say "missing token"; a wrong inviter is a 400; a good link names the inviter', async () => {
    const invitee = (await s.server.db.selectFrom('users').select('id').where('email', '=', 'bob@example.com').executeTakeFirstOrThrow()).id;
    for (const q of ['', `?inviterId=${owner.id}`, `?inviteeId=${invitee}`]) {
      const r = await api(s, 'GET', `/rest/resolve-signup-token${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.message).toBe('missing token');
    }
    for (const inviterId of [invitee, 'c2f8a9e0-0000-4000-8000-000000000000']) {
      const r = await api(s, 'GET', `/rest/resolve-signup-token?inviterId=${inviterId}&inviteeId=${invitee}`);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('This invitation link is not valid');
    }
    const forged = await api(s, 'GET', `/rest/resolve-signup-token?inviterId=${owner.id}&inviteeId=${owner.id}`);
    expect(forged.status).toBe(400);
    const ok = await api(s, 'GET', `/rest/resolve-signup-token?inviterId=${owner.id}&inviteeId=${invitee}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ inviter: { firstName: 'Olive', lastName: 'Owner' }, invitee: { email: 'bob@example.com' } });
  });

  it('sign-up from the mailed link completes, signs in, and the link cannot be used again', async () => {
    const sent = mailbox.mails.length;
    await invite(s, owner, ['carol@example.com']);
    const link = linkIn(await mailbox.next('carol@example.com', sent), '/signup');
    const inviterId = link.searchParams.get('inviterId')!;
    const inviteeId = link.searchParams.get('inviteeId')!;
    secrets.push('CarolPass1', 'Hijack123');

    const before = await snapshot(s);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ firstName: '' }, 'First name is required'],
      [{ lastName: 'L'.repeat(33) }, 'Last name must be at most 32 characters'],
      [{ password: 'carolpass' }, 'Password must contain at least 1 number'],
      [{ password: 'carolpass1' }, 'Password must contain at least 1 capital letter'],
      [{ password: 'Ca1' }, 'Password must be at least 8 characters long'],
      [{ inviterId: inviteeId }, 'This invitation link is not valid'],
    ];
    for (const [change, message] of bad) {
      const r = await api(s, 'POST', `/rest/users/${inviteeId}`, { inviterId, firstName: 'Carol', lastName: 'C', password: 'CarolPass1', ...change });
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.body.message).toBe(message);
      expect(sessionCookieOf(r)).toBeUndefined();
    }
    expect(await snapshot(s)).toBe(before);

    const r = await api(s, 'POST', `/rest/users/${inviteeId}`, { inviterId, firstName: 'Carol', lastName: 'C', password: 'CarolPass1', agree: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ id: inviteeId, email: 'carol@example.com', firstName: 'Carol', isPending: false, globalRole: { name: 'member' } });
    const cookie = sessionCookieOf(r)!;
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie })).body.data.id).toBe(inviteeId);

    // The used link: refused on load and on submit, and the password stays Carol's.
    const after = await snapshot(s);
    const again = await api(s, 'GET', `/rest/resolve-signup-token?inviterId=${inviterId}&inviteeId=${inviteeId}`);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This invitation has already been accepted');
    const hijack = await api(s, 'POST', `/rest/users/${inviteeId}`, { inviterId, firstName: 'Mallory', lastName: 'M', password: 'Hijack123' });
    expect(hijack.status).toBe(400);
    expect(sessionCookieOf(hijack)).toBeUndefined();
    expect(await snapshot(s)).toBe(after);
    expect((await signIn(s, 'carol@example.com', 'Hijack123')).status).toBe(401);
    expect((await signIn(s, 'carol@example.com', 'CarolPass1')).status).toBe(200);
  });

  it('re-invite sends a second mail with the same link; a signed-up or unknown user cannot be re-invited', async () => {
    const bob = (await s.server.db.selectFrom('users').select('id').where('email', '=', 'bob@example.com').executeTakeFirstOrThrow()).id;
    const first = linkIn(await mailbox.next('bob@example.com'), '/signup');
    const sent = mailbox.mails.length;
    const r = await api(s, 'POST', `/rest/users/${bob}/reinvite`, undefined, { cookie: owner.cookie });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const second = await mailbox.next('bob@example.com', sent);
    expect(linkIn(second, '/signup').href).toBe(first.href);
    expect(mailbox.mails.filter((m) => m.to.includes('bob@example.com'))).toHaveLength(2);

    const carol = (await s.server.db.selectFrom('users').select('id').where('email', '=', 'carol@example.com').executeTakeFirstOrThrow()).id;
    const done = await api(s, 'POST', `/rest/users/${carol}/reinvite`, undefined, { cookie: owner.cookie });
    expect(done.status).toBe(400);
    expect(done.body.message).toBe('carol@example.com has already accepted the invitation');
    const unknown = await api(s, 'POST', '/rest/users/c2f8a9e0-0000-4000-8000-000000000000/reinvite', undefined, { cookie: owner.cookie });
    expect(unknown.status).toBe(404);
  });
});

describe('password recovery', () => {
  let r1: Account;
  let r2: Account;
  let r3: Account;
  beforeAll(async () => {
    r1 = await addMember(s, mailbox, owner, 'rita@example.com', 'RitaPass1');
    r2 = await addMember(s, mailbox, owner, 'rolf@example.com', 'RolfPass1');
    r3 = await addMember(s, mailbox, owner, 'rosa@example.com', 'RosaPass1');
    secrets.push(r1.password, r2.password, r3.password, 'RitaNewPass2', 'RolfNewPass2', 'Rosa2Pass');
  });

  async function ask(email: string): Promise<{ token: string; userId: string; mailCount: number }> {
    const sent = mailbox.mails.length;
    const r = await api(s, 'POST', '/rest/forgot-password', { email });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toBe(true);
    const mail = await mailbox.next(email.trim().toLowerCase(), sent);
    expect(mail.subject).toBe('Reset your Switchyard password');
    const link = linkIn(mail, '/change-password');
    return { token: link.searchParams.get('token')!, userId: link.searchParams.get('userId')!, mailCount: mailbox.mails.length };
  }

  it('gives the same answer for an address without an account (or a pending one), and mails nothing', async () => {
    const sent = mailbox.mails.length;
    const before = await snapshot(s);
    for (const email of ['nobody@example.com', 'bob@example.com']) {
      const r = await api(s, 'POST', '/rest/forgot-password', { email });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: true });
    }
    const bad = await api(s, 'POST', '/rest/forgot-password', { email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('not an email is not a valid email');
    const none = await api(s, 'POST', '/rest/forgot-password', { email: '' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Email is required');
    expect(await snapshot(s)).toBe(before);
    await new Promise((r) => setTimeout(r, 50));
    expect(mailbox.mails.length).toBe(sent);
  });

  it('mails a change-password link; the token is stored hashed; using it sets the password and ends every session; it works once', async () => {
    const second = sessionCookieOf(await signIn(s, r1.email, r1.password))!;
    const { token, userId } = await ask(' Rita@Example.com ');
    expect(userId).toBe(r1.id);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const row = await s.server.db.selectFrom('users').select(['resetTokenHash', 'resetTokenExpiresAt']).where('id', '=', r1.id).executeTakeFirstOrThrow();
    expect(row.resetTokenHash).toBe(sha256(token));
    const ttl = Date.parse(row.resetTokenExpiresAt!) - Date.now();
    expect(ttl).toBeGreaterThan(PASSWORD_RESET_TOKEN_TTL_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(PASSWORD_RESET_TOKEN_TTL_MS);
    expect(PASSWORD_RESET_TOKEN_TTL_MS).toBe(20 * 60 * 1000);
    expect(JSON.stringify(await s.server.db.selectFrom('users').selectAll().execute())).not.toContain(token);

    expect((await api(s, 'GET', `/rest/resolve-password-token?token=${encodeURIComponent(token)}&userId=${userId}`)).status).toBe(200);
    // A weak password is refused and the link still works.
    const weak = await api(s, 'POST', '/rest/change-password', { token, userId, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('Password must be at least 8 characters long');
    expect((await api(s, 'GET', `/rest/resolve-password-token?token=${encodeURIComponent(token)}&userId=${userId}`)).status).toBe(200);

    const done = await api(s, 'POST', '/rest/change-password', { token, userId, password: 'RitaNewPass2' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(sessionCookieOf(done)).toBeUndefined();
    for (const cookie of [r1.cookie, second]) expect((await api(s, 'GET', '/rest/me', undefined, { cookie })).status).toBe(401);
    expect(await s.server.db.selectFrom('sessions').select('id').where('userId', '=', r1.id).execute()).toEqual([]);
    expect((await signIn(s, r1.email, r1.password)).status).toBe(401);
    expect((await signIn(s, r1.email, 'RitaNewPass2')).status).toBe(200);

    // Single use.
    const before = await snapshot(s);
    const reuse = await api(s, 'POST', '/rest/change-password', { token, userId, password: 'Another123' });
    expect(reuse.status).toBe(404);
    expect(reuse.body.message).toBe(INVALID_RESET_LINK);
    expect((await api(s, 'GET', `/rest/resolve-password-token?token=${encodeURIComponent(token)}&userId=${userId}`)).status).toBe(404);
    expect(await snapshot(s)).toBe(before);
  });

  it('a link expires after 20 minutes; a wrong token or user is 404; a missing one 400 — and nothing changes', async () => {
    const { token, userId } = await ask(r2.email);
    const q = (t: string, u: string) => `/rest/resolve-password-token?token=${encodeURIComponent(t)}&userId=${u}`;
    const before = await snapshot(s);
    expect((await api(s, 'GET', q(`${token}x`, userId))).status).toBe(404);
    expect((await api(s, 'GET', q(token, r1.id))).status).toBe(404);
    expect((await api(s, 'POST', '/rest/change-password', { token: `${token}x`, userId, password: 'RolfNewPass2' })).status).toBe(404);
    expect((await api(s, 'POST', '/rest/change-password', { token, userId: r3.id, password: 'RolfNewPass2' })).status).toBe(404);
    const missing = await api(s, 'GET', `/rest/resolve-password-token?userId=${userId}`);
    expect(missing.status).toBe(400);
    expect((await api(s, 'POST', '/rest/change-password', { userId, password: 'RolfNewPass2' })).status).toBe(400);
    expect(await snapshot(s)).toBe(before);

    // Twenty minutes later (the stored expiry moved back past now).
    await s.server.db.updateTable('users').set({ resetTokenExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', r2.id).execute();
    const expired = await snapshot(s);
    const resolve = await api(s, 'GET', q(token, userId));
    expect(resolve.status).toBe(404);
    expect(resolve.body.message).toBe(INVALID_RESET_LINK);
    const change = await api(s, 'POST', '/rest/change-password', { token, userId, password: 'RolfNewPass2' });
    expect(change.status).toBe(404);
    expect(await snapshot(s)).toBe(expired);
    expect((await signIn(s, r2.email, r2.password)).status).toBe(200);
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: r2.cookie })).status).toBe(200);
  });

  it('a new request replaces the previous link; a fourth request for one account in 15 minutes is 429', async () => {
    const first = await ask(r3.email);
    const second = await ask(r3.email);
    expect(second.token).not.toBe(first.token);
    expect((await api(s, 'POST', '/rest/change-password', { token: first.token, userId: r3.id, password: 'Rosa2Pass' })).status).toBe(404);
    await ask(r3.email);
    const sent = mailbox.mails.length;
    const limited = await api(s, 'POST', '/rest/forgot-password', { email: r3.email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(mailbox.mails.length).toBe(sent);
  });

  it('changing the password in personal settings voids an outstanding link', async () => {
    const who = await addMember(s, mailbox, owner, 'vera@example.com', 'VeraPass1');
    secrets.push('VeraPass1', 'VeraPass2', 'VeraPass3');
    const { token } = await ask(who.email);
    const r = await api(s, 'PATCH', '/rest/me/password', { currentPassword: 'VeraPass1', newPassword: 'VeraPass2' }, { cookie: who.cookie });
    expect(r.status).toBe(200);
    expect((await api(s, 'POST', '/rest/change-password', { token, userId: who.id, password: 'VeraPass3' })).status).toBe(404);
  });
});

describe('without SMTP', () => {
  let n: TestServer;
  let o: Account;
  beforeAll(async () => {
    n = await startServer();
    o = await setupOwner(n);
  });
  afterAll(async () => {
    await n.dispose();
  });

  it('settings say so; inviting, re-inviting and recovery are refused 400 with the reason, nothing created', async () => {
    expect((await api(n, 'GET', '/rest/settings')).body.data.userManagement.smtpSetup).toBe(false);
    const before = await snapshot(n);
    const r = await invite(n, o, ['x@example.com']);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(NO_SMTP);
    const f = await api(n, 'POST', '/rest/forgot-password', { email: 'owner@example.com' });
    expect(f.status).toBe(400);
    expect(f.body.message).toBe(NO_SMTP);
    const re = await api(n, 'POST', `/rest/users/${o.id}/reinvite`, undefined, { cookie: o.cookie });
    expect(re.status).toBe(400);
    expect(await snapshot(n)).toBe(before);
  });
});

describe('changing the email in personal settings (PATCH /me)', () => {
  it('needs the current password, and the old address is told; names alone need none', async () => {
    const member = await addMember(s, mailbox, owner, 'erin@example.com', 'ErinPass12', 'Erin');
    secrets.push(member.password);
    const names = { firstName: 'Erin', lastName: 'Ber' };
    const before = await snapshot(s);
    const bare = await api(s, 'PATCH', '/rest/me', { ...names, email: 'erin.new@example.com' }, { cookie: member.cookie });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Current password is required to change the email');
    const wrong = await api(s, 'PATCH', '/rest/me', { ...names, email: 'erin.new@example.com', currentPassword: 'NotIt1234' }, { cookie: member.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Provided current password is incorrect');
    expect(await snapshot(s)).toBe(before);

    const renamed = await api(s, 'PATCH', '/rest/me', { ...names, lastName: 'Berg', email: 'ERIN@example.com' }, { cookie: member.cookie });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const sent = mailbox.mails.length;
    const ok = await api(s, 'PATCH', '/rest/me', { ...names, email: 'erin.new@example.com', currentPassword: member.password }, { cookie: member.cookie });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.email).toBe('erin.new@example.com');
    const notice = await mailbox.next('erin@example.com', sent);
    expect(notice.subject).toBe('Your Switchyard email address was changed');
    expect(notice.decoded).toContain('erin.new@example.com');
  });
});
