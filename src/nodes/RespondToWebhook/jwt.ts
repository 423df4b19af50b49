// Signs the JWT that "Respond With: JWT Token" answers with, from a jwtAuth credential
// (keyType 'passphrase' with a secret, or 'pemKey' with a private key), as jsonwebtoken's sign
// does for the algorithms n8n offers: HS*, RS*, PS*, ES*. An iat claim is added like jsonwebtoken.
import { createHmac, createPrivateKey, sign, constants } from 'node:crypto';
import type { IDataObject } from '../../model/workflow.ts';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** n8n's formatPrivateKey: a PEM key pasted on one line gets its line breaks back. */
export function formatPrivateKey(key: string): string {
  const text = key.trim();
  const match = /^(-----BEGIN [A-Z ]+-----)([\s\S]*?)(-----END [A-Z ]+-----)$/.exec(text);
  if (!match) return text;
  const body = match[2].replace(/\s+/g, '');
  return `${match[1]}\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n${match[3]}`;
}

export function signJwt(payload: IDataObject, credential: IDataObject): string {
  const algorithm = String(credential.algorithm ?? 'HS256');
  const key = credential.keyType === 'pemKey' ? formatPrivateKey(String(credential.privateKey ?? '')) : String(credential.secret ?? '');
  const claims = 'iat' in payload ? payload : { ...payload, iat: Math.floor(Date.now() / 1000) };
  const input = `${b64url(JSON.stringify({ alg: algorithm, typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  const bits = algorithm.slice(2);
  const digest = `sha${bits}`;
  let signature: Buffer;
  if (algorithm.startsWith('HS')) {
    if (!key) throw new Error('secretOrPrivateKey must have a value');
    signature = createHmac(digest, key).update(input).digest();
  } else if (algorithm.startsWith('RS')) {
    signature = sign(digest, Buffer.from(input), createPrivateKey(key));
  } else if (algorithm.startsWith('PS')) {
    signature = sign(digest, Buffer.from(input), { key: createPrivateKey(key), padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST });
  } else if (algorithm.startsWith('ES')) {
    signature = sign(digest, Buffer.from(input), { key: createPrivateKey(key), dsaEncoding: 'ieee-p1363' });
  } else {
    throw new Error(`"algorithm" must be a valid string enum value`);
  }
  if (!['256', '384', '512'].includes(bits)) throw new Error(`"algorithm" must be a valid string enum value`);
  return `${input}.${b64url(signature)}`;
}
