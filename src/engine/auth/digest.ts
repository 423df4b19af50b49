// HTTP Digest Access Authentication, RFC 7616 (and RFC 2617 / RFC 2069 servers): the request is
// first sent without credentials; a 401 with a Digest challenge is answered by sending it again
// with an Authorization header computed from the challenge. Algorithms MD5, MD5-sess, SHA-256,
// SHA-256-sess, SHA-512-256(-sess); qop "auth" (or none, RFC 2069); userhash; opaque echoed;
// nonce count. A challenge kept from an earlier answer (same origin and user, per node run) is
// used at once for the next request with the next nonce count; a 401 then (stale nonce) takes
// the new challenge and retries once.
import { createHash, randomBytes } from 'node:crypto';
import type { HttpResponse } from '../../nodes/types.ts';

export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

/** Why a server's challenge cannot be answered (a qop or algorithm this client lacks). */
export class DigestError extends Error {}

/**
 * Parses WWW-Authenticate (RFC 7235 §4.1), possibly several challenges joined by commas (as
 * fetch joins repeated headers): `Digest realm="a", qop="auth,auth-int", Basic realm="b"`.
 */
export function parseChallenges(header: string): Challenge[] {
  const out: Challenge[] = [];
  let i = 0;
  const n = header.length;
  const skipWs = () => {
    while (i < n && (header[i] === ' ' || header[i] === '\t')) i++;
  };
  const token = () => {
    const start = i;
    while (i < n && /[!#$%&'*+\-.^_`|~0-9A-Za-z]/.test(header[i])) i++;
    return header.slice(start, i);
  };
  let current: Challenge | undefined;
  while (i < n) {
    skipWs();
    if (header[i] === ',') {
      i++;
      continue;
    }
    const name = token();
    if (!name) {
      i++; // a stray character: skip it
      continue;
    }
    skipWs();
    if (header[i] === '=') {
      i++;
      skipWs();
      let value = '';
      if (header[i] === '"') {
        i++;
        while (i < n && header[i] !== '"') {
          if (header[i] === '\\' && i + 1 < n) i++;
          value += header[i++];
        }
        i++; // closing quote
      } else {
        const vStart = i;
        while (i < n && header[i] !== ',' && header[i] !== ' ' && header[i] !== '\t') i++;
        value = header.slice(vStart, i);
      }
      if (current) current.params[name.toLowerCase()] = value;
      continue;
    }
    // A token not followed by '=' starts a new challenge (token68 credentials are ignored).
    current = { scheme: name, params: {} };
    out.push(current);
  }
  return out;
}

type Algorithm = 'MD5' | 'SHA-256' | 'SHA-512-256';
const HASHES: Record<Algorithm, string> = { MD5: 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };

function parseAlgorithm(value: string | undefined): { algorithm: Algorithm; sess: boolean; name: string } | undefined {
  const name = value ?? 'MD5';
  const upper = name.toUpperCase();
  const sess = upper.endsWith('-SESS');
  const base = (sess ? upper.slice(0, -5) : upper) as Algorithm;
  if (!(base in HASHES)) return undefined;
  return { algorithm: base, sess, name };
}

/** The state kept for one server (realm) between requests: the challenge and the nonce count. */
export interface DigestState {
  challenge: Challenge;
  nc: number;
}

/**
 * One node run's digest states, by origin and user. While the first request to a server is
 * getting its challenge, the entry is that pending state: requests sent meanwhile (HTTP Request
 * sends its items together) wait for it instead of each taking a 401 of its own.
 */
export type DigestCache = Map<string, DigestState | Promise<DigestState | undefined>>;

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Picks the first Digest challenge this client can answer (RFC 7616 §3.7: server order is preference). */
export function chooseChallenge(challenges: Challenge[]): Challenge {
  const digests = challenges.filter((c) => c.scheme.toLowerCase() === 'digest');
  if (!digests.length) throw new DigestError('the server did not send a Digest challenge');
  let reason = '';
  for (const c of digests) {
    if (!c.params.nonce) {
      reason = 'a Digest challenge without a nonce';
      continue;
    }
    if (!parseAlgorithm(c.params.algorithm)) {
      reason = `algorithm "${c.params.algorithm}", which is not supported (MD5, MD5-sess, SHA-256, SHA-256-sess, SHA-512-256, SHA-512-256-sess are)`;
      continue;
    }
    if (c.params.qop !== undefined) {
      const qops = c.params.qop.split(',').map((q) => q.trim().toLowerCase());
      if (!qops.includes('auth')) {
        reason = `qop "${c.params.qop}", which is not supported (only "auth" is)`;
        continue;
      }
    }
    return c;
  }
  throw new DigestError(`the server's Digest challenge asks for ${reason}`);
}

/** The Authorization header answering `state`'s challenge for this request (RFC 7616 §3.4). */
export function digestAuthorization(state: DigestState, user: string, password: string, method: string, uri: string, cnonceForTest?: string): string {
  const { params } = state.challenge;
  const algo = parseAlgorithm(params.algorithm)!;
  const H = (s: string) => createHash(HASHES[algo.algorithm]).update(s, 'utf8').digest('hex');
  const realm = params.realm ?? '';
  const nonce = params.nonce;
  const qop = params.qop !== undefined ? 'auth' : undefined;
  const cnonce = cnonceForTest ?? randomBytes(16).toString('hex');
  const nc = (state.nc += 1).toString(16).padStart(8, '0');
  let ha1 = H(`${user}:${realm}:${password}`);
  if (algo.sess) ha1 = H(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = H(`${method}:${uri}`);
  const response = qop ? H(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : H(`${ha1}:${nonce}:${ha2}`);
  const userhash = params.userhash?.toLowerCase() === 'true';
  const parts: string[] = [];
  if (userhash) parts.push(`username=${quote(H(`${user}:${realm}`))}`);
  // RFC 7616 §3.4.4: a name that cannot be a quoted-string goes as username* (RFC 5987).
  else if (/^[\x20-\x7e]*$/.test(user)) parts.push(`username=${quote(user)}`);
  else parts.push(`username*=UTF-8''${encodeURIComponent(user)}`);
  parts.push(`realm=${quote(realm)}`, `uri=${quote(uri)}`);
  if (params.algorithm !== undefined) parts.push(`algorithm=${algo.name}`);
  parts.push(`nonce=${quote(nonce)}`);
  if (qop) parts.push(`nc=${nc}`, `cnonce=${quote(cnonce)}`, `qop=${qop}`);
  parts.push(`response=${quote(response)}`);
  if (params.opaque !== undefined) parts.push(`opaque=${quote(params.opaque)}`);
  if (userhash) parts.push('userhash=true');
  return `Digest ${parts.join(', ')}`;
}

/** The request-target the digest covers: path and query of the URL sent. */
export function requestUri(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export interface DigestRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
}

function challengeOf(response: HttpResponse): Challenge[] | undefined {
  if (response.statusCode !== 401) return undefined;
  const header = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'www-authenticate')?.[1];
  if (!header) return undefined;
  const challenges = parseChallenges(header);
  return challenges.some((c) => c.scheme.toLowerCase() === 'digest') ? challenges : undefined;
}

/**
 * Sends `request` with digest credentials: `send(headers)` performs one attempt with the given
 * headers and resolves with the response (any status). Returns the last response.
 */
export async function sendWithDigest(
  request: DigestRequest,
  user: string,
  password: string,
  cache: DigestCache | undefined,
  send: (headers: Record<string, string>) => Promise<HttpResponse>,
): Promise<HttpResponse> {
  let key: string;
  try {
    key = `${new URL(request.url).origin}\u0000${user}`;
  } catch {
    key = `${request.url}\u0000${user}`;
  }
  const method = request.method.toUpperCase();
  const uri = requestUri(request.url);
  const withAuth = (state: DigestState) => ({ ...request.headers, Authorization: digestAuthorization(state, user, password, method, uri) });

  let entry = cache?.get(key);
  if (entry instanceof Promise) entry = await entry;
  let settle: ((state: DigestState | undefined) => void) | undefined;
  if (!entry && cache) {
    cache.set(key, new Promise<DigestState | undefined>((resolve) => (settle = resolve)));
  }
  let kept: DigestState | undefined;
  try {
    let response = await send(entry ? withAuth(entry) : request.headers);
    const challenges = challengeOf(response);
    if (!challenges) {
      kept = entry;
      return response;
    }
    const state: DigestState = { challenge: chooseChallenge(challenges), nc: 0 };
    response = await send(withAuth(state));
    if (response.statusCode !== 401) kept = state;
    return response;
  } finally {
    if (cache) {
      if (kept) cache.set(key, kept);
      else if (settle || cache.get(key) === entry) cache.delete(key);
    }
    settle?.(kept);
  }
}
