// POST /rest/credentials/test for types that declare a test request: the request is sent,
// authenticated as the type says, to a local server that answers as the service does (GitHub's
// /user with "Authorization: token …"), and judged by n8n's rules: OK, a non-2xx answer, a
// responseSuccessBody rule (Slack-style), a server that never answers (bounded by 15 s), one
// that is not there; a stored credential is tested with its stored secret; no answer carries
// a secret.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers.ts';
import { testCredentialByRequest } from '../../src/engine/auth/credentialTest.ts';
import type { ICredentialType } from '../../src/model/credentialTypes.ts';

let s: TestServer;
let service: Server;
let base: string;
const seen: Array<{ url: string; authorization?: string }> = [];

beforeAll(async () => {
  s = await startServer();
  service = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    if (req.url?.startsWith('/hang')) return; // never answers
    if (req.url === '/user') {
      if (req.headers.authorization === 'token ghp_right') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ login: 'octocat', id: 1 }));
      } else {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' }));
      }
      return;
    }
    if (req.url === '/api/users.profile.get') {
      // Slack answers 200 with ok: false and an error code.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.headers.authorization === 'Bearer xoxb-right' ? { ok: true, profile: {} } : { ok: false, error: 'invalid_auth' }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
  await s.dispose();
});

const test = (credentials: Record<string, unknown>) => call(s, 'POST', '/rest/credentials/test', { credentials });

describe('POST /rest/credentials/test with a declared test request', () => {
  it('GitHub: the right token is "Connection successful!", a wrong one the 401\'s status text; the token went as GitHub expects', async () => {
    const ok = await test({ name: 'GitHub account', type: 'githubApi', data: { server: base, accessToken: 'ghp_right' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ status: 'OK', message: 'Connection successful!' });
    expect(seen.at(-1)).toEqual({ url: '/user', authorization: 'token ghp_right' });

    const bad = await test({ name: 'GitHub account', type: 'githubApi', data: { server: `${base}/`, accessToken: 'ghp_wrong' } });
    expect(bad.body.data).toEqual({ status: 'Error', message: 'Unauthorized' });
    expect(seen.at(-1)!.url).toBe('/user');
  });

  it('a stored credential is tested with its stored token (the redaction placeholder sent back keeps it)', async () => {
    const created = await call(s, 'POST', '/rest/credentials', { name: 'Stored GitHub', type: 'githubApi', data: { server: base, accessToken: 'ghp_right' } });
    const id = created.body.data.id as string;
    const fetched = (await call(s, 'GET', `/rest/credentials/${id}?includeData=true`)).body.data;
    expect(JSON.stringify(fetched)).not.toContain('ghp_right');
    const r = await test({ id, name: 'Stored GitHub', type: 'githubApi', data: fetched.data });
    expect(r.body.data).toEqual({ status: 'OK', message: 'Connection successful!' });
  });

  it('a responseSuccessBody rule turns a 2xx answer into its message (Slack\'s invalid_auth)', async () => {
    const slackLike: ICredentialType = { name: 'slackLike', displayName: 'Slack-like', properties: [{ displayName: 'Access Token', name: 'accessToken', type: 'string', typeOptions: { password: true }, default: '' }], authenticate: { type: 'generic', properties: { headers: { Authorization: '=Bearer {{$credentials.accessToken}}' } } }, test: { request: { baseURL: base, url: '/api/users.profile.get' }, rules: [{ type: 'responseSuccessBody', properties: { key: 'error', value: 'invalid_auth', message: 'Invalid access token' } }] } };
    expect(await testCredentialByRequest(slackLike, { accessToken: 'xoxb-wrong' })).toEqual({ status: 'Error', message: 'Invalid access token' });
    expect(await testCredentialByRequest(slackLike, { accessToken: 'xoxb-right' })).toEqual({ status: 'OK', message: 'Connection successful!' });
    const coded: ICredentialType = { ...slackLike, test: { request: { baseURL: base, url: '/user' }, rules: [{ type: 'responseCode', properties: { value: 401, message: 'The token is not valid' } }] } };
    expect(await testCredentialByRequest(coded, { accessToken: 'x' })).toEqual({ status: 'Error', message: 'The token is not valid' });
  });

  it('a server that never answers ends the test after 15 s with a clear message', async () => {
    const t0 = Date.now();
    const r = await test({ name: 'GitHub account', type: 'githubApi', data: { server: `${base}/hang`, accessToken: 'ghp_right' } });
    const took = Date.now() - t0;
    expect(r.body.data).toEqual({ status: 'Error', message: 'The connection test timed out after 15 seconds without an answer' });
    expect(took).toBeGreaterThanOrEqual(14_500);
    expect(took).toBeLessThan(20_000);
  }, 30_000);

  it('a server that is not there answers with the connection error code, and no message carries the secret', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await test({ name: 'GitHub account', type: 'githubApi', data: { server: `http://127.0.0.1:${port}`, accessToken: 'ghp_right' } });
    expect(r.body.data).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
    // Telegram puts the token into the URL: an invalid URL's message must not show it.
    const tg = await test({ name: 'Telegram account', type: 'telegramApi', data: { accessToken: 'bad token with spaces/123456' } });
    expect(tg.body.data.status).toBe('Error');
    expect(JSON.stringify(tg.body)).not.toContain('bad token with spaces/123456');
  });

  it('types without a declared test still say so; SMTP keeps its connect test', async () => {
    const r = await test({ name: 'x', type: 'httpBearerAuth', data: { token: 't' } });
    expect(r.body.data).toEqual({ status: 'Error', message: 'Credentials of type "httpBearerAuth" have no connection test' });
    const types = (await call(s, 'GET', '/rest/credential-types')).body.data as Array<{ name: string; test?: unknown }>;
    expect(types.find((t) => t.name === 'githubApi')?.test).toEqual({ request: { baseURL: '={{$credentials?.server}}', url: '/user', method: 'GET' } });
    expect(types.find((t) => t.name === 'httpBearerAuth')?.test).toBeUndefined();
  });
});
