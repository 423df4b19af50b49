// GET /community-packages/count (src/server/rest/communityPackageCount.ts): the npm registry's
// search total, asked by the server (the editor calls no other host), against a registry played
// by a real HTTP server on 127.0.0.1: the count, the hour's cache, one request for callers at once,
// 503 with a clear message for an error answer, a time-out, a closed port and a wrong answer; and
// through the real server (SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY pointing at that registry), owner
// or default user only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommunityPackageCounter, packageSearchUrl } from '../../src/server/rest/communityPackageCount.ts';
import { HttpError } from '../../src/server/errors.ts';
import { startServer, type TestServer } from './helpers.ts';
import { addMember, api, setupOwner, startMailbox, type Mailbox } from './accountHelpers.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
const seen: string[] = [];
let registry: Server;
let base: string;

beforeAll(async () => {
  registry = createServer((req, res) => {
    seen.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((r) => registry.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  registry.closeAllConnections();
  await new Promise((r) => registry.close(r));
});

const json = (body: unknown, status = 200): Handler => (_req, res) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function failure(counter: CommunityPackageCounter): Promise<HttpError> {
  const e = await counter.count().then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HttpError);
  expect((e as HttpError).statusCode).toBe(503);
  return e as HttpError;
}

describe('community package count', () => {
  it('asks the search for keywords:n8n-community-node-package, one row', () => {
    expect(packageSearchUrl('https://registry.npmjs.org/')).toBe('https://registry.npmjs.org/-/v1/search?text=keywords:n8n-community-node-package&size=1');
    expect(packageSearchUrl('http://127.0.0.1:4873/npm')).toBe('http://127.0.0.1:4873/npm/-/v1/search?text=keywords:n8n-community-node-package&size=1');
  });

  it("answers the registry's total and keeps it an hour; callers at once share one request", async () => {
    let now = 1_000_000;
    handler = json({ objects: [{ package: { name: 'n8n-nodes-x' } }], total: 4321, time: 'now' });
    seen.length = 0;
    const counter = new CommunityPackageCounter({ registry: base, now: () => now });
    expect(await Promise.all([counter.count(), counter.count(), counter.count()])).toEqual([4321, 4321, 4321]);
    expect(seen).toEqual(['/-/v1/search?text=keywords:n8n-community-node-package&size=1']);
    handler = json({ total: 5000 });
    now += 59 * 60 * 1000;
    expect(await counter.count()).toBe(4321);
    expect(counter.fetches).toBe(1);
    now += 2 * 60 * 1000;
    expect(await counter.count()).toBe(5000);
    expect(counter.fetches).toBe(2);
  });

  it('503 naming the HTTP status when the registry answers an error; kept a minute, then asked again', async () => {
    let now = 0;
    handler = json({ error: 'down' }, 502);
    const counter = new CommunityPackageCounter({ registry: base, now: () => now });
    expect((await failure(counter)).message).toBe(`The npm registry could not be asked for the number of community packages: 127.0.0.1:${new URL(base).port} answered HTTP 502`);
    handler = json({ total: 77 });
    await failure(counter);
    expect(counter.fetches).toBe(1);
    now += 61 * 1000;
    expect(await counter.count()).toBe(77);
  });

  it('503 after the time-out when the registry does not answer', async () => {
    handler = () => undefined; // never answers
    const counter = new CommunityPackageCounter({ registry: base, timeoutMs: 300 });
    const t0 = Date.now();
    expect((await failure(counter)).message).toMatch(/no answer within 0.3 s$/);
    expect(Date.now() - t0).toBeLessThan(3000);
    registry.closeAllConnections();
  });

  it('503 when nothing listens, and for answers without a total', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect((await failure(new CommunityPackageCounter({ registry: `http://127.0.0.1:${port}/` }))).message).toMatch(/cannot be reached \(ECONNREFUSED\)/);
    handler = (_req, res) => res.end('<html>not json</html>');
    expect((await failure(new CommunityPackageCounter({ registry: base }))).message).toMatch(/its answer is not JSON$/);
    handler = json({ objects: [] });
    expect((await failure(new CommunityPackageCounter({ registry: base }))).message).toMatch(/its answer has no package total$/);
    handler = json({ total: -3 });
    expect((await failure(new CommunityPackageCounter({ registry: base }))).message).toMatch(/its answer has no package total$/);
  });
});

describe('GET /rest/community-packages/count through the server', () => {
  let s: TestServer;
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
    // The registry packages are installed from is the one asked for the count.
    s = await startServer({ ...mailbox.env, SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY: base });
  });
  afterAll(async () => {
    await s.dispose();
    await mailbox.close();
  });

  it("answers the owner the configured registry's count; a member gets 403, a visitor 401", async () => {
    handler = json({ total: 2718 });
    seen.length = 0;
    const owner = await setupOwner(s);
    const a = await api(s, 'GET', '/rest/community-packages/count', undefined, { cookie: owner.cookie });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ data: { count: 2718 } });
    expect(seen).toEqual(['/-/v1/search?text=keywords:n8n-community-node-package&size=1']);
    const member = await addMember(s, mailbox, owner, 'member@example.com');
    const m = await api(s, 'GET', '/rest/community-packages/count', undefined, { cookie: member.cookie });
    expect(m.status).toBe(403);
    expect((await api(s, 'GET', '/rest/community-packages/count')).status).toBe(401);
  });
});
