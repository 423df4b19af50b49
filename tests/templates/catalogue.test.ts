// Every template of the catalogue runs (issue 17): tests/templates/checks/<same file name> says
// what its outside world answers and what its nodes must put out. HTTP calls go to a local
// server that answers as the real service does (the check's "http" list); any call not listed
// fails the template, so a check cannot pass by skipping the work.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorkflow } from '../../src/engine/index.ts';
import { defaultHttpRequest } from '../../src/engine/http.ts';
import { CATALOGUE_DIR, loadCatalogue } from '../../src/server/templates/catalogue.ts';
import { builtinTypes, createRegistry } from '../../src/nodes/registry.ts';
import { isTriggerType } from '../../src/model/nodeTypes.ts';
import type { IWorkflowBase } from '../../src/model/workflow.ts';

const registry = createRegistry(builtinTypes);
const CHECKS = new URL('./checks/', import.meta.url).pathname;

interface HttpAnswer {
  method?: string;
  url: string;
  /** Query parameters the request must carry (others may be there too). */
  query?: Record<string, string>;
  /** Text the request body must contain. */
  bodyContains?: string;
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

interface Check {
  /** Node to start from; default the workflow's first trigger. */
  start?: string;
  /** What the start node receives (a webhook's { headers, params, query, body }). */
  triggerItems?: Array<Record<string, unknown>>;
  /** Clock for $now / $today. */
  now?: string;
  http?: HttpAnswer[];
  /** Per node: the json of each item of its first output, each matched as a subset, same count. */
  expect: Record<string, Array<Record<string, unknown>>>;
  /** Per node and output index: how many items that output held ("If": { "1": 0 }). */
  expectCounts?: Record<string, Record<string, number>>;
  /** Credentials by credential type, for templates whose nodes need them. */
  credentials?: Record<string, Record<string, unknown>>;
}

let server: Server;
let base = '';
let answers: HttpAnswer[] = [];
let unexpected: string[] = [];

function matches(a: HttpAnswer, method: string, target: URL, body: string): boolean {
  const want = new URL(a.url);
  if ((a.method ?? 'GET').toUpperCase() !== method) return false;
  if (want.host !== target.searchParams.get('__host') || want.pathname !== target.pathname) return false;
  for (const [k, v] of Object.entries(a.query ?? {})) if (target.searchParams.get(k) !== v) return false;
  return !a.bodyContains || body.includes(a.bodyContains);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const target = new URL(req.url ?? '/', 'http://local');
      const answer = answers.find((a) => matches(a, req.method ?? 'GET', target, body));
      if (!answer) {
        unexpected.push(`${req.method} ${target.searchParams.get('__host')}${target.pathname}${target.search} ${body.slice(0, 200)}`);
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
        return;
      }
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status ?? 200, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json', ...answer.headers }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function subset(actual: unknown, want: unknown): boolean {
  if (want === null || typeof want !== 'object') return Object.is(actual, want);
  if (typeof actual !== 'object' || actual === null) return false;
  if (Array.isArray(want)) return Array.isArray(actual) && actual.length === want.length && want.every((w, i) => subset(actual[i], w));
  return Object.entries(want).every(([k, v]) => subset((actual as Record<string, unknown>)[k], v));
}

const catalogue = loadCatalogue();
const files = readdirSync(join(CATALOGUE_DIR, 'workflows')).filter((f) => f.endsWith('.json')).sort();

describe('template catalogue', () => {
  it('has at least 30 templates in 8 categories and 4 collections, each with a description', () => {
    expect(catalogue.templates.length).toBeGreaterThanOrEqual(30);
    expect(new Set(catalogue.templates.flatMap((t) => t.categories)).size).toBeGreaterThanOrEqual(8);
    expect(catalogue.collections.length).toBeGreaterThanOrEqual(4);
    for (const t of catalogue.templates) expect(t.description.length, t.name).toBeGreaterThan(80);
  });

  it('uses only node types and versions this instance has', () => {
    for (const t of catalogue.templates) {
      for (const n of t.workflow.nodes) expect(registry.get(n.type, n.typeVersion), `${t.name}: ${n.name} (${n.type} v${n.typeVersion})`).toBeDefined();
    }
  });

  for (const file of files) {
    it(`runs ${file}`, async () => {
      const checkFile = join(CHECKS, file);
      expect(existsSync(checkFile), `tests/templates/checks/${file} is missing`).toBe(true);
      const check = JSON.parse(readFileSync(checkFile, 'utf8')) as Check;
      const template = JSON.parse(readFileSync(join(CATALOGUE_DIR, 'workflows', file), 'utf8')) as { name: string; workflow: IWorkflowBase };
      const workflow = { ...template.workflow, id: `template-${file}`, name: template.name, active: false } as IWorkflowBase;
      const start = check.start ?? workflow.nodes.find((n) => isTriggerType(registry.get(n.type, n.typeVersion)?.description))?.name;
      answers = check.http ?? [];
      unexpected = [];
      const run = await runWorkflow({
        workflow,
        nodeTypes: registry,
        mode: 'manual',
        executionId: '1',
        startNode: start,
        triggerItems: check.triggerItems?.map((json) => ({ json })),
        now: check.now ? () => Date.parse(check.now!) : undefined,
        timezone: 'UTC',
        getCredentials: async (type) => {
          const c = check.credentials?.[type];
          if (!c) throw new Error(`the check gives no credentials of type ${type}`);
          return structuredClone(c) as never;
        },
        httpRequest: (options, signal) => {
          const url = new URL(options.url);
          const local = new URL(url.pathname + url.search, base);
          local.searchParams.set('__host', url.host);
          return defaultHttpRequest({ ...options, url: local.toString() }, signal);
        },
      });
      expect(unexpected, 'requests the check does not answer').toEqual([]);
      expect(run.data.resultData.error?.message, 'the run failed').toBeUndefined();
      const runData = run.data.resultData.runData;
      for (const [node, items] of Object.entries(check.expect)) {
        expect(runData[node], `${node} did not run`).toBeDefined();
        const task = runData[node]!.at(-1)!;
        expect(task.error?.message, `${node} failed`).toBeUndefined();
        const out = (task.data?.main?.[0] ?? []).map((i) => i.json);
        expect(out.length, `${node}: items out`).toBe(items.length);
        items.forEach((want, i) => expect(subset(out[i], want), `${node} item ${i}: ${JSON.stringify(out[i]).slice(0, 400)} should contain ${JSON.stringify(want)}`).toBe(true));
      }
      for (const [node, outputs] of Object.entries(check.expectCounts ?? {})) {
        const task = runData[node]?.at(-1);
        for (const [index, count] of Object.entries(outputs)) expect(task?.data?.main?.[Number(index)]?.length ?? 0, `${node} output ${index}`).toBe(count);
      }
    });
  }
});
