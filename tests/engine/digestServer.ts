// A Digest Access Authentication server (RFC 7616, with RFC 2617's and RFC 2069's forms) on
// 127.0.0.1, written from the RFCs for the tests — it shares no code with the client in
// src/engine/auth/digest.ts. It issues challenges (one WWW-Authenticate header per offered
// algorithm), checks every field of the client's answer (realm, nonce it issued, uri = the
// request-target, algorithm, qop, opaque, a nonce count that only goes up), recomputes the
// response and answers 200 with what it saw, 401 with a fresh challenge otherwise, and 401 with
// stale=true when a known nonce has been used up.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DigestServerOptions {
  realm?: string;
  users: Record<string, string>;
  /** Challenges offered, in order of preference (RFC 7616 §3.7). */
  algorithms?: string[];
  /** The qop directive's value; undefined = no qop (RFC 2069). */
  qop?: string;
  opaque?: string;
  userhash?: boolean;
  /** Requests one nonce serves before it is stale (default unlimited). */
  nonceUses?: number;
}

export interface DigestSeen {
  method: string;
  url: string;
  authorization?: string;
  status: number;
  /** Why a request with credentials was refused. */
  reason?: string;
  body: string;
}

const HASH: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };

/** RFC 7616 §3.4.1 / §3.4.2 / §3.4.3, and RFC 2069 without qop. */
export function expectedResponse(p: {
  algorithm: string;
  username: string;
  realm: string;
  password: string;
  method: string;
  uri: string;
  nonce: string;
  nc?: string;
  cnonce?: string;
  qop?: string;
}): string {
  const sess = /-sess$/i.test(p.algorithm);
  const name = HASH[p.algorithm.replace(/-sess$/i, '').toUpperCase()];
  const H = (data: string) => createHash(name).update(data, 'utf8').digest('hex');
  const KD = (secret: string, data: string) => H(`${secret}:${data}`);
  let A1 = `${p.username}:${p.realm}:${p.password}`;
  if (sess) A1 = `${H(A1)}:${p.nonce}:${p.cnonce}`;
  const A2 = `${p.method}:${p.uri}`;
  if (p.qop) return KD(H(A1), `${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${H(A2)}`);
  return KD(H(A1), `${p.nonce}:${H(A2)}`);
}

/** The auth-params of an Authorization: Digest header. */
function parseAuthorization(header: string): Record<string, string> | undefined {
  const m = /^Digest\s+(.*)$/is.exec(header);
  if (!m) return undefined;
  const out: Record<string, string> = {};
  const re = /([A-Za-z0-9_-]+\*?)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))\s*(?:,|$)/g;
  let part: RegExpExecArray | null;
  while ((part = re.exec(m[1]))) out[part[1].toLowerCase()] = part[2] !== undefined ? part[2].replace(/\\(.)/g, '$1') : part[3];
  return out;
}

export async function startDigestServer(options: DigestServerOptions): Promise<{ base: string; seen: DigestSeen[]; close: () => Promise<void> }> {
  const realm = options.realm ?? 'switchyard-test@127.0.0.1';
  const algorithms = options.algorithms ?? ['MD5'];
  const nonces = new Map<string, { lastNc: number; uses: number }>();
  const seen: DigestSeen[] = [];

  const challenge = (stale = false) =>
    algorithms.map((algorithm) => {
      const nonce = randomBytes(24).toString('base64');
      nonces.set(nonce, { lastNc: 0, uses: 0 });
      const parts = [`realm="${realm}"`];
      if (options.qop !== undefined) parts.push(`qop="${options.qop}"`);
      if (algorithm !== 'none') parts.push(`algorithm=${algorithm}`);
      parts.push(`nonce="${nonce}"`);
      if (options.opaque !== undefined) parts.push(`opaque="${options.opaque}"`);
      if (stale) parts.push('stale=true');
      if (options.userhash) parts.push('userhash=true');
      return `Digest ${parts.join(', ')}`;
    });

  function check(req: IncomingMessage, header: string): { ok: true; user: string } | { ok: false; reason: string; stale?: boolean } {
    const a = parseAuthorization(header);
    if (!a) return { ok: false, reason: 'not a Digest answer' };
    const algorithm = a.algorithm ?? 'MD5';
    if (!algorithms.map((x) => (x === 'none' ? 'MD5' : x).toUpperCase()).includes(algorithm.toUpperCase())) return { ok: false, reason: `algorithm ${algorithm} not offered` };
    if (a.realm !== realm) return { ok: false, reason: 'wrong realm' };
    if (a.uri !== req.url) return { ok: false, reason: `uri ${a.uri} is not the request-target ${req.url}` };
    if (options.opaque !== undefined && a.opaque !== options.opaque) return { ok: false, reason: 'opaque not echoed' };
    const state = nonces.get(a.nonce);
    if (!state) return { ok: false, reason: 'unknown nonce' };
    if (options.qop !== undefined) {
      if (a.qop !== 'auth') return { ok: false, reason: `qop ${a.qop}` };
      if (!/^[0-9a-f]{8}$/.test(a.nc ?? '') || !a.cnonce) return { ok: false, reason: 'nc or cnonce missing' };
      const nc = parseInt(a.nc, 16);
      if (nc <= state.lastNc) return { ok: false, reason: `nonce count ${a.nc} reused` };
    } else if (a.qop !== undefined || a.nc !== undefined) return { ok: false, reason: 'qop sent where none was offered' };
    // The user: plain, username* (RFC 5987), or hashed (userhash).
    let user: string | undefined;
    if (options.userhash) {
      if (a.userhash !== 'true') return { ok: false, reason: 'userhash expected' };
      const name = HASH[algorithm.replace(/-sess$/i, '').toUpperCase()];
      user = Object.keys(options.users).find((u) => createHash(name).update(`${u}:${realm}`, 'utf8').digest('hex') === a.username);
    } else if (a['username*'] !== undefined) {
      const m = /^UTF-8''(.*)$/i.exec(a['username*']);
      user = m ? decodeURIComponent(m[1]) : undefined;
    } else user = a.username;
    if (user === undefined || !(user in options.users)) return { ok: false, reason: 'unknown user' };
    const want = expectedResponse({ algorithm, username: user, realm, password: options.users[user], method: req.method ?? 'GET', uri: req.url ?? '', nonce: a.nonce, nc: a.nc, cnonce: a.cnonce, qop: a.qop });
    if (want !== a.response) return { ok: false, reason: 'wrong response' };
    if (options.nonceUses !== undefined && state.uses >= options.nonceUses) return { ok: false, reason: 'stale nonce', stale: true };
    state.uses++;
    if (a.nc) state.lastNc = parseInt(a.nc, 16);
    return { ok: true, user };
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const header = req.headers.authorization;
      const record: DigestSeen = { method: req.method ?? '', url: req.url ?? '', authorization: header, status: 401, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(record);
      const verdict: ReturnType<typeof check> = header ? check(req, header) : { ok: false, reason: 'no credentials' };
      if (verdict.ok) {
        record.status = 200;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ authenticated: verdict.user, method: req.method, url: req.url, body: record.body }));
        return;
      }
      record.reason = verdict.reason;
      res.writeHead(401, { 'www-authenticate': challenge(!!verdict.stale), 'content-type': 'text/plain' });
      res.end('Unauthorized');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
