// Redis node v1 against a real temporary redis-server started by the test
// (tests/support/databases.ts): every operation, key types, expire / ttl, errors, continueOnFail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { IDataObject } from '../../src/model/workflow.ts';
import { closeAllPools, openPoolCount } from '../../src/nodes/shared/connectionPools.ts';
import { startRedis, type DatabaseServer } from '../support/databases.ts';
import { errorOf, jsonOf, runChain, type TestNode } from './helpers.ts';

let server: DatabaseServer;
let admin: Redis;
let credentials: IDataObject;

beforeAll(async () => {
  server = await startRedis();
  credentials = { host: server.host, port: server.port, password: server.password, database: 0 };
  admin = new Redis({ host: server.host, port: server.port, password: server.password, db: 0 });
}, 30_000);

afterAll(async () => {
  admin?.disconnect();
  await closeAllPools();
  await server?.stop();
});

const withCreds = (creds: IDataObject = credentials) => ({ runOptions: { getCredentials: async () => creds } });
const node = (parameters: IDataObject, extra: Partial<TestNode> = {}): TestNode => ({ name: 'Redis', type: 'n8n-nodes-base.redis', typeVersion: 1, parameters: parameters as TestNode['parameters'], ...extra });

describe('Redis', () => {
  it('set (string, with expire) and get; the input item is passed on', async () => {
    const set = await runChain([{ k: 'greeting', v: 'hello' }], [node({ operation: 'set', key: '={{ $json.k }}', value: '={{ $json.v }}', expire: true, ttl: 100 })], withCreds());
    expect(errorOf(set, 'Redis')).toBeUndefined();
    expect(jsonOf(set, 'Redis')).toEqual([{ k: 'greeting', v: 'hello' }]);
    expect(await admin.get('greeting')).toBe('hello');
    const ttl = await admin.ttl('greeting');
    expect(ttl).toBeGreaterThan(90);
    expect(ttl).toBeLessThanOrEqual(100);
    const get = await runChain([{ a: 1 }], [node({ operation: 'get', key: 'greeting', propertyName: 'data.value' })], withCreds());
    expect(jsonOf(get, 'Redis')).toEqual([{ a: 1, data: { value: 'hello' } }]);
    const flat = await runChain([{}], [node({ operation: 'get', key: 'greeting', propertyName: 'data.value', options: { dotNotation: false } })], withCreds());
    expect(jsonOf(flat, 'Redis')).toEqual([{ 'data.value': 'hello' }]);
  });

  it('hash, list and sets key types, set and read back automatically', async () => {
    await runChain([{}], [node({ operation: 'set', key: 'h', keyType: 'hash', value: '{"name":"Ann","age":31}', valueIsJSON: true })], withCreds());
    expect(await admin.hgetall('h')).toEqual({ name: 'Ann', age: '31' });
    await runChain([{}], [node({ operation: 'set', key: 'h2', keyType: 'hash', value: 'f1 v1 f2 v2', valueIsJSON: false })], withCreds());
    expect(await admin.hgetall('h2')).toEqual({ f1: 'v1', f2: 'v2' });
    await runChain([{}], [node({ operation: 'set', key: 'l', keyType: 'list', value: '["a","b","c"]' })], withCreds());
    expect(await admin.lrange('l', 0, -1)).toEqual(['a', 'b', 'c']);
    await runChain([{}], [node({ operation: 'set', key: 's', keyType: 'sets', value: '["x","y","x"]' })], withCreds());
    expect((await admin.smembers('s')).sort()).toEqual(['x', 'y']);
    // automatic: an object from an expression is a hash, an array a list
    await runChain([{ o: { p: 1 }, arr: [1, 2] }], [node({ operation: 'set', key: 'auto-h', value: '={{ $json.o }}' }), node({ operation: 'set', key: 'auto-l', value: '={{ $json.arr }}' }, { name: 'Redis2' })], withCreds());
    expect(await admin.hgetall('auto-h')).toEqual({ p: '1' });
    expect(await admin.lrange('auto-l', 0, -1)).toEqual(['1', '2']);
    const got = await runChain([{}], [
      node({ operation: 'get', key: 'h', propertyName: 'h' }),
      node({ operation: 'get', key: 'l', propertyName: 'l', keyType: 'list' }, { name: 'Redis2' }),
      node({ operation: 'get', key: 's', propertyName: 's', keyType: 'sets' }, { name: 'Redis3' }),
    ], withCreds());
    const out = jsonOf(got, 'Redis3')[0] as IDataObject;
    expect(out.h).toEqual({ name: 'Ann', age: '31' });
    expect(out.l).toEqual(['a', 'b', 'c']);
    expect((out.s as string[]).sort()).toEqual(['x', 'y']);
  });

  it('incr (with expire), keys with and without values, delete', async () => {
    const inc = await runChain([{}, {}], [node({ operation: 'incr', key: 'counter', expire: true, ttl: 50 })], withCreds());
    expect(jsonOf(inc, 'Redis')).toEqual([{ counter: 1 }, { counter: 2 }]);
    expect(await admin.ttl('counter')).toBeGreaterThan(40);
    await admin.mset('user:1', 'a', 'user:2', 'b');
    const keys = await runChain([{}], [node({ operation: 'keys', keyPattern: 'user:*' })], withCreds());
    expect(jsonOf(keys, 'Redis')).toEqual([{ 'user:1': 'a', 'user:2': 'b' }].map((o) => expect.objectContaining(o)));
    const names = await runChain([{}], [node({ operation: 'keys', keyPattern: 'user:*', getValues: false })], withCreds());
    expect(((jsonOf(names, 'Redis')[0] as IDataObject).keys as string[]).sort()).toEqual(['user:1', 'user:2']);
    await runChain([{}], [node({ operation: 'delete', key: 'user:1' })], withCreds());
    expect(await admin.exists('user:1')).toBe(0);
  });

  it('push and pop (head and tail), JSON popped as data; publish reaches a subscriber', async () => {
    await runChain([{ m: 'one' }, { m: '{"n":2}' }], [node({ operation: 'push', list: 'q', messageData: '={{ $json.m }}', tail: true })], withCreds());
    expect(await admin.lrange('q', 0, -1)).toEqual(['one', '{"n":2}']);
    const pop = await runChain([{}, {}], [node({ operation: 'pop', list: 'q', propertyName: 'msg' })], withCreds());
    expect(jsonOf(pop, 'Redis')).toEqual([{ msg: 'one' }, { msg: { n: 2 } }]);
    const sub = new Redis({ host: server.host, port: server.port, password: server.password });
    const received = new Promise<string>((resolve) => sub.on('message', (_c, m) => resolve(m)));
    await sub.subscribe('news');
    await runChain([{}], [node({ operation: 'publish', channel: 'news', messageData: 'hello subscribers' })], withCreds());
    expect(await received).toBe('hello subscribers');
    sub.disconnect();
  });

  it('info answers one item of server facts', async () => {
    const info = await runChain([{}, {}], [node({ operation: 'info' })], withCreds());
    const out = jsonOf(info, 'Redis') as IDataObject[];
    expect(out).toHaveLength(1);
    expect(out[0]!.tcp_port).toBe(server.port);
    expect(out[0]!.redis_mode).toBe('standalone');
    // n8n's parsing: a value of digits and dots becomes a number ("7.0.15" → 7).
    expect(typeof out[0]!.redis_version).toBe('number');
  });

  it('errors: wrong type, wrong password, closed port; continueOnFail gives error items', async () => {
    await admin.set('str', 'x');
    const wrong = await runChain([{}], [node({ operation: 'push', list: 'str', messageData: 'v' })], withCreds());
    expect(errorOf(wrong, 'Redis')?.message).toBe('WRONGTYPE Operation against a key holding the wrong kind of value');
    const cont = await runChain([{ l: 'str' }, { l: 'okList' }], [node({ operation: 'push', list: '={{ $json.l }}', messageData: 'v' }, { continueOnFail: true })], withCreds());
    expect(jsonOf(cont, 'Redis')).toEqual([{ error: 'WRONGTYPE Operation against a key holding the wrong kind of value' }, { l: 'okList' }]);
    const badPass = await runChain([{}], [node({ operation: 'get', key: 'str', propertyName: 'x' })], withCreds({ ...credentials, password: 'nope' }));
    expect(errorOf(badPass, 'Redis')?.message).toBe('Authentication failed: check the user and password of the Redis credential');
    const refused = await runChain([{}], [node({ operation: 'info' })], withCreds({ ...credentials, port: 1 }));
    expect(errorOf(refused, 'Redis')?.message).toBe('Connection refused: Unable to connect to the Redis server. Please check the host and port.');
    const badType = await runChain([{}], [node({ operation: 'set', key: 'n', value: '={{ null }}' })], withCreds());
    expect(errorOf(badType, 'Redis')?.message).toBe('Could not identify the type to set. Please set it manually!');
  });

  it('an ACL user with its password, and another database number', async () => {
    await admin.call('ACL', 'SETUSER', 'flows', 'on', '>flows-pw', '~*', '&*', '+@all');
    await runChain([{}], [node({ operation: 'set', key: 'in-db-3', value: 'yes' })], withCreds({ ...credentials, user: 'flows', password: 'flows-pw', database: 3 }));
    expect(await admin.get('in-db-3')).toBeNull();
    const db3 = new Redis({ host: server.host, port: server.port, password: server.password, db: 3 });
    expect(await db3.get('in-db-3')).toBe('yes');
    db3.disconnect();
    expect(openPoolCount('redis')).toBeGreaterThanOrEqual(2);
  });
});
