// One leader among several main processes (queue mode): the one holding a Redis key runs the
// triggers, schedules, pollers, the wait tracker and pruning, so each fires once. The key expires
// unless renewed, so a leader that dies is replaced within LEASE_MS; one that loses Redis stops
// leading when its lease cannot be renewed.
import type { Redis } from 'ioredis';

const LEASE_MS = 10_000;
const RENEW_MS = 3_000;

// Renews only while the key is still ours (another main may have taken it after a pause).
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class LeaderElection {
  readonly #redis: Redis;
  readonly #key: string;
  readonly #id: string;
  readonly #onChange: (leader: boolean) => void;
  #leader = false;
  #timer: ReturnType<typeof setInterval> | undefined;
  #busy = false;

  constructor(redis: Redis, prefix: string, id: string, onChange: (leader: boolean) => void) {
    this.#redis = redis;
    this.#key = `${prefix}:leader`;
    this.#id = id;
    this.#onChange = onChange;
  }

  get isLeader(): boolean {
    return this.#leader;
  }

  async start(): Promise<void> {
    await this.#tick();
    this.#timer = setInterval(() => void this.#tick(), RENEW_MS);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      let leader: boolean;
      try {
        // Commands wait for a lost connection: a renewal still waiting after 2 s counts as lost.
        const ask = this.#leader ? this.#redis.eval(RENEW, 1, this.#key, this.#id, String(LEASE_MS)).then((r) => Number(r) === 1) : this.#redis.set(this.#key, this.#id, 'PX', LEASE_MS, 'NX').then((r) => r === 'OK');
        leader = await Promise.race([ask, new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())]);
      } catch {
        leader = false;
      }
      if (leader !== this.#leader) {
        this.#leader = leader;
        this.#onChange(leader);
      }
    } finally {
      this.#busy = false;
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    if (this.#leader) {
      this.#leader = false;
      await this.#redis.eval(RELEASE, 1, this.#key, this.#id).catch(() => undefined);
    }
  }
}
