// Deleting users (spec 000 §6, spec 002 §4; issue 9 "Ownership", "Bad input"): with transferId
// the user's workflows, credentials and executions move to the other user in one transaction;
// without it they go with the user. Their sessions end at once. Transfers to the user being
// deleted or to a pending user, deleting yourself, a member deleting: clear errors, nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { snapshot, startServer, type TestServer } from './helpers.ts';
import {
  addMember,
  api,
  createCredential,
  createWorkflow,
  expectNoSecretsInAnswers,
  invite,
  runToEnd,
  sessionCookieOf,
  setupOwner,
  signIn,
  startMailbox,
  type Account,
  type Mailbox,
} from './accountHelpers.ts';
import { onPostgres } from '../support/testDatabase.ts';

let mailbox: Mailbox;
let s: TestServer;
let owner: Account;
let pendingId: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  s = await startServer({ ...mailbox.env, SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' });
  owner = await setupOwner(s);
  const r = await invite(s, owner, ['pending@example.com']);
  pendingId = r.body.data[0].user.id;
});
afterAll(async () => {
  expectNoSecretsInAnswers([owner.password, 'MemberPass1']);
  await s.dispose();
  await mailbox.close();
});

const owned = async (table: 'workflows' | 'credentials', ownerId: string) =>
  (await s.server.db.selectFrom(table).select('id').where('ownerId', '=', ownerId).orderBy('id').execute()).map((r) => r.id);

async function memberWithData(email: string) {
  const who = await addMember(s, mailbox, owner, email);
  const wf1 = await createWorkflow(s, who, `${email} one`);
  const wf2 = await createWorkflow(s, who, `${email} two`);
  const cred = await createCredential(s, who, `${email} key`);
  const exec = await runToEnd(s, who, wf1);
  return { who, wf1, wf2, cred, exec };
}

describe('refused deletions change nothing', () => {
  let a: Awaited<ReturnType<typeof memberWithData>>;
  beforeAll(async () => {
    a = await memberWithData('keep@example.com');
  });

  it('transfer to the user being deleted, to a pending user, to nobody; deleting yourself, an unknown user, or as a member', async () => {
    const before = await snapshot(s);
    const cases: Array<[string, Account, number, string | RegExp]> = [
      [`/rest/users/${a.who.id}?transferId=${a.who.id}`, owner, 400, 'The user to transfer to cannot be the user being deleted'],
      [`/rest/users/${a.who.id}?transferId=${pendingId}`, owner, 400, 'Workflows and credentials cannot be transferred to a user who has not signed up yet'],
      [`/rest/users/${a.who.id}?transferId=c2f8a9e0-0000-4000-8000-000000000000`, owner, 404, 'The user to transfer to (ID "c2f8a9e0-0000-4000-8000-000000000000") could not be found'],
      [`/rest/users/${owner.id}`, owner, 400, 'You cannot delete your own user'],
      [`/rest/users/${owner.id}?transferId=${a.who.id}`, owner, 400, 'You cannot delete your own user'],
      ['/rest/users/c2f8a9e0-0000-4000-8000-000000000001', owner, 404, 'User with ID "c2f8a9e0-0000-4000-8000-000000000001" could not be found'],
      [`/rest/users/${a.who.id}?transferId=`, owner, 400, /transferId/],
      [`/rest/users/${a.who.id}?other=1`, owner, 400, 'query must not have the property "other"'],
      // A misspelt transferId must not turn into deleting everything.
      [`/rest/users/${a.who.id}?transferID=${owner.id}`, owner, 400, 'query must not have the property "transferID"'],
      [`/rest/users/${owner.id}?transferId=${a.who.id}`, a.who, 403, 'Your role may not delete users'],
      [`/rest/users/${a.who.id}`, a.who, 403, 'Your role may not delete users'],
    ];
    for (const [url, who, status, message] of cases) {
      const r = await api(s, 'DELETE', url, undefined, { cookie: who.cookie });
      expect(r.status, url).toBe(status);
      if (typeof message === 'string') expect(r.body.message, url).toBe(message);
      else expect(r.body.message, url).toMatch(message);
    }
    expect(await snapshot(s)).toBe(before);
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: a.who.cookie })).status).toBe(200);
  });

  it('a transfer that fails half-way leaves everything as it was (one transaction)', async () => {
    const b = await addMember(s, mailbox, owner, 'target-fail@example.com');
    // The database refuses the credentials' move, after the workflows' move has run.
    if (onPostgres) {
      await sql`CREATE FUNCTION refuse_credential_move() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(s.server.db);
      await sql`CREATE TRIGGER refuse_credential_move BEFORE UPDATE OF "ownerId" ON credentials FOR EACH ROW EXECUTE FUNCTION refuse_credential_move()`.execute(s.server.db);
    } else await sql`CREATE TRIGGER refuse_credential_move BEFORE UPDATE OF ownerId ON credentials BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(s.server.db);
    try {
      const before = await snapshot(s);
      const r = await api(s, 'DELETE', `/rest/users/${a.who.id}?transferId=${b.id}`, undefined, { cookie: owner.cookie });
      expect(r.status).toBe(500);
      expect(await snapshot(s)).toBe(before);
      expect(await owned('workflows', a.who.id)).toEqual([a.wf1, a.wf2].sort());
      expect((await api(s, 'GET', '/rest/me', undefined, { cookie: a.who.cookie })).status).toBe(200);
    } finally {
      if (onPostgres) {
        await sql`DROP TRIGGER refuse_credential_move ON credentials`.execute(s.server.db);
        await sql`DROP FUNCTION refuse_credential_move()`.execute(s.server.db);
      } else await sql`DROP TRIGGER refuse_credential_move`.execute(s.server.db);
    }
  });
});

describe('deleting a member', () => {
  it('with transferId: workflows, credentials and executions move to the target; the user and their sessions are gone', async () => {
    const a = await memberWithData('leaver@example.com');
    const b = await addMember(s, mailbox, owner, 'heir@example.com');
    const second = sessionCookieOf(await signIn(s, a.who.email, a.who.password))!;
    const bWorkflowsBefore = await owned('workflows', b.id);
    expect(bWorkflowsBefore).toEqual([]);
    // Before: the heir cannot see the leaver's workflow.
    expect((await api(s, 'GET', `/rest/workflows/${a.wf1}`, undefined, { cookie: b.cookie })).status).toBe(404);

    const r = await api(s, 'DELETE', `/rest/users/${a.who.id}?transferId=${b.id}`, undefined, { cookie: owner.cookie });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    expect(await owned('workflows', b.id)).toEqual([a.wf1, a.wf2].sort());
    expect(await owned('credentials', b.id)).toEqual([a.cred]);
    expect(await owned('workflows', a.who.id)).toEqual([]);
    const list = await api(s, 'GET', '/rest/workflows', undefined, { cookie: b.cookie });
    expect(list.body.data.map((w: { id: string }) => w.id).sort()).toEqual([a.wf1, a.wf2].sort());
    const creds = await api(s, 'GET', `/rest/credentials/${a.cred}?includeData=true`, undefined, { cookie: b.cookie });
    expect(creds.status).toBe(200);
    // The secret is never answered (the placeholder), but it moved with the credential: a node
    // of the heir's gets it.
    expect(creds.body.data.data.value).toBe('__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6');
    const type = creds.body.data.type as string;
    const resolved = await s.server.context.credentials.resolveForNode(type, { name: 'Use', type: 'n8n-nodes-base.httpRequest', credentials: { [type]: { id: a.cred, name: '' } } }, b.id);
    expect(resolved.value).toBe('secret-of-leaver@example.com key');
    const exec = await api(s, 'GET', `/rest/executions/${a.exec}`, undefined, { cookie: b.cookie });
    expect(exec.status).toBe(200);
    // The heir may change the moved workflow.
    expect((await api(s, 'PATCH', `/rest/workflows/${a.wf2}`, { name: 'renamed by heir' }, { cookie: b.cookie })).status).toBe(200);

    for (const cookie of [a.who.cookie, second]) expect((await api(s, 'GET', '/rest/me', undefined, { cookie })).status).toBe(401);
    expect(await s.server.db.selectFrom('sessions').select('id').where('userId', '=', a.who.id).execute()).toEqual([]);
    expect(await s.server.db.selectFrom('users').select('id').where('id', '=', a.who.id).execute()).toEqual([]);
    expect((await signIn(s, a.who.email, a.who.password)).status).toBe(401);
    const users = await api(s, 'GET', '/rest/users', undefined, { cookie: owner.cookie });
    expect(users.body.data.map((u: { email: string }) => u.email)).not.toContain('leaver@example.com');
  });

  it('without transferId: their workflows, credentials and executions are deleted with them; nobody else\'s', async () => {
    const a = await memberWithData('gone@example.com');
    const other = await memberWithData('stays@example.com');
    const ownerWf = await createWorkflow(s, owner, 'owner keeps this');
    const r = await api(s, 'DELETE', `/rest/users/${a.who.id}`, undefined, { cookie: owner.cookie });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const id of [a.wf1, a.wf2]) {
      expect(await s.server.db.selectFrom('workflows').select('id').where('id', '=', id).execute()).toEqual([]);
      expect((await api(s, 'GET', `/rest/workflows/${id}`, undefined, { cookie: owner.cookie })).status).toBe(404);
    }
    expect(await s.server.db.selectFrom('credentials').select('id').where('id', '=', a.cred).execute()).toEqual([]);
    expect(await s.server.db.selectFrom('executions').select('id').where('id', '=', Number(a.exec)).execute()).toEqual([]);
    expect(await s.server.db.selectFrom('execution_data').select('executionId').where('executionId', '=', Number(a.exec)).execute()).toEqual([]);
    expect((await api(s, 'GET', `/rest/executions/${a.exec}`, undefined, { cookie: owner.cookie })).status).toBe(404);
    expect((await api(s, 'GET', '/rest/me', undefined, { cookie: a.who.cookie })).status).toBe(401);
    // The other member's and the owner's things stay.
    expect(await owned('workflows', other.who.id)).toEqual([other.wf1, other.wf2].sort());
    expect(await owned('credentials', other.who.id)).toEqual([other.cred]);
    expect((await api(s, 'GET', `/rest/executions/${other.exec}`, undefined, { cookie: other.who.cookie })).status).toBe(200);
    expect((await api(s, 'GET', `/rest/workflows/${ownerWf}`, undefined, { cookie: owner.cookie })).status).toBe(200);
  });

  it('a pending invitation can be deleted; its link stops working', async () => {
    const r = await invite(s, owner, ['withdrawn@example.com']);
    const id = r.body.data[0].user.id;
    const del = await api(s, 'DELETE', `/rest/users/${id}`, undefined, { cookie: owner.cookie });
    expect(del.status).toBe(200);
    const resolve = await api(s, 'GET', `/rest/resolve-signup-token?inviterId=${owner.id}&inviteeId=${id}`);
    expect(resolve.status).toBe(400);
  });
});
