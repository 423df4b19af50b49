// OAuth 1 signing against RFC 5849's own worked examples (§1.2 and §3.4.1), not against itself.
import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { oauth1Authorization, percentEncode, signatureBaseString, signOAuth1Request } from '../../src/engine/auth/oauth1.ts';

function parseHeader(h: string): Record<string, string> {
  expect(h.startsWith('OAuth ')).toBe(true);
  const out: Record<string, string> = {};
  for (const m of h.slice(6).matchAll(/([\w]+)="([^"]*)"/g)) out[m[1]] = decodeURIComponent(m[2]);
  return out;
}

describe('OAuth 1 signing (RFC 5849)', () => {
  it('§1.2: the photos example signs to the RFC signature', () => {
    const header = oauth1Authorization(
      { method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' },
      { consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44', token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00' },
      {},
      { nonce: 'chapoH', timestamp: '137131202', omitVersion: true },
    );
    const p = parseHeader(header);
    expect(p.oauth_signature).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
    expect(p.oauth_signature_method).toBe('HMAC-SHA1');
    expect(p.oauth_token).toBe('nnch734d00sl2jdk');
  });

  it('§3.4.1.1: query, form body and protocol parameters in the base string, sorted and encoded twice', () => {
    const url = new URL('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b');
    const params: Array<[string, string]> = [
      ...url.searchParams.entries(),
      ...new URLSearchParams('c2&a3=2+q').entries(),
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
    ];
    expect(signatureBaseString('POST', url, params)).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('percent-encodes as §3.6 says (unreserved kept, UTF-8 bytes, upper-case hex)', () => {
    expect(percentEncode("a-._~ !*'()/é")).toBe('a-._~%20%21%2A%27%28%29%2F%C3%A9');
  });

  it('SHA-256 and SHA-512 sign with the same key and base string', () => {
    for (const [method, hash] of [['HMAC-SHA256', 'sha256'], ['HMAC-SHA512', 'sha512']] as const) {
      const header = oauth1Authorization({ method: 'GET', url: 'https://api.example.com:8443/x?q=1' }, { consumerKey: 'ck', consumerSecret: 'cs&', token: 't', tokenSecret: 'ts', signatureMethod: method }, {}, { nonce: 'n', timestamp: '1' });
      const p = parseHeader(header);
      const base = 'GET&https%3A%2F%2Fapi.example.com%3A8443%2Fx&oauth_consumer_key%3Dck%26oauth_nonce%3Dn%26oauth_signature_method%3D' + method + '%26oauth_timestamp%3D1%26oauth_token%3Dt%26oauth_version%3D1.0%26q%3D1';
      expect(p.oauth_signature).toBe(createHmac(hash, 'cs%26&ts').update(base).digest('base64'));
    }
  });

  it('signs a request with the stored token; an unconnected credential says so without values', () => {
    const creds = { consumerKey: 'ck', consumerSecret: 'secret-cs', signatureMethod: 'HMAC-SHA1', oauthTokenData: { oauth_token: 'tok', oauth_token_secret: 'tsec' } };
    const signed = signOAuth1Request(creds, { url: 'http://h.example/a', method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'x' } as Record<string, string>, body: 'k=v' });
    expect(Object.keys(signed.headers!).filter((k) => k.toLowerCase() === 'authorization')).toEqual(['Authorization']);
    expect(parseHeader(signed.headers!.Authorization).oauth_token).toBe('tok');
    expect(() => signOAuth1Request({ ...creds, oauthTokenData: undefined }, { url: 'http://h.example/a' })).toThrow(/not connected/);
    try {
      signOAuth1Request({ ...creds, oauthTokenData: undefined }, { url: 'http://h.example/a' });
    } catch (e) {
      expect(String(e)).not.toContain('secret-cs');
    }
  });
});
