// Ownership (issue 9 "Ownership", "The locked door"): a member sees and changes only their own
// workflows, credentials and executions (another member's ids answer 404, as if they did not
// exist); the owner sees all; decrypted credential data goes only to the credential's own user;
// a workflow uses only its owner's credentials, when saved and when run; Execute Workflow does
// not reach another user's workflow; a push stream is not taken over by another user.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, startServer, type TestServer } from './helpers.ts';
import {
  addMember,
  api,
  createCredential,
  createWorkflow,
  expectNoSecretsInAnswers,
  runToEnd,
  setupOwner,
  simpleWorkflow,
  startMailbox,
  type Account,
  type Mailbox,
} from './accountHelpers.ts';
import { startServer as startHttp, json } from '../nodes/httpServer.ts';

let mailbox: Mailbox;
let s: TestServer;
let echo: Awaited<ReturnType<typeof startHttp>>;
let owner: Account;
let a: Account;
let b: Account;
const ids = {} as Record<'wfA' | 'wfB' | 'wfO' | 'credA' | 'credB' | 'credO' | 'execA' | 'execB' | 'execO', string>;

beforeAll(async () => {
  mailbox = await startMailbox();
  echo = await startHttp({ '/echo': json(200, { ok: true }) });
  s = await startServer({ ...mailbox.env, SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' });
  owner = await setupOwner(s);
  a = await addMember(s, mailbox, owner, 'alice@example.com', 'AlicePass1');
  b = await addMember(s, mailbox, owner, 'bruno@example.com', 'BrunoPass1');
  ids.wfA = await createWorkflow(s, a, 'Alice flow');
  ids.wfB = await createWorkflow(s, b, 'Bruno flow');
  ids.wfO = await createWorkflow(s, owner, 'Owner flow');
  ids.credA = await createCredential(s, a, 'Alice key', { name: 'X-Key', value: 'alice-secret' });
  ids.credB = await createCredential(s, b, 'Bruno key', { name: 'X-Key', value: 'bruno-secret' });
  ids.credO = await createCredential(s, owner, 'Shared key', { name: 'X-Key', value: 'owner-secret' });
  ids.execA = await runToEnd(s, a, ids.wfA);
  ids.execB = await runToEnd(s, b, ids.wfB);
  ids.execO = await runToEnd(s, owner, ids.wfO);
});
afterAll(async () => {
  // Decrypted data reached only the credential's own user; no password ever came back.
  expectNoSecretsInAnswers([owner.password, a.password, b.password]);
  await s.dispose();
  await echo.close();
  await mailbox.close();
});

const idsOf = (list: Array<{ id: string }>) => list.map((x) => x.id).sort();

describe('lists', () => {
  it('a member lists only their own workflows, credentials and executions; the owner lists all', async () => {
    const as = async (who: Account) => ({
      workflows: idsOf((await api(s, 'GET', '/rest/workflows', undefined, { cookie: who.cookie })).body.data),
      credentials: idsOf((await api(s, 'GET', '/rest/credentials', undefined, { cookie: who.cookie })).body.data),
      executions: idsOf((await api(s, 'GET', '/rest/executions', undefined, { cookie: who.cookie })).body.data.results),
    });
    expect(await as(a)).toEqual({ workflows: [ids.wfA], credentials: [ids.credA], executions: [ids.execA] });
    expect(await as(b)).toEqual({ workflows: [ids.wfB], credentials: [ids.credB], executions: [ids.execB] });
    expect(await as(owner)).toEqual({
      workflows: [ids.wfA, ids.wfB, ids.wfO].sort(),
      credentials: [ids.credA, ids.credB, ids.credO].sort(),
      executions: [ids.execA, ids.execB, ids.execO].sort(),
    });
    // A filter naming another member's workflow finds nothing either.
    const filtered = await api(s, 'GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: ids.wfB }))}`, undefined, { cookie: a.cookie });
    expect(filtered.body.data.results).toEqual([]);
    // No list carries credential data.
    expect(JSON.stringify((await api(s, 'GET', '/rest/credentials', undefined, { cookie: owner.cookie })).body)).not.toMatch(/alice-secret|bruno-secret|owner-secret/);
  });
});

describe("another member's ids are 404", () => {
  it('GET, PATCH and DELETE of their workflow, credential and execution, and the calls that name them; nothing changes', async () => {
    const before = await snapshot(s);
    const cases: Array<[string, string, unknown?]> = [
      ['GET', `/rest/workflows/${ids.wfB}`],
      ['PATCH', `/rest/workflows/${ids.wfB}`, { name: 'taken' }],
      ['DELETE', `/rest/workflows/${ids.wfB}`],
      ['GET', `/rest/credentials/${ids.credB}`],
      ['GET', `/rest/credentials/${ids.credB}?includeData=true`],
      ['PATCH', `/rest/credentials/${ids.credB}`, { name: 'taken' }],
      ['DELETE', `/rest/credentials/${ids.credB}`],
      ['GET', `/rest/executions/${ids.execB}`],
      ['POST', `/rest/executions/${ids.execB}/retry`],
      ['POST', `/rest/executions-current/${ids.execB}/stop`],
      ['GET', `/rest/active/error/${ids.wfB}`],
      ['DELETE', `/rest/test-webhook/${ids.wfB}`],
      // The owner's things too.
      ['GET', `/rest/workflows/${ids.wfO}`],
      ['GET', `/rest/credentials/${ids.credO}`],
      ['GET', `/rest/executions/${ids.execO}`],
    ];
    for (const [method, url, body] of cases) {
      const r = await api(s, method, url, body, { cookie: a.cookie });
      expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(404);
      expect(JSON.stringify(r.body)).not.toMatch(/Bruno|bruno-secret|owner-secret/);
    }
    // The same answer as for an id that does not exist.
    const missing = await api(s, 'GET', '/rest/workflows/doesnotexist1234', undefined, { cookie: a.cookie });
    const theirs = await api(s, 'GET', `/rest/workflows/${ids.wfB}`, undefined, { cookie: a.cookie });
    expect(theirs.body.message).toBe(missing.body.message.replace('doesnotexist1234', ids.wfB));
    // Bulk delete by ids skips what is not theirs.
    const bulk = await api(s, 'POST', '/rest/executions/delete', { ids: [ids.execB, ids.execO] }, { cookie: a.cookie });
    expect(bulk.status).toBe(200);
    const byDate = await api(s, 'POST', '/rest/executions/delete', { deleteBefore: new Date(Date.now() + 60_000).toISOString(), filters: { workflowId: ids.wfB } }, { cookie: a.cookie });
    expect(byDate.status).toBe(200);
    expect(await snapshot(s)).toBe(before);
  });

  it('the owner reads and changes any workflow and sees any execution', async () => {
    expect((await api(s, 'GET', `/rest/workflows/${ids.wfB}`, undefined, { cookie: owner.cookie })).status).toBe(200);
    expect((await api(s, 'GET', `/rest/executions/${ids.execA}`, undefined, { cookie: owner.cookie })).status).toBe(200);
    const r = await api(s, 'PATCH', `/rest/workflows/${ids.wfB}`, { name: 'Bruno flow (owner edit)' }, { cookie: owner.cookie });
    expect(r.status).toBe(200);
    expect((await api(s, 'GET', `/rest/workflows/${ids.wfB}`, undefined, { cookie: b.cookie })).body.data.name).toBe('Bruno flow (owner edit)');
    // Still Bruno's.
    expect(idsOf((await api(s, 'GET', '/rest/workflows', undefined, { cookie: b.cookie })).body.data)).toEqual([ids.wfB]);
  });
});

describe('credential data', () => {
  it('includeData only for the credential\'s own user: the owner asking for a member\'s is 403, another member 404', async () => {
    const own = await api(s, 'GET', `/rest/credentials/${ids.credA}?includeData=true`, undefined, { cookie: a.cookie });
    expect(own.status).toBe(200);
    // Secrets come as n8n's blank placeholder, even to their own user (the edit modal's view).
    expect(own.body.data.data).toEqual({ name: 'X-Key', value: '__n8n_BLANK_VALUE_e5362baf-c777-4d57-a609-6eaf1f9e87f6' });
    const byOwner = await api(s, 'GET', `/rest/credentials/${ids.credA}?includeData=true`, undefined, { cookie: owner.cookie });
    expect(byOwner.status).toBe(403);
    expect(JSON.stringify(byOwner.body)).not.toContain('alice-secret');
    const byOther = await api(s, 'GET', `/rest/credentials/${ids.credA}?includeData=true`, undefined, { cookie: b.cookie });
    expect(byOther.status).toBe(404);
    expect(JSON.stringify(byOther.body)).not.toContain('alice-secret');
    // Without includeData the owner sees that it exists, but no data.
    const meta = await api(s, 'GET', `/rest/credentials/${ids.credA}`, undefined, { cookie: owner.cookie });
    expect(meta.status).toBe(200);
    expect(meta.body.data.data).toBeUndefined();
    // Nor may the owner change it (that would let them swap in their own endpoint).
    const before = await snapshot(s);
    const patch = await api(s, 'PATCH', `/rest/credentials/${ids.credA}`, { data: { name: 'X-Key', value: 'replaced' } }, { cookie: owner.cookie });
    expect(patch.status).toBe(403);
    expect(await snapshot(s)).toBe(before);
  });

  it('a connection test with another user\'s credential id does not use its stored data', async () => {
    // smtp is the type with a test: Bruno's stored SMTP password must not be sent for Alice.
    const smtpCred = await api(s, 'POST', '/rest/credentials', { name: 'Bruno smtp', type: 'smtp', data: { host: '127.0.0.1', port: mailbox.port, user: 'bruno', password: 'bruno-smtp-secret', secure: false } }, { cookie: b.cookie });
    expect(smtpCred.status, JSON.stringify(smtpCred.body)).toBe(200);
    const r = await api(s, 'POST', '/rest/credentials/test', { credentials: { id: smtpCred.body.data.id, type: 'smtp' } }, { cookie: a.cookie });
    // Without the stored data there is no host to connect to: the body's (empty) data is checked.
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).not.toContain('bruno-smtp-secret');
    const mine = await api(s, 'POST', '/rest/credentials/test', { credentials: { id: smtpCred.body.data.id, type: 'smtp' } }, { cookie: b.cookie });
    expect(mine.status).toBe(200);
  });
});

const httpNode = (credentials: Record<string, { id: string | null; name: string }>) => ({
  id: 'http',
  name: 'HTTP Request',
  type: 'n8n-nodes-base.httpRequest',
  typeVersion: 4.2,
  position: [440, 0],
  parameters: { url: `${echo.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth', options: {} },
  credentials,
});

function withHttp(name: string, credentials: Record<string, { id: string | null; name: string }>) {
  const wf = simpleWorkflow(name, [httpNode(credentials)]) as { connections: Record<string, unknown> };
  wf.connections.Set = { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] };
  return wf;
}

async function executionOf(who: Account, id: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const e = await api(s, 'GET', `/rest/executions/${id}`, undefined, { cookie: who.cookie });
    if (e.status === 200 && !['new', 'running'].includes(e.body.data.status)) return e.body.data;
    if (Date.now() > until) throw new Error(`execution ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function runBody(who: Account, workflowData: unknown) {
  const r = await api(s, 'POST', '/rest/workflows/run', { workflowData }, { cookie: who.cookie });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return executionOf(who, r.body.data.executionId);
}

describe('a workflow uses only its owner\'s credentials', () => {
  it('saving a workflow that names another user\'s credential by id is 403 naming the node; nothing is stored', async () => {
    const before = await snapshot(s);
    const create = await api(s, 'POST', '/rest/workflows', withHttp('Borrow', { httpHeaderAuth: { id: ids.credO, name: 'Shared key' } }), { cookie: a.cookie });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('The node "HTTP Request" uses a credential that belongs to another user; a workflow may use only its owner\'s credentials');
    const patch = await api(s, 'PATCH', `/rest/workflows/${ids.wfA}`, { nodes: (withHttp('x', { httpHeaderAuth: { id: ids.credB, name: 'Bruno key' } }) as unknown as { nodes: unknown[] }).nodes }, { cookie: a.cookie });
    expect(patch.status).toBe(403);
    expect(patch.body.message).toContain('"HTTP Request"');
    // The owner editing a member's workflow may not put the owner's credential in it either.
    const ownerPatch = await api(s, 'PATCH', `/rest/workflows/${ids.wfA}`, { nodes: (withHttp('x', { httpHeaderAuth: { id: ids.credO, name: 'Shared key' } }) as unknown as { nodes: unknown[] }).nodes }, { cookie: owner.cookie });
    expect(ownerPatch.status).toBe(403);
    expect(await snapshot(s)).toBe(before);
    // Their own credential is fine.
    const ok = await api(s, 'POST', '/rest/workflows', withHttp('Own key', { httpHeaderAuth: { id: ids.credA, name: 'Alice key' } }), { cookie: a.cookie });
    expect(ok.status).toBe(200);
  });

  it('a run resolves credentials among the workflow owner\'s only: the owner\'s credential named by name is not found', async () => {
    const seen = echo.seen.length;
    const saved = await api(s, 'POST', '/rest/workflows', withHttp('By name', { httpHeaderAuth: { id: 'from-another-instance', name: 'Shared key' } }), { cookie: a.cookie });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const e = await executionOf(a, await runToEnd(s, a, saved.body.data.id));
    expect(e.status).toBe('error');
    expect(JSON.stringify(e.data.resultData)).toContain('credentials with name \\"Shared key\\" (ID from-another-instance) do not exist for \\"httpHeaderAuth\\"');
    expect(echo.seen.slice(seen).some((r) => r.headers['x-key'] === 'owner-secret')).toBe(false);

    // An unsaved workflow naming the owner's credential by its id runs as the member: not resolved either.
    const unsaved = await runBody(b, withHttp('Unsaved', { httpHeaderAuth: { id: ids.credO, name: 'Shared key' } }));
    expect(unsaved.status).toBe('error');
    expect(echo.seen.slice(seen).some((r) => r.headers['x-key'] === 'owner-secret')).toBe(false);

    // With a credential of that name of their own, the member's run uses theirs.
    await createCredential(s, a, 'Shared key', { name: 'X-Key', value: 'alice-shared' });
    const again = await executionOf(a, await runToEnd(s, a, saved.body.data.id));
    expect(again.status, JSON.stringify(again.data.resultData.error)).toBe('success');
    expect(echo.seen[echo.seen.length - 1]!.headers['x-key']).toBe('alice-shared');

    // The owner running the member's workflow runs it as the member's (the member's credential).
    const byOwner = await executionOf(owner, await runToEnd(s, owner, saved.body.data.id));
    expect(byOwner.status).toBe('success');
    expect(echo.seen[echo.seen.length - 1]!.headers['x-key']).toBe('alice-shared');
    expect(echo.seen.some((r) => r.headers['x-key'] === 'owner-secret')).toBe(false);
  });
});

describe('Execute Workflow', () => {
  const parent = (workflowId: string) => {
    const wf = simpleWorkflow('Parent', [
      { id: 'call', name: 'Call child', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1, position: [440, 0], parameters: { source: 'database', workflowId } },
    ]) as { connections: Record<string, unknown> };
    wf.connections.Set = { main: [[{ node: 'Call child', type: 'main', index: 0 }]] };
    return wf;
  };
  const child = () => ({
    name: 'Child',
    active: false,
    nodes: [
      { id: 'start', name: 'Start', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 'set', name: 'Greet', type: 'n8n-nodes-base.set', typeVersion: 3.4, position: [220, 0], parameters: { assignments: { assignments: [{ id: 'g', name: 'greeting', value: 'hi', type: 'string' }] }, options: {} } },
    ],
    connections: { Start: { main: [[{ node: 'Greet', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  });

  it("another user's workflow by id fails 'Workflow does not exist.'; the member's own runs", async () => {
    const brunoChild = (await api(s, 'POST', '/rest/workflows', child(), { cookie: b.cookie })).body.data.id as string;
    const aliceChild = (await api(s, 'POST', '/rest/workflows', child(), { cookie: a.cookie })).body.data.id as string;
    const foreign = await runBody(a, parent(brunoChild));
    expect(foreign.status).toBe('error');
    expect(foreign.data.resultData.runData['Call child'][0].error.message).toBe('Workflow does not exist.');
    const own = await runBody(a, parent(aliceChild));
    expect(own.status, JSON.stringify(own.data.resultData.error)).toBe('success');
  });
});

describe('push', () => {
  let base: string;
  beforeAll(async () => {
    base = await s.server.listen();
  });

  function open(pushRef: string, cookie: string): Promise<{ status: number; body: string; received(): string; close(): void }> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${base}rest/push?pushRef=${pushRef}`, { headers: { cookie } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        const received = () => body;
        res.on('data', (c: string) => {
          body += c;
          if (res.statusCode === 200 && body.includes(': connected')) resolve({ status: 200, body, received, close: () => req.destroy() });
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, received, close: () => req.destroy() }));
      });
      req.on('error', reject);
    });
  }

  it("a pushRef held by another user's stream is refused 409; the same user may reconnect with it", async () => {
    const first = await open('shared-ref-1', a.cookie);
    expect(first.status).toBe(200);
    const taken = await open('shared-ref-1', b.cookie);
    expect(taken.status).toBe(409);
    expect(JSON.parse(taken.body).message).toMatch(/in use by another editor/);
    const ownerTry = await open('shared-ref-1', owner.cookie);
    expect(ownerTry.status).toBe(409);
    const again = await open('shared-ref-1', a.cookie);
    expect(again.status).toBe(200);
    const loggedOut = await new Promise<number>((resolve) => http.get(`${base}rest/push?pushRef=x`, (res) => resolve(res.statusCode ?? 0)).on('error', () => resolve(0)));
    expect(loggedOut).toBe(401);
    first.close();
    again.close();
  });

  it("a run sent with another user's pushRef reports nothing to that user's editor", async () => {
    const alice = await open('alice-tab', a.cookie);
    expect(alice.status).toBe(200);
    const workflowData = { name: 'Bruno run', nodes: [{ id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }], connections: {} };
    const r = await api(s, 'POST', '/rest/workflows/run', { workflowData }, { cookie: b.cookie, headers: { 'push-ref': 'alice-tab' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.executionId as string;
    for (let i = 0; i < 100 && (await api(s, 'GET', `/rest/executions/${id}`, undefined, { cookie: b.cookie })).body.data?.status === 'running'; i++) await new Promise((x) => setTimeout(x, 20));
    await new Promise((x) => setTimeout(x, 100));
    expect(alice.received()).not.toContain('executionStarted');
    // Her own run with her pushRef does report to her stream.
    const own = await api(s, 'POST', '/rest/workflows/run', { workflowData }, { cookie: a.cookie, headers: { 'push-ref': 'alice-tab' } });
    const ownId = own.body.data.executionId as string;
    for (let i = 0; i < 100 && !alice.received().includes(`"executionId":"${ownId}"`); i++) await new Promise((x) => setTimeout(x, 20));
    expect(alice.received()).toContain('executionStarted');
    expect(alice.received()).not.toContain(`"executionId":"${id}"`);
    alice.close();
  });
});
