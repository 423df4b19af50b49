// Calls to the templates host the settings name (spec 000 §7): our own (<rest>/templates-host/) or
// another one such as n8n's public host. Only the n8n-version header is sent, never cookies to
// another origin; every answer is read through src/model/templates.ts.
import {
  readCategory,
  readCollectionFull,
  readCollectionSummary,
  readWorkflowFull,
  readWorkflowSummary,
  readWorkflowTemplate,
  TEMPLATES_HEALTH_TIMEOUT_MS,
  type TemplateCategory,
  type TemplateCollectionFull,
  type TemplateCollectionSummary,
  type TemplateWorkflowFull,
  type TemplateWorkflowSummary,
  type WorkflowTemplate,
} from '../../model/templates.ts';
import { fetchOrEarly } from './early.ts';

const TIMEOUT_MS = 20_000;

export class TemplatesHostError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

export interface HostTarget {
  host: string;
  version: string;
}

/** The host's base as an absolute URL ending in '/', so paths join under it. */
export function hostBase(host: string, origin = globalThis.location?.origin ?? 'http://localhost'): URL {
  const base = new URL(host, origin);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}

async function get(target: HostTarget, path: string, query: Record<string, string | number | undefined> = {}, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<unknown> {
  const url = new URL(path.replace(/^\//, ''), hostBase(target.host));
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const timeout = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    const init: RequestInit = { headers: { 'n8n-version': target.version, accept: 'application/json' }, credentials: url.origin === globalThis.location?.origin ? 'same-origin' : 'omit', signal };
    // This server's own host, asked as index.html started (the version header changes nothing there).
    res = await (url.origin === globalThis.location?.origin ? fetchOrEarly(url.href, init) : fetch(url, init));
  } catch (e) {
    if (options.signal?.aborted) throw e;
    throw new TemplatesHostError(timeout.aborted ? 'The templates host did not answer in time' : 'Could not reach the templates host');
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new TemplatesHostError(`The templates host answered ${res.status} with something other than JSON`, res.status);
  }
  if (!res.ok) {
    const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : `The templates host answered ${res.status}`;
    throw new TemplatesHostError(message.slice(0, 300), res.status);
  }
  return body;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function listOf<T>(v: unknown, read: (x: unknown) => T | undefined): T[] {
  return Array.isArray(v) ? v.map(read).filter((x): x is T => x !== undefined) : [];
}

export async function testHealth(target: HostTarget): Promise<boolean> {
  try {
    await get(target, '/health', {}, { timeoutMs: TEMPLATES_HEALTH_TIMEOUT_MS });
    return true;
  } catch {
    return false;
  }
}

export async function getCategories(target: HostTarget): Promise<TemplateCategory[]> {
  return listOf(field(await get(target, '/templates/categories'), 'categories'), readCategory);
}

export async function getCollections(target: HostTarget, search: string, categories: number[], signal?: AbortSignal): Promise<TemplateCollectionSummary[]> {
  const body = await get(target, '/templates/collections', { category: categories.join(','), search }, { signal });
  return listOf(field(body, 'collections'), readCollectionSummary);
}

export async function getWorkflows(target: HostTarget, query: { skip: number; rows: number; search: string; categories: number[] }, signal?: AbortSignal): Promise<{ totalWorkflows: number; workflows: TemplateWorkflowSummary[] }> {
  const body = await get(target, '/templates/workflows', { skip: query.skip, rows: query.rows, category: query.categories.join(','), search: query.search }, { signal });
  const workflows = listOf(field(body, 'workflows'), readWorkflowSummary);
  const total = field(body, 'totalWorkflows');
  return { totalWorkflows: typeof total === 'number' && Number.isFinite(total) ? total : workflows.length, workflows };
}

function notFound(what: string): never {
  throw new TemplatesHostError(`${what} could not be found`, 404);
}

export async function getCollection(target: HostTarget, id: number): Promise<TemplateCollectionFull> {
  return readCollectionFull(await get(target, `/templates/collections/${id}`)) ?? notFound('Collection');
}

export async function getTemplate(target: HostTarget, id: number): Promise<TemplateWorkflowFull> {
  return readWorkflowFull(await get(target, `/templates/workflows/${id}`)) ?? notFound('Workflow');
}

export async function getWorkflowTemplate(target: HostTarget, id: number): Promise<WorkflowTemplate> {
  return readWorkflowTemplate(await get(target, `/workflows/templates/${id}`)) ?? notFound('Template');
}
