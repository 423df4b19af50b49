// Connection pools of the database nodes (Postgres, MySQL, Redis): one per credential (and the
// connection options that change how it connects), shared by every node and run that uses that
// credential, closed when nobody has used it for poolSettings.idleCloseMs (a minute). The key is a hash, so no secret
// is kept as a map key. Nothing here holds the process open: the sweep timer is unref'd.
import { createHash } from 'node:crypto';

/** When an unused pool is closed, and how often that is checked (tests shorten them). */
export const poolSettings = { idleCloseMs: 60_000, sweepMs: 15_000 };

interface Entry<T> {
  pool: T;
  close: (pool: T) => Promise<void>;
  lastUsed: number;
  users: number;
}

const pools = new Map<string, Entry<unknown>>();
let sweeper: ReturnType<typeof setInterval> | undefined;

function sweep(): void {
  const now = Date.now();
  for (const [key, entry] of pools) {
    if (entry.users === 0 && now - entry.lastUsed >= poolSettings.idleCloseMs) {
      pools.delete(key);
      entry.close(entry.pool).catch(() => undefined);
    }
  }
  if (pools.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

export function poolKey(kind: string, settings: unknown): string {
  return `${kind}:${createHash('sha256').update(JSON.stringify(settings)).digest('hex')}`;
}

/**
 * Runs `use` with the pool for `key` (made by `create` when there is none), counting it as in
 * use meanwhile so that the idle sweep never closes a pool under a running query.
 */
export async function withPool<T, R>(key: string, create: () => T, close: (pool: T) => Promise<void>, use: (pool: T) => Promise<R>): Promise<R> {
  let entry = pools.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = { pool: create(), close, lastUsed: Date.now(), users: 0 };
    pools.set(key, entry as Entry<unknown>);
    if (!sweeper) {
      sweeper = setInterval(sweep, poolSettings.sweepMs);
      sweeper.unref?.();
    }
  }
  entry.users++;
  try {
    return await use(entry.pool);
  } finally {
    entry.users--;
    entry.lastUsed = Date.now();
  }
}

/** Drops a pool that failed in a way that makes it useless (its next user gets a new one). */
export function discardPool(key: string): void {
  const entry = pools.get(key);
  if (!entry) return;
  pools.delete(key);
  entry.close(entry.pool).catch(() => undefined);
}

/** Number of open pools (tests, diagnostics). */
export function openPoolCount(kind?: string): number {
  if (!kind) return pools.size;
  let n = 0;
  for (const key of pools.keys()) if (key.startsWith(`${kind}:`)) n++;
  return n;
}

/** Closes every pool now (shutdown, tests). */
export async function closeAllPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  if (sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
  await Promise.all(all.map((e) => e.close(e.pool).catch(() => undefined)));
}

/** How much a database node may read back per run: more fails with a clear error (resultLimits). */
export const resultLimits = {
  /** Rows over all queries of one node run. */
  maxRows: 1_000_000,
  /** Bytes of row data received over all queries of one node run. */
  maxBytes: 128 * 1024 * 1024,
};

export function resultTooLargeMessage(rows: number, bytes: number): { message: string; description: string } {
  const what = rows > resultLimits.maxRows ? `more than ${resultLimits.maxRows.toLocaleString('en-US')} rows` : `more than ${Math.round(resultLimits.maxBytes / 1024 / 1024)} MB`;
  return {
    message: `The query returned ${what}, more than a node may read at once`,
    description: `Read the data in pages (LIMIT and OFFSET, or a WHERE on a key) with Loop Over Items, or select fewer columns. Read so far: ${rows.toLocaleString('en-US')} rows, ${bytes.toLocaleString('en-US')} bytes.`,
  };
}
