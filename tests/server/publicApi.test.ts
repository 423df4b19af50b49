// The public API (/api/v1) through the real server: API-key authentication (never a cookie),
// n8n-shaped answers checked against the OpenAPI document the server publishes, CRUD of
// workflows, executions, credentials and tags, cursor pages, member isolation (another user's
// ids answer 404), bounded input, and the document and docs answering without a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { startServer, snapshot, type TestServer } from './helpers.ts';
import { addMember, api, createWorkflow, expectNoSecretsInAnswers, runToEnd, setupOwner, simpleWorkflow, startMailbox, type Account, type Answer, type Mailbox } from './accountHelpers.ts';
import { webhookNode } from './triggerHelpers.ts';

let s: TestServer;
let mailbox: Mailbox;
let owner: Account;
let member: Account;
let ownerKey: string;
let memberKey: string;
let doc: any;
const CREDENTIAL_SECRET = 'pa-secret-value-9d1c';

async function keyOf(who: Account): Promise<string> {
  const r = await api(s, 'POST', '/rest/me/api-key', undefined, { cookie: who.cookie });
  expect(r.status).toBe(200);
  return r.body.data.apiKey;
}

function pub(method: string, path: string, key: string | undefined, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return api(s, method, `/api/v1${path}`, body, { headers: key === undefined ? headers : { 'x-n8n-api-key': key, ...headers } });
}

/** Checks an answer body against a schema of the published OpenAPI document. */
let ajv: Ajv;
function expectShape(body: unknown, component: string): void {
  const validate = ajv.getSchema(`openapi#/components/schemas/${component}`)!;
  expect(validate(body), `${component}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

function webhookWorkflow(name: string, path: string) {
  return { name, nodes: [webhookNode({ path, httpMethod: 'GET', responseMode: 'onReceived' })], connections: {}, settings: { executionOrder: 'v1' } };
}

beforeAll(async () => {
  mailbox = await startMailbox();
  s = await startServer({ ...mailbox.env, SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true' });
  owner = await setupOwner(s);
  member = await addMember(s, mailbox, owner, 'member@example.com');
  ownerKey = await keyOf(owner);
  memberKey = await keyOf(member);
  doc = (await api(s, 'GET', '/api/v1/openapi.json')).body;
  ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addKeyword({ keyword: 'example' });
  ajv.addFormat('date-time', (v: string) => !Number.isNaN(Date.parse(v)));
  ajv.addSchema(doc, 'openapi');
});

afterAll(async () => {
  expectNoSecretsInAnswers([CREDENTIAL_SECRET, owner.password, member.password]);
  await s.dispose();
  await mailbox.close();
});

describe('authentication', () => {
  it('answers 401 without a key, with an unknown key and with a session cookie alone (n8n\'s bodies)', async () => {
    expect(await pub('GET', '/workflows', undefined)).toMatchObject({ status: 401, body: { message: 'X-N8N-API-KEY header required' } });
    expect(await pub('GET', '/workflows', 'sy_api_not-a-key')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect(await pub('GET', '/workflows', 'x'.repeat(5000))).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    const cookieOnly = await api(s, 'GET', '/api/v1/workflows', undefined, { cookie: owner.cookie });
    expect(cookieOnly).toMatchObject({ status: 401, body: { message: 'X-N8N-API-KEY header required' } });
    const cookieOnlyWrite = await api(s, 'POST', '/api/v1/tags', { name: 'by-cookie' }, { cookie: owner.cookie });
    expect(cookieOnlyWrite.status).toBe(401);
    expect((await pub('GET', '/workflows', ownerKey)).status).toBe(200);
  });

  it('a deleted key stops working at once; a new one works', async () => {
    const extra = await addMember(s, mailbox, owner, 'rotating@example.com');
    const first = await keyOf(extra);
    expect((await pub('GET', '/tags', first)).status).toBe(200);
    const second = await keyOf(extra);
    expect((await pub('GET', '/tags', first)).status).toBe(401);
    expect((await pub('GET', '/tags', second)).status).toBe(200);
    expect((await api(s, 'DELETE', '/rest/me/api-key', undefined, { cookie: extra.cookie })).status).toBe(200);
    expect((await pub('GET', '/tags', second)).status).toBe(401);
  });

  it('is not refused for a cross-site Origin (a key in a header is not a browser credential) and sends no CORS headers', async () => {
    const r = await pub('POST', '/tags', ownerKey, { name: 'cross-site' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(r.status).toBe(201);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('an instance that needs its owner set up refuses every key with 403', async () => {
    const locked = await startServer({ SWITCHYARD_HOST: '0.0.0.0' });
    try {
      const r = await api(locked, 'GET', '/api/v1/workflows', undefined, { headers: { 'x-n8n-api-key': 'sy_api_anything' } });
      expect(r.status).toBe(403);
      expect(r.body.message).toMatch(/no owner yet.*set up the owner/);
      expect((await api(locked, 'GET', '/api/v1/openapi.json')).status).toBe(200);
    } finally {
      await locked.dispose();
    }
  });

  it('unknown paths under /api/v1 answer 404 with a message, not the editor page', async () => {
    const r = await pub('GET', '/nothing-here', ownerKey);
    expect(r.status).toBe(404);
    expect(r.body.message).toContain('not a route of the public API');
  });
});

describe('workflows', () => {
  it('create, get, update, delete: n8n-shaped bodies, stored as the key\'s user\'s', async () => {
    const created = await pub('POST', '/workflows', ownerKey, simpleWorkflow('Public one'));
    expect(created.status).toBe(200);
    expectShape(created.body, 'Workflow');
    expect(created.body).toMatchObject({ name: 'Public one', active: false, settings: { executionOrder: 'v1' }, staticData: null, pinData: null, tags: [] });
    expect(created.body.nodes).toHaveLength(2);
    const id = created.body.id as string;
    const row = await s.server.db.selectFrom('workflows').select('ownerId').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.ownerId).toBe(owner.id);

    const got = await pub('GET', `/workflows/${id}`, ownerKey);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    // Read-only fields sent back (a GET answer edited and PUT) are ignored.
    const edited = { ...got.body, name: 'Public renamed', active: true, settings: { executionOrder: 'v1', timezone: 'Europe/Paris' }, staticData: { lastId: 3 } };
    const put = await pub('PUT', `/workflows/${id}`, ownerKey, edited);
    expect(put.status).toBe(200);
    expectShape(put.body, 'Workflow');
    expect(put.body).toMatchObject({ id, name: 'Public renamed', active: false, settings: { timezone: 'Europe/Paris' }, staticData: { lastId: 3 } });
    expect(put.body.versionId).not.toBe(created.body.versionId);

    const deleted = await pub('DELETE', `/workflows/${id}`, ownerKey);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id, name: 'Public renamed' });
    expect(await pub('GET', `/workflows/${id}`, ownerKey)).toMatchObject({ status: 404, body: { message: `Workflow with ID "${id}" could not be found` } });
    expect((await pub('DELETE', `/workflows/${id}`, ownerKey)).status).toBe(404);
  });

  it('invalid bodies answer 400 naming the field, and store nothing', async () => {
    const before = await snapshot(s);
    const cases: Array<[unknown, RegExp]> = [
      [{ name: 'x', connections: {} }, /^body\/nodes is required$/],
      [{ name: 'x', nodes: [], connections: {}, description: 'not ours' }, /^body must not have the property "description"$/],
      [{ name: '', nodes: [], connections: {} }, /^body\/name/],
      // A node type this instance does not have is kept (a node issue); a credential that is a number is no reference.
      [{ name: 'x', nodes: [{ name: 'A', type: 'n8n-nodes-base.nope', typeVersion: 1, position: [0, 0], parameters: {}, credentials: { slackApi: 42 } }], connections: {} }, /^body\/nodes\/0\/credentials\/slackApi must be a credential reference/],
      [{ name: 'x', nodes: 'many', connections: {} }, /^body\/nodes must be array$/],
    ];
    for (const [body, message] of cases) {
      const r = await pub('POST', '/workflows', ownerKey, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body)).toEqual(['message']);
      expect(r.body.message).toMatch(message);
    }
    expect((await pub('POST', '/workflows', ownerKey, '{"name": "x",')).status).toBe(400);
    expect(await snapshot(s)).toBe(before);
  });

  it('activate and deactivate run the editor\'s activation; a workflow that cannot run actively is 400 and stays inactive', async () => {
    const hook = (await pub('POST', '/workflows', ownerKey, webhookWorkflow('Hooked', 'public-api-hook'))).body;
    const active = await pub('POST', `/workflows/${hook.id}/activate`, ownerKey);
    expect(active.status).toBe(200);
    expectShape(active.body, 'Workflow');
    expect(active.body.active).toBe(true);
    expect(s.server.context.activeWorkflows.isActive(hook.id)).toBe(true);
    // Activating again changes nothing; a client sending an empty JSON body is answered too.
    const again = await pub('POST', `/workflows/${hook.id}/activate`, ownerKey, '');
    expect(again.status).toBe(200);
    expect(again.body.versionId).toBe(active.body.versionId);

    const other = (await pub('POST', '/workflows', ownerKey, webhookWorkflow('Same path', 'public-api-hook'))).body;
    const clash = await pub('POST', `/workflows/${other.id}/activate`, ownerKey);
    expect(clash.status).toBe(400);
    expect(clash.body.message).toMatch(/public-api-hook/);
    expect((await pub('GET', `/workflows/${other.id}`, ownerKey)).body.active).toBe(false);

    const manual = (await pub('POST', '/workflows', ownerKey, simpleWorkflow('Manual only'))).body;
    const refused = await pub('POST', `/workflows/${manual.id}/activate`, ownerKey);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBeTruthy();

    const off = await pub('POST', `/workflows/${hook.id}/deactivate`, ownerKey);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(s.server.context.activeWorkflows.isActive(hook.id)).toBe(false);
    expect((await pub('GET', '/workflows?active=true', ownerKey)).body.data.map((w: { id: string }) => w.id)).not.toContain(hook.id);
  });

  it('a workflow\'s tags: GET and PUT with n8n\'s bodies; unknown tag ids are 404 and change nothing', async () => {
    const wf = (await pub('POST', '/workflows', ownerKey, simpleWorkflow('Tagged'))).body;
    const a = (await pub('POST', '/tags', ownerKey, { name: 'wt-alpha' })).body;
    const b = (await pub('POST', '/tags', ownerKey, { name: 'wt-beta' })).body;
    const set = await pub('PUT', `/workflows/${wf.id}/tags`, ownerKey, [{ id: b.id }, { id: a.id }]);
    expect(set.status).toBe(200);
    expect(set.body.map((t: { name: string }) => t.name)).toEqual(['wt-alpha', 'wt-beta']);
    for (const t of set.body) expectShape(t, 'Tag');
    expect((await pub('GET', `/workflows/${wf.id}/tags`, ownerKey)).body).toEqual(set.body);
    const missing = await pub('PUT', `/workflows/${wf.id}/tags`, ownerKey, [{ id: a.id }, { id: 'nope' }]);
    expect(missing).toMatchObject({ status: 404, body: { message: 'Some tags not found: nope' } });
    expect((await pub('GET', `/workflows/${wf.id}/tags`, ownerKey)).body).toHaveLength(2);
    expect((await pub('PUT', `/workflows/${wf.id}/tags`, ownerKey, [{ name: 'x' }])).status).toBe(400);

    // Listing by tag names: workflows carrying all the named tags that exist.
    const both = await pub('GET', '/workflows?tags=wt-alpha,wt-beta', ownerKey);
    expect(both.body.data.map((w: { id: string }) => w.id)).toEqual([wf.id]);
    expect((await pub('GET', '/workflows?tags=wt-alpha,%20unknown-tag', ownerKey)).body.data.map((w: { id: string }) => w.id)).toEqual([wf.id]);
    expect((await pub('GET', '/workflows?tags=unknown-tag', ownerKey)).body).toEqual({ data: [], nextCursor: null });
    const byName = await pub('GET', '/workflows?name=TAGGED&excludePinnedData=true', ownerKey);
    expect(byName.body.data.map((w: { id: string }) => w.id)).toEqual([wf.id]);
    expect(byName.body.data[0]).not.toHaveProperty('pinData');
  });
});

describe('cursor pagination', () => {
  it('walks every workflow in pages of the asked size, each once, with n8n\'s { data, nextCursor }', async () => {
    for (let i = 0; i < 7; i++) await pub('POST', '/workflows', ownerKey, simpleWorkflow(`Paged ${i}`));
    const all = (await pub('GET', '/workflows?limit=250', ownerKey)).body.data.map((w: { id: string }) => w.id) as string[];
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: Answer = await pub('GET', `/workflows?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, ownerKey);
      expect(r.status).toBe(200);
      expectShape(r.body, 'WorkflowList');
      pages++;
      expect(r.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...r.body.data.map((w: { id: string }) => w.id));
      cursor = r.body.nextCursor;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    expect(pages).toBe(Math.ceil(all.length / 3));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pages of tags too, and a cursor keeps its page size', async () => {
    for (let i = 0; i < 5; i++) await pub('POST', '/tags', ownerKey, { name: `page-tag-${i}` });
    const first = await pub('GET', '/tags?limit=2', ownerKey);
    expectShape(first.body, 'TagList');
    const second = await pub('GET', `/tags?cursor=${encodeURIComponent(first.body.nextCursor)}&limit=200`, ownerKey);
    expect(second.body.data).toHaveLength(2);
    expect(second.body.data[0].id > first.body.data[1].id).toBe(true);
  });

  it('a bad or forged cursor and an out-of-range limit are 400 with a clear message', async () => {
    const forged = Buffer.from(JSON.stringify({ lastId: 'a', limit: 100000 })).toString('base64');
    for (const cursor of ['garbage', Buffer.from('[1,2]').toString('base64'), forged]) {
      const r = await pub('GET', `/workflows?cursor=${encodeURIComponent(cursor)}`, ownerKey);
      expect(r.status, cursor).toBe(400);
      expect(r.body.message).toMatch(/^An invalid cursor was provided/);
    }
    const tagCursor = (await pub('GET', '/tags?limit=1', ownerKey)).body.nextCursor;
    expect((await pub('GET', `/executions?cursor=${encodeURIComponent(tagCursor)}`, ownerKey)).status).toBe(400);
    expect((await pub('GET', `/workflows?cursor=${'A'.repeat(600)}`, ownerKey)).body.message).toBe('query/cursor must NOT have more than 512 characters');
    for (const limit of ['0', '251', 'abc', '1.5']) {
      const r = await pub('GET', `/workflows?limit=${limit}`, ownerKey);
      expect(r.status, limit).toBe(400);
      expect(r.body.message).toMatch(/^query\/limit /);
    }
    expect((await pub('GET', '/workflows?active=maybe', ownerKey)).body.message).toBe('query/active must be boolean');
  });
});

describe('executions', () => {
  let ownerRun: string;
  let memberRun: string;
  let memberWorkflow: string;
  beforeAll(async () => {
    const ownerWorkflow = await createWorkflow(s, owner, 'Owner runs');
    memberWorkflow = await createWorkflow(s, member, 'Member runs');
    ownerRun = await runToEnd(s, owner, ownerWorkflow);
    memberRun = await runToEnd(s, member, memberWorkflow);
    await runToEnd(s, owner, ownerWorkflow);
  });

  it('list newest first with n8n\'s fields; includeData adds the run data; filters by workflow and status', async () => {
    const list = await pub('GET', '/executions', ownerKey);
    expect(list.status).toBe(200);
    expectShape(list.body, 'ExecutionList');
    const ids = list.body.data.map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.body.data[0]).not.toHaveProperty('data');
    const withData = await pub('GET', `/executions?includeData=true&workflowId=${memberWorkflow}`, ownerKey);
    expect(withData.body.data.map((e: { id: string }) => e.id)).toEqual([memberRun]);
    expect(withData.body.data[0].data.resultData.runData.Set).toBeDefined();
    expect(withData.body.data[0].workflowData.name).toBe('Member runs');
    expect((await pub('GET', '/executions?status=error', ownerKey)).body.data).toEqual([]);
    expect((await pub('GET', '/executions?status=bogus', ownerKey)).status).toBe(400);
  });

  it('pages through executions with cursors', async () => {
    const first = await pub('GET', '/executions?limit=1', ownerKey);
    expect(first.body.data).toHaveLength(1);
    const second = await pub('GET', `/executions?cursor=${encodeURIComponent(first.body.nextCursor)}`, ownerKey);
    expect(second.body.data).toHaveLength(1);
    expect(Number(second.body.data[0].id)).toBeLessThan(Number(first.body.data[0].id));
  });

  it('get one (data only with includeData), delete one (answered as it was, then gone)', async () => {
    const plain = await pub('GET', `/executions/${ownerRun}`, ownerKey);
    expect(plain.status).toBe(200);
    expectShape(plain.body, 'Execution');
    expect(plain.body).toMatchObject({ id: ownerRun, finished: true, status: 'success', mode: 'manual' });
    expect(plain.body).not.toHaveProperty('data');
    const full = await pub('GET', `/executions/${ownerRun}?includeData=true`, ownerKey);
    expectShape(full.body, 'Execution');
    expect(full.body.data.resultData.runData.Set).toHaveLength(1);
    const deleted = await pub('DELETE', `/executions/${ownerRun}`, ownerKey);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(ownerRun);
    expect((await pub('GET', `/executions/${ownerRun}`, ownerKey)).status).toBe(404);
    expect((await pub('GET', '/executions/not-a-number', ownerKey)).body.message).toMatch(/^params\/id must match pattern/);
  });

  it('a member sees only their own runs; another user\'s run is 404 for reading and deleting', async () => {
    const mine = await pub('GET', '/executions', memberKey);
    expect(mine.body.data.map((e: { id: string }) => e.id)).toEqual([memberRun]);
    const ownersRuns = (await pub('GET', '/executions', ownerKey)).body.data.map((e: { id: string }) => e.id);
    expect(ownersRuns).toContain(memberRun);
    const theirs = ownersRuns.find((id: string) => id !== memberRun);
    expect((await pub('GET', `/executions/${theirs}`, memberKey)).status).toBe(404);
    expect((await pub('DELETE', `/executions/${theirs}`, memberKey)).status).toBe(404);
    expect((await pub('GET', `/executions/${theirs}`, ownerKey)).status).toBe(200);
  });
});

describe('credentials', () => {
  it('create belongs to the key\'s user and never answers data; delete; another user\'s is 404', async () => {
    const created = await pub('POST', '/credentials', memberKey, { name: 'Member key', type: 'httpHeaderAuth', data: { name: 'X-Key', value: CREDENTIAL_SECRET } });
    expect(created.status).toBe(200);
    expectShape(created.body, 'CreateCredentialResponse');
    expect(Object.keys(created.body).sort()).toEqual(['createdAt', 'id', 'name', 'type', 'updatedAt']);
    const stored = await s.server.db.selectFrom('credentials').select(['ownerId', 'data']).where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(stored.ownerId).toBe(member.id);
    expect(stored.data).not.toContain(CREDENTIAL_SECRET);

    const ownersCredential = (await pub('POST', '/credentials', ownerKey, { name: 'Owner key', type: 'httpBasicAuth', data: { user: 'o', password: CREDENTIAL_SECRET } })).body;
    expect((await pub('DELETE', `/credentials/${ownersCredential.id}`, memberKey)).status).toBe(404);
    const deleted = await pub('DELETE', `/credentials/${created.body.id}`, memberKey);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(created.body);
    expect((await pub('DELETE', `/credentials/${created.body.id}`, memberKey)).status).toBe(404);
    // The owner may delete any credential (a leaked secret), as in REST.
    expect((await pub('DELETE', `/credentials/${ownersCredential.id}`, ownerKey)).status).toBe(200);
  });

  it('bad credential bodies are 400 naming the problem', async () => {
    expect((await pub('POST', '/credentials', ownerKey, { name: 'x', type: 'httpHeaderAuth' })).body.message).toBe('body/data is required');
    expect((await pub('POST', '/credentials', ownerKey, { name: 'x', type: 'nopeAuth', data: {} })).body.message).toBe('Credential type "nopeAuth" not found');
    expect((await pub('POST', '/credentials', ownerKey, { name: 'x', type: 'httpHeaderAuth', data: { token: 'a' } })).body.message).toBe('body/data/token is not a property of credential type "httpHeaderAuth"');
    expect((await pub('POST', '/credentials', ownerKey, { name: 'x', type: 'smtp', data: { port: 25 } })).body.message).toBe('body/data/host: This field is required');
  });

  it('the data schema of a credential type, as n8n writes it', async () => {
    const header = await pub('GET', '/credentials/schema/httpHeaderAuth', memberKey);
    expect(header.status).toBe(200);
    expect(header.body).toEqual({ additionalProperties: false, type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' } }, required: [] });
    const smtp = (await pub('GET', '/credentials/schema/smtp', memberKey)).body;
    expect(smtp.required).toEqual(['host']);
    expect(smtp.properties).toMatchObject({ port: { type: 'number' }, secure: { type: 'boolean' }, disableStartTls: { type: 'boolean' } });
    // The schema accepts what the credentials service accepts.
    expect(new Ajv({ strict: false }).validate(smtp, { host: 'mail.example.com', port: 587, secure: false })).toBe(true);
    expect(new Ajv({ strict: false }).validate(smtp, { port: 587 })).toBe(false);
    expect((await pub('GET', '/credentials/schema/nopeAuth', memberKey)).status).toBe(404);
  });
});

describe('tags', () => {
  it('create (201), get, rename, conflicts (409), delete (owner only)', async () => {
    const created = await pub('POST', '/tags', memberKey, { name: '  Staging  ' });
    expect(created.status).toBe(201);
    expectShape(created.body, 'Tag');
    expect(created.body.name).toBe('Staging');
    expect((await pub('POST', '/tags', ownerKey, { name: 'Staging' })).status).toBe(409);
    expect((await pub('GET', `/tags/${created.body.id}`, ownerKey)).body).toEqual(created.body);
    const renamed = await pub('PUT', `/tags/${created.body.id}`, memberKey, { name: 'Staging 2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Staging 2');
    await pub('POST', '/tags', ownerKey, { name: 'Taken' });
    expect((await pub('PUT', `/tags/${created.body.id}`, ownerKey, { name: 'Taken' })).status).toBe(409);
    expect((await pub('POST', '/tags', ownerKey, { name: 'x'.repeat(25) })).body.message).toBe('Tag name cannot be longer than 24 characters');
    expect((await pub('PUT', '/tags/nope', ownerKey, { name: 'y' })).status).toBe(404);
    expect(await pub('DELETE', `/tags/${created.body.id}`, memberKey)).toMatchObject({ status: 403, body: { message: 'Your role may not delete tags' } });
    const deleted = await pub('DELETE', `/tags/${created.body.id}`, ownerKey);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(renamed.body);
    expect((await pub('GET', `/tags/${created.body.id}`, ownerKey)).status).toBe(404);
  });
});

describe('member isolation', () => {
  it('a member\'s key cannot read, change, delete, activate or retag the owner\'s workflow: 404, nothing changes', async () => {
    const owners = (await pub('POST', '/workflows', ownerKey, webhookWorkflow('Owner only', 'owner-only-hook'))).body;
    const before = await snapshot(s);
    const tries: Array<[string, string, unknown?]> = [
      ['GET', `/workflows/${owners.id}`],
      ['PUT', `/workflows/${owners.id}`, simpleWorkflow('Taken over')],
      ['DELETE', `/workflows/${owners.id}`],
      ['POST', `/workflows/${owners.id}/activate`],
      ['POST', `/workflows/${owners.id}/deactivate`],
      ['GET', `/workflows/${owners.id}/tags`],
      ['PUT', `/workflows/${owners.id}/tags`, []],
    ];
    for (const [method, path, body] of tries) {
      const r = await pub(method, path, memberKey, body);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ message: `Workflow with ID "${owners.id}" could not be found` });
    }
    expect(await snapshot(s)).toBe(before);
    expect(s.server.context.activeWorkflows.isActive(owners.id)).toBe(false);
  });

  it('a member lists only their own workflows; the owner lists everyone\'s', async () => {
    const mine = (await pub('POST', '/workflows', memberKey, simpleWorkflow('Member made'))).body;
    const memberList = (await pub('GET', '/workflows?limit=250', memberKey)).body.data as Array<{ id: string }>;
    const rows = await s.server.db.selectFrom('workflows').select(['id', 'ownerId']).execute();
    expect(memberList.map((w) => w.id).sort()).toEqual(rows.filter((r) => r.ownerId === member.id).map((r) => r.id).sort());
    expect(memberList.map((w) => w.id)).toContain(mine.id);
    const ownerList = (await pub('GET', '/workflows?limit=250', ownerKey)).body.data as Array<{ id: string }>;
    expect(ownerList).toHaveLength(rows.length);
    // The owner may change a member's workflow (as in REST); it stays the member's.
    expect((await pub('PUT', `/workflows/${mine.id}`, ownerKey, simpleWorkflow('Member made, edited'))).status).toBe(200);
    expect((await s.server.db.selectFrom('workflows').select('ownerId').where('id', '=', mine.id).executeTakeFirstOrThrow()).ownerId).toBe(member.id);
  });
});

describe('OpenAPI document and docs', () => {
  const routes = [
    ['get', '/workflows'],
    ['post', '/workflows'],
    ['get', '/workflows/{id}'],
    ['put', '/workflows/{id}'],
    ['delete', '/workflows/{id}'],
    ['post', '/workflows/{id}/activate'],
    ['post', '/workflows/{id}/deactivate'],
    ['get', '/workflows/{id}/tags'],
    ['put', '/workflows/{id}/tags'],
    ['get', '/executions'],
    ['get', '/executions/{id}'],
    ['delete', '/executions/{id}'],
    ['post', '/credentials'],
    ['delete', '/credentials/{id}'],
    ['get', '/credentials/schema/{credentialTypeName}'],
    ['get', '/tags'],
    ['post', '/tags'],
    ['get', '/tags/{id}'],
    ['put', '/tags/{id}'],
    ['delete', '/tags/{id}'],
  ];

  it('is OpenAPI 3 JSON describing exactly the public routes, secured by the API key header', async () => {
    const r = await api(s, 'GET', '/api/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
    expect(doc.components.securitySchemes.ApiKeyAuth).toEqual({ type: 'apiKey', in: 'header', name: 'X-N8N-API-KEY' });
    expect(doc.security).toEqual([{ ApiKeyAuth: [] }]);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual(routes.map(([m, p]) => `${m} ${p}`).sort());
    const operationIds = new Set<string>();
    for (const [method, path] of routes) {
      const op = doc.paths[path][method];
      expect(op.operationId, `${method} ${path}`).toBeTruthy();
      operationIds.add(op.operationId);
      expect(op.responses['401'], `${method} ${path}`).toBeDefined();
      expect(Object.keys(op.responses).some((c) => c.startsWith('2')), `${method} ${path}`).toBe(true);
    }
    expect(operationIds.size).toBe(routes.length);
    // Every reference resolves to a component.
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of new Set(refs)) {
      const name = /#\/components\/schemas\/(.+)"$/.exec(ref)?.[1];
      expect(name && doc.components.schemas[name], ref).toBeTruthy();
    }
    // The query and body schemas are the ones the routes validate with.
    const listParams = doc.paths['/workflows'].get.parameters as Array<{ name: string; schema: { maximum?: number } }>;
    expect(listParams.find((p) => p.name === 'limit')!.schema.maximum).toBe(250);
    expect(doc.paths['/workflows'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/Workflow');
    expect(doc.components.schemas.Workflow.required).toEqual(['name', 'nodes', 'connections']);
  });

  it('is served as YAML too, and with a base path the document and docs move with it', async () => {
    const yml = await api(s, 'GET', '/api/v1/openapi.yml');
    expect(yml.status).toBe(200);
    expect(yml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(String(yml.body)).toMatch(/^openapi: 3\.0\.\d/m);
    const based = await startServer({ SWITCHYARD_BASE_PATH: '/flows/' });
    try {
      const d = await api(based, 'GET', '/flows/api/v1/openapi.json');
      expect(d.body.servers[0].url).toBe('/flows/api/v1');
      expect(Object.keys(d.body.paths)).toContain('/workflows');
      const page = await api(based, 'GET', '/flows/api/v1/docs');
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain('/flows/api/v1/docs/static/swagger-ui-bundle.js');
    } finally {
      await based.dispose();
    }
  });

  it('the docs page and its files answer without a key, from this server only', async () => {
    const page = await api(s, 'GET', '/api/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = String(page.body);
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!)) {
      const r = await api(s, 'GET', asset);
      expect(r.status, asset).toBe(200);
    }
    const init = await api(s, 'GET', '/api/v1/docs/static/swagger-initializer.js');
    expect(String(init.body)).toContain('validatorUrl: null');
    expect((await api(s, 'GET', '/api/v1/docs/json')).body.paths).toEqual(doc.paths);
  });
});
