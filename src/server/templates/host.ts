// Switchyard's own templates host (issue 17; spec 000 §7 templates host calls): the catalogue of
// catalogue.ts served through the calls n8n's public host answers, mounted at
// <rest>/templates-host/, so the gallery works out of the box and another instance (or n8n's
// editor) can point its templates host setting here. Read-only and public like n8n's host, with
// CORS for editors on other origins; template opens are counted as its views.
import { iconCssColor } from '../../model/iconColors.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerContext } from '../context.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import type { INodeTypeDescription } from '../../model/nodeTypes.ts';
import { TEMPLATES_MAX_SEARCH, type TemplateNode, type TemplateWorkflowSummary } from '../../model/templates.ts';
import { loadCatalogue, type Catalogue, type CatalogueTemplate } from './catalogue.ts';
import { queryWords, relevance, SearchIndex } from './search.ts';

export const TEMPLATES_HOST_PATH = '/templates-host';
const MAX_ROWS = 100;
/** Node types a card leaves out: they say nothing about what a template connects. */
const NOT_SHOWN = new Set(['n8n-nodes-base.stickyNote', 'n8n-nodes-base.noOp', 'n8n-nodes-base.start', 'n8n-nodes-base.respondToWebhook']);

function cors(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-headers', 'n8n-version, content-type');
  reply.header('access-control-allow-methods', 'GET, OPTIONS');
  reply.header('access-control-max-age', '600');
}

function intParam(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n > max) throw new BadRequestError(`"${name}" must be a whole number from 0 to ${max}`);
  return n;
}

/** `category=1,2` (n8n's form), `category=1&category=2` or `category[]=1`. */
function categoryParam(query: Record<string, unknown>): number[] {
  const raw = query.category ?? query['category[]'];
  const parts = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) => String(v).split(',')).filter((s) => s.trim() !== '');
  if (parts.length > 50) throw new BadRequestError('At most 50 categories may be given');
  return parts.map((s) => {
    if (!/^\d{1,9}$/.test(s.trim())) throw new BadRequestError(`"${s.slice(0, 20)}" is not a category id`);
    return Number(s);
  });
}

/** The search's words; undefined when there is no search. */
function searchParam(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new BadRequestError('"search" must be given once');
  if (raw.length > TEMPLATES_MAX_SEARCH) throw new BadRequestError(`"search" is longer than ${TEMPLATES_MAX_SEARCH} characters`);
  return queryWords(raw);
}

function idParam(raw: string, what: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new NotFoundError(`${what} not found`);
  return Number(raw);
}

export function templatesHostRoutes(ctx: ServerContext, catalogue: Catalogue = loadCatalogue()) {
  const byId = new Map(catalogue.templates.map((t) => [t.id, t]));
  const categoryById = new Map(catalogue.categories.map((c) => [c.id, c]));
  const indexes = new Map(catalogue.templates.map((t) => [t.id, new SearchIndex(t)]));
  let views: Promise<Map<number, number>> | undefined;
  const viewsOf = async () =>
    (views ??= ctx.repos.templateViews.all().catch((e: unknown) => {
      views = undefined;
      throw e;
    }));

  // Node summaries come from the instance's node types (names, icons, colours as the editor shows them).
  let described: { generation: number | undefined; byType: Map<string, INodeTypeDescription> } | undefined;
  const typeInfo = (type: string): INodeTypeDescription | undefined => {
    if (!described || described.generation !== ctx.nodeTypes.generation) {
      described = { generation: ctx.nodeTypes.generation, byType: new Map(ctx.nodeTypes.descriptions().map((d) => [d.name, d])) };
    }
    return described.byType.get(type);
  };
  const nodesOf = (types: Iterable<string>): TemplateNode[] => {
    const out: TemplateNode[] = [];
    for (const type of new Set(types)) {
      if (NOT_SHOWN.has(type)) continue;
      const d = typeInfo(type);
      const icon = d?.icon;
      // The colour the editor draws the icon in (an iconColor name resolved), so a card looks the same before and after the editor has its node types.
      const color = d ? iconCssColor(d.iconColor ?? d.defaults.color) : undefined;
      out.push({
        name: type,
        displayName: d?.displayName ?? type,
        ...(icon ? { icon, iconData: icon.startsWith('fa:') ? { type: 'icon', icon: icon.slice(3) } : { type: 'file' } } : {}),
        ...(color ? { defaults: { color } } : {}),
      });
    }
    return out;
  };
  const templateNodes = (t: CatalogueTemplate) => nodesOf(t.workflow.nodes.map((n) => n.type));
  const summary = (t: CatalogueTemplate, counts: Map<number, number>): TemplateWorkflowSummary => ({
    id: t.id,
    name: t.name,
    totalViews: counts.get(t.id) ?? 0,
    createdAt: t.createdAt,
    user: t.user,
    nodes: templateNodes(t),
    description: t.description,
  });
  const inCategories = (t: CatalogueTemplate, categories: number[]) => !categories.length || t.categories.some((c) => categories.includes(c));
  /** How well a template answers the search (search.ts); 1 for every template when there is none. */
  const scoreOf = (t: CatalogueTemplate, search: string[] | undefined) =>
    search === undefined ? 1 : indexes.get(t.id)!.relevance(search, templateNodes(t).map((n) => n.displayName));
  // Best match first; then most viewed, then newest: what others opened is likelier what a newcomer wants.
  const ranked = (list: CatalogueTemplate[], search: string[] | undefined, counts: Map<number, number>) =>
    list
      .map((t) => ({ t, score: scoreOf(t, search) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || (counts.get(b.t.id) ?? 0) - (counts.get(a.t.id) ?? 0) || b.t.createdAt.localeCompare(a.t.createdAt) || b.t.id - a.t.id)
      .map((x) => x.t);

  return async function templatesHost(app: FastifyInstance): Promise<void> {
    app.addHook('onSend', async (_request, reply, payload) => {
      cors(reply);
      return payload;
    });
    app.options('/*', { config: { auth: 'public' } }, async (_request, reply) => reply.code(204).send());

    app.get('/health', { config: { auth: 'public' } }, async () => ({ status: 'OK' }));

    app.get('/templates/categories', { config: { auth: 'public' } }, async () => ({ categories: catalogue.categories }));

    app.get<{ Querystring: Record<string, unknown> }>('/templates/collections', { config: { auth: 'public' } }, async (request) => {
      const categories = categoryParam(request.query);
      const search = searchParam(request.query.search);
      const collections = catalogue.collections.filter((c) => {
        const members = c.workflows.map((w) => byId.get(w)!);
        if (!members.some((t) => inCategories(t, categories))) return false;
        if (search === undefined) return true;
        // Its own text, or a member's name or apps: one that mentions the words in passing is no reason.
        return relevance({ name: c.name, description: c.description, apps: [] }, search) > 0 || members.some((t) => indexes.get(t.id)!.relevance(search, templateNodes(t).map((n) => n.displayName), false) > 0);
      });
      return {
        collections: collections.map((c, rank) => ({
          id: c.id,
          rank,
          name: c.name,
          createdAt: c.createdAt,
          workflows: c.workflows.map((w) => ({ id: w })),
          nodes: nodesOf(c.workflows.flatMap((w) => byId.get(w)!.workflow.nodes.map((n) => n.type))),
        })),
      };
    });

    app.get<{ Querystring: Record<string, unknown> }>('/templates/workflows', { config: { auth: 'public' } }, async (request) => {
      const skip = intParam(request.query.skip, 'skip', 0, 1_000_000);
      const rows = intParam(request.query.rows, 'rows', 10, MAX_ROWS);
      const categories = categoryParam(request.query);
      const search = searchParam(request.query.search);
      const counts = await viewsOf();
      const found = ranked(catalogue.templates.filter((t) => inCategories(t, categories)), search, counts);
      return { totalWorkflows: found.length, workflows: found.slice(skip, skip + rows).map((t) => summary(t, counts)) };
    });

    app.get<{ Params: { id: string } }>('/templates/collections/:id', { config: { auth: 'public' } }, async (request) => {
      const c = catalogue.collections.find((x) => x.id === idParam(request.params.id, 'Collection'));
      if (!c) throw new NotFoundError('Collection not found');
      const counts = await viewsOf();
      const members = c.workflows.map((w) => byId.get(w)!);
      return {
        collection: {
          id: c.id,
          name: c.name,
          description: c.description,
          createdAt: c.createdAt,
          image: [],
          totalViews: members.reduce((sum, t) => sum + (counts.get(t.id) ?? 0), 0),
          categories: [...new Set(members.flatMap((t) => t.categories))].map((id) => categoryById.get(id)!),
          workflows: members.map((t) => summary(t, counts)),
          nodes: nodesOf(members.flatMap((t) => t.workflow.nodes.map((n) => n.type))),
        },
      };
    });

    app.get<{ Params: { id: string } }>('/templates/workflows/:id', { config: { auth: 'public' } }, async (request) => {
      const t = byId.get(idParam(request.params.id, 'Template'));
      if (!t) throw new NotFoundError('Template not found');
      const counts = await viewsOf();
      const seen = await ctx.repos.templateViews.count(t.id);
      counts.set(t.id, seen);
      return {
        workflow: {
          ...summary(t, counts),
          description: t.description,
          image: [],
          categories: t.categories.map((id) => categoryById.get(id)!),
          workflowInfo: { nodeCount: t.workflow.nodes.length },
          workflow: t.workflow,
        },
      };
    });

    app.get<{ Params: { id: string } }>('/workflows/templates/:id', { config: { auth: 'public' } }, async (request) => {
      const t = byId.get(idParam(request.params.id, 'Template'));
      if (!t) throw new NotFoundError('Template not found');
      return { id: t.id, name: t.name, workflow: t.workflow };
    });
  };
}
