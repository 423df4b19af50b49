// HTTP Request pagination against a real local server: each mode and completion rule, the page
// limit and interval, $response / $pageCount / $request in expressions, the page cap, the abort
// signal, and n8n's own pagination test workflow with its nock mocks reproduced here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runWorkflow } from '../../src/engine/index.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';
import { resolveNodeParameters } from '../../src/model/parameters.ts';
import type { INodeProperties, INodePropertyCollection } from '../../src/model/nodeTypes.ts';
import { PAGINATION_PAGE_CAP } from '../../src/nodes/HttpRequest/v3/pagination.ts';
import { corpusDir } from '../corpus/run.ts';
import { deepEqual, normaliseItem } from '../corpus/compare.ts';
import { errorOf, jsonOf, output, registry, runChain } from './helpers.ts';
import { startServer, type Handler, type SeenRequest } from './httpServer.ts';

let server: Awaited<ReturnType<typeof startServer>>;
const seenOn = (path: string): SeenRequest[] => server.seen.filter((r) => r.url.split('?')[0] === path);
const query = (r: SeenRequest) => new URL(r.url, 'http://x').searchParams;

// n8n's nock mock for https://dummyjson.com/users (HttpRequest/test/node/HttpRequest.test.ts):
// ids 0–14 in pages of `limit` from `skip`; an empty page is a 404; next-url always points on;
// the answer's content type echoes the request's. Duplicated query keys: the first one counts.
const users: Handler = (req, res) => {
  let limit: number;
  let skip: number;
  if (req.method === 'POST') {
    const body = (req.body ? JSON.parse(req.body) : {}) as { limit?: string; skip?: string };
    limit = parseInt(body.limit ?? '10', 10);
    skip = parseInt(body.skip ?? '0', 10);
  } else {
    const q = query(req);
    limit = parseInt(q.get('limit') || '10', 10);
    skip = parseInt(q.get('skip') || '0', 10);
  }
  const list: Array<{ id: number }> = [];
  for (let i = skip; i < skip + limit && i <= 14; i++) list.push({ id: i });
  res.writeHead(list.length ? 200 : 404, {
    'next-url': `http://${req.headers.host}/users?skip=${skip + limit}&limit=${limit}`,
    'content-type': req.headers['content-type'] || 'application/json',
  });
  res.end(JSON.stringify(list));
};

let forever = 0;
let timed: number[] = [];

beforeAll(async () => {
  server = await startServer({
    '/users': users,
    // Cursor pagination: the cursor comes back in the body and in a header, from a query, header or body.
    '/cursor': (req, res) => {
      const cursor = Number(query(req).get('cursor') ?? req.headers['x-cursor'] ?? (req.body ? (JSON.parse(req.body) as { cursor?: number }).cursor : undefined) ?? 0);
      const next = cursor < 2 ? cursor + 1 : null;
      res.writeHead(200, { 'content-type': 'application/json', 'x-next-cursor': String(next ?? '') });
      res.end(JSON.stringify({ items: [{ page: cursor }], next }));
    },
    // Never empty, never the same: only a limit or the cap stops it.
    '/forever': (_req, res) => {
      forever++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ n: forever }]));
    },
    '/same': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ same: true }]));
    },
    '/timed': (req, res) => {
      timed.push(Date.now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ page: Number(query(req).get('page')) }]));
    },
    // Page 1 fine, page 2 a server error with a non-empty body.
    '/flaky': (req, res) => {
      const page = Number(query(req).get('page'));
      res.writeHead(page === 1 ? 200 : 500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(page === 1 ? [{ page }] : { message: 'exploded' }));
    },
  });
});
afterAll(() => server.close());

const http = (parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: 'HTTP',
  type: 'n8n-nodes-base.httpRequest',
  typeVersion: 4.2,
  parameters,
  ...extra,
});
const paged = (url: string, pagination: Record<string, unknown>, rest: Record<string, unknown> = {}, options: Record<string, unknown> = {}) =>
  http({ url: `${server.base}${url}`, ...rest, options: { ...options, pagination: { pagination } } });

describe('HTTP Request pagination: description', () => {
  const option = (version: number) => {
    const options = registry.get('n8n-nodes-base.httpRequest', version)!.description.properties.find((p) => p.name === 'options')!;
    return (options.options as INodeProperties[]).find((o) => o.name === 'pagination')!;
  };

  it("offers n8n's Pagination option with its names and defaults", () => {
    const pagination = option(4.2);
    expect(pagination.type).toBe('fixedCollection');
    expect(pagination.default).toEqual({ pagination: {} });
    const values = (pagination.options as INodePropertyCollection[])[0].values;
    const byName = Object.fromEntries(values.map((v) => [v.name, v]));
    expect(Object.keys(byName)).toEqual([
      'paginationMode',
      'webhookNotice',
      'nextURL',
      'parameters',
      'paginationCompleteWhen',
      'statusCodesWhenComplete',
      'completeExpression',
      'limitPagesFetched',
      'maxRequests',
      'requestInterval',
    ]);
    expect(byName.paginationMode.default).toBe('updateAParameterInEachRequest');
    expect((byName.paginationMode.options as Array<{ value: string }>).map((o) => o.value)).toEqual(['off', 'updateAParameterInEachRequest', 'responseContainsNextURL']);
    expect(byName.parameters.default).toEqual({ parameters: [{ type: 'qs', name: '', value: '' }] });
    expect(byName.paginationCompleteWhen.default).toBe('responseIsEmpty');
    expect(byName.maxRequests.default).toBe(100);
    expect(byName.requestInterval.default).toBe(0);
    // The page cap is stated where the editor shows it.
    expect(byName.limitPagesFetched.description).toContain(String(PAGINATION_PAGE_CAP));
    expect(byName.webhookNotice.displayName).toContain(`${PAGINATION_PAGE_CAP} pages`);
    expect(option(3)).toBeDefined();
  });

  it("shows each field under n8n's display rules", () => {
    const props = registry.get('n8n-nodes-base.httpRequest', 4.2)!.description.properties;
    const shown = (pagination: Record<string, unknown>) =>
      Object.keys(((resolveNodeParameters(props, { url: 'x', options: { pagination: { pagination } } }, 4.2).options as Record<string, Record<string, Record<string, unknown>>>).pagination.pagination));
    expect(shown({ paginationMode: 'off' })).toEqual(['paginationMode']);
    expect(shown({})).toEqual(['paginationMode', 'parameters', 'paginationCompleteWhen', 'limitPagesFetched', 'requestInterval']);
    expect(shown({ paginationMode: 'responseContainsNextURL', paginationCompleteWhen: 'receiveSpecificStatusCodes', limitPagesFetched: true })).toEqual([
      'paginationMode',
      'nextURL',
      'paginationCompleteWhen',
      'statusCodesWhenComplete',
      'limitPagesFetched',
      'maxRequests',
      'requestInterval',
    ]);
    expect(shown({ paginationCompleteWhen: 'other' })).toContain('completeExpression');
  });
});

describe('HTTP Request pagination: modes', () => {
  it('updates a query parameter with $pageCount until the response is empty; every page becomes items', async () => {
    const before = seenOn('/users').length;
    const run = await runChain([{}], [
      paged('/users', { parameters: { parameters: [{ name: 'skip', value: '={{ $pageCount * 5 }}' }] } }, {
        sendQuery: true,
        queryParameters: { parameters: [{ name: 'limit', value: '5' }] },
      }, { response: { response: { neverError: true } } }),
    ]);
    expect(jsonOf(run, 'HTTP')).toEqual(Array.from({ length: 15 }, (_, id) => ({ id })));
    const requests = seenOn('/users').slice(before);
    expect(requests.map((r) => query(r).get('skip'))).toEqual(['0', '5', '10', '15']);
    expect(requests.every((r) => query(r).get('limit') === '5')).toBe(true);
    expect(output(run, 'HTTP').length).toBe(15);
  });

  it('sets header and body parameters from $response.body', async () => {
    const before = seenOn('/cursor').length;
    const viaHeader = await runChain([{}], [
      paged('/cursor', { parameters: { parameters: [{ type: 'headers', name: 'X-Cursor', value: '={{ $response.body?.next ?? 0 }}' }] }, paginationCompleteWhen: 'other', completeExpression: '={{ $response.body.next === null }}' }),
    ]);
    expect(jsonOf(viaHeader, 'HTTP')).toEqual([0, 1, 2].map((page) => ({ items: [{ page }], next: page < 2 ? page + 1 : null })));
    expect(seenOn('/cursor').slice(before).map((r) => r.headers['x-cursor'])).toEqual(['0', '1', '2']);

    const mark = seenOn('/cursor').length;
    const viaBody = await runChain([{}], [
      paged(
        '/cursor',
        { parameters: { parameters: [{ type: 'body', name: 'cursor', value: '={{ $response.body?.next ?? 0 }}' }] }, paginationCompleteWhen: 'other', completeExpression: '={{ !$response.body.next }}' },
        { method: 'POST', sendBody: true, bodyParameters: { parameters: [{ name: 'kept', value: 'yes' }] } },
      ),
    ]);
    expect(jsonOf(viaBody, 'HTTP')).toHaveLength(3);
    // The node's own body fields stay; the pagination field is merged in.
    expect(seenOn('/cursor').slice(mark).map((r) => JSON.parse(r.body))).toEqual([0, 1, 2].map((cursor) => ({ kept: 'yes', cursor })));
  });

  it('follows a next URL taken from $response.headers', async () => {
    const before = seenOn('/users').length;
    const run = await runChain([{}], [
      paged('/users', { paginationMode: 'responseContainsNextURL', nextURL: '={{ $response.headers["next-url"] }}', paginationCompleteWhen: 'receiveSpecificStatusCodes', statusCodesWhenComplete: '404' }, {
        sendQuery: true,
        queryParameters: { parameters: [{ name: 'limit', value: '6' }] },
      }),
    ]);
    expect(jsonOf(run, 'HTTP')).toEqual(Array.from({ length: 15 }, (_, id) => ({ id })));
    const urls = seenOn('/users').slice(before).map((r) => r.url);
    expect(urls[0]).toBe('/users?limit=6');
    // The node's query parameters are still sent with the next URL (as n8n does).
    expect(urls[1]).toBe('/users?skip=6&limit=6&limit=6');
    expect(urls).toHaveLength(4);
  });

  it('passes $request to the expressions', async () => {
    const before = seenOn('/users').length;
    const run = await runChain([{}], [
      paged('/users', { parameters: { parameters: [{ name: 'skip', value: '={{ $pageCount * $request.qs.limit }}' }] }, limitPagesFetched: true, maxRequests: 2 }, {
        sendQuery: true,
        queryParameters: { parameters: [{ name: 'limit', value: '4' }] },
      }),
    ]);
    expect(jsonOf(run, 'HTTP')).toHaveLength(8);
    expect(seenOn('/users').slice(before).map((r) => query(r).get('skip'))).toEqual(['0', '4']);
  });

  it('Off makes one request', async () => {
    const before = seenOn('/users').length;
    const run = await runChain([{}], [paged('/users', { paginationMode: 'off' }, { sendQuery: true, queryParameters: { parameters: [{ name: 'limit', value: '2' }] } })]);
    expect(jsonOf(run, 'HTTP')).toEqual([{ id: 0 }, { id: 1 }]);
    expect(seenOn('/users').length - before).toBe(1);
  });

  it('pages every input item on its own, items paired with their input', async () => {
    const run = await runChain([{ limit: 5 }, { limit: 8 }], [
      paged('/users', { parameters: { parameters: [{ name: 'skip', value: '={{ $pageCount * $json.limit }}' }] } }, {
        sendQuery: true,
        queryParameters: { parameters: [{ name: 'limit', value: '={{ $json.limit }}' }] },
      }, { response: { response: { neverError: true } } }),
    ]);
    const data = run.data.resultData.runData.HTTP[0].data!.main[0]!;
    expect(data).toHaveLength(30);
    expect(data.slice(0, 15).every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
    expect(data.slice(15).every((i) => (i.pairedItem as { item: number }).item === 1)).toBe(true);
  });
});

describe('HTTP Request pagination: completion', () => {
  it('a completion status code ends it without an error and its page is output', async () => {
    const run = await runChain([{}], [
      paged('/users', { paginationMode: 'responseContainsNextURL', nextURL: '={{ $response.headers["next-url"] }}', paginationCompleteWhen: 'receiveSpecificStatusCodes', statusCodesWhenComplete: '410, 404' }, {
        sendQuery: true,
        queryParameters: { parameters: [{ name: 'limit', value: '10' }] },
      }, { response: { response: { fullResponse: true } } }),
    ]);
    expect(run.status).toBe('success');
    const pages = jsonOf(run, 'HTTP') as Array<{ statusCode: number; body: unknown[]; headers: Record<string, string> }>;
    expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 404]);
    expect(pages.map((p) => p.body.length)).toEqual([10, 5, 0]);
    expect(pages[0].headers['next-url']).toContain('skip=10');
  });

  it('"Other" stops when the complete expression is true', async () => {
    const run = await runChain([{}], [
      paged('/cursor', {
        parameters: { parameters: [{ name: 'cursor', value: '={{ $pageCount }}' }] },
        paginationCompleteWhen: 'other',
        completeExpression: '={{ $response.headers["x-next-cursor"] === "" }}',
      }),
    ]);
    expect((jsonOf(run, 'HTTP') as Array<{ items: unknown[] }>).map((p) => p.items)).toEqual([[{ page: 0 }], [{ page: 1 }], [{ page: 2 }]]);
  });

  it('a failed page that is not the last fails the node with its status', async () => {
    const run = await runChain([{}], [paged('/flaky', { parameters: { parameters: [{ name: 'page', value: '={{ $pageCount + 1 }}' }] }, limitPagesFetched: true, maxRequests: 5 })]);
    expect(run.status).toBe('error');
    expect(errorOf(run, 'HTTP')).toMatchObject({ name: 'NodeApiError', message: 'The service was not able to process your request', httpCode: '500' });

    // "Other" without Never Error: a failed page is an error even when the expression says complete.
    const other = await runChain([{}], [
      paged('/flaky', { parameters: { parameters: [{ name: 'page', value: '={{ $pageCount + 1 }}' }] }, paginationCompleteWhen: 'other', completeExpression: '={{ $response.statusCode === 500 }}' }),
    ]);
    expect(errorOf(other, 'HTTP')).toMatchObject({ httpCode: '500' });
    // With Never Error the failed page completes it and is output.
    const never = await runChain([{}], [
      paged(
        '/flaky',
        { parameters: { parameters: [{ name: 'page', value: '={{ $pageCount + 1 }}' }] }, paginationCompleteWhen: 'other', completeExpression: '={{ $response.statusCode === 500 }}' },
        {},
        { response: { response: { neverError: true } } },
      ),
    ]);
    expect(jsonOf(never, 'HTTP')).toEqual([{ page: 1 }, { message: 'exploded' }]);
  });

  it('Limit Pages Fetched stops after Max Pages', async () => {
    const before = forever;
    const run = await runChain([{}], [paged('/forever', { parameters: { parameters: [{ name: 'p', value: '={{ $pageCount }}' }] }, limitPagesFetched: true, maxRequests: 3 })]);
    expect(jsonOf(run, 'HTTP')).toHaveLength(3);
    expect(forever - before).toBe(3);
  });

  it('waits the interval between requests', async () => {
    timed = [];
    const run = await runChain([{}], [
      paged('/timed', { parameters: { parameters: [{ name: 'page', value: '={{ $pageCount }}' }] }, limitPagesFetched: true, maxRequests: 3, requestInterval: 120 }),
    ]);
    expect(jsonOf(run, 'HTTP')).toEqual([{ page: 0 }, { page: 1 }, { page: 2 }]);
    expect(timed).toHaveLength(3);
    expect(timed[1] - timed[0]).toBeGreaterThanOrEqual(110);
    expect(timed[2] - timed[1]).toBeGreaterThanOrEqual(110);
  });
});

describe('HTTP Request pagination: bounds and errors', () => {
  it(`fails clearly when the completion rule is still false after ${PAGINATION_PAGE_CAP} pages`, async () => {
    const before = forever;
    const run = await runChain([{}], [
      paged('/forever', { parameters: { parameters: [{ name: 'p', value: '={{ $pageCount }}' }] }, paginationCompleteWhen: 'other', completeExpression: '={{ $response.body.length === 0 }}' }),
    ]);
    expect(run.status).toBe('error');
    expect(errorOf(run, 'HTTP')?.message).toBe(`Pagination did not complete within ${PAGINATION_PAGE_CAP} pages`);
    expect(errorOf(run, 'HTTP')?.description).toContain("'Pagination Complete When' never became true");
    expect(forever - before).toBe(PAGINATION_PAGE_CAP);
  }, 30_000);

  it('stops when the same response comes back five times (n8n), as an item with Continue on Fail', async () => {
    const run = await runChain([{}], [paged('/same', { parameters: { parameters: [{ name: 'x', value: '0' }] } })]);
    expect(errorOf(run, 'HTTP')?.message).toBe('The returned response was identical 5x, so requests got stopped');
    const kept = await runChain([{}], [paged('/same', { parameters: { parameters: [{ name: 'x', value: '0' }] } })].map((n) => ({ ...n, continueOnFail: true })));
    expect(jsonOf(kept, 'HTTP')).toEqual([
      { error: { name: 'NodeOperationError', message: 'The returned response was identical 5x, so requests got stopped', description: 'Check if "Pagination Completed When" has been configured correctly.' } },
    ]);
  });

  it('stops paging when the run is cancelled', async () => {
    const before = forever;
    const controller = new AbortController();
    const workflow = {
      id: 'w',
      name: 'abort',
      active: false,
      nodes: [
        { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
        { id: 'h', position: [200, 0], ...paged('/forever', { parameters: { parameters: [{ name: 'p', value: '={{ $pageCount }}' }] }, requestInterval: 40 }) },
      ],
      connections: { Trigger: { main: [[{ node: 'HTTP', type: 'main', index: 0 }]] } },
      settings: { executionOrder: 'v1' },
    } as unknown as IWorkflowBase;
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const run = await runWorkflow({ workflow, nodeTypes: registry, mode: 'manual', executionId: '1', signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(run.status).toBe('canceled');
    const fetched = forever - before;
    expect(fetched).toBeGreaterThan(0);
    expect(fetched).toBeLessThan(20);
    await new Promise((r) => setTimeout(r, 150));
    // A request already on its way when the run stopped may still arrive (seen under CI load);
    // paging on would add several in 150 ms at a 40 ms interval.
    expect(forever - before).toBeLessThanOrEqual(fetched + 1);
  });

  it('checks the option before any request, with n8n messages', async () => {
    const before = server.seen.length;
    const empty = await runChain([{}], [paged('/users', {})]);
    expect(errorOf(empty, 'HTTP')?.message).toBe("At least one entry with 'Name' and 'Value' filled must be included in 'Parameters' to use 'Update a Parameter in Each Request' mode");
    const noValue = await runChain([{}], [paged('/users', { parameters: { parameters: [{ name: 'skip', value: '' }] } })]);
    expect(errorOf(noValue, 'HTTP')?.message).toBe('Some value must be provided for parameter [1] in pagination settings, omitting it will result in an infinite loop');
    const noExpression = await runChain([{}], [paged('/users', { parameters: { parameters: [{ name: 'skip', value: '1' }] }, paginationCompleteWhen: 'other', completeExpression: 'true' })]);
    expect(errorOf(noExpression, 'HTTP')?.message).toBe('Invalid or empty Complete Expression');
    const noCodes = await runChain([{}], [paged('/users', { parameters: { parameters: [{ name: 'skip', value: '1' }] }, paginationCompleteWhen: 'receiveSpecificStatusCodes', statusCodesWhenComplete: '' })]);
    expect(errorOf(noCodes, 'HTTP')?.message).toBe("Invalid or empty 'Status Code(s) when Complete'");
    expect(server.seen.length).toBe(before);
  });

  it('a next URL that is not a URL is named in the error', async () => {
    const run = await runChain([{}], [paged('/users', { paginationMode: 'responseContainsNextURL', nextURL: '={{ $pageCount ? "nowhere" : undefined }}' })]);
    expect(errorOf(run, 'HTTP')).toMatchObject({ message: "'nowhere' is not a valid URL.", description: 'Make sure the "Next URL" parameter evaluates to a valid URL.' });
  });
});

describe("n8n's pagination test workflow", () => {
  const corpus = corpusDir();
  const file = corpus && join(corpus, 'HttpRequest', 'node__workflow.pagination.json');
  it.skipIf(!file || !existsSync(file))('produces the recorded output of every node against the mocks reproduced locally', async () => {
    const text = readFileSync(file as string, 'utf8');
    // This copy (n8n commit 005914d4) pages with `$count`, a variable n8n never defined; n8n's
    // later copy of the same workflow says `$pageCount` (the documented name) and keeps the
    // same expectations, so the test reads it that way.
    expect(text).toContain('$count * 3');
    const raw = JSON.parse(text.replaceAll('https://dummyjson.com', server.base).replaceAll('$count * 3', '$pageCount * 3')) as IWorkflowBase & { pinData: Record<string, unknown[]> };
    const expected = raw.pinData;
    delete (raw as { pinData?: unknown }).pinData;
    const run = await runWorkflow({ workflow: raw, nodeTypes: registry, mode: 'manual', executionId: '1' });
    expect(run.status).toBe('success');
    expect(Object.keys(expected)).toHaveLength(15);
    for (const [name, items] of Object.entries(expected)) {
      const actual = run.data.resultData.runData[name]?.[0]?.data?.main[0]?.map((i) => {
        const item = normaliseItem(i, false) as { json: Record<string, unknown> };
        if (item.json.headers) {
          // nock answered with only these two headers and no status message; a real server
          // adds date, connection and content-length, and says "OK" / "Not Found".
          const headers = item.json.headers as Record<string, string>;
          item.json.headers = { 'content-type': headers['content-type'], 'next-url': headers['next-url'] };
          item.json.statusMessage = null;
        }
        return item;
      });
      expect(deepEqual(actual, items), name).toBeUndefined();
    }
  });
});
