// Bad credential input (issue 13 "Bad input"): data that is not an object, a value of the wrong
// JSON type, huge values, unknown types and properties, through POST/PATCH /rest/credentials and
// the public API: a clear 400 naming the field, and nothing stored or changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, type Live } from './triggerHelpers.ts';

let t: Live;
let apiKey = '';
beforeAll(async () => {
  t = await live();
  apiKey = (await t.api('POST', '/me/api-key')).body.data.apiKey;
});
afterAll(() => t.dispose());

const rowCount = async () => (await t.s.server.db.selectFrom('credentials').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
async function pub(method: string, path: string, body: unknown) {
  const r = await fetch(`${t.url}api/v1${path}`, { method, headers: { 'content-type': 'application/json', 'x-n8n-api-key': apiKey }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as any };
}

const BAD: Array<[string, unknown, RegExp]> = [
  ['an array', ['user', 'x'], /^body\/data must be object$/],
  ['a string', 'user=x', /^body\/data must be object$/],
  ['null', null, /^body\/data must be object$/],
  ['a number', 42, /^body\/data must be object$/],
  ['an object where a string belongs', { name: 'X-Key', value: { nested: 'x' } }, /^body\/data\/value must be a string$/],
  ['an array where a string belongs', { name: 'X-Key', value: ['x'] }, /^body\/data\/value must be a string$/],
  ['a number where a string belongs', { name: 'X-Key', value: 5 }, /^body\/data\/value must be a string$/],
  ['an unknown property', { name: 'X-Key', value: 'v', extra: 'x' }, /^body\/data\/extra is not a property of credential type "httpHeaderAuth"$/],
  ['a value over 64 KiB', { name: 'X-Key', value: 'v'.repeat(65537) }, /^body\/data\/value must not be longer than 65536 characters$/],
  ['more than 64 properties', Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`p${i}`, 'x'])), /^body\/data must NOT have more than 64 properties$/],
];

describe('bad credential data', () => {
  it('POST /rest/credentials refuses each with a 400 naming the field; nothing is stored', async () => {
    const before = await rowCount();
    for (const [what, data, message] of BAD) {
      const r = await t.api('POST', '/credentials', { name: 'Bad', type: 'httpHeaderAuth', data });
      expect(r.status, what).toBe(400);
      expect(r.body.message, what).toMatch(message);
    }
    const unknown = await t.api('POST', '/credentials', { name: 'Bad', type: 'noSuchApi', data: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Credential type "noSuchApi" not found');
    const huge = await t.api('POST', '/credentials', { name: 'Bad', type: 'httpHeaderAuth', data: { name: 'X', value: 'v'.repeat(17 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(await rowCount()).toBe(before);
  });

  it('PATCH /rest/credentials/{id} refuses each and leaves the stored credential as it was', async () => {
    const created = (await t.api('POST', '/credentials', { name: 'Good', type: 'httpHeaderAuth', data: { name: 'X-Key', value: 'kept' } })).body.data;
    const row = async () => t.s.server.db.selectFrom('credentials').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    const before = await row();
    for (const [what, data, message] of BAD) {
      const r = await t.api('PATCH', `/credentials/${created.id}`, { name: 'Changed', data });
      expect(r.status, what).toBe(400);
      expect(r.body.message, what).toMatch(message);
    }
    const type = await t.api('PATCH', `/credentials/${created.id}`, { type: 'noSuchApi', data: {} });
    expect(type.status).toBe(400);
    expect(type.body.message).toBe('Credential type "noSuchApi" not found');
    expect(await row()).toEqual(before);
  });

  it('the public API refuses them too; nothing is stored', async () => {
    const before = await rowCount();
    for (const [what, data] of BAD) {
      const r = await pub('POST', '/credentials', { name: 'Bad', type: 'httpHeaderAuth', data });
      expect(r.status, what).toBe(400);
      expect(typeof r.body.message, what).toBe('string');
    }
    const unknown = await pub('POST', '/credentials', { name: 'Bad', type: 'noSuchApi', data: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/noSuchApi/);
    expect(await rowCount()).toBe(before);
  });
});

describe('JSON values', () => {
  const CUSTOM_BAD: Array<[string, string, RegExp]> = [
    ['not JSON', '{"headers": {"X-Key": "s3cret"', /^body\/data\/json: the Custom Auth credential: its JSON is not valid JSON$/],
    ['an array', '["s3cret"]', /^body\/data\/json: the Custom Auth credential: its JSON must be an object with "headers", "qs" and\/or "body"$/],
    ['a string', '"s3cret"', /must be an object/],
    ['headers not an object', '{"headers": "s3cret"}', /"headers" must be an object of names and values$/],
    ['a key other than headers/qs/body', '{"s3cret": {}}', /has a key other than "headers", "qs" and "body"$/],
  ];

  it("a Custom Auth JSON that is not its { headers, qs, body } object is refused on save, without quoting it; nothing is stored", async () => {
    const before = await rowCount();
    for (const [what, json, message] of CUSTOM_BAD) {
      const r = await t.api('POST', '/credentials', { name: 'Custom', type: 'httpCustomAuth', data: { json } });
      expect(r.status, what).toBe(400);
      expect(r.body.message, what).toMatch(message);
      expect(JSON.stringify(r.body), what).not.toContain('s3cret');
    }
    expect(await rowCount()).toBe(before);
    const good = await t.api('POST', '/credentials', { name: 'Custom', type: 'httpCustomAuth', data: { json: '{"headers": {"X-Key": "s3cret"}, "qs": {"k": 1}}' } });
    expect(good.status).toBe(200);
    const patched = await t.api('PATCH', `/credentials/${good.body.data.id}`, { data: { json: '[1]' } });
    expect(patched.status).toBe(400);
    // An expression is checked when it runs, not on save.
    const expr = await t.api('POST', '/credentials', { name: 'Custom expr', type: 'httpCustomAuth', data: { json: '={{ $env.AUTH }}' } });
    expect(expr.status).toBe(200);
  });
});
