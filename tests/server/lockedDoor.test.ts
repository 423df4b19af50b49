// The locked door (shared/DESIGN.md; issue 9 "The locked door"): a Host the instance does not
// answer to gets 421 everywhere (REST, webhooks, the editor's files); a state-changing REST
// request from another site gets 403 and changes nothing, with a body or without (retry, stop);
// a program without Origin (curl) and the editor's own origin pass. And passwords never appear in
// an answer or in the server log: the real server (src/server/main.ts) runs as a child process
// and its log is read whole.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, startServer, tempDataDir, type TestServer } from './helpers.ts';
import { onPostgres, testDatabaseEnv, testDatabaseOptions } from '../support/testDatabase.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { api, expectNoSecretsInAnswers, linkIn, sessionCookieOf, setupOwner, simpleWorkflow, startMailbox, tokenOf, type Account, type Mailbox } from './accountHelpers.ts';

const HOST = 'localhost:5678';
const SAME_ORIGIN = 'http://localhost:5678';

let s: TestServer;
let owner: Account;
const at = (cookie: string, extra: Record<string, string> = {}) => ({ cookie, headers: { host: HOST, ...extra } });

beforeAll(async () => {
  s = await startServer({ SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL: 'true', SWITCHYARD_EDITOR_BASE_URL: 'https://flows.example.com/' });
  owner = await setupOwner(s);
});
afterAll(async () => {
  expectNoSecretsInAnswers([owner.password]);
  await s.dispose();
});

describe('Host check', () => {
  it('a foreign Host gets 421 on REST, push, webhooks, the public API and the editor\'s files, signed in or not', async () => {
    for (const host of ['evil.example', 'evil.example:5678', 'localhost.evil.example', '127.0.0.1.evil.example', 'flows.example.com.evil.example']) {
      for (const [method, url] of [
        ['GET', '/rest/settings'],
        ['GET', '/rest/workflows'],
        ['POST', '/rest/login'],
        ['GET', '/rest/push?pushRef=x'],
        ['GET', '/webhook/anything'],
        ['POST', '/webhook-test/anything'],
        ['GET', '/api/v1/workflows'],
        ['GET', '/'],
        ['GET', '/workflow/1'],
        ['GET', '/assets/index.js'],
      ] as const) {
        const r = await api(s, method, url, method === 'POST' ? {} : undefined, { cookie: owner.cookie, headers: { host } });
        expect(r.status, `${host} ${method} ${url}`).toBe(421);
        expect(r.headers.connection).toBe('close');
        expect(String(r.body.message)).toContain('does not answer to the host');
      }
    }
  });

  it('loopback names, the bound address and the configured editor host are answered', async () => {
    for (const host of ['localhost:5678', '127.0.0.1:5678', '[::1]:5678', '127.0.0.1', 'flows.example.com', 'LOCALHOST:5678']) {
      const r = await api(s, 'GET', '/rest/workflows', undefined, { cookie: owner.cookie, headers: { host } });
      expect(r.status, host).toBe(200);
    }
  });
});

describe('cross-site requests', () => {
  let failedExecution: string;
  let waitingExecution: string;
  let workflowId: string;

  async function finishedRun(workflowData: unknown, until: (status: string) => boolean): Promise<string> {
    const r = await api(s, 'POST', '/rest/workflows/run', { workflowData }, at(owner.cookie));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.executionId as string;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = await s.server.db.selectFrom('executions').select('status').where('id', '=', Number(id)).executeTakeFirst();
      if (row && until(row.status)) return id;
      if (Date.now() > deadline) throw new Error(`execution ${id}: ${row?.status}`);
      await new Promise((r2) => setTimeout(r2, 10));
    }
  }

  beforeAll(async () => {
    const failing = simpleWorkflow('Fails', [{ id: 'stop', name: 'Stop and Error', type: 'n8n-nodes-base.stopAndError', typeVersion: 1, position: [440, 0], parameters: { errorMessage: 'planned failure' } }]) as { connections: Record<string, unknown> };
    failing.connections.Set = { main: [[{ node: 'Stop and Error', type: 'main', index: 0 }]] };
    const saved = await api(s, 'POST', '/rest/workflows', failing, at(owner.cookie));
    workflowId = saved.body.data.id;
    failedExecution = await finishedRun(saved.body.data, (st) => st === 'error');
    const waiting = simpleWorkflow('Waits', [{ id: 'wait', name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [440, 0], parameters: { resume: 'timeInterval', amount: 2, unit: 'hours' } }]) as { connections: Record<string, unknown> };
    waiting.connections.Set = { main: [[{ node: 'Wait', type: 'main', index: 0 }]] };
    waitingExecution = await finishedRun(waiting, (st) => st === 'waiting');
  });

  const crossSite: Array<[string, Record<string, string>]> = [
    ['Origin of another site', { origin: 'https://evil.example' }],
    ['Origin of another port', { origin: 'http://localhost:6666' }],
    ['Origin "null" (sandboxed frame, file:)', { origin: 'null' }],
    ['an Origin that is no URL', { origin: 'evil' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site with the right Origin', { 'sec-fetch-site': 'cross-site', origin: SAME_ORIGIN }],
  ];

  it('body-less POSTs (retry, stop), bodies, PATCH and DELETE from another site get 403 and change nothing', async () => {
    const before = await snapshot(s);
    const requests: Array<[string, string, unknown?, Record<string, string>?]> = [
      ['POST', `/rest/executions/${failedExecution}/retry`],
      ['POST', `/rest/executions-current/${waitingExecution}/stop`],
      ['POST', '/rest/workflows', simpleWorkflow('planted')],
      ['PATCH', `/rest/workflows/${workflowId}`, { name: 'renamed' }],
      ['DELETE', `/rest/workflows/${workflowId}`],
      ['POST', '/rest/executions/delete', { ids: [failedExecution] }],
      ['POST', '/rest/me/api-key'],
      ['POST', '/rest/logout'],
      ['POST', '/rest/login', { email: 'owner@example.com', password: owner.password }],
      // What a plain HTML form can send without a preflight.
      ['POST', '/rest/workflows', 'name=planted', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['POST', '/rest/workflows', '{"name":"planted","nodes":[],"connections":{}}', { 'content-type': 'text/plain' }],
    ];
    for (const [why, headers] of crossSite) {
      for (const [method, url, body, extra] of requests) {
        const r = await api(s, method, url, body, at(owner.cookie, { ...headers, ...(extra ?? {}) }));
        expect(r.status, `${why}: ${method} ${url}`).toBe(403);
        expect(r.body.message).toMatch(/^Cross-site request refused/);
        expect(sessionCookieOf(r)).toBeUndefined();
      }
    }
    expect(await snapshot(s)).toBe(before);
    // The waiting execution still waits, the session still works.
    expect((await s.server.db.selectFrom('executions').select('status').where('id', '=', Number(waitingExecution)).executeTakeFirstOrThrow()).status).toBe('waiting');
    expect((await api(s, 'GET', '/rest/me', undefined, at(owner.cookie))).status).toBe(200);
  });

  it('reads are not refused for their Origin (they change nothing), and no answer lets another site read it', async () => {
    const r = await api(s, 'GET', '/rest/workflows', undefined, at(owner.cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }));
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await api(s, 'OPTIONS', '/rest/workflows', undefined, { headers: { host: HOST, origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a percent-encoded path meets the same door as the plain one (the router decodes it to the same route)', async () => {
    const before = await snapshot(s);
    // Logged out: a route whose handler does not itself ask for the user.
    for (const [method, url, body] of [
      ['GET', '/%72est/tags'],
      ['POST', '/%72est/tags', { name: 'planted' }],
      ['GET', '/%72%65%73%74/node-types'],
      ['GET', `/%72est/workflows/from-url?url=${encodeURIComponent('http://127.0.0.1:9/x.json')}`],
    ] as const) {
      const r = await api(s, method, url, body, { headers: { host: HOST, 'push-ref': 'p' } });
      expect(r.status, `${method} ${url}`).toBe(401);
    }
    // Cross-site: public routes too (a sign-in forced on the victim's browser).
    for (const [method, url, body] of [
      ['POST', '/%72est/login', { email: 'owner@example.com', password: owner.password }],
      ['POST', '/%72est/tags', { name: 'planted' }],
      ['POST', '/%72est/logout'],
    ] as const) {
      const r = await api(s, method, url, body, at(owner.cookie, { origin: 'https://evil.example' }));
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(sessionCookieOf(r)).toBeUndefined();
    }
    expect(await snapshot(s)).toBe(before);
  });

  it('a program without Origin (curl), the same origin, and the configured editor origin pass', async () => {
    const rename = (headers: Record<string, string>, name: string) => api(s, 'PATCH', `/rest/workflows/${workflowId}`, { name }, at(owner.cookie, headers));
    expect((await rename({}, 'by curl')).status).toBe(200);
    expect((await rename({ origin: SAME_ORIGIN }, 'same origin')).status).toBe(200);
    expect((await rename({ origin: SAME_ORIGIN, 'sec-fetch-site': 'same-origin' }, 'same origin, fetch metadata')).status).toBe(200);
    expect((await rename({ 'sec-fetch-site': 'none' }, 'typed in the address bar')).status).toBe(200);
    expect((await rename({ origin: 'https://flows.example.com' }, 'behind the proxy')).status).toBe(200);
    // The body-less calls work without a foreign Origin: the refusals above were the Origin's.
    const retry = await api(s, 'POST', `/rest/executions/${failedExecution}/retry`, undefined, at(owner.cookie, { origin: SAME_ORIGIN }));
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const stop = await api(s, 'POST', `/rest/executions-current/${waitingExecution}/stop`, undefined, at(owner.cookie));
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect((await s.server.db.selectFrom('executions').select('status').where('id', '=', Number(waitingExecution)).executeTakeFirstOrThrow()).status).not.toBe('waiting');
  });
});

describe('passwords never reach an answer or the server log', () => {
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  let child: ChildProcess;
  let log = '';
  let base = '';
  let mailbox: Mailbox;
  let dataDir: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    dataDir = tempDataDir();
    child = spawn(`${repoRoot}node_modules/.bin/node`, ['src/server/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...mailbox.env,
        SWITCHYARD_DATA_DIR: dataDir,
        SWITCHYARD_PORT: '0',
        SWITCHYARD_HOST: '127.0.0.1',
        // debug: info and the per-request lines too.
        SWITCHYARD_LOG_LEVEL: 'debug',
        SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT: '0',
        ...testDatabaseEnv(dataDir),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.setEncoding('utf8').on('data', (c: string) => (log += c));
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (log += c));
    const deadline = Date.now() + 20_000;
    while (!/Switchyard is running at (\S+)/.test(log)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    base = /Switchyard is running at (\S+)/.exec(log)![1]!;
  }, 30_000);
  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('through setup, sign-in, password changes, invitation, recovery and bad bodies', async () => {
    const answers: string[] = [];
    let cookie = '';
    const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const r = await fetch(`${base}rest${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await r.text();
      answers.push(`${r.status} ${JSON.stringify([...r.headers])} ${text}`);
      const set = r.headers.getSetCookie().find((c) => c.startsWith('switchyard-auth='));
      return { status: r.status, text, json: text ? JSON.parse(text) : undefined, set: set?.split(';')[0] };
    };
    const secrets = {
      owner: 'OwnerSecret1',
      wrongLogin: 'GuessedWrong7',
      wrongCurrent: 'NotCurrent8',
      ownerNew: 'OwnerSecret2',
      weak: 'weaksecret',
      member: 'MemberSecret3',
      memberReset: 'MemberSecret4',
      setupAgain: 'SetupAgain5',
      malformed: 'Malformed6x',
      tooLong: `Long9${'z'.repeat(1100)}`,
      credential: 'credential-secret-value',
    };
    const tokens: string[] = [];

    const setup = await send('POST', '/owner', { email: 'o@example.com', firstName: 'O', lastName: 'W', password: secrets.owner });
    expect(setup.status).toBe(200);
    expect((await send('POST', '/login', { email: 'o@example.com', password: secrets.wrongLogin })).status).toBe(401);
    const login = await send('POST', '/login', { email: 'o@example.com', password: secrets.owner });
    expect(login.status).toBe(200);
    cookie = login.set!;
    tokens.push(tokenOf(cookie), tokenOf(setup.set!));
    expect((await send('PATCH', '/me/password', { currentPassword: secrets.wrongCurrent, newPassword: secrets.ownerNew })).status).toBe(400);
    expect((await send('PATCH', '/me/password', { currentPassword: secrets.owner, newPassword: secrets.weak })).status).toBe(400);
    expect((await send('PATCH', '/me/password', { currentPassword: secrets.owner, newPassword: secrets.ownerNew })).status).toBe(200);
    expect((await send('POST', '/owner', { email: 'x@example.com', firstName: 'X', lastName: 'Y', password: secrets.setupAgain })).status).toBe(409);
    expect((await send('POST', '/login', `{"email":"o@example.com","password":"${secrets.malformed}"`)).status).toBe(400);
    expect((await send('POST', '/login', { email: 'o@example.com', password: secrets.tooLong })).status).toBe(400);
    const key = await send('POST', '/me/api-key');
    expect(key.status).toBe(200);
    tokens.push(key.json.data.apiKey);
    const cred = await send('POST', '/credentials', { name: 'K', type: 'httpHeaderAuth', data: { name: 'X-Key', value: secrets.credential } });
    expect(cred.status).toBe(200);

    // A member through the mailed invitation, then password recovery through the mailed link.
    const sent = mailbox.mails.length;
    expect((await send('POST', '/users', [{ email: 'm@example.com' }])).status).toBe(200);
    const signupLink = linkIn(await mailbox.next('m@example.com', sent), '/signup');
    const ownerCookie = cookie;
    cookie = '';
    const signup = await send('POST', `/users/${signupLink.searchParams.get('inviteeId')}`, { inviterId: signupLink.searchParams.get('inviterId'), firstName: 'M', lastName: 'B', password: secrets.member });
    expect(signup.status).toBe(200);
    tokens.push(tokenOf(signup.set!));
    expect((await send('POST', '/forgot-password', { email: 'm@example.com' })).status).toBe(200);
    const reset = linkIn(await mailbox.next('m@example.com', sent + 1), '/change-password');
    const resetToken = reset.searchParams.get('token')!;
    expect((await send('POST', '/change-password', { token: resetToken, userId: reset.searchParams.get('userId'), password: secrets.weak })).status).toBe(400);
    expect((await send('POST', '/change-password', { token: resetToken, userId: reset.searchParams.get('userId'), password: secrets.memberReset })).status).toBe(200);
    expect((await send('POST', '/login', { email: 'm@example.com', password: secrets.memberReset })).status).toBe(200);
    cookie = ownerCookie;
    // A cross-site attempt is logged (as a warning, without its body).
    expect((await send('POST', '/login', { email: 'o@example.com', password: secrets.ownerNew }, { origin: 'https://evil.example' })).status).toBe(403);

    // Let the log flush, then read it whole.
    await new Promise((r) => setTimeout(r, 200));
    // The log did record these events (so its silence about passwords means something).
    expect(log).toContain('instance owner set up');
    expect(log).toContain('failed sign-in');
    expect(log).toContain('invited user signed up');
    expect(log).toContain('password reset');
    expect(log).toContain('cross-site request refused');
    expect(log).toContain('"url":"/rest/login"');

    const leaks: string[] = [];
    for (const [name, secret] of Object.entries(secrets)) {
      if (log.includes(secret)) leaks.push(`${name} in the log`);
      if (answers.some((a) => a.includes(secret))) leaks.push(`${name} in an answer`);
    }
    // Session tokens and API keys (bearer secrets) are not logged either.
    for (const t of tokens) if (log.includes(t)) leaks.push(`token ${t.slice(0, 6)}… in the log`);
    expect(leaks).toEqual([]);
    const stored = JSON.stringify(await (async () => {
      if (onPostgres) {
        const opened = await openDatabase(dataDir, testDatabaseOptions(dataDir));
        try {
          return await opened.db.selectFrom('users').selectAll().execute();
        } finally {
          await opened.close();
        }
      }
      const { DatabaseSync } = await import('node:sqlite');
      const db = new DatabaseSync(`${dataDir}/database.sqlite`, { readOnly: true });
      try {
        return db.prepare('SELECT * FROM users').all();
      } finally {
        db.close();
      }
    })());
    for (const secret of [secrets.owner, secrets.ownerNew, secrets.member, secrets.memberReset]) expect(stored).not.toContain(secret);
  }, 30_000);
});
