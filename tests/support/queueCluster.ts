// Queue mode for tests (issue 16): a real PostgreSQL and Redis (tests/support/databases.ts),
// and Switchyard processes — main, workers, webhook — started as `node src/server/main.ts
// <role>` child processes sharing one data folder, database and encryption key, as in
// production. Processes can be killed (-9) and started again; Redis can be restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres, startRedis, type DatabaseServer } from './databases.ts';

const mainTs = fileURLToPath(new URL('../../src/server/main.ts', import.meta.url));

export interface QueueProcess {
  role: 'main' | 'worker' | 'webhook';
  child: ChildProcess;
  /** http://127.0.0.1:<port>/ */
  url: string;
  output(): string;
  /** SIGTERM and wait for the exit; the exit code. */
  stop(): Promise<number | null>;
  kill(): Promise<void>;
}

export interface QueueCluster {
  env: Record<string, string>;
  dataDir: string;
  postgres: DatabaseServer;
  redis: DatabaseServer;
  start(role: QueueProcess['role'], env?: Record<string, string>): Promise<QueueProcess>;
  /** Stops Redis and starts it again on the same port (its data is gone: persistence is off). */
  restartRedis(): Promise<void>;
  processes: QueueProcess[];
  dispose(): Promise<void>;
}

export async function startQueueCluster(extraEnv: Record<string, string> = {}): Promise<QueueCluster> {
  const [postgres, redisServer] = await Promise.all([startPostgres({ database: 'switchyard' }), startRedis()]);
  let redis = redisServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'sy-queue-'));
  const env: Record<string, string> = {
    SWITCHYARD_DATA_DIR: dataDir,
    SWITCHYARD_PORT: '0',
    SWITCHYARD_HOST: '127.0.0.1',
    SWITCHYARD_LOG_LEVEL: 'warn',
    SWITCHYARD_ENCRYPTION_KEY: 'queue-mode-test-key-0123456789abcdef',
    SWITCHYARD_EXECUTIONS_MODE: 'queue',
    SWITCHYARD_QUEUE_BULL_REDIS_HOST: redis.host,
    SWITCHYARD_QUEUE_BULL_REDIS_PORT: String(redis.port),
    SWITCHYARD_QUEUE_BULL_REDIS_PASSWORD: redis.password,
    SWITCHYARD_QUEUE_LOCK_DURATION: '2000',
    SWITCHYARD_DB_TYPE: 'postgresdb',
    SWITCHYARD_DB_POSTGRESDB_URL: `postgres://${encodeURIComponent(postgres.user)}:${encodeURIComponent(postgres.password)}@${postgres.host}:${postgres.port}/${postgres.database}`,
    SWITCHYARD_DB_POSTGRESDB_POOL_SIZE: '4',
    ...extraEnv,
  };
  const processes: QueueProcess[] = [];

  const start = async (role: QueueProcess['role'], more: Record<string, string> = {}): Promise<QueueProcess> => {
    const child = spawn(process.execPath, [mainTs, role], { env: { ...process.env, ...env, ...more }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${role} did not start: ${out}`)), 30_000);
      const check = () => {
        const m = /running at (\S+)|health: (\S+)\/healthz/.exec(out);
        if (m) {
          clearTimeout(timer);
          const base = (m[1] ?? m[2]).replace(/\/?$/, '/');
          resolve(base);
        }
      };
      child.stdout!.on('data', check);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${role} exited (${code}): ${out}`));
      });
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const p: QueueProcess = {
      role,
      child,
      url,
      output: () => out,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        return exited;
      },
      async kill() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      },
    };
    processes.push(p);
    return p;
  };

  return {
    env,
    dataDir,
    postgres,
    get redis() {
      return redis;
    },
    start,
    async restartRedis() {
      const port = redis.port;
      await redis.stop();
      redis = await startRedis({ port });
    },
    processes,
    async dispose() {
      await Promise.all(processes.map((p) => p.kill().catch(() => undefined)));
      await Promise.all([postgres.stop(), redis.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
