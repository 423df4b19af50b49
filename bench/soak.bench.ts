// Soak (issue 14: "a 30-minute soak of mixed traffic … ends with heap within 10 % of its level
// after warm-up"). The real server runs in its own process (bench/soakServer.ts: src/server/main.ts
// with --expose-gc and an IPC channel for heap samples) on a temp data folder, with an owner and
// a signed-in session, pruning on. Mixed traffic at a moderate rate (about ten requests a second;
// the bench reports the CPU both processes took): production webhooks with saving on (Set with a
// regex expression; Code with console.log answering when the last node finishes; two that fail,
// one answering 500 'Error in workflow' as n8n does), manual runs through POST
// /rest/workflows/run with a push stream open (Code with console.log, regex expressions, the
// attack payloads of tests/security/attacks.ts), REST reads (workflows, executions, one
// execution's data), a workflow created, activated, called, deactivated and deleted, sign-ins,
// and fuzz: malformed, deep, wide, huge and odd-unicode bodies, odd queries and routes.
// Every 30 s (10 s quick) the server's heap is sampled after a forced GC; after a 3-minute
// warm-up (30 s quick) the level is compared with the end: 30 minutes (2 quick).
// `npm run bench -- --only soak [--quick]`; SOAK_SNAPSHOTS=<dir> also writes heap snapshots at
// the end of warm-up and at the end (diff them with bench/heapSnapshotDiff.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATTACKS, EXPONENTIAL_INPUT, WORD_INPUT } from '../tests/security/attacks.ts';
import { chain, node, webhookNode, workflow } from '../tests/server/triggerHelpers.ts';
import type { INode, IWorkflowBase } from '../src/model/workflow.ts';
import type { SoakSample } from './soakServer.ts';

const wrapper = fileURLToPath(new URL('./soakServer.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MiB = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const OWNER = { email: 'soak@example.com', firstName: 'Soak', lastName: 'Bench', password: 'Soak12345' };

// --- The server process ----------------------------------------------------------------

interface SoakServer {
  child: ChildProcess;
  url: string;
  sample(): Promise<SoakSample>;
  snapshot(path: string): Promise<string>;
  /** Warn/error log lines by message (the server logs at warn). */
  logs: Map<string, number>;
}

async function startSoakServer(dataDir: string): Promise<SoakServer> {
  const child = spawn(process.execPath, ['--expose-gc', wrapper], {
    env: {
      ...process.env,
      SWITCHYARD_DATA_DIR: dataDir,
      SWITCHYARD_PORT: '0',
      SWITCHYARD_HOST: '127.0.0.1',
      SWITCHYARD_LOG_LEVEL: 'warn',
      // Pruning on (the default), with a count a 30-minute run passes, so its deletes run as on a
      // server that has been up for a while (10,000 would be reached only at the very end).
      SWITCHYARD_EXECUTIONS_DATA_PRUNE_MAX_COUNT: '3000',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const logs = new Map<string, number>();
  let pending = '';
  const onLog = (d: Buffer) => {
    pending += d.toString();
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      let key = line.slice(0, 160);
      try {
        const j = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        key = `${j.level === 50 ? 'error' : j.level === 40 ? 'warn' : `level ${j.level}`}: ${j.msg ?? ''}${j.err?.message ? ` — ${j.err.message.slice(0, 120)}` : ''}`;
      } catch {
        /* not pino JSON */
      }
      if (!/Switchyard is running at/.test(line)) logs.set(key, (logs.get(key) ?? 0) + 1);
    }
    if (pending.length > 100_000) pending = pending.slice(-10_000);
  };
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      if (out.length < 10_000) out += d.toString();
      const m = /Switchyard is running at (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000).unref();
  });
  child.stdout!.on('data', onLog);
  child.stderr!.on('data', onLog);
  let seq = 0;
  const waiting = new Map<number, (v: any) => void>();
  child.on('message', (m: { id: number }) => {
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  const ask = (msg: object) =>
    new Promise<any>((resolve) => {
      const id = ++seq;
      waiting.set(id, resolve);
      child.send({ ...msg, id });
    });
  return {
    child,
    url,
    logs,
    sample: async () => (await ask({ type: 'sample' })).sample,
    snapshot: async (path) => (await ask({ type: 'snapshot', path })).file,
  };
}

function cpuSeconds(pid: number): number {
  // utime and stime (fields 14 and 15) in clock ticks (100 per second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// --- Requests and their tally ------------------------------------------------------------

interface Tally {
  requests: number;
  byStatus: Record<string, number>;
  /** Network errors (reset, timeout), by message. */
  socketErrors: Record<string, number>;
  /** 5xx answers but the expected ones of a lastNode webhook (see `send`). */
  unexpected5xx: number;
  examples5xx: string[];
  maxMs: number;
}

class Traffic {
  readonly tally = new Map<string, Tally>();
  /** Requests of the last minute or so (epoch ms), to name what was in flight during a loop hold. */
  recent: Array<{ what: string; start: number; end: number }> = [];
  cookie = '';
  pushRef = '';
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }

  #t(kind: string): Tally {
    let t = this.tally.get(kind);
    if (!t) this.tally.set(kind, (t = { requests: 0, byStatus: {}, socketErrors: {}, unexpected5xx: 0, examples5xx: [], maxMs: 0 }));
    return t;
  }

  /**
   * One request. `expect500`: the 500 answers n8n gives a lastNode webhook too — 'Error in workflow'
   * when the run failed, 'No item to return was found' when its last node put out no item — are
   * expected for this kind, not findings.
   */
  async send(
    kind: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array; expect500?: boolean; noCookie?: boolean; detail?: string } = {},
  ): Promise<{ status: number; text: string; headers?: Headers }> {
    const t = this.#t(kind);
    t.requests++;
    const started = performance.now();
    const entry = { what: init.detail ? `${kind}: ${init.detail}` : kind, start: Date.now(), end: Infinity };
    this.recent.push(entry);
    try {
      const r = await fetch(`${this.url}${path}`, {
        method: init.method ?? 'GET',
        headers: { ...(this.cookie && !init.noCookie ? { cookie: this.cookie } : {}), ...(init.headers ?? {}) },
        body: init.body as BodyInit | undefined,
        signal: AbortSignal.timeout(120_000),
      });
      const text = await r.text();
      t.maxMs = Math.max(t.maxMs, performance.now() - started);
      t.byStatus[r.status] = (t.byStatus[r.status] ?? 0) + 1;
      if (r.status >= 500 && !(init.expect500 && r.status === 500 && /^\{"message":"(Error in workflow|No item to return was found)"\}$/.test(text))) {
        t.unexpected5xx++;
        if (t.examples5xx.length < 5) t.examples5xx.push(`${init.method ?? 'GET'} ${path.slice(0, 80)} → ${r.status} ${text.slice(0, 200)}`);
      }
      return { status: r.status, text, headers: r.headers };
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } };
      const key = err.cause?.code ?? err.cause?.message ?? err.message;
      t.socketErrors[key] = (t.socketErrors[key] ?? 0) + 1;
      return { status: 0, text: '' };
    } finally {
      entry.end = Date.now();
    }
  }

  /** The kinds of request in flight during [from, to] (epoch ms). */
  inFlight(from: number, to: number): string[] {
    return [...new Set(this.recent.filter((r) => r.start <= to && r.end >= from).map((r) => r.what))];
  }

  forget(before: number): void {
    this.recent = this.recent.filter((r) => r.end >= before);
  }

  json(kind: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, detail?: string) {
    return this.send(kind, `rest${path}`, { method, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body), detail });
  }

  /** A REST call that must succeed (setup): its `data`. */
  async must(method: string, path: string, body?: unknown): Promise<any> {
    const r = await this.json('setup', method, path, body);
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
    return JSON.parse(r.text).data;
  }
}

// --- Workflows -------------------------------------------------------------------------

const manualTrigger = (): INode => node('Trigger', 'n8n-nodes-base.manualTrigger', 1);
const code = (name: string, jsCode: string): INode => node(name, 'n8n-nodes-base.code', 2, { jsCode, mode: 'runOnceForAllItems' });
const set = (name: string, field: string, value: string): INode =>
  node(name, 'n8n-nodes-base.set', 3.4, { mode: 'manual', includeOtherFields: true, assignments: { assignments: [{ id: 'a', name: field, value, type: 'string' }] }, options: {} });
const regexIf = (name: string, left: string, pattern: string): INode =>
  node(name, 'n8n-nodes-base.if', 2, {
    conditions: {
      options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
      conditions: [{ id: 'c1', leftValue: left, rightValue: pattern, operator: { type: 'string', operation: 'regex' } }],
      combinator: 'and',
    },
    options: {},
  });
const saved = { saveDataSuccessExecution: 'all', saveDataErrorExecution: 'all' };
const hookWf = (name: string, hook: INode, rest: INode[]): IWorkflowBase => workflow(name, [hook, ...rest], chain(hook, ...rest), saved);

/** Console output of a Code node: a few lines per item, and a larger burst now and then. */
const CODE_LOGGING = `const out = [];
for (const item of $input.all()) {
  console.log('item', item.json);
  out.push({ json: { ...item.json, words: String(item.json.body?.text ?? item.json.text ?? '').split(/\\s+/).length, at: Date.now() } });
}
console.log('done', out.length);
return out;`;
const CODE_LOUD = `for (let i = 0; i < 2000; i++) console.log('line ' + i + ' ' + 'x'.repeat(200));
return [{ json: { logged: 2000 } }];`;
const CODE_ITEMS = `return Array.from({ length: 200 }, (_, i) => ({ json: { i, text: 'row ' + i + ' ' + '🙂'.repeat(i % 7), nested: { a: [i, { b: 'c' }] } } }));`;

/** Production webhooks, activated at the start; each is called on its own period. */
const HOOKS = {
  setRegex: hookWf('Soak: set with regex', webhookNode({ path: 'soak-set', httpMethod: 'POST', responseMode: 'onReceived' }), [
    set('Set', 'slug', "={{ String($json.body.text).toLowerCase().replace(/[^a-z0-9]+/g, '-') }}"),
  ]),
  codeLastNode: hookWf('Soak: code, last node', webhookNode({ path: 'soak-code', httpMethod: 'POST', responseMode: 'lastNode' }), [code('Code', CODE_LOGGING)]),
  failLastNode: hookWf('Soak: failing, last node', webhookNode({ path: 'soak-fail', httpMethod: 'POST', responseMode: 'lastNode' }), [code('Code', "throw new Error('soak: this node fails on purpose');")]),
  failOnReceived: hookWf('Soak: failing expression', webhookNode({ path: 'soak-fail-received', httpMethod: 'POST', responseMode: 'onReceived' }), [
    set('Set', 'x', '={{ $json.body.missing.deeper.value }}'),
  ]),
  ifRegexGet: ifRegexHook(),
};

/** GET hook → If (regex on a query parameter) → a Set on each branch, so each call answers 200. */
function ifRegexHook(): IWorkflowBase {
  const hook = webhookNode({ path: 'soak-if', httpMethod: 'GET', responseMode: 'lastNode' });
  const iff = regexIf('If', '={{ $json.query.email }}', '^[\\w.+-]+@example\\.(com|org)$');
  const yes = set('Matched', 'matched', 'yes');
  const no = set('Not matched', 'matched', 'no');
  return workflow('Soak: if regex (GET)', [hook, iff, yes, no], { ...chain(hook, iff), If: { main: [[{ node: yes.name, type: 'main', index: 0 }], [{ node: no.name, type: 'main', index: 0 }]] } }, saved);
}

/** Manual runs: Code with console.log, regexes, and the attack payloads (the quick ones). */
function manualRuns(): Array<{ name: string; wf: IWorkflowBase }> {
  const t = manualTrigger();
  const runs = [
    { name: 'code + console.log', wf: workflow('Soak manual: code', [t, code('Items', CODE_ITEMS), code('Code', CODE_LOGGING)]) },
    { name: 'code, 2,000 console lines', wf: workflow('Soak manual: loud', [t, code('Code', CODE_LOUD)]) },
    { name: 'regex expression', wf: workflow('Soak manual: regex', [t, code('Items', CODE_ITEMS), set('Set', 'm', "={{ ($json.text.match(/row (\\d+)/) || [])[1] + '-' + /🙂{3,}/u.test($json.text) }}")]) },
    { name: "issue 14's regex (linear fallback)", wf: workflow('Soak manual: issue regex', [t, set('Set', 'x', `={{ /(a+)+$/.test('${EXPONENTIAL_INPUT}') }}`)]) },
  ];
  // The attack suite's manual payloads, but not the one that waits for the Code node's 10 s limit.
  for (const a of ATTACKS) if (a.workflow && !a.timeoutMs) runs.push({ name: `attack: ${a.name}`, wf: a.workflow });
  return runs;
}

// --- Fuzz ------------------------------------------------------------------------------

const deepArray = (n: number) => '['.repeat(n) + '1' + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const ODD = ['\u202Eevil\u202C', 'zero\u200Bwidth\u200D', 'e\u0301\u0301\u0301', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '😀👩‍👩‍👧‍👦🏳️‍🌈', '\uFEFFbom', 'nul\u0000byte', '\uFFFF\uFFFE', 'ｆｕｌｌ'];
const JSON_TYPE = { 'content-type': 'application/json' };

interface Fuzz {
  name: string;
  path: string;
  method: string;
  headers?: Record<string, string>;
  body?: () => string | Uint8Array;
  noCookie?: boolean;
}

function fuzzCases(fixedWorkflowId: string): Fuzz[] {
  const rest = (name: string, method: string, path: string, body?: () => string | Uint8Array, headers: Record<string, string> = JSON_TYPE): Fuzz => ({ name, method, path: `rest${path}`, body, headers });
  const hook = (name: string, path: string, body: () => string | Uint8Array, headers: Record<string, string> = JSON_TYPE, method = 'POST'): Fuzz => ({ name, method, path: `webhook/${path}`, body, headers });
  const odd = () => ODD[Math.floor(Math.random() * ODD.length)];
  return [
    rest('REST malformed JSON', 'POST', '/workflows', () => '{"name":"x","nodes":[,'),
    rest('REST deep array', 'POST', '/workflows', () => deepArray(10_000)),
    rest('REST deep object in run', 'POST', '/workflows/run', () => `{"workflowData":${deepObject(10_000)}}`),
    rest('REST __proto__ key', 'POST', '/tags', () => '{"name":"t","__proto__":{"polluted":1}}'),
    rest('REST lone surrogate', 'POST', '/workflows', () => '{"name":"p\\ud800x","nodes":[],"connections":{}}'),
    rest('REST odd unicode name (PATCH, valid)', 'PATCH', `/workflows/${fixedWorkflowId}`, () => JSON.stringify({ name: `Soak fixed ${odd()}` })),
    rest('REST invalid UTF-8', 'POST', '/tags', () => Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d])),
    rest('REST wrong content type', 'POST', '/workflows', () => 'name=x&nodes=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    rest('REST unknown field', 'POST', '/tags', () => JSON.stringify({ name: 'x', isAdmin: true, extra: odd() })),
    rest('REST wide array', 'POST', '/tags', () => `[${new Array(20_000).fill('{"a":1}').join(',')}]`),
    rest('REST wrong types', 'POST', '/workflows/run', () => JSON.stringify({ workflowData: { nodes: 'x', connections: [] }, startNodes: 5 })),
    rest('REST bad query', 'GET', '/executions?limit=-5&filter=%7Bnot-json'),
    rest('REST bad filter types', 'GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ status: ['x'], workflowId: { $gt: '' }, startedAfter: 'yesterday' }))}`),
    rest('REST SQL-ish id', 'GET', `/executions/${encodeURIComponent("1' OR '1'='1")}`),
    rest('REST missing execution', 'GET', '/executions/999999999'),
    rest('REST long path', 'GET', `/workflows/${'A'.repeat(4000)}`),
    rest('REST unknown route', 'GET', `/no-such-route/${encodeURIComponent(odd())}`),
    rest('REST wrong password', 'POST', '/login', () => JSON.stringify({ email: OWNER.email, password: 'not-the-password' })),
    { name: 'REST no session', method: 'GET', path: 'rest/workflows', noCookie: true },
    hook('webhook malformed JSON', 'soak-set', () => '{"text": "unterminated'),
    hook('webhook deep JSON', 'soak-set', () => deepObject(10_000)),
    hook('webhook deep XML', 'soak-set', () => '<a>'.repeat(5000) + '</a>'.repeat(5000), { 'content-type': 'application/xml' }),
    hook('webhook odd unicode (valid)', 'soak-set', () => JSON.stringify({ text: `${odd()} ${odd()} ${WORD_INPUT}` })),
    hook('webhook lone surrogate', 'soak-set', () => '{"text":"\\udc00 lone"}'),
    hook('webhook __proto__ body', 'soak-code', () => '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"text":"proto"}'),
    hook('webhook binary garbage', 'soak-set', () => Uint8Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)), { 'content-type': 'application/octet-stream' }),
    hook('webhook form with odd keys', 'soak-set', () => `a[b][c][d][e][f]=1&${encodeURIComponent(odd())}=2&text=${'%ZZ'}`, { 'content-type': 'application/x-www-form-urlencoded' }),
    hook('webhook unknown path', 'soak-no-such-hook', () => '{}'),
    hook('webhook wrong method', 'soak-if', () => '{}'),
  ];
}

// --- The soak ----------------------------------------------------------------------------

interface Row extends SoakSample {
  /** Seconds since traffic started. */
  t: number;
  /** The server's threads (main, libuv, V8, the Code sandbox and regex workers). */
  threads: number;
}

function threadCount(pid: number): number {
  return Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

export async function runSoakBench({ quick = false } = {}) {
  const totalMs = (quick ? 2 : 30) * 60_000;
  const warmupMs = quick ? 30_000 : 3 * 60_000;
  const sampleMs = quick ? 10_000 : 30_000;
  const snapshotDir = process.env.SOAK_SNAPSHOTS;
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-soak-'));
  const server = await startSoakServer(dataDir);
  const tr = new Traffic(server.url);
  let push: http.ClientRequest | undefined;
  let pushMessages = 0;
  let pushBytes = 0;
  const loops: Array<Promise<void>> = [];
  let running = true;
  let controlTicker: NodeJS.Timeout | undefined;
  try {
    // Owner and session, as a deployed instance has them.
    const owner = await tr.json('setup', 'POST', '/owner', OWNER);
    if (owner.status !== 200) throw new Error(`owner setup: ${owner.status} ${owner.text}`);
    tr.cookie = String(owner.headers!.get('set-cookie')).split(';')[0];
    for (const wf of Object.values(HOOKS)) {
      const created = await tr.must('POST', '/workflows', wf);
      await tr.must('PATCH', `/workflows/${created.id}`, { active: true });
    }
    for (const a of ATTACKS) {
      if (!a.webhook) continue;
      const created = await tr.must('POST', '/workflows', { ...a.webhook.workflow, settings: { ...a.webhook.workflow.settings, ...saved } });
      await tr.must('PATCH', `/workflows/${created.id}`, { active: true });
    }
    const fixed = await tr.must('POST', '/workflows', workflow('Soak fixed', [manualTrigger()]));
    const fuzz = fuzzCases(fixed.id);
    const manual = manualRuns();

    // The editor's push stream: reopened every minute with a new pushRef.
    const openPush = () => {
      push?.destroy();
      tr.pushRef = `soak${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      push = http.get(`${server.url}rest/push?pushRef=${tr.pushRef}`, { headers: { cookie: tr.cookie } }, (res) => {
        res.on('data', (d: Buffer) => {
          pushBytes += d.length;
          pushMessages += d.toString().split('\n\n').length - 1;
        });
        res.on('error', () => {});
      });
      push.on('error', () => {});
    };
    openPush();

    let lastExecutionIds: string[] = [];
    let manualIds: string[] = [];
    let n = 0;
    /** Runs `fn` every `periodMs` (one at a time per kind) until the soak ends. */
    const every = (periodMs: number, fn: (i: number) => Promise<unknown>) =>
      loops.push(
        (async () => {
          await sleep(Math.random() * periodMs);
          for (let i = 0; running; i++) {
            const t0 = performance.now();
            await fn(i);
            await sleep(Math.max(0, periodMs - (performance.now() - t0)));
          }
        })(),
      );
    const body = (i: number) => JSON.stringify({ n: i, text: `Hello Soak ${i} ${ODD[i % ODD.length]}`, email: `user${i}@example.com` });

    every(300, (i) => tr.send('webhook: set + regex (onReceived)', 'webhook/soak-set', { method: 'POST', headers: JSON_TYPE, body: body(i) }));
    every(1000, (i) => tr.send('webhook: code + console.log (lastNode)', 'webhook/soak-code', { method: 'POST', headers: JSON_TYPE, body: body(i) }));
    every(3000, (i) => tr.send('webhook: failing (lastNode, 500 expected)', 'webhook/soak-fail', { method: 'POST', headers: JSON_TYPE, body: body(i), expect500: true }));
    every(3000, (i) => tr.send('webhook: failing expression (onReceived)', 'webhook/soak-fail-received', { method: 'POST', headers: JSON_TYPE, body: body(i) }));
    every(1000, (i) => tr.send('webhook: if regex (GET, lastNode)', `webhook/soak-if?email=${encodeURIComponent(i % 3 ? `user${i}@example.com` : `${WORD_INPUT}`)}`));
    every(5000, (i) => {
      const a = ATTACKS.filter((x) => x.webhook)[i % 2]!.webhook!;
      return tr.send('webhook: attack-suite regex body', `webhook/${a.path}`, { method: 'POST', headers: JSON_TYPE, body: a.body, expect500: true });
    });
    every(1500, async (i) => {
      const m = manual[i % manual.length]!;
      const r = await tr.json('manual run (POST /rest/workflows/run)', 'POST', '/workflows/run', { workflowData: m.wf }, { 'push-ref': tr.pushRef }, m.name);
      const id = r.status === 200 ? (JSON.parse(r.text).data?.executionId as string | undefined) : undefined;
      if (id) manualIds = [id, ...manualIds].slice(0, 20);
    });
    every(500, async (i) => {
      switch (i % 6) {
        case 0:
          return tr.json('REST read: workflows list', 'GET', '/workflows');
        case 1: {
          const r = await tr.json('REST read: executions list', 'GET', '/executions?limit=20');
          if (r.status === 200) lastExecutionIds = ((JSON.parse(r.text).data?.results ?? []) as Array<{ id: string }>).map((e) => String(e.id));
          return r;
        }
        case 2:
          return lastExecutionIds.length && tr.json('REST read: execution data', 'GET', `/executions/${lastExecutionIds[n++ % lastExecutionIds.length]}`);
        case 3:
          return manualIds.length && tr.json('REST read: manual execution data', 'GET', `/executions/${manualIds[n++ % manualIds.length]}`);
        case 4:
          return tr.json('REST read: executions list, errors', 'GET', `/executions?limit=50&filter=${encodeURIComponent(JSON.stringify({ status: 'error' }))}`);
        default:
          return tr.json('REST read: settings', 'GET', '/settings');
      }
    });
    every(700, (i) => {
      const f = fuzz[i % fuzz.length]!;
      return tr.send(`fuzz: ${f.name}`, f.path, { method: f.method, headers: f.headers, body: f.body?.(), noCookie: f.noCookie });
    });
    // Over the size limit (16 MiB) and a large body that is taken and saved.
    every(quick ? 10_000 : 30_000, (i) =>
      i % 2
        ? tr.send('fuzz: 17 MiB webhook body (413 expected)', 'webhook/soak-set', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ text: 'x'.repeat(17 * 2 ** 20) }) })
        : tr.send('webhook: 2 MiB body, saved', 'webhook/soak-set', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ text: `big ${'y'.repeat(2 * 2 ** 20)}` }) }),
    );
    every(quick ? 5_000 : 15_000, async (i) => {
      // A workflow's life: created, activated, called, deactivated, deleted.
      const path = `soak-life-${i}`;
      const wf = hookWf(`Soak life ${i} ${ODD[i % ODD.length]}`, webhookNode({ path, httpMethod: 'POST', responseMode: 'lastNode' }), [code('Code', CODE_LOGGING)]);
      const c = await tr.json('workflow life: create', 'POST', '/workflows', wf);
      if (c.status !== 200) return;
      const id = JSON.parse(c.text).data.id as string;
      await tr.json('workflow life: activate', 'PATCH', `/workflows/${id}`, { active: true });
      await tr.send('workflow life: call', `webhook/${path}`, { method: 'POST', headers: JSON_TYPE, body: body(i) });
      await tr.json('workflow life: deactivate', 'PATCH', `/workflows/${id}`, { active: false });
      await tr.json('workflow life: delete', 'DELETE', `/workflows/${id}`);
    });
    every(60_000, async (i) => {
      if (i === 0) return;
      openPush();
      // A fresh sign-in now and then (sign-ins share a limit of 30 per 5 minutes with the fuzz's wrong passwords).
      if (i % 2 === 0) {
        const r = await tr.json('sign-in', 'POST', '/login', { email: OWNER.email, password: OWNER.password });
        const c = r.headers?.get('set-cookie');
        if (r.status === 200 && c) tr.cookie = c.split(';')[0];
      }
    });

    // Heap samples after a forced GC; CPU of both processes.
    const rows: Row[] = [];
    // A first sample resets the loop's record (start-up held it: migrations, first compiles).
    await server.sample();
    /** Loop holds over 100 ms: when, how long, and what was in flight. */
    const longHolds: Array<{ ms: number; text: string }> = [];
    const holdKinds = new Map<string, number>();
    // The control: the same 10 ms ticker in this mostly idle process. Its holds are what the machine
    // alone costs (a shared, loaded machine keeps a process off the CPU for hundreds of ms).
    const control = { max: 0, over100: 0, last: performance.now() };
    controlTicker = setInterval(() => {
      const now = performance.now();
      const held = now - control.last - 10;
      control.max = Math.max(control.max, held);
      if (held > 100) control.over100++;
      control.last = now;
    }, 10);
    const started = Date.now();
    const cpu0 = { server: cpuSeconds(server.child.pid!), bench: process.cpuUsage() };
    const load0 = loadavg();
    let warmupSnapshot: string | undefined;
    while (Date.now() - started < totalMs) {
      await sleep(Math.min(sampleMs - ((Date.now() - started) % sampleMs), totalMs - (Date.now() - started)));
      const s = await server.sample();
      const t = Math.round((Date.now() - started) / 1000);
      rows.push({ t, threads: threadCount(server.child.pid!), ...s });
      for (const h of s.holds) {
        if (h.ms <= 100) continue;
        const kinds = tr.inFlight(h.end - h.ms, h.end);
        for (const k of kinds) holdKinds.set(k, (holdKinds.get(k) ?? 0) + 1);
        longHolds.push({ ms: h.ms, text: `${round((h.end - started) / 1000, 0)} s: ${round(h.ms)} ms; in flight: ${kinds.join(' | ') || 'nothing'}` });
      }
      tr.forget(Date.now() - 2 * sampleMs);
      console.log(`soak ${t}s: heap ${MiB(s.heapUsed)} MiB, rss ${MiB(s.rss)} MiB, loop max ${round(s.loopMaxMs)} ms, gc ${round(s.gcMs)} ms, ${rows.at(-1)!.threads} threads`);
      if (snapshotDir && !warmupSnapshot && t * 1000 >= warmupMs) {
        mkdirSync(snapshotDir, { recursive: true });
        warmupSnapshot = await server.snapshot(join(snapshotDir, 'soak-warmup.heapsnapshot'));
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const cpu = { server: cpuSeconds(server.child.pid!) - cpu0.server, bench: process.cpuUsage(cpu0.bench) };
    const load1 = loadavg();
    clearInterval(controlTicker);
    const kept = await tr.json('REST read: executions list', 'GET', '/executions?limit=1');
    running = false;
    await Promise.all(loops);
    push?.destroy();
    await sleep(2000);
    const idle = await server.sample();
    if (snapshotDir) await server.snapshot(join(snapshotDir, 'soak-end.heapsnapshot'));

    // The level after warm-up and at the end: the sample at each point, and the median of three.
    const after = rows.filter((r) => r.t * 1000 >= warmupMs);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const warm = after[0]!;
    const end = after.at(-1)!;
    const warm3 = median(after.slice(0, 3).map((r) => r.heapUsed));
    const end3 = median(after.slice(-3).map((r) => r.heapUsed));
    // Least-squares slope of the heap after warm-up, KiB per minute.
    const mx = after.reduce((a, r) => a + r.t, 0) / after.length;
    const my = after.reduce((a, r) => a + r.heapUsed, 0) / after.length;
    const slope = after.reduce((a, r) => a + (r.t - mx) * (r.heapUsed - my), 0) / Math.max(1, after.reduce((a, r) => a + (r.t - mx) ** 2, 0));
    const kinds = [...tr.tally.entries()].sort(([a], [b]) => a.localeCompare(b));
    const total = (k: (t: Tally) => number) => kinds.reduce((a, [, t]) => a + k(t), 0);
    const result = {
      minutes: round(seconds / 60, 1),
      warmupMinutes: warmupMs / 60_000,
      loadAverage: { start: load0.map((x) => round(x, 2)), end: load1.map((x) => round(x, 2)) },
      cpuPercentOfOneCore: { server: round((cpu.server / seconds) * 100), bench: round(((cpu.bench.user + cpu.bench.system) / 1e6 / seconds) * 100) },
      heap: {
        afterWarmupMiB: MiB(warm.heapUsed),
        endMiB: MiB(end.heapUsed),
        changePercent: round(((end.heapUsed - warm.heapUsed) / warm.heapUsed) * 100),
        medianOf3AfterWarmupMiB: MiB(warm3),
        medianOf3EndMiB: MiB(end3),
        medianOf3ChangePercent: round(((end3 - warm3) / warm3) * 100),
        slopeKiBPerMinute: round((slope * 60) / 1024),
        maxMiB: MiB(Math.max(...rows.map((r) => r.heapUsed))),
        idleAfterMiB: MiB(idle.heapUsed),
        withinTenPercent: Math.abs(end.heapUsed - warm.heapUsed) <= 0.1 * warm.heapUsed && Math.abs(end3 - warm3) <= 0.1 * warm3,
      },
      rss: { afterWarmupMiB: MiB(warm.rss), endMiB: MiB(end.rss), maxMiB: MiB(Math.max(...rows.map((r) => r.rss))), idleAfterMiB: MiB(idle.rss) },
      external: { afterWarmupMiB: MiB(warm.external), endMiB: MiB(end.external), arrayBuffersEndMiB: MiB(end.arrayBuffers) },
      eventLoopMaxMs: round(Math.max(...rows.map((r) => r.loopMaxMs))),
      eventLoopMaxMsAfterWarmup: round(Math.max(...after.map((r) => r.loopMaxMs))),
      forcedGcMsMax: round(Math.max(...rows.map((r) => r.gcMs))),
      loopHoldsOver100ms: rows.reduce((a, r) => a + r.holds.filter((h) => h.ms > 100).length, 0),
      controlLoopMaxMs: round(control.max),
      controlLoopHoldsOver100ms: control.over100,
      loopHoldsOver100msInFlight: Object.fromEntries([...holdKinds.entries()].sort((a, b) => b[1] - a[1])),
      longestHolds: longHolds.sort((a, b) => b.ms - a.ms).slice(0, 30).map((h) => h.text),
      requests: total((t) => t.requests),
      unexpected5xx: total((t) => t.unexpected5xx),
      socketErrors: total((t) => Object.values(t.socketErrors).reduce((a, b) => a + b, 0)),
      pushMessages,
      /** Executions in the database at the end (pruning keeps 3,000). */
      executionsKept: kept.status === 200 ? (JSON.parse(kept.text).data?.count as number) : -1,
      pushMiB: MiB(pushBytes),
      byKind: Object.fromEntries(kinds.map(([k, t]) => [k, { requests: t.requests, status: t.byStatus, maxMs: round(t.maxMs), ...(Object.keys(t.socketErrors).length ? { socketErrors: t.socketErrors } : {}), ...(t.unexpected5xx ? { unexpected5xx: t.unexpected5xx, examples5xx: t.examples5xx } : {}) }])),
      serverLog: Object.fromEntries([...server.logs.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)),
      // Every sample (the bench table shows their range; latest.json has them all).
      sampleSeconds: rows.map((r) => r.t),
      heapMiBEverySample: rows.map((r) => MiB(r.heapUsed)),
      rssMiBEverySample: rows.map((r) => MiB(r.rss)),
      externalMiBEverySample: rows.map((r) => MiB(r.external)),
      loopMaxMsEverySample: rows.map((r) => round(r.loopMaxMs)),
      forcedGcMsEverySample: rows.map((r) => round(r.gcMs)),
      threadsEverySample: rows.map((r) => r.threads),
      ...(snapshotDir ? { snapshots: [warmupSnapshot, join(snapshotDir, 'soak-end.heapsnapshot')] } : {}),
    };
    return result;
  } finally {
    running = false;
    clearInterval(controlTicker);
    push?.destroy();
    await Promise.race([Promise.all(loops), sleep(10_000)]);
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const r = await runSoakBench({ quick: process.argv.includes('--quick') });
  console.log(JSON.stringify(r, null, 2));
  process.exit(0);
}
