// HTTP Request through the running server with credentials stored by CredentialsService and
// resolved for the run: Digest Auth (v4.2 and v1) against an RFC 7616 server, Bearer and Custom
// Auth, and a predefined service type (githubApi) against a server that answers as GitHub does.
// A Custom Auth credential whose JSON is broken fails the run with a clear message, and its
// secret is nowhere in the stored execution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, node, webhookNode, workflow, chain, type Live } from './triggerHelpers.ts';
import { startServer as startHttp, json, type SeenRequest } from '../nodes/httpServer.ts';
import { startDigestServer } from '../engine/digestServer.ts';
import { CredentialCipher } from '../../src/server/credentials/cipher.ts';

const KEY = 'credential-auth-test-key';
let t: Live;
let http: Awaited<ReturnType<typeof startHttp>>;
let digest: Awaited<ReturnType<typeof startDigestServer>>;

async function credential(name: string, type: string, data: Record<string, unknown>) {
  const r = await t.api('POST', '/credentials', { name, type, data });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { id: r.body.data.id as string, name };
}

beforeAll(async () => {
  t = await live({ SWITCHYARD_ENCRYPTION_KEY: KEY });
  http = await startHttp({
    '/echo': (req, res) => json(200, { ok: true })(req, res),
    '/user': (req, res) => (req.headers.authorization === 'token ghp_right' ? json(200, { login: 'octocat' }) : json(401, { message: 'Bad credentials' }))(req, res),
  });
  digest = await startDigestServer({ users: { ada: 'd1gest pass' }, algorithms: ['SHA-256', 'MD5'], qop: 'auth', opaque: 'opaque-1' });
});
afterAll(async () => {
  await t.dispose();
  await http.close();
  await digest.close();
});

/** Activates Webhook → HTTP Request and calls the webhook. */
async function request(path: string, parameters: Record<string, unknown>, credentials: Record<string, { id: string; name: string }>, typeVersion = 4.2): Promise<{ status: number; body: any; seen: SeenRequest[] }> {
  const hook = webhookNode({ path, httpMethod: 'GET', responseMode: 'lastNode' });
  const req = node('HTTP Request', 'n8n-nodes-base.httpRequest', typeVersion, parameters, { credentials });
  await t.activate(workflow(path, [hook, req], chain(hook, req)));
  const before = http.seen.length;
  const r = await t.hook(path);
  const body = await r.json().catch(() => undefined);
  return { status: r.status, body, seen: http.seen.slice(before) };
}

async function lastExecution(workflowName: string): Promise<any> {
  const list = (await t.api('GET', '/executions')).body.data.results as Array<{ id: string; workflowName: string }>;
  const e = list.find((x) => x.workflowName === workflowName)!;
  return (await t.api('GET', `/executions/${e.id}`)).body.data;
}

describe('HTTP Request with stored credentials of every scheme', () => {
  it('Digest Auth: v4.2 httpDigestAuth and v1 digestAuth answer the RFC 7616 challenge', async () => {
    const cred = await credential('Digest partner', 'httpDigestAuth', { user: 'ada', password: 'd1gest pass' });
    const r = await request('digest', { url: `${digest.base}/report?x=1`, authentication: 'genericCredentialType', genericAuthType: 'httpDigestAuth' }, { httpDigestAuth: cred });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ authenticated: 'ada', url: '/report?x=1' });
    const v1 = await request('digest-v1', { url: `${digest.base}/v1`, authentication: 'digestAuth', requestMethod: 'GET', responseFormat: 'json', jsonParameters: false }, { httpDigestAuth: cred }, 1);
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({ authenticated: 'ada', url: '/v1' });
    // Each run: the unauthenticated first request, then the answer (SHA-256, the server's first choice).
    expect(digest.seen.map((s) => s.status)).toEqual([401, 200, 401, 200]);
    expect(digest.seen[1].authorization).toContain('algorithm=SHA-256');
    expect(digest.seen[1].authorization).toContain('opaque="opaque-1"');
  });

  it('Bearer Auth and Custom Auth', async () => {
    const bearer = await credential('Bearer partner', 'httpBearerAuth', { token: 'bt-123' });
    const b = await request('bearer', { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpBearerAuth' }, { httpBearerAuth: bearer });
    expect(b.status).toBe(200);
    expect(b.seen[0].headers.authorization).toBe('Bearer bt-123');

    const custom = await credential('Custom partner', 'httpCustomAuth', { json: JSON.stringify({ headers: { 'X-Partner': 'p-1' }, qs: { sig: 'abc' } }) });
    const c = await request('custom', { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpCustomAuth' }, { httpCustomAuth: custom });
    expect(c.status).toBe(200);
    expect(c.seen[0].headers['x-partner']).toBe('p-1');
    expect(new URL(c.seen[0].url, 'http://x').searchParams.get('sig')).toBe('abc');
  });

  it('a Custom Auth credential whose JSON is broken fails the run clearly; its secret is not in the execution', async () => {
    // Saving refuses such JSON (credentialSecrets-input.test.ts); one stored before that rule, or
    // written by another tool, must still fail clearly: the row is written past the service here.
    const broken = await credential('Broken custom', 'httpCustomAuth', { json: '{"headers": {}}' });
    const sealed = new CredentialCipher(KEY).encrypt(JSON.stringify({ json: '{"headers": {"X-Partner": "very-secret-value"' }), broken.id);
    await t.s.server.db.updateTable('credentials').set({ data: sealed }).where('id', '=', broken.id).execute();
    const r = await request('custom-broken', { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpCustomAuth' }, { httpCustomAuth: broken });
    expect(r.status).toBe(500);
    expect(r.seen).toHaveLength(0);
    const execution = await lastExecution('custom-broken');
    expect(execution.data.resultData.error.message).toBe('The Custom Auth credential cannot be used: its JSON is not valid JSON');
    expect(JSON.stringify(execution)).not.toContain('very-secret-value');
  });

  it('Predefined Credential Type: githubApi authenticates as GitHub expects', async () => {
    const gh = await credential('GitHub account', 'githubApi', { accessToken: 'ghp_right' });
    const r = await request('github', { url: `${http.base}/user`, authentication: 'predefinedCredentialType', nodeCredentialType: 'githubApi' }, { githubApi: gh });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ login: 'octocat' });
    expect(r.seen[0].headers.authorization).toBe('token ghp_right');

    const wrong = await credential('GitHub wrong', 'githubApi', { accessToken: 'ghp_wrong' });
    const bad = await request('github-wrong', { url: `${http.base}/user`, authentication: 'predefinedCredentialType', nodeCredentialType: 'githubApi' }, { githubApi: wrong });
    expect(bad.status).toBe(500);
    const execution = await lastExecution('github-wrong');
    expect(execution.data.resultData.error.message).toBe('Authorization failed - please check your credentials');
    expect(JSON.stringify(execution)).not.toContain('ghp_wrong');
  });
});
