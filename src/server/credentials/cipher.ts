// Credential data at rest: AES-256-GCM under the instance key. The key comes from
// SWITCHYARD_ENCRYPTION_KEY, else from DATA_DIR/encryptionKey, which is generated once (32 random
// bytes, mode 0600) and reused on every start. Each value is 'v1:' + base64(iv | tag | ciphertext)
// with the credential id as additional data, so a row's secret cannot be moved to another row.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const KEY_FILE = 'encryptionKey';
/** Shortest accepted key (SWITCHYARD_ENCRYPTION_KEY, the rotation command's new key). */
export const MIN_KEY_LENGTH = 16;
const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class CredentialDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CredentialDecryptError';
  }
}

export interface InstanceKey {
  /** Where the key came from, for the start-up log (never the key itself). */
  source: 'environment' | 'generated' | 'file';
  secret: string;
}

/**
 * The instance key: the configured one, else the key file in the data folder (created with
 * 'wx' so two starts cannot both write one). A key file readable by others is narrowed to 0600.
 */
export function loadInstanceKey(configured: string, dataDir: string, warn: (message: string) => void = () => {}): InstanceKey {
  if (configured !== '') return { source: 'environment', secret: configured };
  const path = join(dataDir, KEY_FILE);
  try {
    writeFileSync(path, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    return { source: 'generated', secret: readFileSync(path, 'utf8').trim() };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) {
    chmodSync(path, 0o600);
    warn(`${path} was readable by other users; its mode is now 0600`);
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < MIN_KEY_LENGTH) throw new Error(`${path} does not hold an encryption key (too short); restore it from a backup, or remove it only if no credentials are stored`);
  return { source: 'file', secret };
}

/**
 * Encrypts a credentials row's `data` and `oauthTokenData` columns, both with the row's id as
 * additional data (the key-rotation command, src/server/cli/rotateKey.ts, relies on that).
 */
export class CredentialCipher {
  readonly #key: Buffer;

  constructor(secret: string) {
    // HKDF turns any configured string into exactly 32 bytes; the label keeps this key apart
    // from any other use of the same secret.
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'switchyard', 'credentials v1', 32));
  }

  encrypt(plain: string, id: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(id, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  decrypt(stored: string, id: string): string {
    if (!stored.startsWith(VERSION)) throw new CredentialDecryptError('Stored credential data has an unknown format');
    const raw = Buffer.from(stored.slice(VERSION.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new CredentialDecryptError('Stored credential data is truncated');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(id, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new CredentialDecryptError(
        'Credentials could not be decrypted: the encryption key is not the one they were saved with (check SWITCHYARD_ENCRYPTION_KEY and DATA_DIR/encryptionKey)',
      );
    }
  }
}
