// Digest Auth (RFC 7616) against a local server that implements the RFC (digestServer.ts):
// every algorithm, qop auth and none, opaque, userhash, a UTF-8 user name, the nonce count
// continuing over a node run's requests, a stale nonce, a wrong password, and a challenge the
// client cannot answer. Known answers first: the RFCs' own examples, for the server's
// verifier and for the client.
import { afterEach, describe, expect, it } from 'vitest';
import { digestAuthorization, parseChallenges, chooseChallenge } from '../../src/engine/auth/digest.ts';
import { sendAuthenticated, type AuthEnvironment, type DigestCache } from '../../src/engine/auth/index.ts';
import { defaultHttpRequest } from '../../src/engine/http.ts';
import { DEFAULT_LIMITS } from '../../src/engine/types.ts';
import { expectedResponse, startDigestServer } from './digestServer.ts';

const servers: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(options: Parameters<typeof startDigestServer>[0]) {
  const s = await startDigestServer(options);
  servers.push(s);
  return s;
}

function env(cache?: DigestCache): AuthEnvironment {
  return { limits: DEFAULT_LIMITS, digestCache: cache, send: (o) => defaultHttpRequest(o, new AbortController().signal) };
}

const digest = (user: string, password: string) => ({ user, password });

// RFC 7616 §3.9.1 and RFC 2617 §3.5.
const RFC7616 = {
  username: 'Mufasa',
  password: 'Circle of Life',
  realm: 'http-auth@example.org',
  nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
  uri: '/dir/index.html',
};

describe('known answers', () => {
  it("the test server's verifier gives the RFCs' example responses", () => {
    const common = { ...RFC7616, method: 'GET', nc: '00000001', qop: 'auth' };
    expect(expectedResponse({ ...common, algorithm: 'MD5' })).toBe('8ca523f5e9506fed4657c9700eebdbec');
    expect(expectedResponse({ ...common, algorithm: 'SHA-256' })).toBe('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
    expect(
      expectedResponse({ algorithm: 'MD5', username: 'Mufasa', password: 'Circle Of Life', realm: 'testrealm@host.com', method: 'GET', uri: '/dir/index.html', nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093', nc: '00000001', cnonce: '0a4f113b', qop: 'auth' }),
    ).toBe('6629fae49393a05397450978507c4ef1');
  });

  it('the client answers the RFC 7616 example challenge with the example Authorization', () => {
    const header = `Digest realm="${RFC7616.realm}", qop="auth, auth-int", algorithm=SHA-256, nonce="${RFC7616.nonce}", opaque="${RFC7616.opaque}", Digest realm="${RFC7616.realm}", qop="auth, auth-int", algorithm=MD5, nonce="${RFC7616.nonce}", opaque="${RFC7616.opaque}"`;
    const challenges = parseChallenges(header);
    expect(challenges.map((c) => c.params.algorithm)).toEqual(['SHA-256', 'MD5']);
    const chosen = chooseChallenge(challenges);
    const auth = digestAuthorization({ challenge: chosen, nc: 0 }, 'Mufasa', 'Circle of Life', 'GET', '/dir/index.html', RFC7616.cnonce);
    expect(auth).toContain('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"');
    expect(auth).toContain('nc=00000001');
    expect(auth).toContain(`opaque="${RFC7616.opaque}"`);
    expect(auth).toContain('qop=auth,');
    expect(auth).toContain('algorithm=SHA-256');
  });

  it('parses several challenges, quoted commas and escapes', () => {
    const c = parseChallenges('Basic realm="a, b", Digest realm="x\\"y", nonce=abc, qop="auth"');
    expect(c).toEqual([
      { scheme: 'Basic', params: { realm: 'a, b' } },
      { scheme: 'Digest', params: { realm: 'x"y', nonce: 'abc', qop: 'auth' } },
    ]);
  });
});

describe('Digest Auth against an RFC 7616 server', () => {
  for (const algorithm of ['MD5', 'MD5-sess', 'SHA-256', 'SHA-256-sess', 'SHA-512-256']) {
    it(`${algorithm}, qop auth, opaque: the first request goes without credentials, the 401's challenge is answered`, async () => {
      const s = await server({ users: { ada: 'pa:ss wörd' }, algorithms: [algorithm], qop: 'auth', opaque: 'opaque-42' });
      const r = await sendAuthenticated('httpDigestAuth', digest('ada', 'pa:ss wörd'), { url: `${s.base}/dir/index.html?x=1&y=two`, method: 'GET', qs: { z: 'a b' }, returnFullResponse: true }, env());
      expect(r.statusCode).toBe(200);
      expect(r.body).toMatchObject({ authenticated: 'ada', url: '/dir/index.html?x=1&y=two&z=a+b' });
      expect(s.seen.map((x) => [x.status, x.authorization === undefined, x.reason])).toEqual([
        [401, true, 'no credentials'],
        [200, false, undefined],
      ]);
      expect(s.seen[1].authorization).toMatch(new RegExp(`algorithm=${algorithm}(,|$)`));
    });
  }

  it('prefers the first challenge it can answer (SHA-256 offered before MD5)', async () => {
    const s = await server({ users: { ada: 'x' }, algorithms: ['SHA-256', 'MD5'], qop: 'auth' });
    const r = await sendAuthenticated('httpDigestAuth', digest('ada', 'x'), { url: `${s.base}/a`, method: 'GET' }, env());
    expect(r.statusCode).toBe(200);
    expect(s.seen[1].authorization).toContain('algorithm=SHA-256');
  });

  it('RFC 2069 servers (no qop, no algorithm) and POST bodies', async () => {
    const s = await server({ users: { ada: 'x' }, algorithms: ['none'] });
    const r = await sendAuthenticated('httpDigestAuth', digest('ada', 'x'), { url: `${s.base}/post`, method: 'POST', body: { hello: 'world' } }, env());
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatchObject({ method: 'POST', body: '{"hello":"world"}' });
    expect(s.seen[1].authorization).not.toContain('qop=');
    expect(s.seen[1].authorization).not.toContain('algorithm=');
    expect(s.seen[0].body).toBe('{"hello":"world"}');
  });

  it('userhash and a UTF-8 user name (username*)', async () => {
    const hashed = await server({ users: { ada: 'x' }, algorithms: ['SHA-256'], qop: 'auth', userhash: true });
    expect((await sendAuthenticated('httpDigestAuth', digest('ada', 'x'), { url: `${hashed.base}/h`, method: 'GET' }, env())).statusCode).toBe(200);
    expect(hashed.seen[1].authorization).toContain('userhash=true');
    expect(hashed.seen[1].authorization).not.toContain('username="ada"');

    const utf8 = await server({ users: { 'Jäsøn Doe': 'Secret, or not?' }, algorithms: ['SHA-256'], qop: 'auth' });
    const r = await sendAuthenticated('httpDigestAuth', digest('Jäsøn Doe', 'Secret, or not?'), { url: `${utf8.base}/u`, method: 'GET' }, env());
    expect(r.statusCode).toBe(200);
    expect(utf8.seen[1].authorization).toContain("username*=UTF-8''J%C3%A4s%C3%B8n%20Doe");
  });

  it('a node run keeps the challenge: later requests answer at once with the next nonce count; a stale nonce is renewed once', async () => {
    const s = await server({ users: { ada: 'x' }, algorithms: ['MD5'], qop: 'auth', nonceUses: 3 });
    const cache: DigestCache = new Map();
    for (let i = 0; i < 4; i++) {
      const r = await sendAuthenticated('httpDigestAuth', digest('ada', 'x'), { url: `${s.base}/n/${i}`, method: 'GET' }, env(cache));
      expect(r.statusCode).toBe(200);
    }
    // 1: no credentials → 401; 2–4: nc 1, 2, 3 on the first nonce; 5: the used-up nonce → 401 stale; 6: new nonce, nc 1.
    expect(s.seen.map((x) => x.status)).toEqual([401, 200, 200, 200, 401, 200]);
    expect(s.seen.map((x) => /nc=(\w+)/.exec(x.authorization ?? '')?.[1])).toEqual([undefined, '00000001', '00000002', '00000003', '00000004', '00000001']);
    expect(s.seen[4].reason).toBe('stale nonce');
  });

  it('a wrong password ends with the 401 as an HTTP error (or as the answer when status errors are ignored)', async () => {
    const s = await server({ users: { ada: 'right' }, algorithms: ['MD5'], qop: 'auth' });
    await expect(sendAuthenticated('httpDigestAuth', digest('ada', 'wrong'), { url: `${s.base}/w`, method: 'GET' }, env())).rejects.toMatchObject({ httpCode: '401' });
    const r = await sendAuthenticated('httpDigestAuth', digest('ada', 'wrong'), { url: `${s.base}/w`, method: 'GET', ignoreHttpStatusErrors: true }, env());
    expect(r.statusCode).toBe(401);
    expect(s.seen.filter((x) => x.reason === 'wrong response')).toHaveLength(2);
  });

  it('a challenge it cannot answer is a clear error, and nothing is sent with credentials', async () => {
    const authInt = await server({ users: { ada: 'x' }, algorithms: ['MD5'], qop: 'auth-int' });
    await expect(sendAuthenticated('httpDigestAuth', digest('ada', 'x'), { url: `${authInt.base}/i`, method: 'GET' }, env())).rejects.toThrow(
      'Digest Auth failed: the server\'s Digest challenge asks for qop "auth-int", which is not supported (only "auth" is)',
    );
    expect(authInt.seen).toHaveLength(1);
    const sha1 = await server({ users: { ada: 'x' }, algorithms: ['SHA-1'], qop: 'auth' });
    await expect(sendAuthenticated('httpDigestAuth', digest('ada', 'x'), { url: `${sha1.base}/i`, method: 'GET' }, env())).rejects.toThrow(/algorithm "SHA-1", which is not supported/);
  });

  it('a server that does not ask for Digest gets the request once, unauthenticated', async () => {
    const s = await server({ users: {}, algorithms: [] });
    // No challenges offered: the 401 carries an empty WWW-Authenticate list, so the answer stands.
    const r = await sendAuthenticated('httpDigestAuth', digest('ada', 'x'), { url: `${s.base}/plain`, method: 'GET', ignoreHttpStatusErrors: true }, env());
    expect(r.statusCode).toBe(401);
    expect(s.seen).toHaveLength(1);
  });
});
