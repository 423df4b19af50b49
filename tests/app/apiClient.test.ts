import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, pushRef } from '../../src/app/api/client.ts';
import { ApiError, NetworkError, NETWORK_ERROR_MESSAGE } from '../../src/app/api/errors.ts';
import { getWorkflow } from '../../src/app/api/workflows.ts';
import { PUSH_REF_HEADER } from '../../src/model/api.ts';

afterEach(() => vi.unstubAllGlobals());

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('REST client', () => {
  it('calls ${basePath}rest with the push-ref header and unwraps { data }', async () => {
    const fetchMock = respond(200, { data: { id: '1', name: 'wf' } });
    await expect(getWorkflow('1')).resolves.toEqual({ id: '1', name: 'wf' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/rest/workflows/1');
    expect((init.headers as Record<string, string>)[PUSH_REF_HEADER]).toBe(pushRef);
  });

  it("turns the server's error body into an ApiError with its message", async () => {
    respond(404, { code: 404, message: 'Workflow with ID "x" not found', hint: 'check the id' });
    const e = await request('GET', '/workflows/x').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 404, message: 'Workflow with ID "x" not found', hint: 'check the id' });
  });

  it('reports a non-JSON error page by status', async () => {
    respond(502, '<html>bad gateway</html>');
    await expect(request('GET', '/settings')).rejects.toMatchObject({ status: 502 });
  });

  it('says the server cannot be reached when fetch itself fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const e = await request('GET', '/settings').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as Error).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
