// Key rotation (`npm run credentials:rotate-key`): a real data folder with credentials of several
// types and OAuth token data is re-encrypted with a new key; a server started afterwards reads
// them, the old key fails cleanly; a running server, or a row the current key does not open,
// aborts the rotation with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { live, type Live } from './triggerHelpers.ts';
import { tempDataDir } from './helpers.ts';
import { onPostgres, testDatabaseEnv } from '../support/testDatabase.ts';
import { CredentialCipher, KEY_FILE } from '../../src/server/credentials/cipher.ts';
import { DATABASE_FILE } from '../../src/server/db/database.ts';
import { NEXT_KEY_FILE, PREVIOUS_KEY_FILE, RotateKeyError, rotateEncryptionKey } from '../../src/server/cli/rotateKey.ts';

const MAIN = join(import.meta.dirname, '../../src/server/cli/rotateKeyMain.ts');
const CREDS: Array<{ name: string; type: string; data: Record<string, unknown> }> = [
  { name: 'Basic', type: 'httpBasicAuth', data: { user: 'ada', password: 'basic-secret-1' } },
  { name: 'Header', type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'header-secret-2' } },
  { name: 'Query', type: 'httpQueryAuth', data: { name: 'token', value: 'query-secret-3' } },
  { name: 'Mail', type: 'smtp', data: { user: 'u', password: 'smtp-secret-4', host: 'mail.example.com', port: 587 } },
];
const TOKENS = { access_token: 'at-secret-5', refresh_token: 'rt-secret-6', expires_at: 1_900_000_000_000 };

type Row = { id: string; data: string; oauthTokenData: string | null };
function rows(dataDir: string): Row[] {
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
  try {
    return db.prepare('SELECT id, data, oauthTokenData FROM credentials ORDER BY id').all() as Row[];
  } finally {
    db.close();
  }
}
function setColumn(dataDir: string, id: string, column: 'data' | 'oauthTokenData', value: string): void {
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE));
  try {
    db.prepare(`UPDATE credentials SET ${column} = ? WHERE id = ?`).run(value, id);
  } finally {
    db.close();
  }
}
function cli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    env: { PATH: process.env.PATH, SWITCHYARD_DATA_DIR: dataDir, SWITCHYARD_LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A data folder with the four credentials; the first (basic) gets OAuth token data. Returns the ids. */
async function seed(dataDir: string, env: Record<string, string> = {}): Promise<{ ids: string[]; key: string }> {
  const t = await live(env, { dataDir });
  const ids: string[] = [];
  for (const c of CREDS) {
    const r = await t.api('POST', '/credentials', c);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids.push(r.body.data.id);
  }
  await t.close();
  const key = env.SWITCHYARD_ENCRYPTION_KEY ?? readFileSync(join(dataDir, KEY_FILE), 'utf8').trim();
  setColumn(dataDir, ids[0], 'oauthTokenData', new CredentialCipher(key).encrypt(JSON.stringify(TOKENS), ids[0]));
  return { ids, key };
}

/** Each credential as a node of the default user gets it (decrypted by the server with its key). */
async function readAll(t: Live, ids: string[]) {
  const owner = (await t.s.server.context.repos.users.ensureDefaultUser()).id;
  return Promise.all(
    ids.map((id, i) => t.s.server.context.credentials.resolveForNode(CREDS[i].type, { name: 'Use', type: CREDS[i].type === 'smtp' ? 'n8n-nodes-base.emailSend' : 'n8n-nodes-base.httpRequest', credentials: { [CREDS[i].type]: { id, name: CREDS[i].name } } }, owner)),
  );
}
/** What the stored data decrypts to, defaults aside. */
const pick = (got: Record<string, unknown>, i: number) => Object.fromEntries(Object.keys(CREDS[i].data).map((k) => [k, got[k]]));

describe.skipIf(onPostgres)('credentials:rotate-key with the key file', () => {
  let dataDir: string;
  let ids: string[];
  let oldKey: string;
  beforeAll(async () => {
    dataDir = tempDataDir();
    ({ ids, key: oldKey } = await seed(dataDir));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses while a server has the database open, changing nothing', async () => {
    const before = rows(dataDir);
    const t = await live({}, { dataDir });
    try {
      const r = cli(dataDir, []);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`Key rotation failed: The database ${join(dataDir, DATABASE_FILE)} is in use: stop the Switchyard server`);
      expect((await t.api('GET', `/credentials/${ids[1]}?includeData=true`)).body.data.data.name).toBe('X-Key');
    } finally {
      await t.close();
    }
    expect(rows(dataDir)).toEqual(before);
    expect(readFileSync(join(dataDir, KEY_FILE), 'utf8').trim()).toBe(oldKey);
  });

  it('re-encrypts data and OAuth tokens in one go; the server reads them with the new key, the old key fails cleanly', async () => {
    const before = rows(dataDir);
    const r = cli(dataDir, []);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Re-encrypted 4 credentials (1 with OAuth tokens) with the new key.');
    const newKey = readFileSync(join(dataDir, KEY_FILE), 'utf8').trim();
    expect(newKey).not.toBe(oldKey);
    expect(newKey.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, PREVIOUS_KEY_FILE), 'utf8').trim()).toBe(oldKey);
    expect(existsSync(join(dataDir, NEXT_KEY_FILE))).toBe(false);
    // Every stored value changed and none holds a secret in clear.
    const after = rows(dataDir);
    for (let i = 0; i < after.length; i++) {
      expect(after[i].data).not.toBe(before[i].data);
      expect(after[i].data).not.toMatch(/secret/);
    }
    const tokenRow = after.find((x) => x.id === ids[0])!;
    expect(tokenRow.oauthTokenData).not.toBe(before.find((x) => x.id === ids[0])!.oauthTokenData);
    expect(JSON.parse(new CredentialCipher(newKey).decrypt(tokenRow.oauthTokenData!, ids[0]))).toEqual(TOKENS);
    expect(() => new CredentialCipher(oldKey).decrypt(tokenRow.oauthTokenData!, ids[0])).toThrow(/could not be decrypted/);

    const t = await live({}, { dataDir });
    try {
      const got = await readAll(t, ids);
      expect(got.map(pick)).toEqual(CREDS.map((c) => c.data));
      expect((await t.api('GET', `/credentials/${ids[1]}?includeData=true`)).status).toBe(200);
    } finally {
      await t.close();
    }
    const old = await live({ SWITCHYARD_ENCRYPTION_KEY: oldKey }, { dataDir });
    try {
      const r2 = await old.api('GET', `/credentials/${ids[1]}?includeData=true`);
      expect(r2.status).toBe(500);
      expect(r2.body.message).toBe(
        'Credentials could not be decrypted: the encryption key is not the one they were saved with (check SWITCHYARD_ENCRYPTION_KEY and DATA_DIR/encryptionKey)',
      );
      expect(JSON.stringify(r2.body)).not.toMatch(/secret/);
    } finally {
      await old.close();
    }
  });

  it('a row the current key does not open aborts the rotation: its id is named and nothing changes', () => {
    const key = readFileSync(join(dataDir, KEY_FILE), 'utf8').trim();
    const good = rows(dataDir);
    setColumn(dataDir, ids[2], 'data', new CredentialCipher('some-other-key-0123456789').encrypt('{"name":"token","value":"x"}', ids[2]));
    const before = rows(dataDir);
    const r = cli(dataDir, ['--new-key', 'a-brand-new-key-0123456789']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Key rotation failed: Credential ${ids[2]}: its data does not decrypt with the current key`);
    expect(r.stderr).toContain('Nothing was changed.');
    expect(rows(dataDir)).toEqual(before);
    expect(readFileSync(join(dataDir, KEY_FILE), 'utf8').trim()).toBe(key);
    expect(existsSync(join(dataDir, NEXT_KEY_FILE))).toBe(false);
    // Bad OAuth token data aborts the same way, though rows before it were already re-encrypted
    // inside the transaction. First the row is mended: then the same rotation goes through.
    setColumn(dataDir, ids[2], 'data', good.find((x) => x.id === ids[2])!.data);
    expect(rotateEncryptionKey({ dataDir, configuredKey: '', newKey: 'a-brand-new-key-0123456789' })).toMatchObject({ credentials: 4, oauthTokens: 1 });
    setColumn(dataDir, ids[0], 'oauthTokenData', 'v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const broken = rows(dataDir);
    expect(() => rotateEncryptionKey({ dataDir, configuredKey: '', newKey: 'yet-another-key-0123456789' })).toThrow(new RegExp(`Credential ${ids[0]}: its OAuth token data does not decrypt`));
    expect(rows(dataDir)).toEqual(broken);
    expect(readFileSync(join(dataDir, KEY_FILE), 'utf8').trim()).toBe('a-brand-new-key-0123456789');
  });

  it('refuses a short new key, the same key and unknown arguments', () => {
    expect(cli(dataDir, ['--new-key', 'short']).stderr).toContain('The new key must be at least 16 characters long (got 5)');
    const key = readFileSync(join(dataDir, KEY_FILE), 'utf8').trim();
    expect(() => rotateEncryptionKey({ dataDir, configuredKey: '', newKey: key })).toThrow(RotateKeyError);
    expect(cli(dataDir, ['--nwe-key', 'x']).stderr).toContain('Unknown argument "--nwe-key"');
  });
});

describe.skipIf(onPostgres)('credentials:rotate-key with SWITCHYARD_ENCRYPTION_KEY', () => {
  it('needs --new-key, re-encrypts, and says to set the variable; the server with the new value reads them', async () => {
    const dataDir = tempDataDir();
    try {
      const oldKey = 'the-configured-key-0123456789';
      const { ids } = await seed(dataDir, { SWITCHYARD_ENCRYPTION_KEY: oldKey });
      // A refused refresh leaves the marker 'reconnect' (not ciphertext): kept as it is.
      setColumn(dataDir, ids[1], 'oauthTokenData', 'reconnect');
      const none = cli(dataDir, [], { SWITCHYARD_ENCRYPTION_KEY: oldKey });
      expect(none.status).toBe(1);
      expect(none.stderr).toContain('give the new key with --new-key <key>');
      const r = cli(dataDir, ['--new-key', 'the-next-configured-key-987'], { SWITCHYARD_ENCRYPTION_KEY: oldKey });
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Re-encrypted 4 credentials (1 with OAuth tokens) with the new key.');
      expect(r.stdout).toContain('Now set SWITCHYARD_ENCRYPTION_KEY to the new key');
      expect(r.stdout).not.toContain('the-next-configured-key-987');
      expect(rows(dataDir).find((x) => x.id === ids[1])!.oauthTokenData).toBe('reconnect');
      const t = await live({ SWITCHYARD_ENCRYPTION_KEY: 'the-next-configured-key-987' }, { dataDir });
      try {
        expect((await readAll(t, ids)).map(pick)).toEqual(CREDS.map((c) => c.data));
      } finally {
        await t.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(onPostgres)('credentials:rotate-key on PostgreSQL', () => {
  it('refuses (it rewrites the SQLite file only so far), changing nothing', async () => {
    const dataDir = tempDataDir();
    try {
      const r = cli(dataDir, ['--new-key=a-new-key-of-enough-length'], testDatabaseEnv(dataDir));
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('Key rotation failed: credentials:rotate-key works on the SQLite database only so far');
      expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
