// Redis connections of queue mode (BullMQ's queue and worker, the event bus, the leader lock),
// all from the SWITCHYARD_QUEUE_BULL_REDIS_* settings.
import type { ServerConfig } from '../config.ts';

export interface RedisSettings {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
}

export function redisSettings(config: ServerConfig): RedisSettings {
  return {
    host: config.queueRedisHost,
    port: config.queueRedisPort,
    db: config.queueRedisDb,
    username: config.queueRedisUsername || undefined,
    password: config.queueRedisPassword || undefined,
  };
}

/**
 * ioredis options: reconnect for ever with a capped back-off (a Redis restart is waited out),
 * and commands sent while disconnected wait for the connection instead of failing.
 */
export function connectionOptions(s: RedisSettings, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    host: s.host,
    port: s.port,
    db: s.db,
    username: s.username,
    password: s.password,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
    ...extra,
  };
}

/** The name of the BullMQ queue holding executions (n8n's is 'jobs'). */
export const QUEUE_NAME = 'jobs';
