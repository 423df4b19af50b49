// GraphQL (n8n-nodes-base.graphql 1 and 1.1) against a local HTTP server that answers as a
// GraphQL server does: POST application/json ({ query, variables, operationName }), POST
// application/graphql (the raw query), GET ?query=; `errors` arrays; authentication through the
// engine's credential code (header, basic, query, custom, digest against an RFC 7616 server, OAuth 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { IDataObject } from '../../src/model/workflow.ts';
import { errorOf, jsonOf, output, runChain } from './helpers.ts';
import { startServer, type SeenRequest } from './httpServer.ts';
import { startDigestServer } from '../engine/digestServer.ts';

interface Gql {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** A tiny schema: hello(name), addItem(name) mutation, fail (an error), whoami (the auth it saw). */
function resolve(req: Gql, headers: IncomingHttpHeaders, url: string): unknown {
  const q = req.query;
  if (/\bfail\b/.test(q)) return { data: null, errors: [{ message: 'Field "fail" failed', path: ['fail'] }, { message: 'Second problem' }] };
  if (/^\s*mutation\b/.test(q) && /addItem/.test(q)) return { data: { addItem: { id: 7, name: req.variables?.name ?? null } } };
  if (/whoami/.test(q)) return { data: { whoami: { apiKey: headers['x-api-key'] ?? null, authorization: headers.authorization ?? null, url } } };
  if (/hello/.test(q)) {
    const ops = [...q.matchAll(/query\s+(\w+)/g)].map((m) => m[1]);
    if (ops.length > 1 && !req.operationName) return { errors: [{ message: 'Must provide operation name if query contains multiple operations.' }] };
    return { data: { hello: `world ${req.variables?.name ?? 'anonymous'}`, operation: req.operationName ?? null } };
  }
  return { errors: [{ message: `Syntax Error: cannot parse "${q.slice(0, 20)}"` }] };
}

function graphqlHandler(req: SeenRequest, res: ServerResponse) {
  let body: Gql;
  const type = String(req.headers['content-type'] ?? '');
  if (req.method === 'GET') {
    const u = new URL(req.url, 'http://x');
    body = { query: u.searchParams.get('query') ?? '', variables: u.searchParams.get('variables') ? JSON.parse(u.searchParams.get('variables')!) : undefined, operationName: u.searchParams.get('operationName') };
  } else if (type.startsWith('application/graphql')) {
    body = { query: req.body };
  } else if (type.startsWith('application/json')) {
    body = JSON.parse(req.body) as Gql;
  } else {
    res.writeHead(415, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ errors: [{ message: `Unsupported content type ${type}` }] }));
  }
  const result = resolve(body, req.headers, req.url) as { errors?: unknown; data?: unknown };
  // Like many servers: request errors (no data at all) come with 400.
  res.writeHead(result.errors && result.data === undefined ? 400 : 200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(result));
}

let srv: Awaited<ReturnType<typeof startServer>>;
let digest: Awaited<ReturnType<typeof startDigestServer>>;

beforeAll(async () => {
  srv = await startServer({
    '/graphql': graphqlHandler,
    '/secured': (req, res) => {
      const auth = req.headers.authorization ?? '';
      const token = new URL(req.url, 'http://x').searchParams.get('token');
      const ok = req.headers['x-api-key'] === 'k3y' || auth === `Basic ${Buffer.from('ada:pw').toString('base64')}` || auth === 'Bearer oauth-token' || token === 'qtok';
      if (!ok) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ errors: [{ message: 'Not authorised' }] }));
      }
      graphqlHandler(req, res);
    },
    '/text': (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    },
  });
  digest = await startDigestServer({ users: { ada: 'd1gest' }, algorithms: ['SHA-256'], qop: 'auth' });
});
afterAll(async () => {
  await srv.close();
  await digest.close();
});

const gql = (typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'GraphQL', type: 'n8n-nodes-base.graphql', typeVersion, parameters: { endpoint: `${srv.base}/graphql`, ...parameters }, ...extra });
const creds = (byType: Record<string, IDataObject>) => ({ runOptions: { getCredentials: async (type: string) => { if (!byType[type]) throw new Error(`no ${type}`); return byType[type]; } } });

describe('GraphQL', () => {
  it('1.1 POSTs JSON by default: query, variables (text or object) and operation name', async () => {
    const run = await runChain([{ who: 'Ada' }], [gql(1.1, { query: 'query A { hello } query B { hello }', variables: '={{ JSON.stringify({ name: $json.who }) }}', operationName: 'B' })]);
    expect(jsonOf(run, 'GraphQL')).toEqual([{ data: { hello: 'world Ada', operation: 'B' } }]);
    const sent = srv.seen.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({ query: 'query A { hello } query B { hello }', variables: { name: 'Ada' }, operationName: 'B' });
    const obj = await runChain([{}], [gql(1.1, { query: 'query { hello }', variables: { name: 'Obj' } })]);
    expect(jsonOf(obj, 'GraphQL')).toEqual([{ data: { hello: 'world Obj', operation: null } }]);
    expect(JSON.parse(srv.seen.at(-1)!.body).operationName).toBeNull();
  });

  it('runs mutations', async () => {
    const run = await runChain([{}], [gql(1.1, { query: 'mutation Add($name: String!) { addItem(name: $name) { id name } }', variables: '{"name":"widget"}' })]);
    expect(jsonOf(run, 'GraphQL')).toEqual([{ data: { addItem: { id: 7, name: 'widget' } } }]);
  });

  it('1 sends the raw query as application/graphql by default; 1.1 can too', async () => {
    const v1 = await runChain([{}], [gql(1, { query: '{ hello }' })]);
    expect(jsonOf(v1, 'GraphQL')).toEqual([{ data: { hello: 'world anonymous', operation: null } }]);
    expect(srv.seen.at(-1)!.headers['content-type']).toBe('application/graphql');
    expect(srv.seen.at(-1)!.body).toBe('{ hello }');
    const v11 = await runChain([{}], [gql(1.1, { requestFormat: 'graphql', query: '{ hello }' })]);
    expect(jsonOf(v11, 'GraphQL')).toHaveLength(1);
    expect(srv.seen.at(-1)!.headers['content-type']).toBe('application/graphql');
  });

  it('GET puts the query in the URL (Variables and Operation Name are POST-only, as in n8n)', async () => {
    const run = await runChain([{}], [gql(1.1, { requestMethod: 'GET', query: 'query Q { hello }', variables: '{"name":"G"}', operationName: 'Q' })]);
    expect(jsonOf(run, 'GraphQL')).toEqual([{ data: { hello: 'world anonymous', operation: null } }]);
    const u = new URL(srv.seen.at(-1)!.url, 'http://x');
    expect(srv.seen.at(-1)!.method).toBe('GET');
    expect(u.searchParams.get('query')).toBe('query Q { hello }');
    expect([...u.searchParams.keys()]).toEqual(['query']);
    expect(srv.seen.at(-1)!.body).toBe('');
  });

  it('an errors array fails the item with its messages, also on HTTP 400; continue on fail keeps going', async () => {
    const failed = await runChain([{}], [gql(1.1, { query: '{ fail }' })]);
    expect(errorOf(failed, 'GraphQL')?.message).toBe('Field "fail" failed, Second problem');
    const syntax = await runChain([{}], [gql(1.1, { query: 'nonsense' })]);
    expect(errorOf(syntax, 'GraphQL')?.message).toBe('Syntax Error: cannot parse "nonsense"');
    const cont = await runChain([{ q: '{ fail }' }, { q: '{ hello }' }], [gql(1.1, { query: '={{ $json.q }}' }, { continueOnFail: true })]);
    expect(output(cont, 'GraphQL').map((i) => i.json)).toEqual([{ data: null, errors: [{ message: 'Field "fail" failed', path: ['fail'] }, { message: 'Second problem' }] }, { error: 'Field "fail" failed, Second problem' }, { data: { hello: 'world anonymous', operation: null } }]);
  });

  it('response format string puts the body text in the named property', async () => {
    const run = await runChain([{}], [gql(1.1, { query: '{ hello }', responseFormat: 'string', dataPropertyName: 'raw' })]);
    expect(jsonOf(run, 'GraphQL')).toEqual([{ raw: '{"data":{"hello":"world anonymous","operation":null}}' }]);
    const failed = await runChain([{}], [gql(1.1, { query: '{ fail }', responseFormat: 'string' })]);
    expect(errorOf(failed, 'GraphQL')?.message).toBe('Field "fail" failed, Second problem');
  });

  it('bad input: no endpoint, invalid variables, a non-JSON answer, custom headers sent', async () => {
    expect(errorOf(await runChain([{}], [gql(1.1, { endpoint: '', query: '{ hello }' })]), 'GraphQL')?.message).toBe('The parameter "Endpoint" has to be set');
    expect(errorOf(await runChain([{}], [gql(1.1, { query: '{ hello }', variables: '{nope' })]), 'GraphQL')?.message).toMatch(/^Using variables failed:\n\{nope/);
    expect(errorOf(await runChain([{}], [gql(1.1, { endpoint: `${srv.base}/text`, query: '{ hello }' })]), 'GraphQL')?.message).toBe('Response body is not valid JSON. Change "Response Format" to "String"');
    await runChain([{}], [gql(1.1, { query: '{ hello }', headerParametersUi: { parameter: [{ name: 'X-Trace', value: 't-1' }] } })]);
    expect(srv.seen.at(-1)!.headers['x-trace']).toBe('t-1');
  });

  describe('authentication', () => {
    const secured = (authentication: string) => gql(1.1, { endpoint: `${srv.base}/secured`, authentication, query: '{ whoami }' });
    it('header, basic, query and custom auth', async () => {
      const header = await runChain([{}], [secured('headerAuth')], creds({ httpHeaderAuth: { name: 'X-Api-Key', value: 'k3y' } }));
      expect((jsonOf(header, 'GraphQL')[0] as any).data.whoami.apiKey).toBe('k3y');
      const basic = await runChain([{}], [secured('basicAuth')], creds({ httpBasicAuth: { user: 'ada', password: 'pw' } }));
      expect((jsonOf(basic, 'GraphQL')[0] as any).data.whoami.authorization).toMatch(/^Basic /);
      const query = await runChain([{}], [secured('queryAuth')], creds({ httpQueryAuth: { name: 'token', value: 'qtok' } }));
      expect((jsonOf(query, 'GraphQL')[0] as any).data.whoami.url).toContain('token=qtok');
      const custom = await runChain([{}], [secured('customAuth')], creds({ httpCustomAuth: { json: JSON.stringify({ headers: { 'X-Api-Key': 'k3y' } }) } }));
      expect((jsonOf(custom, 'GraphQL')[0] as any).data.whoami.apiKey).toBe('k3y');
      const wrong = await runChain([{}], [secured('headerAuth')], creds({ httpHeaderAuth: { name: 'X-Api-Key', value: 'bad' } }));
      expect(errorOf(wrong, 'GraphQL')?.message).toBe('Not authorised');
    });

    it('OAuth 2 sends the stored token as Bearer', async () => {
      const run = await runChain([{}], [secured('oAuth2')], creds({ oAuth2Api: { grantType: 'authorizationCode', accessTokenUrl: `${srv.base}/token`, clientId: 'c', clientSecret: 's', authentication: 'header', oauthTokenData: { access_token: 'oauth-token', token_type: 'Bearer' } } }));
      expect((jsonOf(run, 'GraphQL')[0] as any).data.whoami.authorization).toBe('Bearer oauth-token');
    });

    it('digest auth answers the challenge', async () => {
      const run = await runChain([{}], [gql(1.1, { endpoint: `${digest.base}/graphql`, authentication: 'digestAuth', query: '{ hello }' })], creds({ httpDigestAuth: { user: 'ada', password: 'd1gest' } }));
      const out = jsonOf(run, 'GraphQL')[0] as any;
      expect(out.authenticated).toBe('ada');
      expect(JSON.parse(out.body)).toEqual({ query: '{ hello }', variables: {}, operationName: null });
    });
  });
});
