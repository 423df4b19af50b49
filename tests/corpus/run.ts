// Conformance: runs n8n's own node test workflows (../shared/corpus/n8n-node-tests) through our
// engine the way n8n's harness does — pinData is the expectation, not input — and prints one
// line per file and a last line `corpus: N passed, N failed, N skipped`.
//
// Usage: node tests/corpus/run.ts [filter] [--verbose]
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, resolve, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Settings } from 'luxon';
import { runWorkflow } from '../../src/engine/index.ts';
import { builtinTypes, createRegistry } from '../../src/nodes/registry.ts';
import type { IWorkflowBase, INode } from '../../src/model/workflow.ts';
import type { INodeExecutionData, WorkflowExecuteMode } from '../../src/model/execution.ts';
import { testDataNode } from './testDataNode.ts';
import { deepEqual, normaliseItem } from './compare.ts';
import { FILE_SETUP, KNOWN_DIFFERENCES, SKIP_REASONS } from './fileSetup.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

export function corpusDir(): string | undefined {
  const candidates = [
    process.env.SWITCHYARD_CORPUS_DIR,
    resolve(root, '../shared/corpus/n8n-node-tests'),
    '/work/shared/corpus/n8n-node-tests',
  ].filter(Boolean) as string[];
  return candidates.find((c) => existsSync(c) && statSync(c).isDirectory());
}

export interface FileResult {
  file: string;
  status: 'pass' | 'fail' | 'skip';
  reason?: string;
  ms: number;
}

const registry = createRegistry([...builtinTypes, testDataNode]);

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else if (entry.endsWith('.json')) out.push(p);
  }
  return out;
}

function rewriteFixturePaths(value: unknown, dir: string): unknown {
  if (typeof value === 'string') {
    const m = /^C:\\Test\\(.+)$/.exec(value);
    return m ? join(dir, m[1]) : value;
  }
  if (Array.isArray(value)) return value.map((v) => rewriteFixturePaths(v, dir));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rewriteFixturePaths(v, dir);
    return out;
  }
  return value;
}

/** The nodes plus those of sub-workflows given inline to Execute Workflow (source "parameter"). */
function withInlineSubWorkflowNodes(nodes: INode[]): INode[] {
  const out = [...nodes];
  for (const n of nodes) {
    if (n.type !== 'n8n-nodes-base.executeWorkflow' || n.parameters?.source !== 'parameter') continue;
    try {
      const sub = JSON.parse(String(n.parameters.workflowJson)) as { nodes?: INode[] };
      out.push(...withInlineSubWorkflowNodes(sub.nodes ?? []));
    } catch {
      // Invalid JSON fails in the run itself.
    }
  }
  return out;
}

async function runFile(path: string, rel: string): Promise<FileResult> {
  const started = performance.now();
  const done = (status: FileResult['status'], reason?: string): FileResult => ({ file: rel, status, reason, ms: performance.now() - started });
  const skip = SKIP_REASONS[rel];
  if (skip) return done('skip', skip);

  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    return done('fail', `invalid JSON: ${(e as Error).message}`);
  }
  const pinData = (raw.pinData ?? {}) as Record<string, unknown[]>;
  if (Object.keys(pinData).length === 0) return done('skip', 'no pinData: the JSON carries no expectations (n8n checks this file in its .test.ts)');
  const trigger = raw.trigger as { mode?: WorkflowExecuteMode; input?: INodeExecutionData } | undefined;
  delete raw.pinData;
  delete raw.trigger;
  const workflow = rewriteFixturePaths(raw, dirname(path)) as IWorkflowBase;
  workflow.active = false;
  workflow.id ??= 'test';

  const unknown = [...new Set(withInlineSubWorkflowNodes(workflow.nodes as INode[]).filter((n) => !registry.get(n.type, n.typeVersion)).map((n) => `${n.type.replace('n8n-nodes-base.', '')}@${n.typeVersion}`))];
  if (unknown.length) return done('skip', `node types not implemented yet: ${unknown.join(', ')}`);

  const setup = FILE_SETUP[rel] ?? {};
  if (setup.executionOrder) workflow.settings = { ...workflow.settings, executionOrder: setup.executionOrder };
  const timezone = (workflow.settings?.timezone as string | undefined) ?? setup.timezone ?? 'America/New_York';
  const fixedNow = setup.now ? Date.parse(setup.now) : undefined;
  const previousNow = Settings.now;
  const previousZone = Settings.defaultZone;
  const previousTZ = process.env.TZ;
  Settings.defaultZone = timezone;
  if (setup.systemTimezone) process.env.TZ = setup.systemTimezone;
  if (fixedNow !== undefined) Settings.now = () => fixedNow;
  let run;
  try {
    run = await runWorkflow({
      workflow,
      nodeTypes: registry,
      mode: trigger?.mode ?? 'manual',
      executionId: '1',
      triggerItems: trigger?.input ? [trigger.input] : undefined,
      timezone,
      now: fixedNow !== undefined ? () => fixedNow : undefined,
      // Fixture files sit next to the JSON (n8n's C:\\Test\\<file> paths point there).
      fileAccessRoots: [corpusDir() as string],
    });
  } catch (e) {
    return done('fail', `engine threw: ${(e as Error).stack ?? e}`);
  } finally {
    Settings.now = previousNow;
    Settings.defaultZone = previousZone;
    if (setup.systemTimezone) {
      if (previousTZ === undefined) delete process.env.TZ;
      else process.env.TZ = previousTZ;
    }
  }

  const runData = run.data.resultData.runData;
  const nodeErrors = Object.entries(runData)
    .flatMap(([name, runs]) => runs.filter((r) => r.error).map((r) => `${name}: ${r.error?.message}`))
    .join('; ');
  if (run.status !== 'success' && run.status !== 'waiting') {
    return done('fail', `run ended ${run.status}: ${run.data.resultData.error?.message ?? ''}${nodeErrors ? ` (${nodeErrors})` : ''}`);
  }
  const known = KNOWN_DIFFERENCES[rel];
  for (const [nodeName, items] of Object.entries(pinData)) {
    if (known?.nodes.includes(nodeName)) continue;
    const runs = runData[nodeName];
    if (!runs) return done('fail', `Data for node "${nodeName}" is missing!${nodeErrors ? ` Errors: ${nodeErrors}` : ''}`);
    const keepBinary = (items as Array<Record<string, unknown>>).some((i) => i && typeof i === 'object' && 'binary' in i);
    const actual = runs.map((r) => {
      const first = r.data?.main?.[0];
      return first ? first.map((i) => normaliseItem(i, keepBinary)) : null;
    });
    // Items pinned without a json key are n8n's legacy pin format ({ json } is implied; n8n's
    // AddJsonKeyPinData migration wraps them the same way).
    const expected = (items as unknown[]).map((i) => (i && typeof i === 'object' && 'json' in i ? i : { json: i }));
    const diff = deepEqual(actual, [expected]);
    if (diff) return done('fail', `node "${nodeName}": ${diff}`);
  }
  return done('pass', known ? `known difference, not compared: ${known.nodes.join(', ')} — ${known.reason}` : undefined);
}

export async function runCorpus(filter?: string): Promise<FileResult[]> {
  const dir = corpusDir();
  if (!dir) throw new Error('corpus folder not found: set SWITCHYARD_CORPUS_DIR or place it at ../shared/corpus/n8n-node-tests');
  const results: FileResult[] = [];
  for (const path of listFiles(dir)) {
    const rel = relative(dir, path);
    if (filter && !rel.includes(filter)) continue;
    results.push(await runFile(path, rel));
  }
  return results;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const filter = args.find((a) => !a.startsWith('--'));
  if (!corpusDir()) {
    // The corpus is n8n's, kept beside the repository rather than in it; without it there is
    // nothing to compare, which is reported loudly but is not a failure of the product.
    console.log('corpus: NOT RUN — folder not found (set SWITCHYARD_CORPUS_DIR or place it at ../shared/corpus/n8n-node-tests)');
    console.log('corpus: 0 passed, 0 failed, 0 skipped');
    return;
  }
  const results = await runCorpus(filter);
  for (const r of results) {
    const label = r.status === 'pass' ? 'PASS' : r.status === 'fail' ? 'FAIL' : 'SKIP';
    const reason = r.reason ? ` — ${verbose || r.reason.length < 300 ? r.reason : `${r.reason.slice(0, 300)}…`}` : '';
    console.log(`${label} ${r.file} (${r.ms.toFixed(0)} ms)${reason}`);
  }
  const count = (s: FileResult['status']) => results.filter((r) => r.status === s).length;
  console.log(`corpus: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`);
  if (count('fail') > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
  // QuickJS and timers must not keep the process alive.
  setTimeout(() => process.exit(process.exitCode ?? 0), 100).unref();
}
