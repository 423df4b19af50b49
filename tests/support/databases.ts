// Real database servers for tests: a temporary PostgreSQL cluster, MariaDB server and Redis
// server, each on 127.0.0.1 on a free port with its data in a fresh temporary folder, removed
// again by stop(). Debian's packages provide the binaries (postgresql, mariadb-server,
// redis-server); scripts/test.mjs and .ci/run install them when they are missing. PostgreSQL and
// MariaDB refuse to run as root: as root the servers run as the packages' system users
// (postgres, mysql), who are given the temporary folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface DatabaseServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Database (PostgreSQL, MariaDB) or database index (Redis, as a string). */
  database: string;
  /** The server's data folder (temporary). */
  dir: string;
  /** What the server wrote to stdout/stderr so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

function systemUser(name: string): { uid: number; gid: number } | undefined {
  const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (r.status !== 0 || g.status !== 0) return undefined;
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** As root: the unprivileged user the server runs as (and owns `dir`); otherwise ourselves. */
function runAs(name: string, dir: string): { uid?: number; gid?: number } {
  if (!isRoot) return {};
  const u = systemUser(name) ?? systemUser('nobody');
  if (!u) throw new Error(`Running as root and no "${name}" or "nobody" user to run the database server as`);
  chownSync(dir, u.uid, u.gid);
  return u;
}

function missing(what: string, pkg: string): Error {
  return new Error(`${what} is not installed: run \`apt-get install -y ${pkg}\` as root (npm test does it when it may)`);
}

function waitForPort(port: number, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`The server exited with code ${child.exitCode}:\n${log()}`));
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) return reject(new Error(`The server did not listen on ${port} within ${timeoutMs} ms:\n${log()}`));
        setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

function startProcess(cmd: string, args: string[], opts: { uid?: number; gid?: number; cwd?: string }): { child: ChildProcess; log: () => string } {
  let out = '';
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (b: Buffer) => {
    out += b.toString();
    if (out.length > 64_000) out = out.slice(-32_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, log: () => out };
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function run(cmd: string, args: string[], opts: { uid?: number; gid?: number; cwd?: string }): void {
  const r = spawnSync(cmd, args, { ...opts, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout || r.error?.message}`);
}

// --- PostgreSQL -------------------------------------------------------------------------------

/** The bin folder of the newest PostgreSQL installed (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => existsSync(join(root, d, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (!majors.length) throw missing('PostgreSQL', 'postgresql');
  return join(root, majors[0]!, 'bin');
}

/**
 * A temporary PostgreSQL cluster on 127.0.0.1 (TCP, password authentication with SCRAM), with
 * superuser `user` / `password` and database `database`; fsync off (test data only).
 */
export async function startPostgres(options: { user?: string; password?: string; database?: string } = {}): Promise<DatabaseServer> {
  const bin = postgresBin();
  const user = options.user ?? 'switchyard';
  const password = options.password ?? 'switchyard-pw';
  const database = options.database ?? 'switchyard';
  const dir = mkdtempSync(join(tmpdir(), 'sy-pg-'));
  const owner = runAs('postgres', dir);
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${password}\n`);
  if (owner.uid !== undefined) chownSync(pwfile, owner.uid, owner.gid!);
  run(join(bin, 'initdb'), ['-D', data, '-U', user, `--pwfile=${pwfile}`, '--auth-host=scram-sha-256', '--auth-local=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...owner, cwd: dir });
  rmSync(pwfile, { force: true });
  const port = await freePort();
  const { child, log } = startProcess(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir, '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=60', '-c', 'shared_buffers=16MB'], { ...owner, cwd: dir });
  try {
    await waitForPort(port, child, log, 30_000);
    // The port opens before the cluster accepts queries; wait until it does, then add the database.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const r = spawnSync(join(bin, 'psql'), ['-h', dir, '-p', String(port), '-U', user, '-d', 'postgres', '-Atc', `CREATE DATABASE "${database}"`], { ...owner, encoding: 'utf8', cwd: dir });
      if (r.status === 0) break;
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept queries: ${r.stderr}\n${log()}`);
      await new Promise((res) => setTimeout(res, 100));
    }
  } catch (e) {
    await stopProcess(child, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    database,
    dir,
    log,
    async stop() {
      // SIGINT = PostgreSQL's "fast" shutdown: sessions are ended, nothing waits for clients.
      await stopProcess(child, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// --- MariaDB ----------------------------------------------------------------------------------

function which(names: string[], dirs = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin']): string | undefined {
  for (const n of names) for (const d of dirs) if (existsSync(join(d, n))) return join(d, n);
  return undefined;
}

/**
 * A temporary MariaDB server on 127.0.0.1 with its socket in the temporary folder, a database
 * `database` and a user `user`@127.0.0.1 / `password` with every privilege on it.
 */
export async function startMariaDb(options: { user?: string; password?: string; database?: string } = {}): Promise<DatabaseServer> {
  const server = which(['mariadbd', 'mysqld']);
  const install = which(['mariadb-install-db', 'mysql_install_db']);
  const client = which(['mariadb', 'mysql']);
  if (!server || !install || !client) throw missing('MariaDB', 'mariadb-server');
  const user = options.user ?? 'switchyard';
  const password = options.password ?? 'switchyard-pw';
  const database = options.database ?? 'switchyard';
  const dir = mkdtempSync(join(tmpdir(), 'sy-maria-'));
  const owner = runAs('mysql', dir);
  const osUser = isRoot ? 'mysql' : userInfo().username;
  const data = join(dir, 'data');
  const socket = join(dir, 'mysqld.sock');
  const common = ['--no-defaults', `--datadir=${data}`, `--user=${osUser}`];
  run(install, [...common, '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve'], { cwd: dir });
  if (owner.uid !== undefined) spawnSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
  const port = await freePort();
  const { child, log } = startProcess(server, [
    ...common,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${socket}`,
    `--pid-file=${join(dir, 'mysqld.pid')}`,
    `--log-error=${join(dir, 'error.log')}`,
    '--skip-name-resolve',
    '--skip-log-bin',
    '--innodb-buffer-pool-size=16M',
    '--innodb-log-file-size=8M',
    '--innodb-flush-log-at-trx-commit=0',
    '--performance-schema=OFF',
    '--max-connections=60',
  ], { cwd: dir });
  const errorLog = () => {
    try {
      return log() + spawnSync('tail', ['-n', '30', join(dir, 'error.log')], { encoding: 'utf8' }).stdout;
    } catch {
      return log();
    }
  };
  try {
    await waitForPort(port, child, errorLog, 60_000);
    const sql = [
      `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4;`,
      `CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${password}';`,
      `GRANT ALL PRIVILEGES ON \`${database}\`.* TO '${user}'@'127.0.0.1';`,
      'FLUSH PRIVILEGES;',
    ].join(' ');
    run(client, ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', sql], { cwd: dir });
  } catch (e) {
    await stopProcess(child, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    database,
    dir,
    log: errorLog,
    async stop() {
      await stopProcess(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// --- Redis ------------------------------------------------------------------------------------

/** A temporary redis-server on 127.0.0.1, persistence off, with `password` for the default user. */
export async function startRedis(options: { password?: string; port?: number } = {}): Promise<DatabaseServer> {
  const server = which(['redis-server']);
  if (!server) throw missing('Redis', 'redis-server');
  const password = options.password ?? 'switchyard-pw';
  const dir = mkdtempSync(join(tmpdir(), 'sy-redis-'));
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
  if (password) args.push('--requirepass', password);
  const { child, log } = startProcess(server, args, { cwd: dir });
  try {
    await waitForPort(port, child, log, 30_000);
  } catch (e) {
    await stopProcess(child, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    host: '127.0.0.1',
    port,
    user: 'default',
    password,
    database: '0',
    dir,
    log,
    async stop() {
      await stopProcess(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
