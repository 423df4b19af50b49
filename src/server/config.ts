// Server configuration from SWITCHYARD_* environment variables. Each variable is declared once
// in CONFIG_VARIABLES (name, default, meaning, parser) so the README table is generated from the
// same list the server reads, and a bad value stops startup with a message naming the variable.
import { CODE_MEMORY_MB_DEFAULT, CODE_MEMORY_MB_MAX, CODE_MEMORY_MB_MIN, parseCodeMemoryMb } from '../engine/sandbox/codeMemory.ts';
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import {
  DEFAULT_EXECUTION_TIMEOUT,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_TIMEZONE,
  WEBHOOK_ENDPOINT,
  WEBHOOK_TEST_ENDPOINT,
  WEBHOOK_WAITING_ENDPOINT,
} from '../model/constants.ts';
import type { DatabaseOptions } from './db/database.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type SaveData = 'all' | 'none';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** SQLite (a file in the data folder) or PostgreSQL (n8n's DB_TYPE values). */
  dbType: 'sqlite' | 'postgresdb';
  dbPostgresUrl: string;
  dbPostgresHost: string;
  dbPostgresPort: number;
  dbPostgresDatabase: string;
  dbPostgresUser: string;
  dbPostgresPassword: string;
  dbPostgresSchema: string;
  dbPostgresPoolSize: number;
  /** Milliseconds. */
  dbPostgresConnectionTimeout: number;
  /** Milliseconds; 0 = never closed. */
  dbPostgresIdleConnectionTimeout: number;
  dbPostgresSslEnabled: boolean;
  /** PEM text or a file holding it; empty = none. */
  dbPostgresSslCa: string;
  dbPostgresSslCert: string;
  dbPostgresSslKey: string;
  dbPostgresSslRejectUnauthorized: boolean;
  /** What openDatabase opens, made by loadConfig from the dbPostgres* settings (files read). */
  database: DatabaseOptions;
  /** Always starts and ends with '/'. */
  basePath: string;
  /** Public address of the editor, e.g. https://flows.example.com/; empty = derived from host and port. */
  editorBaseUrl: string;
  /** Public address webhooks are reached at; empty = the editor address. */
  webhookUrl: string;
  timezone: string;
  logLevel: LogLevel;
  /** Seconds; -1 = no timeout. */
  executionsTimeout: number;
  /** Seconds; the cap for any workflow's own timeout. */
  executionsTimeoutMax: number;
  saveDataErrorExecution: SaveData;
  saveDataSuccessExecution: SaveData;
  saveManualExecutions: boolean;
  saveExecutionProgress: boolean;
  /** Largest request body accepted, bytes. */
  payloadSizeMax: number;
  /** Seconds to wait for running executions on shutdown before they are cancelled. */
  gracefulShutdownTimeout: number;
  templatesEnabled: boolean;
  templatesHost: string;
  personalizationEnabled: boolean;
  onboardingCallPromptEnabled: boolean;
  promptsEnabled: boolean;
  promptsUrl: string;
  versionNotificationsEnabled: boolean;
  versionNotificationsEndpoint: string;
  versionNotificationsInfoUrl: string;
  /** URL path segments of production, test and waiting webhooks. */
  endpointWebhook: string;
  endpointWebhookTest: string;
  endpointWebhookWaiting: string;
  /** Seconds a webhook caller waits for 'lastNode' / 'responseNode' answers. */
  webhookResponseTimeout: number;
  /** Binary data larger than this (bytes) is kept on disk instead of base64 in the run data. */
  binaryDataInlineMax: number;
  /** Instance SMTP settings, used as the 'smtp' credentials of Send Email. */
  smtpHost: string;
  smtpPort: number;
  smtpUser: string;
  smtpPassword: string;
  smtpSsl: boolean;
  smtpStartTls: boolean;
  /** From address of the mails the instance sends (invitations, password recovery). */
  smtpSender: string;
  /** Hours a sign-in lasts. */
  sessionDurationHours: number;
  /** The public API (/api/v1, API keys). */
  publicApiEnabled: boolean;
  /** Reverse proxies in front of the server whose X-Forwarded-For is trusted (0 = none). */
  proxyHops: number;
  /** Absolute, existing folders file nodes may read and write in; empty = file access disabled. */
  fileAccessRoots: string[];
  /** Secret that encrypts stored credentials; empty = a key generated once into the data folder. */
  encryptionKey: string;
  /** Delete old executions (with their binary data) in the background. */
  executionsDataPrune: boolean;
  /** Hours after which a finished execution is pruned. */
  executionsDataMaxAge: number;
  /** Most finished executions kept; 0 = no limit by count. */
  executionsDataPruneMaxCount: number;
  /** Wall-clock limit of one expression evaluation, ms. */
  expressionTimeout: number;
  /** QuickJS memory of one Code / Function run, MB (the sandbox reads the same variable). */
  codeMemoryMb: number;
  /** Regex time limit, ms: one operation, and all of one evaluation's operations together. */
  regexTimeout: number;
  /** Settings → Community nodes: install npm packages of nodes (off in queue mode). */
  communityPackagesEnabled: boolean;
  /** The npm registry packages are installed from. */
  communityPackagesRegistry: string;
  /** Execute Command nodes may run shell commands (off by default, as n8n 2). */
  executeCommandEnabled: boolean;
  /** Seconds one Execute Command command may run. */
  executeCommandTimeout: number;
  /** Bytes of stdout (and of stderr) one command may write. */
  executeCommandOutputMax: number;
  /** Serve Prometheus metrics at /metrics. */
  metricsEnabled: boolean;
  /** Prefix of every metric's name. */
  metricsPrefix: string;
  /** regular: executions run in this process; queue: through a BullMQ queue on Redis (issue 16). */
  executionsMode: 'regular' | 'queue';
  queueRedisHost: string;
  queueRedisPort: number;
  queueRedisDb: number;
  queueRedisUsername: string;
  queueRedisPassword: string;
  /** Prefix of every Redis key and channel (several instances may share one Redis). */
  queuePrefix: string;
  /** Executions one worker runs at once. */
  workerConcurrency: number;
  /** Queue mode: manual runs from the editor go to workers too (else the main process runs them). */
  queueOffloadManualExecutions: boolean;
  /** Milliseconds a worker's hold on a job lasts without renewal: a killed worker's job is noticed after about this long. */
  queueLockDuration: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

interface ConfigVariable<K extends keyof ServerConfig = keyof ServerConfig> {
  name: string;
  key: K;
  /** The default as the README shows it; used as is unless defaultFrom works it out. */
  default: string;
  /** A default that depends on the machine, worked out at start. */
  defaultFrom?(env: Record<string, string | undefined>): string;
  meaning: string;
  parse(raw: string, name: string): ServerConfig[K];
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(min: number, max: number, extra?: (n: number, name: string) => void) {
  return (raw: string, name: string): number => {
    const t = raw.trim();
    if (!/^-?\d+$/.test(t)) throw new ConfigError(`${name} must be a whole number (got "${raw}")`);
    const n = Number(t);
    if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max} (got ${n})`);
    extra?.(n, name);
    return n;
  };
}

function oneOf<T extends string>(values: readonly T[]) {
  return (raw: string, name: string): T => {
    const t = raw.trim().toLowerCase() as T;
    if (!values.includes(t)) throw new ConfigError(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
    return t;
  };
}

function bool(raw: string, name: string): boolean {
  const t = raw.trim().toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function host(raw: string, name: string): string {
  const t = raw.trim();
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(t)) throw new ConfigError(`${name} must be a host name or IP address (got "${raw}")`);
  return t;
}

function expandHome(path: string): string {
  return path === '~' ? homedir() : path.startsWith('~/') ? homedir() + path.slice(1) : path;
}

function dir(raw: string, name: string): string {
  const t = raw.trim();
  if (t === '') throw new ConfigError(`${name} must not be empty`);
  return resolve(expandHome(t));
}

/**
 * Folders separated by ';' (as n8n's N8N_RESTRICT_FILE_ACCESS_TO). Each must be absolute (or
 * start with ~) and exist: a typo would otherwise leave file nodes failing at run time, and
 * creating the folder would hide the typo.
 */
function folderList(raw: string, name: string): string[] {
  const folders: string[] = [];
  for (const entry of raw.split(';')) {
    const t = entry.trim();
    if (t === '') continue;
    const expanded = expandHome(t);
    if (!isAbsolute(expanded)) throw new ConfigError(`${name} must list absolute folders separated by ; (got the relative path "${t}")`);
    const folder = resolve(expanded);
    let isDir: boolean;
    try {
      isDir = statSync(folder).isDirectory();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new ConfigError(`${name}: folder "${folder}" ${code === 'ENOENT' ? 'does not exist' : `can not be read (${code ?? String(e)})`}`);
    }
    if (!isDir) throw new ConfigError(`${name}: "${folder}" is not a folder`);
    if (!folders.includes(folder)) folders.push(folder);
  }
  return folders;
}

/** '/', '/flows/', '/a/b/' — leading and trailing slash, URL-safe segments only. */
export function normaliseBasePath(raw: string, name = 'SWITCHYARD_BASE_PATH'): string {
  let t = raw.trim();
  if (t === '') return '/';
  if (!t.startsWith('/')) t = '/' + t;
  if (!t.endsWith('/')) t += '/';
  if (!/^(\/[A-Za-z0-9._~-]+)*\/$/.test(t) || /\/\.{1,2}\//.test(t)) {
    throw new ConfigError(`${name} must be a URL path such as / or /switchyard/ (got "${raw}")`);
  }
  return t;
}

/** An absolute http(s) URL, or undefined for an empty value; throws ConfigError naming the variable. */
function httpUrl(raw: string, name: string): URL | undefined {
  const t = raw.trim();
  if (t === '') return undefined;
  let u: URL;
  try {
    u = new URL(t);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}")`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(`${name} must be an http or https URL (got "${raw}")`);
  return u;
}

/** A base URL: ends with '/' (paths are appended to it); empty allowed. */
function url(raw: string, name: string): string {
  const u = httpUrl(raw, name);
  if (!u) return '';
  return u.href.endsWith('/') ? u.href : u.href + '/';
}

/** An absolute http(s) address of a page, kept as written (no '/' added): empty allowed. */
function pageUrl(raw: string, name: string): string {
  return httpUrl(raw, name)?.href ?? '';
}

export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The machine's time zone, which is what a user of it expects workflows to run in (n8n's fixed
 * America/New_York surprised them): TZ as written when it names a zone (Asia/Kolkata, where ICU
 * would say Asia/Calcutta), else the system's, else America/New_York when neither is known.
 */
export function systemTimezone(env: Record<string, string | undefined> = process.env): string {
  const fromTz = env.TZ?.trim().replace(/^:/, '');
  const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const zone of [fromTz, system]) {
    if (zone && /^[A-Za-z]/.test(zone) && zone !== 'Etc/Unknown' && isValidTimezone(zone)) return zone;
  }
  return DEFAULT_TIMEZONE;
}

function timezone(raw: string, name: string): string {
  const t = raw.trim();
  if (!isValidTimezone(t)) throw new ConfigError(`${name} must be an IANA time zone such as America/New_York (got "${raw}")`);
  return t;
}

function segment(raw: string, name: string): string {
  const t = raw.trim().replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9._~-]+$/.test(t) || t === 'rest') throw new ConfigError(`${name} must be one URL path segment other than rest, such as webhook (got "${raw}")`);
  return t;
}

function keyPrefix(raw: string, name: string): string {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(raw)) throw new ConfigError(`${name} must be 1–40 letters, digits, '-' or '_' (got "${raw}")`);
  return raw;
}

/** Kept as given (a secret is not trimmed); short keys are refused rather than weakly derived. */
function encryptionKey(raw: string, name: string): string {
  if (raw !== '' && raw.length < 16) throw new ConfigError(`${name} must be at least 16 characters long (got ${raw.length})`);
  return raw;
}

/** 'a@b.c' or 'Name <a@b.c>'. */
function sender(raw: string, name: string): string {
  const t = raw.trim();
  if (t === '') return t;
  const m = /<([^<>]+)>\s*$/.exec(t);
  const address = (m ? m[1] : t).trim();
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address)) throw new ConfigError(`${name} must be an email address, optionally with a name: "Switchyard <flows@example.com>" (got "${raw}")`);
  return t;
}

function text(raw: string): string {
  return raw.trim();
}

/** A PostgreSQL server: host name, IP address, or the absolute folder of its Unix socket. */
function pgHost(raw: string, name: string): string {
  const t = raw.trim();
  if (t.startsWith('/')) return t;
  return host(t, name);
}

/** postgres://user:password@host:port/database?sslmode=… (empty = use the separate settings). */
function pgUrl(raw: string, name: string): string {
  const t = raw.trim();
  if (t === '') return '';
  let u: URL;
  try {
    u = new URL(t);
  } catch {
    throw new ConfigError(`${name} must be a URL such as postgres://user:password@host:5432/database (it could not be parsed)`);
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new ConfigError(`${name} must start with postgres:// or postgresql:// (got ${u.protocol}//…)`);
  if (!u.hostname && !u.searchParams.get('host')) throw new ConfigError(`${name} must name a host: postgres://user:password@host:5432/database`);
  return t;
}

/** A schema name: what PostgreSQL accepts as an identifier (63 bytes), kept as given (quoted in SQL). */
function pgSchema(raw: string, name: string): string {
  const t = raw.trim();
  if (t === '' || Buffer.byteLength(t) > 63 || /[\u0000]/.test(t)) throw new ConfigError(`${name} must be a schema name of 1 to 63 bytes (got "${raw}")`);
  return t;
}

/** PEM text given inline, or read from the file named; '' = none. */
function pemOrFile(value: string, name: string): string | undefined {
  if (value === '') return undefined;
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(expandHome(value), 'utf8');
  } catch (e) {
    throw new ConfigError(`${name} must be PEM text or a readable file: "${value}" ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `can not be read (${(e as Error).message})`}`);
  }
}

/** The database settings as openDatabase takes them; ConfigError for a bad combination or an unreadable SSL file. */
function databaseOptions(c: ServerConfig): DatabaseOptions {
  if (c.dbType === 'sqlite') return { type: 'sqlite' };
  const ca = pemOrFile(c.dbPostgresSslCa, 'SWITCHYARD_DB_POSTGRESDB_SSL_CA');
  const cert = pemOrFile(c.dbPostgresSslCert, 'SWITCHYARD_DB_POSTGRESDB_SSL_CERT');
  const key = pemOrFile(c.dbPostgresSslKey, 'SWITCHYARD_DB_POSTGRESDB_SSL_KEY');
  if (!c.dbPostgresSslEnabled && (ca || cert || key)) {
    throw new ConfigError('SWITCHYARD_DB_POSTGRESDB_SSL_CA, _SSL_CERT or _SSL_KEY is set but SWITCHYARD_DB_POSTGRESDB_SSL_ENABLED is false');
  }
  if (Boolean(cert) !== Boolean(key)) throw new ConfigError('SWITCHYARD_DB_POSTGRESDB_SSL_CERT and SWITCHYARD_DB_POSTGRESDB_SSL_KEY go together (a client certificate and its key)');
  return {
    type: 'postgresdb',
    postgres: {
      url: c.dbPostgresUrl,
      host: c.dbPostgresHost,
      port: c.dbPostgresPort,
      database: c.dbPostgresDatabase,
      user: c.dbPostgresUser,
      password: c.dbPostgresPassword,
      schema: c.dbPostgresSchema,
      poolSize: c.dbPostgresPoolSize,
      connectionTimeout: c.dbPostgresConnectionTimeout,
      idleTimeout: c.dbPostgresIdleConnectionTimeout,
      ssl: c.dbPostgresSslEnabled ? { rejectUnauthorized: c.dbPostgresSslRejectUnauthorized, ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) } : false,
    },
  };
}

const MAX_SECONDS = 365 * 24 * 3600;

function variable<K extends keyof ServerConfig>(v: ConfigVariable<K>): ConfigVariable {
  return v as unknown as ConfigVariable;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  variable({ name: 'SWITCHYARD_PORT', key: 'port', default: String(DEFAULT_PORT), meaning: 'TCP port the server listens on (0 picks a free one).', parse: integer(0, 65535) }),
  variable({ name: 'SWITCHYARD_HOST', key: 'host', default: DEFAULT_HOST, meaning: 'Address the server binds to.', parse: host }),
  variable({ name: 'SWITCHYARD_DATA_DIR', key: 'dataDir', default: '~/.switchyard', meaning: 'Folder for the SQLite database and other instance data; created if missing.', parse: dir }),
  variable({ name: 'SWITCHYARD_BASE_PATH', key: 'basePath', default: '/', meaning: 'URL path the editor and the REST API are served under, e.g. /switchyard/.', parse: (r, n) => normaliseBasePath(r, n) }),
  variable({ name: 'SWITCHYARD_EDITOR_BASE_URL', key: 'editorBaseUrl', default: '', meaning: 'Public URL of the editor (behind a proxy); empty = http://HOST:PORT plus the base path.', parse: url }),
  variable({ name: 'SWITCHYARD_WEBHOOK_URL', key: 'webhookUrl', default: '', meaning: 'Public URL webhooks are reached at; empty = the editor URL.', parse: url }),
  variable({ name: 'SWITCHYARD_TIMEZONE', key: 'timezone', default: 'the system\'s', defaultFrom: systemTimezone, meaning: `Default time zone of workflows and schedules (IANA name), shown in About. Unset: the machine's (TZ, else the system setting; ${DEFAULT_TIMEZONE}, n8n's default, when it has none). Set it on every process of a queue-mode cluster alike.`, parse: timezone }),
  variable({ name: 'SWITCHYARD_LOG_LEVEL', key: 'logLevel', default: 'info', meaning: `Server log level: ${LOG_LEVELS.join(', ')}.`, parse: oneOf(LOG_LEVELS) }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_TIMEOUT', key: 'executionsTimeout', default: String(DEFAULT_EXECUTION_TIMEOUT), meaning: 'Default execution timeout in seconds; -1 = none. Workflows may set their own.', parse: integer(-1, MAX_SECONDS, (n, name) => { if (n === 0) throw new ConfigError(`${name} must be -1 (off) or a positive number of seconds (got 0)`); }) }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_TIMEOUT_MAX', key: 'executionsTimeoutMax', default: '3600', meaning: 'Largest execution timeout in seconds a workflow may set.', parse: integer(1, MAX_SECONDS) }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_DATA_SAVE_ON_ERROR', key: 'saveDataErrorExecution', default: 'all', meaning: 'Save failed executions: all or none (workflow setting DEFAULT uses this).', parse: oneOf(['all', 'none'] as const) }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_DATA_SAVE_ON_SUCCESS', key: 'saveDataSuccessExecution', default: 'all', meaning: 'Save successful executions: all or none.', parse: oneOf(['all', 'none'] as const) }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_DATA_SAVE_MANUAL', key: 'saveManualExecutions', default: 'false', meaning: 'Save executions started from the editor.', parse: bool }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_DATA_SAVE_PROGRESS', key: 'saveExecutionProgress', default: 'false', meaning: 'Save run data after every node so a crash keeps the progress.', parse: bool }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_DATA_PRUNE', key: 'executionsDataPrune', default: 'true', meaning: 'Delete old executions and their binary data in the background (small batches, every 5 minutes): those older than SWITCHYARD_EXECUTIONS_DATA_MAX_AGE and those beyond SWITCHYARD_EXECUTIONS_DATA_PRUNE_MAX_COUNT. Running and waiting executions are kept.', parse: bool }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_DATA_MAX_AGE', key: 'executionsDataMaxAge', default: '336', meaning: 'Hours an execution is kept when pruning is on (336 = 14 days), counted from its start.', parse: integer(1, 24 * 365 * 100) }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_DATA_PRUNE_MAX_COUNT', key: 'executionsDataPruneMaxCount', default: '10000', meaning: 'Most executions kept when pruning is on (the newest); 0 = no limit by count.', parse: integer(0, 1_000_000_000) }),
  variable({ name: 'SWITCHYARD_PAYLOAD_SIZE_MAX', key: 'payloadSizeMax', default: String(16 * 1024 * 1024), meaning: 'Largest request body in bytes; larger requests get HTTP 413.', parse: integer(1024 * 1024, 1024 * 1024 * 1024) }),
  variable({ name: 'SWITCHYARD_GRACEFUL_SHUTDOWN_TIMEOUT', key: 'gracefulShutdownTimeout', default: '30', meaning: 'Seconds running executions get to finish on shutdown (SIGTERM/SIGINT): the listener closes at once and webhooks answer 503; runs still going then are canceled (not crashed), the database is closed cleanly and the process exits 0.', parse: integer(0, 3600) }),
  variable({ name: 'SWITCHYARD_CODE_MEMORY_MB', key: 'codeMemoryMb', default: String(CODE_MEMORY_MB_DEFAULT), meaning: `Memory of one Code or Function node run, MB (${CODE_MEMORY_MB_MIN}–${CODE_MEMORY_MB_MAX}); past it the node fails naming the limit.`, parse: (raw) => { const v = parseCodeMemoryMb(raw); if (typeof v === 'string') throw new ConfigError(v); return v; } }),
  variable({ name: 'SWITCHYARD_EXPRESSION_TIMEOUT', key: 'expressionTimeout', default: '5000', meaning: 'Milliseconds one expression evaluation may run on the server (loops, calls and regular expressions all count), as n8n\'s 5 s; past it the node fails with "Expression exceeded its time limit".', parse: integer(1, 600_000) }),
  variable({ name: 'SWITCHYARD_REGEX_TIMEOUT', key: 'regexTimeout', default: '50', meaning: 'Milliseconds a regular expression (in an expression, or an If / Filter / Switch regex condition) may run, per operation and per expression evaluation all together (plus 1 ms per 4,000 characters of input where the server awaits it); it runs in a worker that is stopped past it, so a backtracking pattern cannot stall the server.', parse: integer(1, 600_000) }),
  variable({ name: 'SWITCHYARD_EXECUTE_COMMAND_ENABLED', key: 'executeCommandEnabled', default: 'false', meaning: 'Let Execute Command nodes run shell commands on the server, as the server\'s user (n8n 2 blocks the node by default too). Off: the node fails with "Execute Command is disabled on this instance".', parse: bool }),
  variable({ name: 'SWITCHYARD_EXECUTE_COMMAND_TIMEOUT', key: 'executeCommandTimeout', default: '60', meaning: 'Seconds one Execute Command command may run; past it its process group is killed and the node fails.', parse: integer(1, 86_400) }),
  variable({ name: 'SWITCHYARD_EXECUTE_COMMAND_OUTPUT_MAX', key: 'executeCommandOutputMax', default: String(1024 * 1024), meaning: 'Bytes of output (stdout, and stderr, each) one Execute Command command may write; more stops it and fails the node.', parse: integer(1024, 256 * 1024 * 1024) }),
  variable({ name: 'SWITCHYARD_COMMUNITY_PACKAGES_ENABLED', key: 'communityPackagesEnabled', default: 'true', meaning: 'Settings → Community nodes: the owner installs n8n community node packages from npm (into <data folder>/nodes, with npm, install scripts not run); their code runs in a separate process that can read only that folder. Needs npm on the PATH.', parse: bool }),
  variable({ name: 'SWITCHYARD_COMMUNITY_PACKAGES_REGISTRY', key: 'communityPackagesRegistry', default: 'https://registry.npmjs.org/', meaning: 'The npm registry community packages are installed and updated from (a mirror, or a private registry).', parse: url }),
  variable({ name: 'SWITCHYARD_TEMPLATES_ENABLED', key: 'templatesEnabled', default: 'true', meaning: 'The template gallery (Templates in the sidebar, New from template) and this server\'s own templates host at <base path>rest/templates-host/. Off: the template pages are not found and the host is not served.', parse: bool }),
  variable({ name: 'SWITCHYARD_ENDPOINT_WEBHOOK', key: 'endpointWebhook', default: WEBHOOK_ENDPOINT, meaning: 'Path segment of production webhook URLs.', parse: segment }),
  variable({ name: 'SWITCHYARD_ENDPOINT_WEBHOOK_TEST', key: 'endpointWebhookTest', default: WEBHOOK_TEST_ENDPOINT, meaning: 'Path segment of test webhook URLs (the editor listening for one call).', parse: segment }),
  variable({ name: 'SWITCHYARD_ENDPOINT_WEBHOOK_WAITING', key: 'endpointWebhookWaiting', default: WEBHOOK_WAITING_ENDPOINT, meaning: 'Path segment of the URLs that resume waiting executions ($execution.resumeUrl).', parse: segment }),
  variable({ name: 'SWITCHYARD_WEBHOOK_RESPONSE_TIMEOUT', key: 'webhookResponseTimeout', default: '300', meaning: "Seconds a webhook caller waits for a 'When Last Node Finishes' or 'Respond to Webhook' answer before getting 504.", parse: integer(1, MAX_SECONDS) }),
  variable({ name: 'SWITCHYARD_BINARY_DATA_INLINE_MAX', key: 'binaryDataInlineMax', default: String(1024 * 1024), meaning: 'Binary data larger than this many bytes is stored on disk (DATA_DIR/binaryData) instead of inside the execution data.', parse: integer(0, 1024 * 1024 * 1024) }),
  variable({ name: 'SWITCHYARD_FILE_ACCESS_ROOTS', key: 'fileAccessRoots', default: '', meaning: 'Folders the file nodes (Read/Write Files from Disk, Read Binary Files) may use: absolute paths separated by ;, each must exist. Empty = file access disabled. SWITCHYARD_DATA_DIR stays blocked even inside one of them.', parse: folderList }),
  variable({ name: 'SWITCHYARD_ENCRYPTION_KEY', key: 'encryptionKey', default: '', meaning: 'Secret that encrypts stored credentials (AES-256-GCM; any string of at least 16 characters). Empty = a random key generated once into SWITCHYARD_DATA_DIR/encryptionKey (mode 0600) and reused. Changing it makes stored credentials unreadable: change it with npm run credentials:rotate-key (README, Secrets and the encryption key).', parse: encryptionKey }),
  variable({ name: 'SWITCHYARD_SMTP_HOST', key: 'smtpHost', default: '', meaning: 'SMTP server for Send Email nodes that have no smtp credential of their own.', parse: text }),
  variable({ name: 'SWITCHYARD_SMTP_PORT', key: 'smtpPort', default: '465', meaning: 'SMTP server port (465 for TLS, 587 or 25 for STARTTLS).', parse: integer(1, 65535) }),
  variable({ name: 'SWITCHYARD_SMTP_USER', key: 'smtpUser', default: '', meaning: 'SMTP user name (empty = no authentication).', parse: text }),
  variable({ name: 'SWITCHYARD_SMTP_PASSWORD', key: 'smtpPassword', default: '', meaning: 'SMTP password.', parse: (r) => r }),
  variable({ name: 'SWITCHYARD_SMTP_SSL', key: 'smtpSsl', default: 'true', meaning: 'Connect with TLS from the start (port 465); false = plain, upgraded with STARTTLS when offered.', parse: bool }),
  variable({ name: 'SWITCHYARD_SMTP_STARTTLS', key: 'smtpStartTls', default: 'true', meaning: 'Use STARTTLS when the server offers it (with SWITCHYARD_SMTP_SSL=false).', parse: bool }),
  variable({ name: 'SWITCHYARD_SMTP_SENDER', key: 'smtpSender', default: '', meaning: 'From address of the invitation and password-recovery mails, e.g. "Switchyard <flows@example.com>"; empty = SWITCHYARD_SMTP_USER when it is an address, else switchyard@ the SMTP host. Invitations and recovery mails need SWITCHYARD_SMTP_HOST.', parse: sender }),
  variable({ name: 'SWITCHYARD_SESSION_DURATION_HOURS', key: 'sessionDurationHours', default: '168', meaning: 'Hours a sign-in lasts before the user must sign in again.', parse: integer(1, 24 * 365) }),
  variable({ name: 'SWITCHYARD_PUBLIC_API_ENABLED', key: 'publicApiEnabled', default: 'true', meaning: 'Serve the public REST API under /api/v1 (authenticated by API keys from Settings → API).', parse: bool }),
  variable({ name: 'SWITCHYARD_PROXY_HOPS', key: 'proxyHops', default: '0', meaning: 'Number of reverse proxies in front of the server: client addresses (sign-in limits, logs) are then read from X-Forwarded-For. 0 = none (the connection address counts).', parse: integer(0, 10) }),
  variable({ name: 'SWITCHYARD_METRICS', key: 'metricsEnabled', default: 'false', meaning: 'Serve Prometheus metrics at /metrics (executions by mode and status, their durations, running executions, active workflows, webhook request durations, event-loop lag, heap and process figures). Unauthenticated, as n8n\'s: expose it only where your Prometheus reaches it.', parse: bool }),
  variable({ name: 'SWITCHYARD_METRICS_PREFIX', key: 'metricsPrefix', default: 'n8n_', meaning: 'Prefix of every metric name (n8n\'s, so that n8n dashboards work).', parse: (r, n) => { if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(r)) throw new ConfigError(`${n} must be letters, digits and underscores, not starting with a digit`); return r; } }),
  variable({ name: 'SWITCHYARD_DB_TYPE', key: 'dbType', default: 'sqlite', meaning: 'Database: sqlite (a file in SWITCHYARD_DATA_DIR) or postgresdb (PostgreSQL, set up with the SWITCHYARD_DB_POSTGRESDB_* settings). n8n\'s DB_TYPE values. Both hold the same schema; nothing is copied from one to the other.', parse: oneOf(['sqlite', 'postgresdb'] as const) }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_URL', key: 'dbPostgresUrl', default: '', meaning: 'PostgreSQL connection URL, postgres://user:password@host:5432/database (sslmode=… in its query is honoured); when set, the HOST, PORT, DATABASE, USER and PASSWORD settings are not used.', parse: pgUrl }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_HOST', key: 'dbPostgresHost', default: 'localhost', meaning: 'PostgreSQL server: host name, IP address, or the folder of its Unix socket (e.g. /var/run/postgresql).', parse: pgHost }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_PORT', key: 'dbPostgresPort', default: '5432', meaning: 'PostgreSQL server port.', parse: integer(1, 65535) }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_DATABASE', key: 'dbPostgresDatabase', default: 'switchyard', meaning: 'PostgreSQL database (it must exist).', parse: text }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_USER', key: 'dbPostgresUser', default: 'postgres', meaning: 'PostgreSQL user.', parse: text }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_PASSWORD', key: 'dbPostgresPassword', default: '', meaning: 'PostgreSQL password.', parse: (r) => r }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_SCHEMA', key: 'dbPostgresSchema', default: 'public', meaning: 'Schema the tables are made in (created at start when missing, if the user may).', parse: pgSchema }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_POOL_SIZE', key: 'dbPostgresPoolSize', default: '2', meaning: 'Most PostgreSQL connections one process opens.', parse: integer(1, 1000) }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_CONNECTION_TIMEOUT', key: 'dbPostgresConnectionTimeout', default: '20000', meaning: 'Milliseconds to wait for a PostgreSQL connection before the query fails.', parse: integer(100, 600_000) }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_IDLE_CONNECTION_TIMEOUT', key: 'dbPostgresIdleConnectionTimeout', default: '30000', meaning: 'Milliseconds an unused PostgreSQL connection stays open; 0 = until the server stops.', parse: integer(0, 86_400_000) }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_SSL_ENABLED', key: 'dbPostgresSslEnabled', default: 'false', meaning: 'Connect to PostgreSQL over TLS.', parse: bool }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_SSL_CA', key: 'dbPostgresSslCa', default: '', meaning: 'CA certificate(s) the PostgreSQL server\'s certificate is checked against: PEM text or a file; empty = the system\'s.', parse: text }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_SSL_CERT', key: 'dbPostgresSslCert', default: '', meaning: 'Client certificate for PostgreSQL (PEM text or a file), with SWITCHYARD_DB_POSTGRESDB_SSL_KEY.', parse: text }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_SSL_KEY', key: 'dbPostgresSslKey', default: '', meaning: 'Private key of the client certificate (PEM text or a file).', parse: text }),
  variable({ name: 'SWITCHYARD_DB_POSTGRESDB_SSL_REJECT_UNAUTHORIZED', key: 'dbPostgresSslRejectUnauthorized', default: 'true', meaning: 'Refuse a PostgreSQL server whose certificate does not verify; false accepts any (encrypted, not authenticated).', parse: bool }),
  variable({ name: 'SWITCHYARD_EXECUTIONS_MODE', key: 'executionsMode', default: 'regular', meaning: 'regular: executions run in the process that starts them. queue: the main process (editor, REST, triggers) and webhook processes (`npm run webhook`) put executions on a BullMQ queue in Redis, and workers (`npm run worker`) run them; every process needs the same database (PostgreSQL), data folder and encryption key. n8n\'s EXECUTIONS_MODE.', parse: oneOf(['regular', 'queue'] as const) }),
  variable({ name: 'SWITCHYARD_QUEUE_BULL_REDIS_HOST', key: 'queueRedisHost', default: 'localhost', meaning: 'Queue mode: Redis host.', parse: text }),
  variable({ name: 'SWITCHYARD_QUEUE_BULL_REDIS_PORT', key: 'queueRedisPort', default: '6379', meaning: 'Queue mode: Redis port.', parse: integer(1, 65535) }),
  variable({ name: 'SWITCHYARD_QUEUE_BULL_REDIS_DB', key: 'queueRedisDb', default: '0', meaning: 'Queue mode: Redis database number.', parse: integer(0, 1000) }),
  variable({ name: 'SWITCHYARD_QUEUE_BULL_REDIS_USERNAME', key: 'queueRedisUsername', default: '', meaning: 'Queue mode: Redis user (ACL); empty = the default user.', parse: (r) => r }),
  variable({ name: 'SWITCHYARD_QUEUE_BULL_REDIS_PASSWORD', key: 'queueRedisPassword', default: '', meaning: 'Queue mode: Redis password.', parse: (r) => r }),
  variable({ name: 'SWITCHYARD_QUEUE_BULL_PREFIX', key: 'queuePrefix', default: 'switchyard', meaning: 'Queue mode: prefix of the Redis keys and channels, so that several instances can share one Redis.', parse: keyPrefix }),
  variable({ name: 'SWITCHYARD_WORKER_CONCURRENCY', key: 'workerConcurrency', default: '10', meaning: 'Queue mode: executions one worker (`npm run worker`) runs at once.', parse: integer(1, 1000) }),
  variable({ name: 'SWITCHYARD_QUEUE_OFFLOAD_MANUAL_EXECUTIONS', key: 'queueOffloadManualExecutions', default: 'false', meaning: 'Queue mode: manual runs from the editor go to the workers too (their progress reaches the editor through Redis); false runs them in the main process, as n8n\'s OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS.', parse: bool }),
  variable({ name: 'SWITCHYARD_QUEUE_LOCK_DURATION', key: 'queueLockDuration', default: '30000', meaning: 'Queue mode: milliseconds a worker\'s hold on an execution lasts unless renewed; a worker that died (kill -9) is noticed about this long after, and its execution marked crashed.', parse: integer(1000, 600_000) }),
  variable({ name: 'SWITCHYARD_VERSION_NOTIFICATIONS_ENABLED', key: 'versionNotificationsEnabled', default: 'true', meaning: 'The editor asks the version feed for releases newer than this one: the sidebar counts them and opens their notes, and a release with a security issue shows a warning until closed. Off: no feed is asked.', parse: bool }),
  variable({ name: 'SWITCHYARD_VERSION_NOTIFICATIONS_ENDPOINT', key: 'versionNotificationsEndpoint', default: '', meaning: 'The version feed the editor asks, followed by this version (n8n\'s is https://api.n8n.io/api/versions/; another host must allow the editor\'s origin with CORS). Empty = this server\'s own feed (<base path>rest/versions/, from the catalogue shipped with it). The request carries the instance id (n8n-instance-id header) and nothing else.', parse: (r, n) => (r.trim() === '' ? text(r) : url(r, n)) }),
  variable({ name: 'SWITCHYARD_VERSION_NOTIFICATIONS_INFO_URL', key: 'versionNotificationsInfoUrl', default: '', meaning: 'Page the versions drawer links to for how to update (empty = no link).', parse: pageUrl }),
  variable({ name: 'SWITCHYARD_PERSONALIZATION_ENABLED', key: 'personalizationEnabled', default: 'true', meaning: 'Ask each new user the personalization survey (what they automate, for what kind of company) once, after sign-up; answers are kept on their user and shown to the owner in Settings → Feedback.', parse: bool }),
  variable({ name: 'SWITCHYARD_ONBOARDING_CALL_PROMPT_ENABLED', key: 'onboardingCallPromptEnabled', default: 'true', meaning: 'After the personalization survey, offer users in their first 14 days an onboarding call (a toast, at most 3 times); sign-ups are kept for the owner in Settings → Feedback.', parse: bool }),
  variable({ name: 'SWITCHYARD_PROMPTS_ENABLED', key: 'promptsEnabled', default: 'true', meaning: 'After a save, ask for a contact address (once, after 3 workflows and 5 successful runs) or a 0–10 rating (from the 3rd workflow), at most as often as the README says; answers are kept for the owner in Settings → Feedback.', parse: bool }),
  variable({ name: 'SWITCHYARD_PROMPTS_URL', key: 'promptsUrl', default: '', meaning: 'A prompts service answering n8n\'s prompts calls (GET /prompts, POST /prompt, POST /value-survey, GET and POST /prompts/onboarding, POST /accounts/onboarding) to ask and store instead of this server; it gets the instance and user ids in n8n-instance-id and n8n-user-id headers and must allow the editor\'s origin with CORS. Empty = this server (<base path>rest/prompts-service/).', parse: (r, n) => (r.trim() === '' ? text(r) : url(r, n)) }),
  variable({ name: 'SWITCHYARD_TEMPLATES_HOST', key: 'templatesHost', default: '', meaning: 'The templates host the gallery reads (n8n\'s public one is https://api.n8n.io/api/; any host answering the same calls works, and must allow the editor\'s origin with CORS). Empty = this server\'s own host, serving the catalogue shipped with it. The editor sends only the n8n-version header.', parse: (r, n) => (r.trim() === '' ? text(r) : url(r, n)) }),
];

/** Reads the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const config = {} as Record<string, unknown>;
  for (const v of CONFIG_VARIABLES) {
    const raw = env[v.name];
    config[v.key] = v.parse(raw === undefined || raw === '' ? (v.defaultFrom?.(env) ?? v.default) : raw, v.name);
  }
  const c = config as unknown as ServerConfig;
  if (c.executionsTimeout > c.executionsTimeoutMax) {
    throw new ConfigError(
      `SWITCHYARD_EXECUTIONS_TIMEOUT (${c.executionsTimeout}) must not exceed SWITCHYARD_EXECUTIONS_TIMEOUT_MAX (${c.executionsTimeoutMax})`,
    );
  }
  if (c.dbType === 'postgresdb' && !c.dbPostgresUrl && c.dbPostgresDatabase === '') throw new ConfigError('SWITCHYARD_DB_POSTGRESDB_DATABASE must not be empty');
  c.database = databaseOptions(c);
  return c;
}

/** The README "Configuration" table, generated from CONFIG_VARIABLES. */
export function configMarkdownTable(): string {
  const rows = CONFIG_VARIABLES.map((v) => `| \`${v.name}\` | ${v.default === '' ? '(empty)' : v.defaultFrom ? v.default : `\`${v.default}\``} | ${v.meaning} |`);
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
