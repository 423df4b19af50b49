// Stored credentials in use, through a running server: HTTP Request sends Basic, Header and
// Query Auth to a local server (v4.2 generic credential types and v1's basicAuth/headerAuth/
// queryAuth), and Webhook / Wait resume webhooks check callers against Basic and Header Auth
// credentials with n8n's answers (401, 403, 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, node, webhookNode, workflow, chain, setNode, type Live } from './triggerHelpers.ts';
import { startServer as startHttp, json, type SeenRequest } from '../nodes/httpServer.ts';

let t: Live;
let http: Awaited<ReturnType<typeof startHttp>>;
const cred: Record<string, { id: string; name: string }> = {};

async function credential(name: string, type: string, data: Record<string, unknown>) {
  const r = await t.api('POST', '/credentials', { name, type, data });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { id: r.body.data.id as string, name };
}

beforeAll(async () => {
  t = await live();
  http = await startHttp({ '/echo': json(200, { ok: true }) });
  cred.basic = await credential('Partner basic', 'httpBasicAuth', { user: 'ada', password: 'pa:ss wörd' });
  cred.header = await credential('Partner key', 'httpHeaderAuth', { name: 'X-Api-Key', value: 'key-123' });
  cred.query = await credential('Partner token', 'httpQueryAuth', { name: 'token', value: 'tok 456' });
  cred.hookBasic = await credential('Hook basic', 'httpBasicAuth', { user: 'caller', password: 'open sesame' });
  cred.hookHeader = await credential('Hook header', 'httpHeaderAuth', { name: 'X-Hook-Secret', value: 's3cr3t' });
  cred.empty = await credential('Hook empty', 'httpBasicAuth', { user: 'caller' });
});
afterAll(async () => {
  await t.dispose();
  await http.close();
});

/** Activates Webhook → HTTP Request and calls the webhook; resolves with the request the local server saw. */
async function request(path: string, http4: Record<string, unknown>, credentials: Record<string, { id: string | null; name: string }>, typeVersion = 4.2): Promise<{ status: number; body: any; seen?: SeenRequest }> {
  const hook = webhookNode({ path, httpMethod: 'GET', responseMode: 'lastNode' });
  const req = node('HTTP Request', 'n8n-nodes-base.httpRequest', typeVersion, http4, { credentials });
  await t.activate(workflow(path, [hook, req], chain(hook, req)));
  const before = http.seen.length;
  const r = await t.hook(path);
  const body = await r.json().catch(() => undefined);
  return { status: r.status, body, seen: http.seen.length > before ? http.seen[http.seen.length - 1] : undefined };
}

async function lastError(workflowName: string): Promise<string> {
  const list = (await t.api('GET', '/executions')).body.data.results as Array<{ id: string; workflowName: string }>;
  const e = list.find((x) => x.workflowName === workflowName)!;
  const full = (await t.api('GET', `/executions/${e.id}`)).body.data;
  return full.data.resultData.error.message as string;
}

describe('HTTP Request with credentials', () => {
  it('v4.2 Basic Auth sends Authorization: Basic, replacing an Authorization header of the node', async () => {
    const r = await request(
      'basic',
      { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpBasicAuth', sendHeaders: true, headerParameters: { parameters: [{ name: 'Authorization', value: 'Bearer nope' }] } },
      { httpBasicAuth: cred.basic },
    );
    expect(r.status).toBe(200);
    expect(r.seen!.headers.authorization).toBe(`Basic ${Buffer.from('ada:pa:ss wörd').toString('base64')}`);
  });

  it('v4.2 Header Auth sets the named header; Query Auth adds the query parameter next to the node\'s own', async () => {
    const h = await request('header', { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }, { httpHeaderAuth: cred.header });
    expect(h.status).toBe(200);
    expect(h.seen!.headers['x-api-key']).toBe('key-123');
    const q = await request(
      'query',
      { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpQueryAuth', sendQuery: true, queryParameters: { parameters: [{ name: 'page', value: '2' }] } },
      { httpQueryAuth: cred.query },
    );
    expect(q.status).toBe(200);
    const url = new URL(q.seen!.url, 'http://x');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('token')).toBe('tok 456');
  });

  it('v1 basicAuth / headerAuth / queryAuth use the same credentials', async () => {
    const b = await request('v1-basic', { url: `${http.base}/echo`, authentication: 'basicAuth', requestMethod: 'GET', responseFormat: 'json', jsonParameters: false }, { httpBasicAuth: cred.basic }, 1);
    expect(b.status).toBe(200);
    expect(b.seen!.headers.authorization).toBe(`Basic ${Buffer.from('ada:pa:ss wörd').toString('base64')}`);
    const h = await request('v1-header', { url: `${http.base}/echo`, authentication: 'headerAuth', requestMethod: 'GET', responseFormat: 'json', jsonParameters: false }, { httpHeaderAuth: cred.header }, 1);
    expect(h.seen!.headers['x-api-key']).toBe('key-123');
    const q = await request('v1-query', { url: `${http.base}/echo`, authentication: 'queryAuth', requestMethod: 'GET', responseFormat: 'json', jsonParameters: false }, { httpQueryAuth: cred.query }, 1);
    expect(new URL(q.seen!.url, 'http://x').searchParams.get('token')).toBe('tok 456');
  });

  it('an unknown credential id falls back to the name (imported workflows); a missing one names node and type', async () => {
    const r = await request('by-name', { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }, { httpHeaderAuth: { id: 'from-another-instance', name: 'Partner key' } });
    expect(r.status).toBe(200);
    expect(r.seen!.headers['x-api-key']).toBe('key-123');

    const missing = await request('missing', { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpHeaderAuth' }, { httpHeaderAuth: { id: 'nope', name: 'Nobody' } });
    expect(missing.status).toBe(500);
    expect(missing.seen).toBeUndefined();
    expect(await lastError('missing')).toBe('Node "HTTP Request": credentials with name "Nobody" (ID nope) do not exist for "httpHeaderAuth"');

    // No credential chosen: a node issue, so activation is refused before anything runs.
    await expect(request('unset', { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'httpBasicAuth' }, {})).rejects.toThrow(/Credentials for \\"httpBasicAuth\\" are not set/);
  });

  it('an OAuth2 credential that does not exist fails clearly and sends nothing (schemes: credentialAuth.test.ts, oauth2.test.ts)', async () => {
    const o = await request('oauth', { url: `${http.base}/echo`, authentication: 'genericCredentialType', genericAuthType: 'oAuth2Api' }, { oAuth2Api: { id: 'none', name: 'OAuth' } });
    expect(o.status).toBe(500);
    expect(o.seen).toBeUndefined();
    expect(await lastError('oauth')).toBe('Node "HTTP Request": credentials with name "OAuth" (ID none) do not exist for "oAuth2Api"');
  });
});

describe('Webhook authentication', () => {
  const basicHeader = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

  it('Basic Auth: right credentials run the workflow, none get 401, wrong ones 403, a node without credential 500', async () => {
    const hook = webhookNode({ path: 'guarded', httpMethod: 'GET', authentication: 'basicAuth', responseMode: 'lastNode' }, { credentials: { httpBasicAuth: cred.hookBasic } });
    await t.activate(workflow('guarded', [hook, setNode('Out', { ok: 'yes' })]));
    const ok = await t.hook('guarded', { headers: basicHeader('caller', 'open sesame') });
    expect(ok.status).toBe(200);
    expect((await ok.json()).ok).toBe('yes');

    const none = await t.hook('guarded');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Basic realm="Webhook"');
    expect(await none.text()).toBe('Authorization is required!');
    expect((await t.hook('guarded', { headers: { authorization: 'Basic !!!' } })).status).toBe(401);

    for (const [user, password] of [['caller', 'wrong'], ['other', 'open sesame'], ['', '']]) {
      const wrong = await t.hook('guarded', { headers: basicHeader(user, password) });
      expect(wrong.status).toBe(403);
      expect(await wrong.text()).toBe('Authorization data is wrong!');
      expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="Webhook"');
    }

    // No credential at all is a node issue: activation is refused (n8n's checkReadyForExecution).
    const none0 = webhookNode({ path: 'no-cred', httpMethod: 'GET', authentication: 'basicAuth' });
    const created = await t.api('POST', '/workflows', workflow('no-cred', [none0]));
    const refused = await t.api('PATCH', `/workflows/${created.body.data.id}`, { active: true });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Credentials for "httpBasicAuth" are not set/);
    // A credential that no longer exists (deleted, or from another instance) answers 500.
    const bare = webhookNode({ path: 'no-cred', httpMethod: 'GET', authentication: 'basicAuth' }, { credentials: { httpBasicAuth: { id: 'gone', name: 'Deleted basic' } } });
    await t.activate(workflow('no-cred-2', [bare]));
    const missing = await t.hook('no-cred', { headers: basicHeader('caller', 'open sesame') });
    expect(missing.status).toBe(500);
    expect(await missing.text()).toBe('No authentication data defined on node!');
    // A credential without a password cannot authenticate anyone either.
    const half = webhookNode({ path: 'half-cred', httpMethod: 'GET', authentication: 'basicAuth' }, { credentials: { httpBasicAuth: cred.empty } });
    await t.activate(workflow('half-cred', [half]));
    expect((await t.hook('half-cred', { headers: basicHeader('caller', '') })).status).toBe(500);
  });

  it('Header Auth: the right header value runs, a missing or wrong one gets 403, no credential 500', async () => {
    const hook = webhookNode({ path: 'header-guarded', httpMethod: 'POST', authentication: 'headerAuth' }, { credentials: { httpHeaderAuth: cred.hookHeader } });
    await t.activate(workflow('header-guarded', [hook]));
    expect((await t.hook('header-guarded', { method: 'POST', headers: { 'x-hook-secret': 's3cr3t' } })).status).toBe(200);
    const missing = await t.hook('header-guarded', { method: 'POST' });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toBe('Authorization data is wrong!');
    expect((await t.hook('header-guarded', { method: 'POST', headers: { 'x-hook-secret': 's3cr3T' } })).status).toBe(403);

    const bare = webhookNode({ path: 'header-no-cred', httpMethod: 'GET', authentication: 'headerAuth' }, { credentials: { httpHeaderAuth: { id: 'deleted', name: 'Deleted credential' } } });
    await t.activate(workflow('header-no-cred', [bare]));
    const r = await t.hook('header-no-cred', { headers: { 'x-hook-secret': 's3cr3t' } });
    expect(r.status).toBe(500);
    expect(await r.text()).toBe('No authentication data defined on node!');
  });

  it("a Wait node's resume webhook checks its Basic Auth credential before resuming", async () => {
    const hook = webhookNode({ path: 'approve-auth', httpMethod: 'GET' });
    const remember = setNode('Remember', { resumeUrl: '={{ $execution.resumeUrl }}' });
    const wait = node('Wait', 'n8n-nodes-base.wait', 1.1, { resume: 'webhook', httpMethod: 'POST', responseMode: 'onReceived', incomingAuthentication: 'basicAuth' }, { credentials: { httpBasicAuth: cred.hookBasic } });
    const wf = await t.activate(workflow('approve-auth', [hook, remember, wait], chain(hook, remember, wait)));
    await t.hook('approve-auth');
    const parked = await t.until(async () => {
      const e = (await t.api('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: wf.id }))}`)).body.data.results[0];
      return e?.status === 'waiting' ? e : undefined;
    });
    const url = `${t.url}webhook-waiting/${parked.id}`;
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: basicHeader('caller', 'nope') })).status).toBe(403);
    expect((await t.api('GET', `/executions/${parked.id}`)).body.data.status).toBe('waiting');
    expect((await fetch(url, { method: 'POST', headers: basicHeader('caller', 'open sesame') })).status).toBe(200);
    await t.until(async () => ((await t.api('GET', `/executions/${parked.id}`)).body.data.status === 'success' ? true : undefined));
  });
});
