// What a templates host answers (spec 000 §3 and §7; n8n's api.n8n.io shapes), shared by the
// server's own host (src/server/templates/host.ts) and the editor's gallery, which reads any
// host: its answers are read through the functions below, keeping only well-formed fields, so a
// host that answers oddly shows fewer details rather than breaking the page.

export interface TemplateCategory {
  id: number;
  name: string;
}

/** A node type a template uses, as a card and the details list show it. */
export interface TemplateNode {
  /** The node type, e.g. 'n8n-nodes-base.httpRequest'. */
  name: string;
  displayName: string;
  /** 'fa:globe' style icon, as node types give it. */
  icon?: string;
  /** n8n's form: { type: 'icon', icon: 'globe' } or { type: 'file', fileBuffer: 'data:image/…' }. */
  iconData?: { type: 'icon' | 'file'; icon?: string; fileBuffer?: string };
  defaults?: { color?: string };
}

export interface TemplateWorkflowSummary {
  id: number;
  name: string;
  totalViews: number;
  createdAt: string;
  /** The author: a handle, and a display name where the host gives one (n8n's newer API does). */
  user: TemplateAuthor;
  nodes: TemplateNode[];
  description?: string;
}

export interface TemplateAuthor {
  username: string;
  name?: string;
}

/** What 'by …' shows: the display name, else the handle. */
export function authorName(user: TemplateAuthor | undefined): string {
  return user?.name || user?.username || '';
}

export interface TemplateWorkflowJson {
  nodes: unknown[];
  connections: Record<string, unknown>;
  settings?: Record<string, unknown>;
}

/** One template, fully loaded (GET /templates/workflows/:id). */
export interface TemplateWorkflowFull extends TemplateWorkflowSummary {
  description: string;
  categories: TemplateCategory[];
  image: Array<{ id?: number; url: string }>;
  /** The workflow itself, for the preview; absent when the host leaves it out. */
  workflow?: TemplateWorkflowJson;
  full: true;
}

export interface TemplateCollectionSummary {
  id: number;
  name: string;
  /** Its workflows' ids. */
  workflows: Array<{ id: number }>;
  nodes: TemplateNode[];
}

export interface TemplateCollectionFull extends TemplateCollectionSummary {
  description: string;
  createdAt?: string;
  categories: TemplateCategory[];
  /** The workflows in full enough for cards. */
  workflowSummaries: TemplateWorkflowSummary[];
  full: true;
}

/** GET /workflows/templates/:id: what 'use this workflow' imports. */
export interface WorkflowTemplate {
  id: number;
  name: string;
  workflow: TemplateWorkflowJson;
}

export const TEMPLATES_PAGE_ROWS = 10;
export const TEMPLATES_SEARCH_DEBOUNCE_MS = 500;
export const TEMPLATES_CATEGORIES_SHOWN = 12;
export const TEMPLATES_HEALTH_TIMEOUT_MS = 2000;
export const TEMPLATES_CARD_NODE_ICONS = 5;
/** Search text longer than this is refused by our host and cut by the gallery. */
export const TEMPLATES_MAX_SEARCH = 200;

// --- reading answers -------------------------------------------------------------------------

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function id(v: unknown): number | undefined {
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  return Number.isSafeInteger(n) && (n as number) >= 0 ? (n as number) : undefined;
}

function text(v: unknown, max = 10_000): string | undefined {
  return typeof v === 'string' ? v.slice(0, max) : undefined;
}

function list<T>(v: unknown, read: (x: unknown) => T | undefined, max = 10_000): T[] {
  if (!Array.isArray(v)) return [];
  const out: T[] = [];
  for (const x of v.slice(0, max)) {
    const r = read(x);
    if (r !== undefined) out.push(r);
  }
  return out;
}

export function readCategory(v: unknown): TemplateCategory | undefined {
  if (!isObject(v)) return undefined;
  const i = id(v.id);
  const name = text(v.name, 200);
  return i !== undefined && name ? { id: i, name } : undefined;
}

export function readTemplateNode(v: unknown): TemplateNode | undefined {
  if (!isObject(v)) return undefined;
  const name = text(v.name, 300);
  if (!name) return undefined;
  const node: TemplateNode = { name, displayName: text(v.displayName, 200) || name };
  const icon = text(v.icon, 300);
  if (icon) node.icon = icon;
  if (isObject(v.iconData) && (v.iconData.type === 'icon' || v.iconData.type === 'file')) {
    const fileBuffer = text(v.iconData.fileBuffer, 200_000);
    node.iconData = { type: v.iconData.type, icon: text(v.iconData.icon, 100), fileBuffer: fileBuffer?.startsWith('data:image/') ? fileBuffer : undefined };
  }
  if (isObject(v.defaults) && typeof v.defaults.color === 'string') node.defaults = { color: v.defaults.color.slice(0, 40) };
  return node;
}

function readAuthor(v: unknown): TemplateAuthor {
  const username = (isObject(v) && text(v.username, 200)) || '';
  const name = isObject(v) ? text(v.name, 200)?.trim() : undefined;
  return name ? { username, name } : { username };
}

export function readWorkflowSummary(v: unknown): TemplateWorkflowSummary | undefined {
  if (!isObject(v)) return undefined;
  const i = id(v.id);
  const name = text(v.name, 500);
  if (i === undefined || !name) return undefined;
  return {
    id: i,
    name,
    totalViews: typeof v.totalViews === 'number' && Number.isFinite(v.totalViews) ? v.totalViews : 0,
    createdAt: text(v.createdAt, 64) ?? '',
    user: readAuthor(v.user),
    nodes: list(v.nodes, readTemplateNode, 500),
    ...(typeof v.description === 'string' ? { description: v.description.slice(0, 100_000) } : {}),
  };
}

function readWorkflowJson(v: unknown): TemplateWorkflowJson | undefined {
  if (!isObject(v) || !Array.isArray(v.nodes)) return undefined;
  return { nodes: v.nodes, connections: isObject(v.connections) ? v.connections : {}, ...(isObject(v.settings) ? { settings: v.settings } : {}) };
}

export function readWorkflowFull(answer: unknown): TemplateWorkflowFull | undefined {
  const v = isObject(answer) ? answer.workflow : undefined;
  const summary = readWorkflowSummary(v);
  if (!summary || !isObject(v)) return undefined;
  const workflow = readWorkflowJson(v.workflow);
  return {
    ...summary,
    description: text(v.description, 100_000) ?? '',
    categories: list(v.categories, readCategory, 100),
    image: list(v.image, (x) => (isObject(x) && typeof x.url === 'string' && /^https?:\/\//.test(x.url) ? { url: x.url } : undefined), 20),
    ...(workflow ? { workflow } : {}),
    full: true,
  };
}

export function readCollectionSummary(v: unknown): TemplateCollectionSummary | undefined {
  if (!isObject(v)) return undefined;
  const i = id(v.id);
  const name = text(v.name, 500);
  if (i === undefined || !name) return undefined;
  return {
    id: i,
    name,
    workflows: list(v.workflows, (w) => {
      const wid = isObject(w) ? id(w.id) : id(w);
      return wid === undefined ? undefined : { id: wid };
    }),
    nodes: list(v.nodes, readTemplateNode, 500),
  };
}

export function readCollectionFull(answer: unknown): TemplateCollectionFull | undefined {
  const v = isObject(answer) ? answer.collection : undefined;
  const summary = readCollectionSummary(v);
  if (!summary || !isObject(v)) return undefined;
  return {
    ...summary,
    description: text(v.description, 100_000) ?? '',
    createdAt: text(v.createdAt, 64),
    categories: list(v.categories, readCategory, 100),
    workflowSummaries: list(v.workflows, readWorkflowSummary),
    full: true,
  };
}

export function readWorkflowTemplate(answer: unknown): WorkflowTemplate | undefined {
  if (!isObject(answer)) return undefined;
  const i = id(answer.id);
  const workflow = readWorkflowJson(answer.workflow);
  if (i === undefined || !workflow) return undefined;
  return { id: i, name: text(answer.name, 500) || `Template ${i}`, workflow };
}

/** The cache key of a search (spec 000 §2): the text plus the sorted category ids. */
export function searchKey(search: string, categories: readonly number[]): string {
  return JSON.stringify([search.trim(), [...categories].sort((a, b) => a - b)]);
}
