// Credentials: stored encrypted under the instance key (generated once into the data folder, or
// SWITCHYARD_ENCRYPTION_KEY), the REST calls of spec 002 §7, and their validation errors.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, startServer, tempDataDir, type TestServer } from './helpers.ts';
import { CREDENTIAL_BLANK_VALUE } from '../../src/model/credentialTypes.ts';

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.dispose();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function server(env: Record<string, string> = {}, dataDir?: string): Promise<TestServer> {
  const s = await startServer(env, { dataDir });
  if (!dataDir) servers.push(s);
  return s;
}

const basic = { name: 'Partner API', type: 'httpBasicAuth', data: { user: 'ada', password: 's3cret-Pa55word' }, nodesAccess: [{ nodeType: 'n8n-nodes-base.httpRequest' }] };
/** What includeData answers for `basic`: the password as n8n's blank placeholder (the edit modal's view). */
const basicRedacted = { user: 'ada', password: CREDENTIAL_BLANK_VALUE };
/** The decrypted data a node of the default user gets (the stored values). */
async function stored(s: TestServer, id: string, type: string) {
  const owner = (await s.server.context.repos.users.ensureDefaultUser()).id;
  return s.server.context.credentials.resolveForNode(type, { name: 'Use', type: 'n8n-nodes-base.httpRequest', credentials: { [type]: { id, name: '' } } }, owner);
}

async function rawRows(s: TestServer): Promise<string> {
  return JSON.stringify(await s.server.db.selectFrom('credentials').selectAll().execute());
}

describe('credentials at rest', () => {
  it('the stored row holds ciphertext, not the secret; the key file is generated once with mode 0600', async () => {
    const s = await server();
    const created = await call(s, 'POST', '/rest/credentials', basic);
    expect(created.status).toBe(200);
    const raw = await rawRows(s);
    expect(raw).not.toContain('s3cret-Pa55word');
    expect(raw).not.toContain('ada');
    expect(raw).toContain('v1:');
    const keyFile = join(s.dataDir, 'encryptionKey');
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    // The database file itself does not carry the secret either.
    await s.close();
    for (const f of ['database.sqlite', 'database.sqlite-wal']) {
      try {
        expect(readFileSync(join(s.dataDir, f)).includes('s3cret-Pa55word')).toBe(false);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
  });

  it('a restart reuses the generated key and reads the credential back', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const a = await server({}, dataDir);
    const id = (await call(a, 'POST', '/rest/credentials', basic)).body.data.id;
    const key = readFileSync(join(dataDir, 'encryptionKey'), 'utf8');
    await a.close();
    const b = await server({}, dataDir);
    expect(readFileSync(join(dataDir, 'encryptionKey'), 'utf8')).toBe(key);
    expect((await call(b, 'GET', `/rest/credentials/${id}?includeData=true`)).body.data.data).toEqual(basicRedacted);
    expect(await stored(b, id, 'httpBasicAuth')).toEqual(basic.data);
    await b.close();
  });

  it('SWITCHYARD_ENCRYPTION_KEY is used instead of a key file; another key cannot open the data', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const a = await server({ SWITCHYARD_ENCRYPTION_KEY: 'first key of the instance' }, dataDir);
    const id = (await call(a, 'POST', '/rest/credentials', basic)).body.data.id;
    await a.close();
    expect(() => statSync(join(dataDir, 'encryptionKey'))).toThrow();
    const b = await server({ SWITCHYARD_ENCRYPTION_KEY: 'first key of the instance' }, dataDir);
    expect((await call(b, 'GET', `/rest/credentials/${id}?includeData=true`)).body.data.data).toEqual(basicRedacted);
    expect(await stored(b, id, 'httpBasicAuth')).toEqual(basic.data);
    await b.close();
    const c = await server({ SWITCHYARD_ENCRYPTION_KEY: 'a different key entirely' }, dataDir);
    const r = await call(c, 'GET', `/rest/credentials/${id}?includeData=true`);
    expect(r.status).toBe(500);
    expect(r.body.message).toMatch(/could not be decrypted/);
    expect(JSON.stringify(r.body)).not.toContain('s3cret');
    await c.close();
  });
});

describe('credentials REST', () => {
  it('creates, lists, reads, updates and deletes; data only with includeData=true', async () => {
    const s = await server();
    const created = (await call(s, 'POST', '/rest/credentials', basic)).body.data;
    expect(created).toMatchObject({ name: 'Partner API', type: 'httpBasicAuth', nodesAccess: basic.nodesAccess });
    expect(created.data).toBeUndefined();
    expect(typeof created.id).toBe('string');

    await call(s, 'POST', '/rest/credentials', { name: 'Another', type: 'httpHeaderAuth', data: { name: 'X-Api-Key', value: 'k' } });
    const list = (await call(s, 'GET', '/rest/credentials')).body.data;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Another', 'Partner API']);
    expect(JSON.stringify(list)).not.toContain('s3cret');
    const filtered = (await call(s, 'GET', `/rest/credentials?filter=${encodeURIComponent('{"type":"httpHeaderAuth"}')}`)).body.data;
    expect(filtered.map((c: { name: string }) => c.name)).toEqual(['Another']);

    const plain = (await call(s, 'GET', `/rest/credentials/${created.id}`)).body.data;
    expect(plain.data).toBeUndefined();
    const full = (await call(s, 'GET', `/rest/credentials/${created.id}?includeData=true`)).body.data;
    expect(full.data).toEqual(basicRedacted);

    // A redacted value sent back keeps what is stored; other fields change.
    const patched = await call(s, 'PATCH', `/rest/credentials/${created.id}`, { name: ' Renamed ', data: { user: 'grace', password: CREDENTIAL_BLANK_VALUE } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.name).toBe('Renamed');
    expect(patched.body.data.data).toBeUndefined();
    expect((await call(s, 'GET', `/rest/credentials/${created.id}?includeData=true`)).body.data.data).toEqual({ user: 'grace', password: CREDENTIAL_BLANK_VALUE });
    expect(await stored(s, created.id, 'httpBasicAuth')).toEqual({ user: 'grace', password: 's3cret-Pa55word' });

    expect((await call(s, 'DELETE', `/rest/credentials/${created.id}`)).body).toEqual({ data: true });
    const gone = await call(s, 'GET', `/rest/credentials/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(`Credential with ID "${created.id}" could not be found`);
    expect((await call(s, 'DELETE', `/rest/credentials/${created.id}`)).status).toBe(404);
    expect((await call(s, 'PATCH', `/rest/credentials/${created.id}`, { name: 'x' })).status).toBe(404);
  });

  it('GET /credentials/new gives a unique default name; GET /credential-types lists the types', async () => {
    const s = await server();
    expect((await call(s, 'GET', '/rest/credentials/new')).body.data).toEqual({ name: 'My credentials' });
    await call(s, 'POST', '/rest/credentials', { name: 'My credentials', type: 'httpQueryAuth', data: {} });
    await call(s, 'POST', '/rest/credentials', { name: 'My credentials 2', type: 'httpQueryAuth', data: {} });
    expect((await call(s, 'GET', '/rest/credentials/new')).body.data).toEqual({ name: 'My credentials 3' });
    expect((await call(s, 'GET', '/rest/credentials/new?name=Unnamed%20credential')).body.data).toEqual({ name: 'Unnamed credential' });
    const types = (await call(s, 'GET', '/rest/credential-types')).body.data;
    // Every built-in type (issue 13 added the schemes, the OAuth types and predefined services).
    expect(types.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['httpBasicAuth', 'httpHeaderAuth', 'httpQueryAuth', 'smtp', 'oAuth1Api', 'oAuth2Api', 'googleOAuth2Api']));
    expect(types.find((t: { name: string }) => t.name === 'smtp').properties.map((p: { name: string }) => p.name)).toEqual(['user', 'password', 'host', 'port', 'secure', 'disableStartTls', 'hostName']);
  });

  it.each([
    ['empty name', { ...basic, name: '   ' }, 'Credential name cannot be empty'],
    ['long name', { ...basic, name: 'x'.repeat(65) }, 'Credential name cannot be longer than 64 characters'],
    ['unknown type', { ...basic, type: 'noSuchServiceApi' }, 'Credential type "noSuchServiceApi" not found'],
    ['unknown property', { ...basic, data: { user: 'a', token: 'b' } }, 'body/data/token is not a property of credential type "httpBasicAuth"'],
    ['wrong value type', { ...basic, data: { user: 5 } }, 'body/data/user must be a string'],
    ['number as text', { name: 'Mail', type: 'smtp', data: { host: 'mail.example.com', port: '25' } }, 'body/data/port must be a number'],
    ['required missing', { name: 'Mail', type: 'smtp', data: { user: 'u' } }, 'body/data/host: This field is required'],
    ['nested value', { ...basic, data: { user: { nested: true } } }, 'body/data/user must be a string'],
    ['oversized value', { ...basic, data: { password: 'x'.repeat(70000) } }, 'body/data/password must not be longer than 65536 characters'],
    ['no name', { type: 'httpBasicAuth' }, 'body/name is required'],
  ])('POST with %s is refused with 400 and stores nothing', async (_label, body, message) => {
    const s = await server();
    const r = await call(s, 'POST', '/rest/credentials', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
    expect(await rawRows(s)).toBe('[]');
  });

  it('a type change needs data for the new type; PATCH validates like POST', async () => {
    const s = await server();
    const id = (await call(s, 'POST', '/rest/credentials', basic)).body.data.id;
    expect((await call(s, 'PATCH', `/rest/credentials/${id}`, { type: 'httpHeaderAuth' })).body.message).toMatch(/needs its data/);
    expect((await call(s, 'PATCH', `/rest/credentials/${id}`, { data: { nope: 'x' } })).status).toBe(400);
    const r = await call(s, 'PATCH', `/rest/credentials/${id}`, { type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'v' } });
    expect(r.body.data.type).toBe('httpHeaderAuth');
    expect((await call(s, 'GET', `/rest/credentials/${id}?includeData=true`)).body.data.data).toEqual({ name: 'X-Key', value: CREDENTIAL_BLANK_VALUE });
    expect(await stored(s, id, 'httpHeaderAuth')).toEqual({ name: 'X-Key', value: 'v' });
  });

  it('create and update answer the OAuth connection state as the list does', async () => {
    const s = await server();
    const oauth = { grantType: 'authorizationCode', authUrl: 'http://127.0.0.1:1/auth', accessTokenUrl: 'http://127.0.0.1:1/token', clientId: 'c', clientSecret: 'x' };
    const created = await call(s, 'POST', '/rest/credentials', { name: 'O', type: 'oAuth2Api', data: oauth });
    expect(created.body.data.oauth).toBe('notConnected');
    const patched = await call(s, 'PATCH', `/rest/credentials/${created.body.data.id}`, { name: 'O2' });
    expect(patched.body.data.oauth).toBe('notConnected');
    const list = await call(s, 'GET', '/rest/credentials');
    expect(list.body.data.find((c: { id: string }) => c.id === created.body.data.id).oauth).toBe('notConnected');
    // Client credentials are not connected by a user: no state.
    const machine = await call(s, 'PATCH', `/rest/credentials/${created.body.data.id}`, { data: { ...oauth, grantType: 'clientCredentials' } });
    expect(machine.body.data.oauth).toBeUndefined();
    expect((await call(s, 'POST', '/rest/credentials', basic)).body.data.oauth).toBeUndefined();
  });

  it('POST /credentials/test has no test for HTTP auth types and reports an SMTP server that is not there', async () => {
    const s = await server();
    const http = await call(s, 'POST', '/rest/credentials/test', { credentials: { name: 'x', type: 'httpBasicAuth', data: { user: 'a', password: 'b' } } });
    expect(http.body.data).toEqual({ status: 'Error', message: 'Credentials of type "httpBasicAuth" have no connection test' });
    const smtp = await call(s, 'POST', '/rest/credentials/test', { credentials: { name: 'x', type: 'smtp', data: { host: '127.0.0.1', port: 1, secure: false } } });
    expect(smtp.body.data.status).toBe('Error');
    expect(smtp.body.data.message).toMatch(/ECONNREFUSED/);
  });
});
