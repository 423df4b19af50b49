// The template catalogue kept in the repository (issue 17): catalogue/categories.json,
// catalogue/collections.json and one file per template in catalogue/workflows/. Read and checked
// once when the host starts; a broken file stops the start naming the file, so a bad edit never
// ships a gallery that half works. Each template is also run by tests/templates/catalogue.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateWorkflow, formatWorkflowIssues } from '../../model/validateWorkflow.ts';
import type { IConnections, INode, IWorkflowSettings } from '../../model/workflow.ts';

export interface TemplateCategory {
  id: number;
  name: string;
}

export interface CatalogueTemplate {
  id: number;
  name: string;
  /** Markdown: what it does, what to set up, how to adapt it. */
  description: string;
  categories: number[];
  /** When the template was added to the repository (its file's first commit), not made up. */
  createdAt: string;
  /** A handle and the name the gallery shows ('by Switchyard team'). */
  user: { username: string; name?: string };
  workflow: { nodes: INode[]; connections: IConnections; settings?: IWorkflowSettings };
}

export interface CatalogueCollection {
  id: number;
  name: string;
  description: string;
  createdAt: string;
  workflows: number[];
}

export interface Catalogue {
  categories: TemplateCategory[];
  collections: CatalogueCollection[];
  templates: CatalogueTemplate[];
}

export const CATALOGUE_DIR = fileURLToPath(new URL('./catalogue/', import.meta.url));

export class CatalogueError extends Error {}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CatalogueError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function need(ok: boolean, file: string, what: string): void {
  if (!ok) throw new CatalogueError(`${file}: ${what}`);
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isDate = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

function readTemplate(file: string, categoryIds: Set<number>): CatalogueTemplate {
  const t = readJson(file);
  need(isObject(t), file, 'a template is an object');
  const r = t as Record<string, unknown>;
  need(isId(r.id), file, '"id" must be a positive integer');
  need(isText(r.name), file, '"name" is required');
  need(isText(r.description), file, '"description" is required');
  need(Array.isArray(r.categories) && r.categories.length > 0 && r.categories.every((c) => isId(c) && categoryIds.has(c)), file, '"categories" must list ids of categories.json');
  need(isDate(r.createdAt), file, '"createdAt" must be a date');
  need(isObject(r.user) && isText(r.user.username), file, '"user.username" is required');
  need((r.user as Record<string, unknown>).name === undefined || isText((r.user as Record<string, unknown>).name), file, '"user.name" must be a text when given');
  need(isObject(r.workflow), file, '"workflow" is required');
  const issues = validateWorkflow({ name: r.name, ...(r.workflow as object) });
  need(issues.length === 0, file, formatWorkflowIssues(issues, 'workflow: '));
  return r as unknown as CatalogueTemplate;
}

/** Reads and checks the catalogue in `dir` (default: the one shipped with the server). */
export function loadCatalogue(dir = CATALOGUE_DIR): Catalogue {
  const categoriesFile = join(dir, 'categories.json');
  const categories = readJson(categoriesFile);
  need(Array.isArray(categories) && categories.every((c) => isObject(c) && isId(c.id) && isText(c.name)), categoriesFile, 'a list of { id, name }');
  const categoryIds = new Set((categories as TemplateCategory[]).map((c) => c.id));
  need(categoryIds.size === (categories as unknown[]).length, categoriesFile, 'category ids must be unique');

  const workflowsDir = join(dir, 'workflows');
  const templates = readdirSync(workflowsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => readTemplate(join(workflowsDir, f), categoryIds));
  const templateIds = new Set(templates.map((t) => t.id));
  need(templateIds.size === templates.length, workflowsDir, 'template ids must be unique');

  const collectionsFile = join(dir, 'collections.json');
  const collections = readJson(collectionsFile);
  need(Array.isArray(collections), collectionsFile, 'a list of collections');
  for (const c of collections as unknown[]) {
    need(isObject(c) && isId(c.id) && isText(c.name) && isText(c.description) && isDate(c.createdAt), collectionsFile, 'each collection has id, name, description, createdAt');
    const r = c as Record<string, unknown>;
    need(Array.isArray(r.workflows) && r.workflows.length > 0 && r.workflows.every((w) => templateIds.has(w as number)), collectionsFile, `collection ${String(r.id)}: "workflows" must list template ids`);
  }
  return {
    categories: (categories as TemplateCategory[]).slice().sort((a, b) => a.name.localeCompare(b.name)),
    collections: collections as CatalogueCollection[],
    templates: templates.sort((a, b) => a.id - b.id),
  };
}
