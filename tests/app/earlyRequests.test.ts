// The GETs index.html sends before the app runs (src/app/api/early.ts): taken once by the app's
// first request for the same URL, never after something that may change the answer.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../src/app/api/client.ts';

const ORIGIN = 'http://127.0.0.1:5678';

function early(path: string, status: number, body: unknown, at = performance.now()) {
  const w = globalThis as unknown as { __switchyardEarly: Record<string, unknown> };
  w.__switchyardEarly[`${ORIGIN}${path}`] = { at, res: Promise.resolve(new Response(JSON.stringify(body), { status })) };
}

beforeEach(() => {
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', new URL(`${ORIGIN}/workflow/1`));
  (globalThis as unknown as { __switchyardEarly: object }).__switchyardEarly = {};
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as unknown as { __switchyardEarly?: object }).__switchyardEarly;
});

describe('early requests', () => {
  it('the first GET of the same URL takes the early answer; the next one asks', async () => {
    early('/rest/settings', 200, { data: { n: 'early' } });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { n: 'asked' } })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('GET', '/settings')).resolves.toEqual({ n: 'early' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(request('GET', '/settings')).resolves.toEqual({ n: 'asked' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 401 asked early is asked again (the sign-in may have changed since)', async () => {
    early('/rest/node-types', 401, { message: 'Unauthorized' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [] })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('GET', '/node-types')).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('any other method drops every early answer not taken yet', async () => {
    early('/rest/workflows/1', 200, { data: { name: 'before the save' } });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { name: 'after' } })));
    vi.stubGlobal('fetch', fetchMock);
    await request('POST', '/login', { body: { emailOrLdapLoginId: 'a', password: 'b' } });
    await expect(request('GET', '/workflows/1')).resolves.toEqual({ name: 'after' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an answer asked more than 15 s ago is not used, nor one for another URL or with headers added', async () => {
    early('/rest/settings', 200, { data: 'old' }, performance.now() - 16_000);
    early('/rest/login', 200, { data: 'early' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: 'asked' })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('GET', '/settings')).resolves.toBe('asked');
    await expect(request('GET', '/login', { headers: { authorization: 'Bearer x' } })).resolves.toBe('asked');
    await expect(request('GET', '/login', { query: { x: 1 } })).resolves.toBe('asked');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
