// Every non-OAuth scheme through the real engine against a local server that records what it
// received: HTTP Request (v4.2 generic types, v1's authentication values, predefined service
// types) and a node that calls helpers.httpRequestWithAuthentication / requestWithAuthentication
// as community nodes do. Also: Custom Auth's checks, the list HTTP Request's Credential Type
// parameter offers, and which types are testable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChain, jsonOf, errorOf, type TestNode } from '../nodes/helpers.ts';
import { startServer, json, type SeenRequest } from '../nodes/httpServer.ts';
import { builtinTypes, createRegistry } from '../../src/nodes/registry.ts';
import type { NodeType } from '../../src/nodes/types.ts';
import type { IDataObject, INode } from '../../src/model/workflow.ts';
import { CREDENTIAL_TYPES, credentialType } from '../../src/nodes/credentials/registry.ts';
import { credentialTypesForSelect, isCredentialTestable, neededCredentialTypes } from '../../src/model/nodeCredentials.ts';
import { httpRequestV3Description } from '../../src/nodes/HttpRequest/v3/description.ts';
import { startDigestServer } from './digestServer.ts';

let http: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  http = await startServer({
    '/echo': (req, res) => json(200, { ok: true, body: req.body })(req, res),
    '/user': (req, res) => (req.headers.authorization === 'token ghp_right' ? json(200, { login: 'octocat' }) : json(401, { message: 'Bad credentials' }))(req, res),
  });
});
afterAll(() => http.close());

/** Credentials by type, as the server's getCredentials would hand them to the engine. */
function credentialsOf(map: Record<string, IDataObject>) {
  return async (type: string, node: INode) => {
    const c = map[type];
    if (!c) throw new Error(`Node "${node.name}": credentials for "${type}" are not set`);
    // The type's defaults under the stored values, as CredentialsService.resolveForNode does.
    const defaults = Object.fromEntries((credentialType(type)?.properties ?? []).map((p) => [p.name, p.default]));
    return { ...defaults, ...c } as IDataObject;
  };
}

async function httpRequest(parameters: Record<string, unknown>, credentials: Record<string, IDataObject>, typeVersion = 4.2, items: unknown[] = [{}]) {
  const before = http.seen.length;
  const node: TestNode = { name: 'HTTP Request', type: 'n8n-nodes-base.httpRequest', typeVersion, parameters: { url: `${http.base}/echo`, ...parameters } };
  const run = await runChain(items, [node], { runOptions: { getCredentials: credentialsOf(credentials) } });
  return { run, seen: http.seen.slice(before), out: jsonOf(run, 'HTTP Request'), error: errorOf(run, 'HTTP Request') };
}

const generic = (genericAuthType: string, extra: Record<string, unknown> = {}) => ({ authentication: 'genericCredentialType', genericAuthType, ...extra });
const query = (s: SeenRequest) => new URL(s.url, 'http://x').searchParams;

describe('generic credential types in HTTP Request 4.2', () => {
  it('Bearer Auth sends Authorization: Bearer <token>, replacing the node\'s own Authorization header', async () => {
    const r = await httpRequest(generic('httpBearerAuth', { sendHeaders: true, headerParameters: { parameters: [{ name: 'Authorization', value: 'Basic nope' }] } }), { httpBearerAuth: { token: 'tok-1' } });
    expect(r.error).toBeUndefined();
    expect(r.seen[0].headers.authorization).toBe('Bearer tok-1');
  });

  it('Basic, Header and Query Auth through their declared authenticate', async () => {
    const b = await httpRequest(generic('httpBasicAuth'), { httpBasicAuth: { user: 'ada', password: 'pa:ss wörd' } });
    expect(b.seen[0].headers.authorization).toBe(`Basic ${Buffer.from('ada:pa:ss wörd').toString('base64')}`);
    const h = await httpRequest(generic('httpHeaderAuth'), { httpHeaderAuth: { name: 'X-Api-Key', value: 'k-1' } });
    expect(h.seen[0].headers['x-api-key']).toBe('k-1');
    // The credential's query parameter replaces a same-named one of the node.
    const q = await httpRequest(generic('httpQueryAuth', { sendQuery: true, queryParameters: { parameters: [{ name: 'token', value: 'mine' }, { name: 'page', value: '2' }] } }), { httpQueryAuth: { name: 'token', value: 't 1' } });
    expect(query(q.seen[0]).getAll('token')).toEqual(['t 1']);
    expect(query(q.seen[0]).get('page')).toBe('2');
    // No name: a clear error, nothing sent.
    const empty = await httpRequest(generic('httpHeaderAuth'), { httpHeaderAuth: { name: '', value: 'v' } });
    expect(empty.error?.message).toBe('The Header Auth credential has no name set');
    expect(empty.seen).toHaveLength(0);
  });

  it('Custom Auth merges its headers, qs and body into the request', async () => {
    const custom = { json: JSON.stringify({ headers: { 'X-Custom': 'h-1' }, qs: { key: 'q 1' }, body: { secret: 's-1', n: 2 } }) };
    const r = await httpRequest(
      generic('httpCustomAuth', { method: 'POST', sendBody: true, bodyParameters: { parameters: [{ name: 'mine', value: 'm' }, { name: 'secret', value: 'overridden' }] }, sendQuery: true, queryParameters: { parameters: [{ name: 'page', value: '3' }] } }),
      { httpCustomAuth: custom },
    );
    expect(r.error).toBeUndefined();
    expect(r.seen[0].headers['x-custom']).toBe('h-1');
    expect(query(r.seen[0]).get('key')).toBe('q 1');
    expect(query(r.seen[0]).get('page')).toBe('3');
    expect(JSON.parse(r.seen[0].body)).toEqual({ mine: 'm', secret: 's-1', n: 2 });
    // Into a form body too.
    const form = await httpRequest(generic('httpCustomAuth', { method: 'POST', sendBody: true, contentType: 'form-urlencoded', bodyParameters: { parameters: [{ name: 'a', value: '1' }] } }), { httpCustomAuth: custom });
    expect(Object.fromEntries(new URLSearchParams(form.seen[0].body))).toEqual({ a: '1', secret: 's-1', n: '2' });
  });

  it('Custom Auth JSON that is not valid or not an object fails the item clearly, without the JSON in the message, and sends nothing', async () => {
    for (const [json, message] of [
      ['{"headers": {"X-Key": "sup3r-s3cret"', 'The Custom Auth credential cannot be used: its JSON is not valid JSON'],
      ['["sup3r-s3cret"]', 'The Custom Auth credential cannot be used: its JSON must be an object with "headers", "qs" and/or "body"'],
      ['{"headers": "sup3r-s3cret"}', 'The Custom Auth credential cannot be used: "headers" must be an object of names and values'],
      ['{"header": {"X": "sup3r-s3cret"}}', 'The Custom Auth credential cannot be used: its JSON has a key other than "headers", "qs" and "body"'],
      ['{"sup3r-s3cret": 1, "headers": {}}', 'The Custom Auth credential cannot be used: its JSON has a key other than "headers", "qs" and "body"'],
      ['{"headers": {"Bearer sup3r-s3cret": "x"}}', 'The Custom Auth credential cannot be used: a name in "headers" is not a valid header name'],
      ['{"headers": {"X-Key": "a\\r\\nInjected: sup3r-s3cret"}}', 'The Custom Auth credential cannot be used: the value of header "X-Key" contains a line break'],
      ['', 'The Custom Auth credential cannot be used: its JSON is empty'],
    ]) {
      const r = await httpRequest(generic('httpCustomAuth'), { httpCustomAuth: { json } });
      expect(r.error?.message).toBe(message);
      expect(JSON.stringify(r.run.data.resultData)).not.toContain('sup3r-s3cret');
      expect(r.seen).toHaveLength(0);
    }
  });

  it('Digest Auth: v4.2 genericAuthType httpDigestAuth and v1 digestAuth, each item answering the challenge once per run', async () => {
    const digest = await startDigestServer({ users: { ada: 'secret' }, algorithms: ['SHA-256'], qop: 'auth', opaque: 'o-1' });
    try {
      const node: TestNode = { name: 'HTTP Request', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, parameters: { url: `=${digest.base}/items/{{ $json.n }}`, ...generic('httpDigestAuth') } };
      const run = await runChain([{ n: 1 }, { n: 2 }, { n: 3 }], [node], { runOptions: { getCredentials: credentialsOf({ httpDigestAuth: { user: 'ada', password: 'secret' } }) } });
      expect(errorOf(run, 'HTTP Request')).toBeUndefined();
      expect(jsonOf(run, 'HTTP Request')).toEqual([1, 2, 3].map((n) => ({ authenticated: 'ada', method: 'GET', url: `/items/${n}`, body: '' })));
      // The items go out together: the first takes the challenge, the others wait for it and answer with nc 2 and 3.
      expect(digest.seen.map((s) => s.status)).toEqual([401, 200, 200, 200]);
      expect(digest.seen.map((s) => /nc=(\w+)/.exec(s.authorization ?? '')?.[1]).sort()).toEqual(['00000001', '00000002', '00000003', undefined]);

      const v1: TestNode = { name: 'HTTP Request', type: 'n8n-nodes-base.httpRequest', typeVersion: 1, parameters: { url: `${digest.base}/v1`, authentication: 'digestAuth', requestMethod: 'GET', responseFormat: 'json', jsonParameters: false } };
      const run1 = await runChain([{}], [v1], { runOptions: { getCredentials: credentialsOf({ httpDigestAuth: { user: 'ada', password: 'secret' } }) } });
      expect(jsonOf(run1, 'HTTP Request')).toEqual([{ authenticated: 'ada', method: 'GET', url: '/v1', body: '' }]);

      // A wrong password: the node fails with the 401.
      const bad = await runChain([{}], [v1], { runOptions: { getCredentials: credentialsOf({ httpDigestAuth: { user: 'ada', password: 'nope' } }) } });
      expect(errorOf(bad, 'HTTP Request')?.message).toBe('Authorization failed - please check your credentials');
    } finally {
      await digest.close();
    }
  });
});

describe('predefined credential types in HTTP Request', () => {
  it('githubApi sends "Authorization: token …" as GitHub expects; a wrong token gets GitHub\'s 401', async () => {
    const ok = await httpRequest({ url: `${http.base}/user`, authentication: 'predefinedCredentialType', nodeCredentialType: 'githubApi' }, { githubApi: { accessToken: 'ghp_right' } });
    expect(ok.error).toBeUndefined();
    expect(ok.out).toEqual([{ login: 'octocat' }]);
    const bad = await httpRequest({ url: `${http.base}/user`, authentication: 'predefinedCredentialType', nodeCredentialType: 'githubApi' }, { githubApi: { accessToken: 'ghp_wrong' } });
    expect(bad.error?.message).toBe('Authorization failed - please check your credentials');
  });

  it('mailgunApi (auth), pipedriveApi (qs), openAiApi (two headers), slackApi (Bearer) as each type declares', async () => {
    const m = await httpRequest({ authentication: 'predefinedCredentialType', nodeCredentialType: 'mailgunApi' }, { mailgunApi: { apiKey: 'key-m' } });
    expect(m.seen[0].headers.authorization).toBe(`Basic ${Buffer.from('api:key-m').toString('base64')}`);
    const p = await httpRequest({ authentication: 'predefinedCredentialType', nodeCredentialType: 'pipedriveApi' }, { pipedriveApi: { apiToken: 'pd-1' } });
    expect(query(p.seen[0]).get('api_token')).toBe('pd-1');
    const o = await httpRequest({ authentication: 'predefinedCredentialType', nodeCredentialType: 'openAiApi' }, { openAiApi: { apiKey: 'sk-1', organizationId: 'org-9' } });
    expect(o.seen[0].headers.authorization).toBe('Bearer sk-1');
    expect(o.seen[0].headers['openai-organization']).toBe('org-9');
    const s = await httpRequest({ authentication: 'predefinedCredentialType', nodeCredentialType: 'slackApi' }, { slackApi: { accessToken: 'xoxb-1' } });
    expect(s.seen[0].headers.authorization).toBe('Bearer xoxb-1');
  });

  it('an unknown type, an unset type, and OAuth (not yet) fail clearly and send nothing', async () => {
    const unknown = await httpRequest({ authentication: 'predefinedCredentialType', nodeCredentialType: 'noSuchApi' }, {});
    expect(unknown.error?.message).toBe('Credential type "noSuchApi" is not known');
    const unset = await httpRequest({ authentication: 'predefinedCredentialType', nodeCredentialType: '' }, {});
    expect(unset.error?.message).toBe('Credential Type is not set');
    const notGeneric = await httpRequest(generic('githubApi'), { githubApi: { accessToken: 'x' } });
    expect(notGeneric.error?.message).toBe('"githubApi" is not a Generic Auth Type');
    expect([...unknown.seen, ...unset.seen, ...notGeneric.seen]).toHaveLength(0);
  });
});

/** A node as a community package writes one: it authenticates through the helpers. */
const authCaller: NodeType = {
  kind: 'regular',
  description: {
    name: 'test.authCaller',
    displayName: 'Auth caller',
    description: '',
    group: ['transform'],
    version: 1,
    defaults: { name: 'Auth caller' },
    inputs: ['main'],
    outputs: ['main'],
    credentials: [{ name: 'githubApi', required: true }],
    properties: [
      { displayName: 'Base', name: 'base', type: 'string', default: '' },
      { displayName: 'Legacy', name: 'legacy', type: 'boolean', default: false },
    ],
  },
  async execute(ctx) {
    const base = ctx.getNodeParameter('base', 0) as string;
    if (ctx.getNodeParameter('legacy', 0)) {
      const body = await ctx.helpers.requestWithAuthentication('githubApi', { uri: `${base}/user`, method: 'GET', json: true });
      const full = (await ctx.helpers.requestWithAuthentication('githubApi', { uri: `${base}/echo`, method: 'POST', form: { a: 'b' }, resolveWithFullResponse: true, json: true })) as { statusCode: number; body: IDataObject };
      return [[{ json: { body: body as IDataObject, status: full.statusCode, echoed: full.body.body as string } }]];
    }
    const user = await ctx.helpers.httpRequestWithAuthentication('githubApi', { baseURL: base, url: '/user', method: 'GET', json: true });
    const full = (await ctx.helpers.httpRequestWithAuthentication('githubApi', { baseURL: `${base}/`, url: 'nope', method: 'GET', returnFullResponse: true, ignoreHttpStatusErrors: true })) as { statusCode: number };
    return [[{ json: { user: user as IDataObject, status: full.statusCode } }]];
  },
};

describe('helpers.httpRequestWithAuthentication and requestWithAuthentication', () => {
  const nodeTypes = createRegistry([...builtinTypes, authCaller]);
  const run = (parameters: Record<string, unknown>, token: string) =>
    runChain([{}], [{ name: 'Auth caller', type: 'test.authCaller', typeVersion: 1, parameters }], { runOptions: { nodeTypes, getCredentials: credentialsOf({ githubApi: { accessToken: token } }) } });

  it('authenticate a node\'s requests as its credential type declares (base URL joined, n8n\'s answer shapes)', async () => {
    const before = http.seen.length;
    const r = await run({ base: http.base }, 'ghp_right');
    expect(errorOf(r, 'Auth caller')).toBeUndefined();
    expect(jsonOf(r, 'Auth caller')).toEqual([{ user: { login: 'octocat' }, status: 404 }]);
    expect(http.seen.slice(before).map((s) => [s.url, s.headers.authorization])).toEqual([
      ['/user', 'token ghp_right'],
      ['/nope', 'token ghp_right'],
    ]);
    const legacy = await run({ base: http.base, legacy: true }, 'ghp_right');
    expect(jsonOf(legacy, 'Auth caller')).toEqual([{ body: { login: 'octocat' }, status: 200, echoed: 'a=b' }]);
  });

  it('a status error fails the node with the answer (simple requests)', async () => {
    const r = await run({ base: http.base }, 'ghp_wrong');
    expect(errorOf(r, 'Auth caller')?.message).toMatch(/^401 - /);
  });
});

describe('credential types offered and testable', () => {
  it("HTTP Request's Credential Type offers the service types (authenticate, or OAuth), not the generic ones", () => {
    const property = httpRequestV3Description.properties.find((p) => p.name === 'nodeCredentialType')!;
    const offered = credentialTypesForSelect(property, CREDENTIAL_TYPES).map((t) => t.name);
    for (const name of ['githubApi', 'gitlabApi', 'slackApi', 'openAiApi', 'airtableTokenApi', 'stripeApi', 'mailgunApi', 'pipedriveApi', 'hubspotAppToken', 'linearApi', 'discordBotApi']) {
      expect(offered).toContain(name);
    }
    for (const name of ['httpBasicAuth', 'httpHeaderAuth', 'httpQueryAuth', 'httpBearerAuth', 'httpCustomAuth', 'httpDigestAuth', 'smtp', 'telegramApi']) expect(offered).not.toContain(name);
    const genericList = credentialTypesForSelect(httpRequestV3Description.properties.find((p) => p.name === 'genericAuthType')!, CREDENTIAL_TYPES).map((t) => t.name);
    for (const name of ['httpBasicAuth', 'httpBearerAuth', 'httpCustomAuth', 'httpDigestAuth', 'httpHeaderAuth', 'httpQueryAuth']) expect(genericList).toContain(name);
    // The credential selector then asks for the picked type.
    expect(neededCredentialTypes(httpRequestV3Description, { authentication: 'predefinedCredentialType', nodeCredentialType: 'githubApi' }, 4.2)).toEqual([{ name: 'githubApi', required: true }]);
  });

  it('a type that declares a test is testable once its required fields are filled', () => {
    expect(isCredentialTestable(credentialType('githubApi')!, { accessToken: 'x' })).toBe(true);
    expect(isCredentialTestable(credentialType('slackApi')!, {})).toBe(false); // accessToken is required
    expect(isCredentialTestable(credentialType('slackApi')!, { accessToken: 'x' })).toBe(true);
    expect(isCredentialTestable(credentialType('githubApi')!, { accessToken: '={{ $env.TOKEN }}' })).toBe(false);
    expect(isCredentialTestable(credentialType('httpBearerAuth')!, { token: 'x' })).toBe(false);
    expect(isCredentialTestable(credentialType('pipedriveApi')!, { apiToken: 'x' })).toBe(false);
  });
});
