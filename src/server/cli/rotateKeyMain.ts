// `npm run credentials:rotate-key -- [--new-key <key>]`: re-encrypts every stored credential with
// a new encryption key (see rotateKey.ts). Reads SWITCHYARD_DATA_DIR and SWITCHYARD_ENCRYPTION_KEY
// as the server does. The server must be stopped; the command refuses to run while it is not.
import { ConfigError, loadConfig } from '../config.ts';
import { RotateKeyError, rotateEncryptionKey } from './rotateKey.ts';

const USAGE = `Usage: npm run credentials:rotate-key -- [--new-key <key>]
  Re-encrypts every stored credential with a new encryption key. Stop the server first.
  --new-key <key>  the new key (at least 16 characters); also read from SWITCHYARD_NEW_ENCRYPTION_KEY.
                   Without it a random key is generated (only when the current key is the data
                   folder's encryptionKey file, where the new key is then written).`;

function parseArgs(argv: string[]): { newKey?: string } {
  let newKey: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--new-key') {
      if (i + 1 >= argv.length) throw new RotateKeyError('--new-key needs a value');
      newKey = argv[++i];
    } else if (a.startsWith('--new-key=')) newKey = a.slice('--new-key='.length);
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new RotateKeyError(`Unknown argument "${a}"\n${USAGE}`);
  }
  return { newKey: newKey ?? (process.env.SWITCHYARD_NEW_ENCRYPTION_KEY || undefined) };
}

try {
  const { newKey } = parseArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  if (config.dbType !== 'sqlite') throw new RotateKeyError('credentials:rotate-key works on the SQLite database only so far; with SWITCHYARD_DB_TYPE=postgresdb it changes nothing');
  const r = rotateEncryptionKey({ dataDir: config.dataDir, configuredKey: config.encryptionKey, newKey });
  const tokens = r.oauthTokens ? ` (${r.oauthTokens} with OAuth tokens)` : '';
  console.log(`Re-encrypted ${r.credentials} credential${r.credentials === 1 ? '' : 's'}${tokens} with the new key.`);
  if (r.keySource === 'file') {
    console.log(`The new key is in ${r.keyFile}; the old one was kept as ${r.keyFile}.previous for backups taken before (delete it when they are gone).`);
    console.log('Start the server as before.');
  } else {
    console.log('Now set SWITCHYARD_ENCRYPTION_KEY to the new key wherever the server is configured, then start it.');
  }
} catch (e) {
  if (e instanceof RotateKeyError || e instanceof ConfigError) {
    console.error(`Key rotation failed: ${e.message}`);
    process.exit(1);
  }
  console.error('Key rotation failed:', e);
  process.exit(1);
}
