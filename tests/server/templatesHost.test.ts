// The server's own templates host (src/server/templates/host.ts; issue 17): n8n's host calls over
// the catalogue, public and CORS-open, views counted in the database, bad queries refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from './helpers.ts';
import { loadCatalogue } from '../../src/server/templates/catalogue.ts';
import { readCollectionFull, readWorkflowFull, readWorkflowSummary, readWorkflowTemplate } from '../../src/model/templates.ts';

const HOST = '/rest/templates-host';
const catalogue = loadCatalogue();

describe('templates host', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.dispose());

  it('is on by default and named in the settings', async () => {
    const settings = (await call(server, 'GET', '/rest/settings')).body.data;
    expect(settings.templates).toEqual({ enabled: true, host: '/rest/templates-host/' });
    const health = await call(server, 'GET', `${HOST}/health`);
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'OK' });
    expect(health.response.headers['access-control-allow-origin']).toBe('*');
    const preflight = await server.server.app.inject({ method: 'OPTIONS', url: `${HOST}/templates/workflows`, headers: { origin: 'https://other.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'n8n-version' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('n8n-version');
  });

  it('answers categories and collections in n8n\'s shape', async () => {
    const cats = (await call(server, 'GET', `${HOST}/templates/categories`)).body.categories as Array<{ id: number; name: string }>;
    expect(cats.length).toBe(catalogue.categories.length);
    expect(cats.map((c) => c.name)).toEqual([...cats.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
    const cols = (await call(server, 'GET', `${HOST}/templates/collections`)).body.collections as Array<{ id: number; workflows: Array<{ id: number }>; nodes: unknown[] }>;
    expect(cols.length).toBe(catalogue.collections.length);
    expect(cols[0]!.workflows.length).toBeGreaterThan(0);
    expect(cols[0]!.nodes.length).toBeGreaterThan(0);
    const full = readCollectionFull((await call(server, 'GET', `${HOST}/templates/collections/${cols[0]!.id}`)).body);
    expect(full?.workflowSummaries.length).toBe(cols[0]!.workflows.length);
    expect((await call(server, 'GET', `${HOST}/templates/collections/99999`)).status).toBe(404);
  });

  it('pages, searches and filters workflows by category (any of those given)', async () => {
    const first = (await call(server, 'GET', `${HOST}/templates/workflows?skip=0&rows=10`)).body;
    expect(first.totalWorkflows).toBe(catalogue.templates.length);
    expect(first.workflows.length).toBe(Math.min(10, catalogue.templates.length));
    const s = readWorkflowSummary(first.workflows[0]);
    expect(s?.nodes.length).toBeGreaterThan(0);
    expect(s?.nodes.every((n) => n.name !== 'n8n-nodes-base.stickyNote')).toBe(true);
    const rest = (await call(server, 'GET', `${HOST}/templates/workflows?skip=10&rows=100`)).body;
    const ids = [...first.workflows, ...rest.workflows].map((w: { id: number }) => w.id);
    expect(new Set(ids).size).toBe(catalogue.templates.length);

    const t = catalogue.templates[0]!;
    const word = t.name.split(/\s+/).find((w) => w.length > 4)!;
    const searched = (await call(server, 'GET', `${HOST}/templates/workflows?search=${encodeURIComponent(word.toUpperCase())}`)).body;
    expect(searched.workflows.map((w: { id: number }) => w.id)).toContain(t.id);
    const none = (await call(server, 'GET', `${HOST}/templates/workflows?search=zzqqxxnothing`)).body;
    expect(none).toEqual({ totalWorkflows: 0, workflows: [] });

    const [a, b] = catalogue.categories;
    const inA = catalogue.templates.filter((x) => x.categories.includes(a!.id)).length;
    const inAorB = catalogue.templates.filter((x) => x.categories.includes(a!.id) || x.categories.includes(b!.id)).length;
    expect((await call(server, 'GET', `${HOST}/templates/workflows?category=${a!.id}`)).body.totalWorkflows).toBe(inA);
    expect((await call(server, 'GET', `${HOST}/templates/workflows?category=${a!.id},${b!.id}`)).body.totalWorkflows).toBe(inAorB);
  });

  it('search: every result shows why (name, description or an app), name matches first, nothing when nothing matches', async () => {
    type Row = { id: number; name: string; description: string; nodes: Array<{ displayName: string }> };
    const search = async (q: string) => (await call(server, 'GET', `${HOST}/templates/workflows?rows=100&search=${encodeURIComponent(q)}`)).body as { totalWorkflows: number; workflows: Row[] };
    const startsAWord = (text: string, w: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((x) => x.startsWith(w));

    const github = await search('GitHub');
    const inName = catalogue.templates.filter((t) => startsAWord(t.name, 'github')).map((t) => t.id);
    expect(inName.length).toBeGreaterThan(2);
    expect(github.totalWorkflows).toBe(github.workflows.length);
    for (const w of github.workflows) expect(startsAWord(`${w.name}\n${w.description}\n${w.nodes.map((n) => n.displayName).join('\n')}`, 'github'), w.name).toBe(true);
    // The templates named for GitHub lead; those that only mention it come after.
    expect(new Set(github.workflows.slice(0, inName.length).map((w) => w.id))).toEqual(new Set(inName));
    expect(github.workflows.length).toBeGreaterThanOrEqual(inName.length);

    // Whole words from their start: 'hub' is not GitHub; 'git' is.
    expect((await search('hub')).workflows.some((w) => inName.includes(w.id))).toBe(false);
    expect((await search('git')).workflows.slice(0, inName.length).map((w) => w.id).sort()).toEqual([...inName].sort());
    // A category's name alone is no reason: the card would not show it.
    const engineering = await search('engineering');
    for (const w of engineering.workflows) expect(startsAWord(`${w.name}\n${w.description}`, 'engineering'), w.name).toBe(true);

    // An app's display name finds the templates that use it, even when their text never names it.
    const all = (await search('')).workflows;
    const byApp = all.flatMap((w) => w.nodes.filter((n) => !startsAWord(`${w.name}\n${w.description}`, n.displayName.toLowerCase().split(' ')[0]!)).map((n) => ({ w, app: n.displayName }))).find(() => true);
    expect(byApp).toBeDefined();
    expect((await search(byApp!.app)).workflows.map((w) => w.id)).toContain(byApp!.w.id);

    // Every word must match; no word, or no match, is an empty list.
    expect((await search('github slack')).workflows.every((w) => startsAWord(`${w.name}\n${w.description}\n${w.nodes.map((n) => n.displayName).join('\n')}`, 'slack'))).toBe(true);
    expect(await search('github zzqqxx')).toEqual({ totalWorkflows: 0, workflows: [] });
    expect(await search('!!!')).toEqual({ totalWorkflows: 0, workflows: [] });
    expect((await call(server, 'GET', `${HOST}/templates/collections?search=zzqqxx`)).body).toEqual({ collections: [] });
    // Collections: their own text, or a member named for it or using it; not one that mentions it in passing.
    const collections = (await call(server, 'GET', `${HOST}/templates/collections?search=github`)).body.collections as Array<{ id: number }>;
    const expectedCollections = catalogue.collections.filter((c) => startsAWord(`${c.name}\n${c.description}`, 'github') || c.workflows.some((id) => inName.includes(id))).map((c) => c.id);
    expect(collections.map((c) => c.id).sort()).toEqual(expectedCollections.sort());
    expect(expectedCollections.length).toBeLessThan(catalogue.collections.length);
  });

  it('refuses bad queries with a 400 naming the parameter', async () => {
    for (const [q, msg] of [
      ['rows=1000', /"rows"/],
      ['skip=-1', /"skip"/],
      ['category=abc', /category id/],
      [`search=${'x'.repeat(201)}`, /"search" is longer/],
    ] as const) {
      const res = await call(server, 'GET', `${HOST}/templates/workflows?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(msg);
    }
  });

  it('one template: counts a view per open, in the database; the import call answers the workflow', async () => {
    const t = catalogue.templates[0]!;
    const one = readWorkflowFull((await call(server, 'GET', `${HOST}/templates/workflows/${t.id}`)).body);
    expect(one?.name).toBe(t.name);
    expect(one?.workflow?.nodes.length).toBe(t.workflow.nodes.length);
    expect(one?.categories.length).toBe(t.categories.length);
    const again = readWorkflowFull((await call(server, 'GET', `${HOST}/templates/workflows/${t.id}`)).body);
    expect(again!.totalViews).toBe(one!.totalViews + 1);
    expect(await server.server.context.repos.templateViews.all()).toEqual(new Map([[t.id, again!.totalViews]]));
    // Most viewed first.
    expect((await call(server, 'GET', `${HOST}/templates/workflows?rows=1`)).body.workflows[0].id).toBe(t.id);

    const imported = readWorkflowTemplate((await call(server, 'GET', `${HOST}/workflows/templates/${t.id}`)).body);
    expect(imported?.workflow.nodes.length).toBe(t.workflow.nodes.length);
    const missing = await call(server, 'GET', `${HOST}/workflows/templates/424242`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Template not found');
    expect((await call(server, 'GET', `${HOST}/templates/workflows/not-a-number`)).status).toBe(404);
  });

  it('is not served when templates are off, and settings say so', async () => {
    const off = await startServer({ SWITCHYARD_TEMPLATES_ENABLED: 'false' });
    try {
      expect((await call(off, 'GET', `${HOST}/health`)).status).toBe(404);
      expect((await call(off, 'GET', '/rest/settings')).body.data.templates.enabled).toBe(false);
    } finally {
      await off.dispose();
    }
  });
});
