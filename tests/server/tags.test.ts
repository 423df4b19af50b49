// Tags over REST (spec 002 §5, §6, §7; issue 12 "Bad input"): a name that is empty, too long or a
// duplicate is refused with the spec's message and changes nothing; usage counts; deleting is for
// the owner and the default user only (a member gets 403 and the tag stays).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, snapshot, startServer, type TestServer } from './helpers.ts';
import { addMember, api, setupOwner, simpleWorkflow, startMailbox, type Account, type Mailbox } from './accountHelpers.ts';

describe('tags without an owner (the default user)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s.dispose();
  });

  const tagsNow = async () => (await call(s, 'GET', '/rest/tags')).body.data.map((t: { name: string }) => t.name);

  it('refuses an empty, too long or duplicate name on create, changing nothing', async () => {
    const ops = (await call(s, 'POST', '/rest/tags', { name: '  ops  ' })).body.data;
    expect(ops.name).toBe('ops');
    const before = await snapshot(s);
    const refused: Array<[unknown, number, string | RegExp]> = [
      [{ name: '' }, 400, 'Tag name cannot be empty'],
      [{ name: '   ' }, 400, 'Tag name cannot be empty'],
      [{ name: 'x'.repeat(25) }, 400, 'Tag name cannot be longer than 24 characters'],
      [{ name: ` ${'x'.repeat(25)} ` }, 400, 'Tag name cannot be longer than 24 characters'],
      [{ name: 'y'.repeat(300) }, 400, 'Tag name cannot be longer than 24 characters'],
      [{ name: 'y'.repeat(1025) }, 400, /^body\/name must NOT have more than 1024 characters$/],
      [{ name: 'ops' }, 409, 'A tag named "ops" already exists'],
      [{ name: ' ops ' }, 409, 'A tag named "ops" already exists'],
      [{}, 400, /name/],
      [{ name: 42 }, 400, /name/],
      // An unknown field is refused naming it, not dropped.
      [{ name: 'admins', isAdmin: true }, 400, /isAdmin/],
    ];
    for (const [body, status, message] of refused) {
      const r = await call(s, 'POST', '/rest/tags', body);
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([status, expect.stringMatching(typeof message === 'string' ? `^${message.replace(/[.*+?^${}()|[\]\\"]/g, '\\$&')}$` : message)]);
    }
    expect(await snapshot(s)).toBe(before);
    // 24 characters is the limit, not over it.
    expect((await call(s, 'POST', '/rest/tags', { name: 'z'.repeat(24) })).status).toBe(200);
  });

  it('refuses the same on rename, changing nothing; the same name just succeeds', async () => {
    const a = (await call(s, 'POST', '/rest/tags', { name: 'alpha' })).body.data;
    await call(s, 'POST', '/rest/tags', { name: 'beta' });
    const before = await snapshot(s);
    expect((await call(s, 'PATCH', `/rest/tags/${a.id}`, { name: ' ' })).body).toEqual({ code: 400, message: 'Tag name cannot be empty' });
    expect((await call(s, 'PATCH', `/rest/tags/${a.id}`, { name: 'q'.repeat(25) })).body.message).toBe('Tag name cannot be longer than 24 characters');
    expect((await call(s, 'PATCH', `/rest/tags/${a.id}`, { name: 'beta' })).body).toMatchObject({ code: 409, message: 'A tag named "beta" already exists' });
    expect((await call(s, 'PATCH', '/rest/tags/no-such-tag', { name: 'gamma' })).status).toBe(404);
    expect(await snapshot(s)).toBe(before);
    const same = await call(s, 'PATCH', `/rest/tags/${a.id}`, { name: ' alpha ' });
    expect(same.status).toBe(200);
    expect(same.body.data.name).toBe('alpha');
    expect(await snapshot(s)).toBe(before);
    expect((await call(s, 'PATCH', `/rest/tags/${a.id}`, { name: 'Alpha 2' })).body.data.name).toBe('Alpha 2');
    expect(await tagsNow()).toContain('Alpha 2');
  });

  it('counts the workflows using each tag; deleting a tag drops it from them', async () => {
    const used = (await call(s, 'POST', '/rest/tags', { name: 'used' })).body.data;
    const idle = (await call(s, 'POST', '/rest/tags', { name: 'idle' })).body.data;
    for (const name of ['W1', 'W2']) expect((await call(s, 'POST', '/rest/workflows', { ...simpleWorkflow(name), tags: [used.id] })).status).toBe(200);
    const list = (await call(s, 'GET', '/rest/tags?withUsageCount=true')).body.data as Array<{ id: string; usageCount: number }>;
    expect(list.find((t) => t.id === used.id)!.usageCount).toBe(2);
    expect(list.find((t) => t.id === idle.id)!.usageCount).toBe(0);
    // Without the flag there are no counts.
    expect((await call(s, 'GET', '/rest/tags')).body.data[0]).not.toHaveProperty('usageCount');
    expect((await call(s, 'GET', '/rest/tags?withUsageCount=maybe')).status).toBe(400);

    expect((await call(s, 'DELETE', `/rest/tags/${used.id}`)).body).toEqual({ data: true });
    const workflows = (await call(s, 'GET', '/rest/workflows')).body.data as Array<{ name: string; tags: unknown[] }>;
    expect(workflows.filter((w) => w.name === 'W1' || w.name === 'W2').map((w) => w.tags)).toEqual([[], []]);
    expect((await call(s, 'DELETE', `/rest/tags/${used.id}`)).status).toBe(404);
  });
});

describe('tags with accounts (spec 002 §6: deleting is for the owner and the default user)', () => {
  let mailbox: Mailbox;
  let s: TestServer;
  let owner: Account;
  let member: Account;
  beforeAll(async () => {
    mailbox = await startMailbox();
    s = await startServer(mailbox.env);
    owner = await setupOwner(s);
    member = await addMember(s, mailbox, owner, 'tagger@example.com');
  });
  afterAll(async () => {
    await s.dispose();
    await mailbox.close();
  });

  it('a member creates and renames tags but cannot delete one: 403, and it stays', async () => {
    const created = await api(s, 'POST', '/rest/tags', { name: 'member tag' }, { cookie: member.cookie });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await api(s, 'PATCH', `/rest/tags/${id}`, { name: 'member tag 2' }, { cookie: member.cookie })).status).toBe(200);
    const before = await snapshot(s);
    const refused = await api(s, 'DELETE', `/rest/tags/${id}`, undefined, { cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(await snapshot(s)).toBe(before);
    const deleted = await api(s, 'DELETE', `/rest/tags/${id}`, undefined, { cookie: owner.cookie });
    expect(deleted.body).toEqual({ data: true });
    expect((await api(s, 'GET', '/rest/tags', undefined, { cookie: member.cookie })).body.data).toEqual([]);
  });
});
