// Random secrets (session cookies, recovery tokens, API keys) and the hashes stored for them:
// the database holds sha256 of each, so a copy of it opens nothing.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
