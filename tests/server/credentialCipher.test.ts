// The instance key and the AES-256-GCM envelope of credential data.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CredentialCipher, CredentialDecryptError, KEY_FILE, loadInstanceKey } from '../../src/server/credentials/cipher.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'switchyard-key-'));
  dirs.push(d);
  return d;
}

describe('instance key', () => {
  it('is generated once (32 random bytes, mode 0600) and read back afterwards', () => {
    const d = dir();
    const a = loadInstanceKey('', d);
    expect(a.source).toBe('generated');
    expect(Buffer.from(a.secret, 'base64')).toHaveLength(32);
    if (process.platform !== 'win32') expect(statSync(join(d, KEY_FILE)).mode & 0o777).toBe(0o600);
    const b = loadInstanceKey('', d);
    expect(b).toEqual({ source: 'file', secret: a.secret });
  });

  it('the configured key wins and writes no file', () => {
    const d = dir();
    expect(loadInstanceKey('configured secret value', d)).toEqual({ source: 'environment', secret: 'configured secret value' });
    expect(() => statSync(join(d, KEY_FILE))).toThrow();
  });

  it.skipIf(process.platform === 'win32')('a key file readable by others is narrowed to 0600 with a warning; a truncated one stops the start', () => {
    const d = dir();
    const { secret } = loadInstanceKey('', d);
    chmodSync(join(d, KEY_FILE), 0o644);
    const warnings: string[] = [];
    expect(loadInstanceKey('', d, (m) => warnings.push(m)).secret).toBe(secret);
    expect(statSync(join(d, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(warnings[0]).toMatch(/readable by other users/);
    expect(warnings[0]).not.toContain(secret);
    writeFileSync(join(d, KEY_FILE), 'short\n', { mode: 0o600 });
    expect(() => loadInstanceKey('', d)).toThrow(/does not hold an encryption key/);
    expect(readFileSync(join(d, KEY_FILE), 'utf8')).toBe('short\n');
  });
});

describe('cipher', () => {
  const cipher = new CredentialCipher('instance secret for tests');

  it('round-trips; each encryption has its own IV', () => {
    // A secret long enough that random base64 cannot contain it by chance ('pw' did, ~1 run in 70).
    const secret = '{"password":"correct-horse-battery"}';
    const a = cipher.encrypt(secret, 'id1');
    const b = cipher.encrypt(secret, 'id1');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1:')).toBe(true);
    expect(a).not.toContain('correct-horse-battery');
    expect(Buffer.from(a.slice(3), 'base64').toString('latin1')).not.toContain('correct-horse-battery');
    expect(cipher.decrypt(a, 'id1')).toBe(secret);
  });

  it('refuses another key, another row id and tampered ciphertext', () => {
    const sealed = cipher.encrypt('secret', 'id1');
    expect(() => new CredentialCipher('some other instance secret').decrypt(sealed, 'id1')).toThrow(CredentialDecryptError);
    expect(() => cipher.decrypt(sealed, 'id2')).toThrow(/could not be decrypted/);
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => cipher.decrypt('v1:' + raw.toString('base64'), 'id1')).toThrow(CredentialDecryptError);
    expect(() => cipher.decrypt('plain json', 'id1')).toThrow(/unknown format/);
    expect(() => cipher.decrypt('v1:AAAA', 'id1')).toThrow(/truncated/);
  });
});
