// Redis (n8n-nodes-base.redis v1): delete, get, incr, info, keys, pop, publish, push, set (with
// expire / ttl; key types string, hash, list, sets) over the 'redis' credential, on ioredis. One
// client per credential (src/nodes/shared/connectionPools), closed when idle; commands time out.
import { Redis, type RedisOptions } from 'ioredis';
import type { IDataObject, INode } from '../../model/workflow.ts';
import type { INodeExecutionData } from '../../model/execution.ts';
import { yieldToLoop } from '../../model/yieldToLoop.ts';
import type { ExecuteFunctions, NodeType } from '../types.ts';
import { NodeOperationError } from '../types.ts';
import { discardPool, poolKey, resultLimits, withPool } from '../shared/connectionPools.ts';
import { redisProperties } from './description.ts';

const COMMAND_TIMEOUT_MS = 30_000;

export function clientOptions(credentials: IDataObject): Record<string, unknown> {
  return {
    host: String(credentials.host ?? 'localhost'),
    port: Number(credentials.port ?? 6379),
    db: Number(credentials.database ?? 0) || 0,
    username: credentials.user ? String(credentials.user) : undefined,
    password: credentials.password ? String(credentials.password) : undefined,
    tls: credentials.ssl === true ? { rejectUnauthorized: credentials.disableTlsVerification !== true } : undefined,
    connectTimeout: 10_000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: true,
    // A dead server fails the run instead of being retried forever.
    retryStrategy: () => null,
  };
}

const lastErrors = new WeakMap<Redis, Error>();

async function withClient<R>(credentials: IDataObject, use: (client: Redis) => Promise<R>): Promise<R> {
  const options = clientOptions(credentials);
  const key = poolKey('redis', options);
  return withPool(
    key,
    () => {
      const client = new Redis(options as RedisOptions);
      client.on('error', (e: Error) => lastErrors.set(client, e));
      return client;
    },
    async (client) => {
      client.disconnect();
    },
    async (client) => {
      if (client.status !== 'ready') {
        try {
          if (client.status === 'wait' || client.status === 'end' || client.status === 'close') await client.connect();
          else await new Promise<void>((resolve, reject) => {
            client.once('ready', () => resolve());
            client.once('end', () => reject(lastErrors.get(client) ?? new Error('Connection is closed.')));
          });
        } catch (e) {
          // A client that could not connect (refused, bad password) is not kept.
          discardPool(key);
          throw lastErrors.get(client) ?? e;
        }
      }
      return use(client);
    },
  );
}

export function redisError(node: INode, error: unknown, itemIndex?: number): NodeOperationError {
  if (error instanceof NodeOperationError) return error;
  const e = error as { message?: string; code?: string };
  let message = String(e.message ?? error);
  let description: string | undefined;
  if (e.code === 'ECONNREFUSED' || message.includes('ECONNREFUSED')) {
    description = message;
    message = 'Connection refused: Unable to connect to the Redis server. Please check the host and port.';
  } else if (e.code === 'ECONNRESET') {
    description = message;
    message = 'Connection reset: The Redis server rejected the connection. This often happens when trying to connect without SSL to an SSL-only server.';
  } else if (/Command timed out/i.test(message)) {
    description = `No answer within ${COMMAND_TIMEOUT_MS / 1000} s`;
    message = 'Redis did not answer in time';
  } else if (/WRONGPASS|NOAUTH|invalid username-password/i.test(message)) {
    description = message;
    message = 'Authentication failed: check the user and password of the Redis credential';
  }
  return new NodeOperationError(node, message, { description, itemIndex });
}

const getParsedValue = (value: string): string | number => (/^[\d.]+$/.test(value) ? parseFloat(value) : value);

/** n8n's convertInfoToObject. */
export function convertInfoToObject(text: string): IDataObject {
  const out: IDataObject = {};
  for (const line of text.split('\n')) {
    if (['#', ''].includes(line.charAt(0))) continue;
    const idx = line.indexOf(':');
    if (idx === -1) continue;
    const key = line.slice(0, idx);
    const value = line.slice(idx + 1).trim();
    if (value.includes('=')) {
      const sub: IDataObject = {};
      for (const pair of value.split(',')) {
        const [k, v] = pair.split('=');
        sub[k!] = getParsedValue(v ?? '');
      }
      out[key] = sub;
    } else out[key] = getParsedValue(value);
  }
  return out;
}

async function getValue(client: Redis, key: string, type?: string): Promise<unknown> {
  if (!type || type === 'automatic') type = await client.type(key);
  if (type === 'string') return client.get(key);
  if (type === 'hash') return client.hgetall(key);
  if (type === 'list') return client.lrange(key, 0, -1);
  if (type === 'sets' || type === 'set') return client.smembers(key);
  return null;
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)));
  if (typeof value === 'string') {
    const t = value.trim();
    if (t.startsWith('[')) {
      try {
        const parsed = JSON.parse(t) as unknown;
        if (Array.isArray(parsed)) return asList(parsed);
      } catch {
        // not JSON: one element
      }
    }
  }
  return [String(value)];
}

async function setValue(ctx: ExecuteFunctions, client: Redis, key: string, value: unknown, expire: boolean, ttl: number, type: string, valueIsJSON: boolean, itemIndex: number): Promise<void> {
  if (!type || type === 'automatic') {
    if (typeof value === 'string') type = 'string';
    else if (Array.isArray(value)) type = 'list';
    else if (value !== null && typeof value === 'object') type = 'hash';
    else if (typeof value === 'number' || typeof value === 'boolean') type = 'string';
    else throw new NodeOperationError(ctx.getNode(), 'Could not identify the type to set. Please set it manually!', { itemIndex });
  }
  const multi = client.multi();
  if (type === 'string') {
    multi.set(key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value ?? ''));
  } else if (type === 'hash') {
    let values: unknown = value;
    if (typeof value === 'string' && valueIsJSON) {
      try {
        values = JSON.parse(value);
      } catch {
        values = value;
      }
    }
    if (values !== null && typeof values === 'object' && !Array.isArray(values)) {
      const fields: string[] = [];
      for (const [k, v] of Object.entries(values as IDataObject)) fields.push(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
      if (!fields.length) throw new NodeOperationError(ctx.getNode(), 'The hash to set has no fields', { itemIndex });
      multi.hset(key, ...fields);
    } else {
      // n8n: "field1 value1 field2 value2"
      const parts = String(values).split(' ');
      if (parts.length < 2 || parts.length % 2 !== 0) throw new NodeOperationError(ctx.getNode(), 'A hash value must be a JSON object or "field value" pairs separated by spaces', { itemIndex });
      multi.hset(key, ...parts);
    }
  } else if (type === 'list') {
    const list = asList(value);
    multi.del(key);
    if (list.length) multi.rpush(key, ...list);
  } else if (type === 'sets') {
    const members = asList(value);
    if (members.length) multi.sadd(key, ...members);
  } else throw new NodeOperationError(ctx.getNode(), `Unknown key type "${type}"`, { itemIndex });
  if (expire) multi.expire(key, ttl);
  const results = await multi.exec();
  for (const [err] of results ?? []) if (err) throw err;
}

/** lodash-style set of a dotted path ("a.b[0].c"). */
function setPath(target: IDataObject, path: string, value: unknown): void {
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.').filter((p) => p !== '');
  if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) throw new Error(`Invalid property name "${path}"`);
  let cur: Record<string, unknown> = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i]!;
    if (cur[p] === null || typeof cur[p] !== 'object') cur[p] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
    cur = cur[p] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]!] = value;
}

function valueSize(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + valueSize(v), 0);
  if (value && typeof value === 'object') return Object.entries(value).reduce((n, [k, v]) => n + k.length + valueSize(v), 0);
  return 8;
}

async function execute(ctx: ExecuteFunctions): Promise<INodeExecutionData[][]> {
  const operation = String(ctx.getNodeParameter('operation', 0, 'info'));
  const known = ['delete', 'get', 'incr', 'info', 'keys', 'pop', 'publish', 'push', 'set'];
  if (!known.includes(operation)) throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not supported!`);
  const credentials = await ctx.getCredentials('redis');
  const items = ctx.getInputData();
  const node = ctx.getNode();
  try {
    return await withClient(credentials, async (client) => {
      if (operation === 'info') {
        return [[{ json: convertInfoToObject(await client.info()), pairedItem: { item: 0 } }]];
      }
      const out: INodeExecutionData[] = [];
      let bytes = 0;
      const count = (v: unknown, i: number) => {
        bytes += valueSize(v);
        if (bytes > resultLimits.maxBytes) throw new NodeOperationError(node, `The values read are larger than ${Math.round(resultLimits.maxBytes / 1024 / 1024)} MB, more than a node may read at once`, { itemIndex: i, description: 'Read fewer keys at a time (a narrower key pattern), or turn off Get Values' });
      };
      let t = Date.now();
      for (let i = 0; i < items.length; i++) {
        if (ctx.signal.aborted) throw new NodeOperationError(node, 'The execution was stopped', { itemIndex: i });
        if (Date.now() - t > 20) {
          await yieldToLoop();
          t = Date.now();
        }
        const item: INodeExecutionData = { json: { ...items[i]!.json }, pairedItem: { item: i } };
        try {
          if (operation === 'delete') {
            await client.del(String(ctx.getNodeParameter('key', i)));
            out.push(item);
          } else if (operation === 'get') {
            const propertyName = String(ctx.getNodeParameter('propertyName', i, 'propertyName'));
            const key = String(ctx.getNodeParameter('key', i));
            const keyType = String(ctx.getNodeParameter('keyType', i, 'automatic'));
            const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
            const value = await getValue(client, key, keyType);
            count(value, i);
            if (options.dotNotation === false) item.json[propertyName] = value as IDataObject;
            else setPath(item.json, propertyName, value);
            out.push(item);
          } else if (operation === 'keys') {
            const pattern = String(ctx.getNodeParameter('keyPattern', i));
            const getValues = ctx.getNodeParameter('getValues', i, true) !== false;
            const keys: string[] = [];
            let cursor = '0';
            do {
              const [next, batch] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
              cursor = next;
              for (const k of batch) keys.push(k);
              if (keys.length > resultLimits.maxRows) throw new NodeOperationError(node, `More than ${resultLimits.maxRows.toLocaleString('en-US')} keys match "${pattern}"`, { itemIndex: i, description: 'Use a narrower key pattern' });
            } while (cursor !== '0');
            if (!getValues) {
              out.push({ json: { keys }, pairedItem: { item: i } });
              continue;
            }
            const json: IDataObject = {};
            for (const k of keys) {
              const v = await getValue(client, k);
              count(v, i);
              json[k] = v as IDataObject;
            }
            out.push({ json, pairedItem: { item: i } });
          } else if (operation === 'set') {
            const key = String(ctx.getNodeParameter('key', i));
            const value = ctx.getNodeParameter('value', i, '');
            const keyType = String(ctx.getNodeParameter('keyType', i, 'automatic'));
            const valueIsJSON = ctx.getNodeParameter('valueIsJSON', i, true) !== false;
            const expire = ctx.getNodeParameter('expire', i, false) === true;
            const ttl = Number(ctx.getNodeParameter('ttl', i, -1));
            if (expire && (!Number.isInteger(ttl) || ttl < 1)) throw new NodeOperationError(node, `TTL must be a whole number of seconds of at least 1, not "${String(ttl)}"`, { itemIndex: i });
            await setValue(ctx, client, key, value, expire, ttl, keyType, valueIsJSON, i);
            out.push(item);
          } else if (operation === 'incr') {
            const key = String(ctx.getNodeParameter('key', i));
            const expire = ctx.getNodeParameter('expire', i, false) === true;
            const ttl = Number(ctx.getNodeParameter('ttl', i, -1));
            const value = await client.incr(key);
            if (expire && ttl > 0) await client.expire(key, ttl);
            out.push({ json: { [key]: value }, pairedItem: { item: i } });
          } else if (operation === 'publish') {
            const channel = String(ctx.getNodeParameter('channel', i));
            const data = ctx.getNodeParameter('messageData', i, '');
            await client.publish(channel, typeof data === 'string' ? data : JSON.stringify(data));
            out.push(item);
          } else if (operation === 'push') {
            const list = String(ctx.getNodeParameter('list', i));
            const data = ctx.getNodeParameter('messageData', i, '');
            const text = typeof data === 'string' ? data : JSON.stringify(data);
            if (ctx.getNodeParameter('tail', i, false) === true) await client.rpush(list, text);
            else await client.lpush(list, text);
            out.push(item);
          } else if (operation === 'pop') {
            const list = String(ctx.getNodeParameter('list', i));
            const tail = ctx.getNodeParameter('tail', i, false) === true;
            const propertyName = String(ctx.getNodeParameter('propertyName', i, 'propertyName'));
            const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
            const raw = tail ? await client.rpop(list) : await client.lpop(list);
            let value: unknown = raw;
            if (typeof raw === 'string') {
              try {
                value = JSON.parse(raw);
              } catch {
                value = raw;
              }
            }
            count(value, i);
            if (options.dotNotation === false) item.json[propertyName] = value as IDataObject;
            else setPath(item.json, propertyName, value);
            out.push(item);
          }
        } catch (error) {
          const e = redisError(node, error, i);
          if (ctx.continueOnFail()) {
            out.push({ json: { error: e.message }, pairedItem: { item: i } });
            continue;
          }
          throw e;
        }
      }
      return [out];
    });
  } catch (error) {
    throw redisError(node, error);
  }
}

export const redis: NodeType = {
  kind: 'regular',
  description: {
    name: 'n8n-nodes-base.redis',
    displayName: 'Redis',
    description: 'Get, send and update data in Redis',
    icon: 'fa:database',
    group: ['input'],
    version: 1,
    subtitle: '={{ $parameter["operation"] }}',
    defaults: { name: 'Redis', color: '#dc382d' },
    inputs: ['main'],
    outputs: ['main'],
    credentials: [{ name: 'redis', required: true }],
    codex: { categories: ['Development', 'Data & Storage'], alias: ['cache', 'key-value', 'queue'] },
    properties: redisProperties,
  },
  execute,
};
