// Shared by the browser-side wall benches (issue 18: bench/wall-frames.bench.ts, bench/wall-soak.bench.ts):
//   wallWorkflow()     a real-looking 1,000-node production workflow: a webhook, a Switch
//                      routing each order to one of 20 lanes, each lane a long chain of
//                      Set / If / NoOp / Code nodes (an If's false branch ends in a reject step;
//                      about 1 % of runs fail in a Stop and Error), so each run goes through ~50
//                      nodes and the runs together touch all of them
//   startWallServer()  the editor built into a temp folder and the real server
//                      (tests/e2e/startServer.ts) on a free port of 127.0.0.1 with a temp data
//                      folder, owner setup skipped; saving of executions off through the
//                      execution-data env (SWITCHYARD_EXECUTIONS_DATA_SAVE_ON_SUCCESS/ON_ERROR=none)
//   startLoad()        webhook calls from bench/wallLoad.ts in its own process (autocannon at a
//                      fixed overall rate, each body a new order number)
//   openWall()         Debian's Chromium (WebGL through SwiftShader) on /wall?ids=<id>, asserting
//                      the WebGL renderer and the Live link
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import type { IConnections, INode } from '../src/model/workflow.ts';

const root = resolve(import.meta.dirname, '..');
const nodeBin = join(root, 'node_modules', '.bin', 'node');

/** The flags of the brief (docs/DEVELOPING.md): WebGL through SwiftShader, nothing in the background. */
export const WALL_CHROMIUM_FLAGS = [
  '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];
/** A wall screen: full HD (a 4K wall through SwiftShader would measure the rasteriser, not the page). */
export const WALL_VIEWPORT = { width: 1920, height: 1080 };
export const WALL_HOOK_PATH = 'wall-bench-orders';
const LANES = 20;

// ---- the workflow ---------------------------------------------------------------------

const COL = 240;
const ROW = 180;
/** Lane blocks per row of the drawing (3 × 7: about the aspect of a wall panel). */
const BLOCKS_PER_ROW = 3;
const BLOCK_W = 19 * COL;
const BLOCK_H = 5 * ROW;
const SUB = 4;

/**
 * A webhook feeding a Switch over 20 lanes, `total` nodes in all. A lane: Enrich (Set) → Valid?
 * (If; false, about 1 in 25: a Code node logs the rejection, or in lanes 4 and 12 a Stop and Error
 * fails the run) → Checkpoint (NoOp) → Price (Set) → a Switch over 4 products, each a chain of
 * Set / If / NoOp (an If drops about 1 item in 10). A run goes through about 20 nodes; the
 * 500 runs a second together pass through all of them.
 */
export function wallWorkflow(total = 1000): { name: string; nodes: INode[]; connections: IConnections; settings: Record<string, unknown> } {
  const nodes: INode[] = [];
  const connections: IConnections = {};
  let id = 0;
  const add = (name: string, type: string, typeVersion: number, x: number, y: number, parameters: Record<string, unknown> = {}): INode => {
    const n: INode = { id: `wb-${++id}`, name, type, typeVersion, position: [x, y], parameters };
    nodes.push(n);
    return n;
  };
  const link = (from: INode, to: INode, output = 0) => {
    const main = ((connections[from.name] ??= { main: [] }).main ??= []);
    while (main.length <= output) main.push([]);
    main[output]!.push({ node: to.name, type: 'main', index: 0 });
  };
  const set = (name: string, x: number, y: number, field: string, value: string) =>
    add(name, 'n8n-nodes-base.set', 3.4, x, y, { mode: 'manual', includeOtherFields: true, assignments: { assignments: [{ id: field, name: field, value, type: 'string' }] }, options: {} });
  const check = (name: string, x: number, y: number, left: string, modulo: number) =>
    add(name, 'n8n-nodes-base.if', 2, x, y, {
      conditions: {
        options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
        conditions: [{ id: 'c', leftValue: `={{ (${left}) % ${modulo} }}`, rightValue: 0, operator: { type: 'number', operation: 'notEquals' } }],
        combinator: 'and',
      },
      options: {},
    });
  const rowsOfBlocks = Math.ceil(LANES / BLOCKS_PER_ROW);
  const midY = (rowsOfBlocks * BLOCK_H) / 2;
  const hook = add('Order received', 'n8n-nodes-base.webhook', 2, -3 * COL, midY, { httpMethod: 'POST', path: WALL_HOOK_PATH, responseMode: 'onReceived', options: {} });
  (hook as INode & { webhookId: string }).webhookId = WALL_HOOK_PATH;
  const normalize = add('Normalize order', 'n8n-nodes-base.set', 3.4, -2 * COL, midY, {
    mode: 'manual',
    includeOtherFields: true,
    assignments: {
      assignments: [
        { id: 'n', name: 'order', value: '={{ $json.body.n }}', type: 'number' },
        { id: 'l', name: 'lane', value: `={{ $json.body.n % ${LANES} }}`, type: 'number' },
        { id: 'p', name: 'product', value: `={{ Math.floor($json.body.n / ${LANES}) % ${SUB} }}`, type: 'number' },
        { id: 'c', name: 'customer', value: "={{ 'C-' + ($json.body.n % 977) }}", type: 'string' },
      ],
    },
    options: {},
  });
  link(hook, normalize);
  const route = add('Route by region', 'n8n-nodes-base.switch', 3.2, -COL, midY, { mode: 'expression', numberOutputs: LANES, output: '={{ $json.lane }}', options: {} });
  link(normalize, route);

  const perLane = Math.floor((total - nodes.length) / LANES);
  let extra = total - nodes.length - perLane * LANES;
  for (let lane = 0; lane < LANES; lane++) {
    const L = lane + 1;
    const bx = (lane % BLOCKS_PER_ROW) * BLOCK_W;
    const by = Math.floor(lane / BLOCKS_PER_ROW) * BLOCK_H;
    const headY = by + 1.5 * ROW;
    const size = perLane + (extra-- > 0 ? 1 : 0);
    const enrich = set(`Enrich ${L}`, bx, headY, 'region', `={{ 'R${L}/' + $json.customer }}`);
    link(route, enrich, lane);
    const valid = check(`Valid ${L}?`, bx + COL, headY, '$json.order + 7', 25);
    link(enrich, valid);
    const fails = lane === 3 || lane === 11;
    const rejected = fails
      ? add(`Refuse ${L}`, 'n8n-nodes-base.stopAndError', 1, bx + 2 * COL, headY + ROW, { errorMessage: 'Payment service refused the card' })
      : add(`Log rejection ${L}`, 'n8n-nodes-base.code', 2, bx + 2 * COL, headY + ROW, { mode: 'runOnceForEachItem', jsCode: "return { json: { ...$json, rejected: true, reason: 'invalid order ' + $json.order } };" });
    link(valid, rejected, 1);
    const rejectedEnd = add(`Rejected ${L}`, 'n8n-nodes-base.noOp', 1, bx + 3 * COL, headY + ROW);
    if (!fails) link(rejected, rejectedEnd);
    const checkpoint = add(`Checkpoint ${L}`, 'n8n-nodes-base.noOp', 1, bx + 2 * COL, headY);
    link(valid, checkpoint);
    const price = set(`Price ${L}`, bx + 3 * COL, headY, 'price', '={{ ($json.order * 37) % 1000 / 10 }}');
    link(checkpoint, price);
    const product = add(`Route product ${L}`, 'n8n-nodes-base.switch', 3.2, bx + 4 * COL, headY, { mode: 'expression', numberOutputs: SUB, output: '={{ $json.product }}', options: {} });
    link(price, product);
    let left = size - 7;
    for (let k = 0; k < SUB; k++) {
      const len = Math.ceil(left / (SUB - k));
      left -= len;
      const y = by + k * ROW;
      let prev = product;
      let output = k;
      for (let i = 0; i < len; i++) {
        const x = bx + (5 + i) * COL;
        const kind = i % 3;
        const n =
          kind === 0
            ? set(`Prepare ${L}.${k + 1}.${i + 1}`, x, y, `s${i}`, `={{ $json.customer + '/${k}.${i}' }}`)
            : kind === 1
              ? check(`In stock ${L}.${k + 1}.${i + 1}?`, x, y, `$json.order + ${i}`, 40)
              : add(`Checkpoint ${L}.${k + 1}.${i + 1}`, 'n8n-nodes-base.noOp', 1, x, y);
        link(prev, n, output);
        prev = n;
        output = 0;
      }
    }
  }
  return { name: `Wall bench: orders (${nodes.length} nodes)`, nodes, connections, settings: { executionOrder: 'v1' } };
}

// ---- the server -------------------------------------------------------------------------

export interface WallServer {
  url: string;
  pid: number;
  /** Saving settings the server runs with. */
  env: Record<string, string>;
  rest<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  /** The last lines the server logged (warnings and errors). */
  logTail(): string;
  /** Creates and activates the bench workflow; its id and node count. */
  createWall(total?: number): Promise<{ id: string; nodes: number }>;
  stop(): Promise<void>;
}

export const SAVING_OFF = { SWITCHYARD_EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none', SWITCHYARD_EXECUTIONS_DATA_SAVE_ON_ERROR: 'none' };

export async function startWallServer(env: Record<string, string> = SAVING_OFF): Promise<WallServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-wall-screen-'));
  const distDir = join(dataDir, 'editor');
  const { build } = (await import(pathToFileURL(join(root, 'esbuild.config.mjs')).href)) as { build: (o: { quiet: boolean; outDir: string }) => Promise<unknown> };
  await build({ quiet: true, outDir: distDir });
  const child: ChildProcess = spawn(nodeBin, [join(root, 'tests', 'e2e', 'startServer.ts')], {
    cwd: root,
    env: {
      ...process.env,
      SWITCHYARD_PORT: '0',
      SWITCHYARD_HOST: '127.0.0.1',
      SWITCHYARD_DATA_DIR: join(dataDir, 'data'),
      SWITCHYARD_E2E_DIST: distDir,
      SWITCHYARD_LOG_LEVEL: 'warn',
      SWITCHYARD_PERSONALIZATION_ENABLED: 'false',
      SWITCHYARD_PROMPTS_ENABLED: 'false',
      SWITCHYARD_ONBOARDING_CALL_PROMPT_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`server did not start in 60 s:\n${log}`)), 60_000);
    const on = (d: Buffer) => {
      log += d.toString();
      if (log.length > 40_000) log = log.slice(-20_000);
      const m = /running at (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        res(m[1]!);
      }
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.on('exit', (code) => rej(new Error(`server exited (${code}):\n${log}`)));
  });
  const origin = new URL(url).origin;
  const rest = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${url}rest/${path.replace(/^\//, '')}`, {
      method,
      headers: { origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 400)}`);
    const j = text ? JSON.parse(text) : undefined;
    return (j && typeof j === 'object' && 'data' in j ? j.data : j) as T;
  };
  await rest('POST', 'owner/skip-setup');
  return {
    url,
    pid: child.pid!,
    env,
    rest,
    logTail: () => log.slice(-4000),
    async createWall(total = 1000) {
      const wf = wallWorkflow(total);
      const created = await rest<{ id: string }>('POST', 'workflows', wf);
      await rest('PATCH', `workflows/${created.id}`, { active: true });
      return { id: created.id, nodes: wf.nodes.length };
    },
    async stop() {
      child.removeAllListeners('exit');
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds (user + system) a process has used. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

/** cpuSeconds, 0 for a process that is gone (Chromium's helpers come and go). */
export function cpuSafe(pid: number): number {
  try {
    return cpuSeconds(pid);
  } catch {
    return 0;
  }
}

// ---- the load ---------------------------------------------------------------------------

export interface LoadResult {
  rate: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  non2xx: number;
  /** Answers 2xx: the executions the server took. */
  accepted: number;
  acceptedPerSecond: number;
  /** Non-2xx answers by status. */
  otherStatuses: Record<string, number>;
  errors: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Completed requests in each second. */
  perSecond: number[];
}

export interface RunningLoad {
  pid: number;
  done: Promise<LoadResult>;
  /** Requests completed so far (from the tool's per-second reports). */
  sofar(): number;
  stop(): Promise<void>;
}

/** bench/wallLoad.ts in its own process: POSTs to the wall's webhook at `rate` a second for `seconds`. */
export function startLoad(url: string, rate: number, seconds: number, connections = 20): RunningLoad {
  const child = spawn(nodeBin, [join(root, 'bench', 'wallLoad.ts'), `${url}webhook/${WALL_HOOK_PATH}`, String(rate), String(seconds), String(connections)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const perSecond: number[] = [];
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      try {
        const m = JSON.parse(line) as { second?: number; result?: LoadResult };
        if (typeof m.second === 'number') perSecond.push(m.second);
        if (m.result) result = m.result;
      } catch {
        err += `${line}\n`;
      }
    }
  });
  child.stderr!.on('data', (d: Buffer) => {
    if (err.length < 10_000) err += d.toString();
  });
  let result: LoadResult | undefined;
  const done = new Promise<LoadResult>((res, rej) =>
    child.on('exit', (code) => (result ? res({ ...result, perSecond }) : rej(new Error(`load tool exited (${code}) without a result: ${err.slice(0, 2000)}`)))),
  );
  return {
    pid: child.pid!,
    done,
    sofar: () => perSecond.reduce((a, b) => a + b, 0),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await done.catch(() => undefined);
    },
  };
}

// ---- the browser ------------------------------------------------------------------------

export interface WallPage {
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  errors: string[];
  renderer: string;
  /** Browser processes' CPU seconds (all of Chromium's processes). */
  browserPids(): number[];
}

type CanvasEl = HTMLElement & { wallCanvas?: { getRendererType(): string; whenIdle(): Promise<void>; getStats(): any } };

export async function openWall(url: string, workflowId: string, nodes: number): Promise<WallPage> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: WALL_CHROMIUM_FLAGS, headless: true });
  const page = await browser.newPage({ viewport: WALL_VIEWPORT });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const consoleLines: string[] = [];
  page.on('console', (m) => {
    if (consoleLines.length < 20 && (m.type() === 'error' || m.type() === 'warning')) consoleLines.push(`${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('crash', () => errors.push('the page crashed'));
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${url}wall?ids=${workflowId}`);
  await page.waitForFunction(() => !!(document.querySelector('[data-testid="wall-canvas"]') as CanvasEl | null)?.wallCanvas, null, { timeout: 120_000 }).catch(async (e: Error) => {
    const text = await page.evaluate(() => document.body.innerText.slice(0, 500)).catch((x: Error) => `(unreadable: ${x.message})`);
    throw new Error(`wall bench: the wall did not open: ${e.message}; page errors: ${errors.join('; ')}; console: ${consoleLines.join(' | ')}; page: ${text}`);
  });
  const renderer = await page.evaluate(() => (document.querySelector('[data-testid="wall-canvas"]') as CanvasEl).wallCanvas!.getRendererType());
  if (renderer !== 'webgl') throw new Error(`wall bench: expected the WebGL renderer, got ${renderer}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="wall-link"]')?.textContent === 'Live', null, { timeout: 60_000 });
  const drawn = await page.evaluate(() => (document.querySelector('[data-testid="wall-canvas"]') as CanvasEl).wallCanvas!.whenIdle().then(() => (document.querySelector('[data-testid="wall-canvas"]') as CanvasEl).wallCanvas!.getStats()));
  if (drawn.displayedNodes !== undefined && drawn.displayedNodes < Math.min(nodes, 1)) throw new Error(`wall bench: nothing drawn (${JSON.stringify(drawn).slice(0, 300)})`);
  return {
    browser,
    page,
    cdp,
    errors,
    renderer,
    browserPids: () => browserPids(),
  };
}

/** Chromium's processes (the bench's own browser: children of this process). */
function browserPids(): number[] {
  const out: number[] = [];
  const mine = String(process.pid);
  const all = new Map<string, string>();
  for (const pid of readdirSafe('/proc')) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      all.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!);
    } catch {
      /* gone */
    }
  }
  const isMine = (pid: string, depth = 0): boolean => {
    const parent = all.get(pid);
    if (!parent || depth > 6) return false;
    return parent === mine || isMine(parent, depth + 1);
  };
  for (const pid of all.keys()) {
    try {
      if (isMine(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) out.push(Number(pid));
    } catch {
      /* gone */
    }
  }
  return out;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
}

// ---- numbers ----------------------------------------------------------------------------

export function summary(values: number[]) {
  if (!values.length) return { n: 0 };
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))]!;
  const r = (v: number) => Math.round(v * 100) / 100;
  return { n: s.length, median: r(q(0.5)), p95: r(q(0.95)), p99: r(q(0.99)), max: r(s[s.length - 1]!), mean: r(s.reduce((a, b) => a + b, 0) / s.length) };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
