// Secrets stay secret (issue 13): a unique marker is the password / token / value of a credential
// of every scheme, each used by a run that FAILS (a 401 from a local server, a refused connection,
// a reset socket, an SMTP server that is not there, a token endpoint that refuses). The server is
// the real one, started as `npm run serve` does (src/server/main.ts) with trace logging, so its
// log is its real stdout. The marker (and its base64 form in Basic auth) must appear nowhere: not
// in the credentials list or a credential read without data, not in the edit modal's read (n8n's
// blank placeholder instead), not in the public API's answers, not in the log, not in the SSE push
// stream, not in executions as the REST API answers them, and not in any byte of the SQLite files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import http from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { tempDataDir } from './helpers.ts';
import { startServer as startHttp, json } from '../nodes/httpServer.ts';
import { CREDENTIAL_BLANK_VALUE } from '../../src/model/credentialTypes.ts';
import { onPostgres, testDatabaseEnv, testDatabaseOptions } from '../support/testDatabase.ts';
import { openDatabase } from '../../src/server/db/database.ts';

const MARK = `SYMARK${randomUUID().replace(/-/g, '')}`;
const MAIN = join(import.meta.dirname, '../../src/server/main.ts');
const secret = (scheme: string) => `${MARK}-${scheme}`;
/** Every form a secret could take on the wire or in a file. */
function forms(): string[] {
  return [MARK, Buffer.from(`ada:${secret('basic')}`).toString('base64'), Buffer.from(MARK).toString('base64').slice(0, 24), encodeURIComponent(secret('query'))];
}

let server: ChildProcess;
let base = '';
let log = '';
let dataDir = '';
let remote: Awaited<ReturnType<typeof startHttp>>;
let closedPort = 0;
const push: string[] = [];
let pushReq: http.ClientRequest;
const answers: Array<{ what: string; body: string }> = [];

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${base}${path}`, { method, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  answers.push({ what: `${method} ${path}`, body: text });
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, body: parsed };
}

async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

const creds: Record<string, { id: string; name: string; type: string }> = {};
async function credential(scheme: string, type: string, data: Record<string, unknown>) {
  const name = `Secret ${scheme}`;
  const r = await api('POST', '/rest/credentials', { name, type, data });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  creds[scheme] = { id: r.body.data.id, name, type };
}

const manual = { id: 'm', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
function httpWorkflow(name: string, url: string, cred: { id: string; name: string; type: string }) {
  const req = {
    id: 'h',
    name: 'HTTP Request',
    type: 'n8n-nodes-base.httpRequest',
    typeVersion: 4.2,
    position: [200, 0] as [number, number],
    parameters: { url, authentication: 'genericCredentialType', genericAuthType: cred.type, options: {} },
    credentials: { [cred.type]: { id: cred.id, name: cred.name } },
  };
  return { name, nodes: [manual, req], connections: { Manual: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } }, settings: {} };
}

async function run(workflowData: unknown): Promise<string> {
  const r = await api('POST', '/rest/workflows/run', { workflowData }, { 'push-ref': 'secrets' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data.executionId as string;
  const t0 = Date.now();
  for (;;) {
    const e = await api('GET', `/rest/executions/${id}`);
    if (e.status === 200 && e.body.data.finished !== undefined && e.body.data.status !== 'running' && e.body.data.status !== 'new') return id;
    if (Date.now() - t0 > 20_000) throw new Error(`execution ${id} did not finish`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

beforeAll(async () => {
  dataDir = tempDataDir();
  closedPort = await freePort();
  remote = await startHttp({
    '/denied': json(401, { error: 'denied' }, { 'www-authenticate': 'Basic realm="x"' }),
    '/digest': json(401, { error: 'denied' }, { 'www-authenticate': 'Digest realm="r", qop="auth", nonce="abc123", opaque="o1", algorithm=MD5' }),
    '/token': json(401, { error: 'invalid_client', error_description: 'bad client' }),
    // A token endpoint that grants: the access token (a secret too) is then refused by the resource.
    '/token-ok': (_req, res) => json(200, { access_token: secret('access-token'), refresh_token: secret('refresh-token'), token_type: 'bearer', expires_in: 3600 })(_req, res),
    '/reset': (_req, res) => res.socket?.destroy(),
  });
  server = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      SWITCHYARD_DATA_DIR: dataDir,
      SWITCHYARD_PORT: '0',
      SWITCHYARD_HOST: '127.0.0.1',
      SWITCHYARD_LOG_LEVEL: 'trace',
      SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true',
      SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT: '0',
      ...testDatabaseEnv(dataDir),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c: Buffer) => (log += c.toString('utf8')));
  server.stderr!.on('data', (c: Buffer) => (log += c.toString('utf8')));
  const t0 = Date.now();
  while (!/Switchyard is running at (\S+)/.test(log)) {
    if (Date.now() - t0 > 30_000 || server.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  base = /Switchyard is running at (\S+)/.exec(log)![1].replace(/\/?$/, '/').replace(/\/$/, '');
  await new Promise<void>((ok, fail) => {
    pushReq = http.get(`${base}/rest/push?pushRef=secrets`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => push.push(c));
      ok();
    });
    pushReq.on('error', fail);
  });

  await credential('basic', 'httpBasicAuth', { user: 'ada', password: secret('basic') });
  await credential('header', 'httpHeaderAuth', { name: 'X-Api-Key', value: secret('header') });
  await credential('query', 'httpQueryAuth', { name: 'token', value: secret('query') });
  await credential('bearer', 'httpBearerAuth', { token: secret('bearer') });
  await credential('digest', 'httpDigestAuth', { user: 'ada', password: secret('digest') });
  await credential('custom', 'httpCustomAuth', { json: JSON.stringify({ headers: { 'X-Custom': secret('custom-h') }, qs: { k: secret('custom-q') } }) });
  await credential('oauth2', 'oAuth2Api', { grantType: 'clientCredentials', authUrl: `${remote.base}/auth`, accessTokenUrl: `${remote.base}/token`, clientId: 'client-1', clientSecret: secret('oauth2'), authentication: 'body' });
  await credential('oauth2ok', 'oAuth2Api', { grantType: 'clientCredentials', authUrl: `${remote.base}/auth`, accessTokenUrl: `${remote.base}/token-ok`, clientId: 'client-2', clientSecret: secret('oauth2ok'), authentication: 'header' });
  await credential('smtp', 'smtp', { user: 'mailer', password: secret('smtp'), host: '127.0.0.1', port: closedPort, secure: false });
}, 60_000);

afterAll(async () => {
  pushReq?.destroy();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((ok) => server.once('exit', ok));
  }
  await remote?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function expectNoSecret(text: string, where: string): void {
  for (const f of forms()) {
    const at = text.indexOf(f);
    expect(at, `${where} contains a secret: …${text.slice(Math.max(0, at - 300), at + 60)}…`).toBe(-1);
  }
}

describe('secrets stay secret', () => {
  it('failing runs of every scheme keep every secret out of executions, errors, push and the REST answers', async () => {
    const schemes = ['basic', 'header', 'query', 'bearer', 'digest', 'custom', 'oauth2', 'oauth2ok'];
    const ids: string[] = [];
    for (const scheme of schemes) {
      ids.push(await run(httpWorkflow(`denied ${scheme}`, `${remote.base}${scheme === 'digest' ? '/digest' : '/denied'}?page=1`, creds[scheme])));
    }
    // A refused connection and a reset socket, with the secret in the query string (query auth).
    ids.push(await run(httpWorkflow('refused query', `http://127.0.0.1:${closedPort}/x`, creds.query)));
    ids.push(await run(httpWorkflow('reset query', `${remote.base}/reset`, creds.query)));
    ids.push(await run(httpWorkflow('reset header', `${remote.base}/reset`, creds.header)));
    // Send Email to an SMTP server that is not there.
    ids.push(
      await run({
        name: 'smtp down',
        nodes: [
          manual,
          { id: 'e', name: 'Send Email', type: 'n8n-nodes-base.emailSend', typeVersion: 2.1, position: [200, 0], parameters: { fromEmail: 'a@example.com', toEmail: 'b@example.com', subject: 's', emailFormat: 'text', text: 't', options: {} }, credentials: { smtp: { id: creds.smtp.id, name: creds.smtp.name } } },
        ],
        connections: { Manual: { main: [[{ node: 'Send Email', type: 'main', index: 0 }]] } },
        settings: {},
      }),
    );
    // The requests did carry the secrets (so the test would see a leak if there were one).
    const seen = JSON.stringify(remote.seen);
    expect(seen).toContain(secret('header'));
    expect(seen).toContain(encodeURIComponent(secret('query')));
    expect(seen).toContain(secret('bearer'));
    expect(seen).toContain(secret('custom-h'));
    expect(seen).toContain(Buffer.from(`ada:${secret('basic')}`).toString('base64'));
    expect(seen).toContain(secret('oauth2'));
    expect(seen).toContain(`Bearer ${secret('access-token')}`);

    for (const id of ids) {
      const e = await api('GET', `/rest/executions/${id}`);
      expect(e.status).toBe(200);
      expect(e.body.data.status, `execution ${id} (${e.body.data.workflowData?.name})`).toBe('error');
      const error = e.body.data.data.resultData.error;
      expect(typeof error.message).toBe('string');
      expectNoSecret(JSON.stringify(e.body), `execution ${e.body.data.workflowData?.name}`);
    }
    expectNoSecret(JSON.stringify((await api('GET', '/rest/executions')).body), 'executions list');
    // Push messages of the runs (node results, errors) went to this stream.
    expect(push.join('')).toContain('executionFinished');
    expectNoSecret(push.join(''), 'push stream');
  }, 120_000);

  it('lists and reads without data carry no secret; the edit read has placeholders for secrets only', async () => {
    expectNoSecret(JSON.stringify((await api('GET', '/rest/credentials')).body), 'GET /rest/credentials');
    for (const c of Object.values(creds)) {
      const plain = await api('GET', `/rest/credentials/${c.id}`);
      expect(plain.body.data.data).toBeUndefined();
      expectNoSecret(JSON.stringify(plain.body), `GET /rest/credentials/${c.id}`);
    }
    const basic = await api('GET', `/rest/credentials/${creds.basic.id}?includeData=true`);
    expect(basic.body.data.data).toEqual({ user: 'ada', password: CREDENTIAL_BLANK_VALUE });
    const header = await api('GET', `/rest/credentials/${creds.header.id}?includeData=true`);
    expect(header.body.data.data).toEqual({ name: 'X-Api-Key', value: CREDENTIAL_BLANK_VALUE });
    const oauth = await api('GET', `/rest/credentials/${creds.oauth2.id}?includeData=true`);
    expect(oauth.body.data.data).toMatchObject({ clientId: 'client-1', clientSecret: CREDENTIAL_BLANK_VALUE, accessTokenUrl: `${remote.base}/token` });
    const smtp = await api('GET', `/rest/credentials/${creds.smtp.id}?includeData=true`);
    expect(smtp.body.data.data).toMatchObject({ user: 'mailer', password: CREDENTIAL_BLANK_VALUE, host: '127.0.0.1' });
    for (const scheme of ['basic', 'header', 'query', 'bearer', 'digest', 'oauth2', 'smtp']) {
      expectNoSecret(JSON.stringify((await api('GET', `/rest/credentials/${creds[scheme].id}?includeData=true`)).body), `includeData ${scheme}`);
    }
    // Saving the modal with the placeholders keeps the stored secrets: the next run still sends them.
    const before = remote.seen.length;
    expect((await api('PATCH', `/rest/credentials/${creds.header.id}`, { name: 'Secret header', data: header.body.data.data })).status).toBe(200);
    await run(httpWorkflow('after save', `${remote.base}/denied`, creds.header));
    expect(remote.seen.slice(before).some((r) => r.headers['x-api-key'] === secret('header'))).toBe(true);
  }, 60_000);

  it('the public API answers a created credential without its data', async () => {
    const key = await api('POST', '/rest/me/api-key');
    expect(key.status).toBe(200);
    const apiKey = key.body.data.apiKey as string;
    const created = await api('POST', '/api/v1/credentials', { name: 'Public secret', type: 'httpHeaderAuth', data: { name: 'X-Key', value: secret('public') } }, { 'x-n8n-api-key': apiKey });
    expect(created.status).toBe(200);
    expect(created.body.data).toBeUndefined();
    expectNoSecret(JSON.stringify(created.body), 'POST /api/v1/credentials');
    const removed = await api('DELETE', `/api/v1/credentials/${created.body.id}`, undefined, { 'x-n8n-api-key': apiKey });
    expect(removed.status).toBe(200);
    expectNoSecret(JSON.stringify(removed.body), 'DELETE /api/v1/credentials');
    // A credential JSON that is not an object is refused with nothing stored, and the answer does not echo the value.
    const bad = await api('POST', '/api/v1/credentials', { name: 'Bad', type: 'httpHeaderAuth', data: [secret('array')] }, { 'x-n8n-api-key': apiKey });
    expect(bad.status).toBe(400);
    expectNoSecret(JSON.stringify(bad.body), 'public API 400');
  });

  it('no answer, log line or byte of the database holds a secret', async () => {
    for (const a of answers) expectNoSecret(a.body, `answer of ${a.what}`);
    server.kill('SIGTERM');
    await new Promise((ok) => server.once('exit', ok));
    // Trace logging wrote a line per request, the credential calls among them.
    expect(log).toContain('"msg":"incoming request"');
    expect(log).toContain('"url":"/rest/credentials"');
    expect(log).toContain('"url":"/rest/workflows/run"');
    expectNoSecret(log, 'server log');
    if (onPostgres) {
      // Every row of every table of the data folder's PostgreSQL schema, as text.
      const opened = await openDatabase(dataDir, testDatabaseOptions(dataDir));
      try {
        const tables = ['workflows', 'tags', 'workflow_tags', 'executions', 'execution_data', 'users', 'sessions', 'settings', 'credentials', 'processed_data', 'installed_packages', 'installed_nodes'] as const;
        let dump = '';
        for (const t of tables) dump += JSON.stringify(await opened.db.selectFrom(t).selectAll().execute());
        const bytes = Buffer.from(dump);
        for (const form of forms()) expect(bytes.includes(Buffer.from(form)), 'the database holds a secret').toBe(false);
        const stored = await opened.db.selectFrom('credentials').select('oauthTokenData').where('id', '=', creds.oauth2ok.id).executeTakeFirstOrThrow();
        expect(stored.oauthTokenData).toMatch(/^v1:/);
        expect(bytes.includes(Buffer.from('denied basic'))).toBe(true);
      } finally {
        await opened.close();
      }
      return;
    }
    const files = readdirSync(dataDir).filter((f) => f.startsWith('database.sqlite'));
    expect(files).toContain('database.sqlite');
    for (const f of files) {
      const bytes = readFileSync(join(dataDir, f));
      for (const form of forms()) expect(bytes.includes(Buffer.from(form)), `${f} holds a secret`).toBe(false);
    }
    // The granted tokens were stored (the engine keeps them for the next run), encrypted.
    const db = new DatabaseSync(join(dataDir, 'database.sqlite'));
    const stored = db.prepare('SELECT oauthTokenData FROM credentials WHERE id = ?').get(creds.oauth2ok.id) as { oauthTokenData: string | null };
    db.close();
    expect(stored.oauthTokenData).toMatch(/^v1:/);
    // The executions are there: the check read real rows.
    expect(readFileSync(join(dataDir, 'database.sqlite')).includes(Buffer.from('denied basic'))).toBe(true);
  }, 60_000);
});
