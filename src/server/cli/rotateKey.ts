// Re-encrypts every stored credential (`data` and `oauthTokenData`) from the current instance key
// to a new one, all or nothing. The current key is found as the server finds it: the configured
// SWITCHYARD_ENCRYPTION_KEY, else DATA_DIR/encryptionKey. The database is locked exclusively for
// the whole run, which also tells whether a server has it open (SQLite in WAL mode keeps a shared
// lock for as long as a connection is open): then nothing is done and the user is told to stop it.
// With the key from the key file, the new key replaces it there (the old one is kept next to it
// as encryptionKey.previous, for backups taken before); with the key from the environment the user
// is told to set SWITCHYARD_ENCRYPTION_KEY to the new key.
import { DatabaseSync } from 'node:sqlite';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CredentialCipher, KEY_FILE, MIN_KEY_LENGTH } from '../credentials/cipher.ts';
import { DATABASE_FILE } from '../db/database.ts';
import { OAUTH_RECONNECT } from '../oauth/connection.ts';

export const PREVIOUS_KEY_FILE = `${KEY_FILE}.previous`;
export const NEXT_KEY_FILE = `${KEY_FILE}.new`;

export class RotateKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RotateKeyError';
  }
}

export interface RotateKeyOptions {
  dataDir: string;
  /** SWITCHYARD_ENCRYPTION_KEY as configured ('' = the key file is the key). */
  configuredKey: string;
  /** The new key; undefined = generate one (only when the current key is the key file). */
  newKey?: string;
}

export interface RotateKeyResult {
  /** Credentials re-encrypted (every row). */
  credentials: number;
  /** Of those, rows that had OAuth tokens (re-encrypted too). */
  oauthTokens: number;
  /** Where the current key came from, hence what the user must do now. */
  keySource: 'environment' | 'file';
  /** With keySource 'file': the key file now holding the new key. */
  keyFile?: string;
}

/** The key the server would use, without ever creating one (a missing key is an error here). */
function currentKey(dataDir: string, configured: string): { secret: string; source: 'environment' | 'file' } {
  if (configured !== '') return { secret: configured, source: 'environment' };
  const path = join(dataDir, KEY_FILE);
  if (!existsSync(path)) {
    throw new RotateKeyError(`No encryption key found: SWITCHYARD_ENCRYPTION_KEY is not set and ${path} does not exist (the server creates it on its first start)`);
  }
  return { secret: readFileSync(path, 'utf8').trim(), source: 'file' };
}

function isBusy(e: unknown): boolean {
  const err = e as { errcode?: number; message?: string };
  // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes.
  return (err.errcode !== undefined && [5, 6].includes(err.errcode & 0xff)) || /database is locked|busy/i.test(err.message ?? '');
}

export function rotateEncryptionKey(opts: RotateKeyOptions): RotateKeyResult {
  const dbPath = join(opts.dataDir, DATABASE_FILE);
  if (!existsSync(dbPath)) throw new RotateKeyError(`No database at ${dbPath}: check SWITCHYARD_DATA_DIR`);
  const current = currentKey(opts.dataDir, opts.configuredKey);
  if (opts.newKey === undefined && current.source === 'environment') {
    throw new RotateKeyError('The current key comes from SWITCHYARD_ENCRYPTION_KEY: give the new key with --new-key <key> (you will set SWITCHYARD_ENCRYPTION_KEY to it)');
  }
  const newKey = opts.newKey ?? randomBytes(32).toString('base64');
  if (newKey.length < MIN_KEY_LENGTH) throw new RotateKeyError(`The new key must be at least ${MIN_KEY_LENGTH} characters long (got ${newKey.length})`);
  if (newKey !== newKey.trim() && current.source === 'file') throw new RotateKeyError('The new key must not start or end with white space (the key file is read trimmed)');
  if (newKey === current.secret) throw new RotateKeyError('The new key is the current key: nothing to do');
  const oldCipher = new CredentialCipher(current.secret);
  const newCipher = new CredentialCipher(newKey);

  const db = new DatabaseSync(dbPath);
  try {
    db.exec('PRAGMA busy_timeout = 0');
    try {
      db.exec('PRAGMA locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
    } catch (e) {
      if (isBusy(e)) throw new RotateKeyError(`The database ${dbPath} is in use: stop the Switchyard server (and anything else that has it open), then run this again`);
      throw e;
    }
    let result: RotateKeyResult;
    try {
      const hasTable = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'credentials'").get();
      const rows = hasTable ? (db.prepare('SELECT id, data, oauthTokenData FROM credentials ORDER BY id').all() as Array<{ id: string; data: string; oauthTokenData: string | null }>) : [];
      const update = db.prepare('UPDATE credentials SET data = ?, oauthTokenData = ? WHERE id = ?');
      let oauthTokens = 0;
      for (const row of rows) {
        const open = (stored: string, what: string): string => {
          try {
            return oldCipher.decrypt(stored, row.id);
          } catch (e) {
            throw new RotateKeyError(`Credential ${row.id}: its ${what} does not decrypt with the current key (${(e as Error).message}). Nothing was changed.`);
          }
        };
        const data = newCipher.encrypt(open(row.data, 'data'), row.id);
        let tokens = row.oauthTokenData;
        // 'reconnect' (the provider refused a refresh) is a plain marker, not ciphertext.
        if (row.oauthTokenData !== null && row.oauthTokenData !== OAUTH_RECONNECT) {
          tokens = newCipher.encrypt(open(row.oauthTokenData, 'OAuth token data'), row.id);
          oauthTokens++;
        }
        update.run(data, tokens, row.id);
      }
      result = { credentials: rows.length, oauthTokens, keySource: current.source };
      if (current.source === 'file') {
        // The new key is on disk before the commit: a crash between the two leaves it in
        // encryptionKey.new, never lost.
        writeFileSync(join(opts.dataDir, NEXT_KEY_FILE), newKey + '\n', { mode: 0o600 });
      }
    } catch (e) {
      db.exec('ROLLBACK');
      rmSync(join(opts.dataDir, NEXT_KEY_FILE), { force: true });
      throw e;
    }
    db.exec('COMMIT');
    if (current.source === 'file') {
      const keyFile = join(opts.dataDir, KEY_FILE);
      rmSync(join(opts.dataDir, PREVIOUS_KEY_FILE), { force: true });
      renameSync(keyFile, join(opts.dataDir, PREVIOUS_KEY_FILE));
      renameSync(join(opts.dataDir, NEXT_KEY_FILE), keyFile);
      result.keyFile = keyFile;
    }
    return result;
  } finally {
    db.close();
  }
}
