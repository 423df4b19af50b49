// Cost of running user code: the Code node in QuickJS (WebAssembly) in sandbox workers, per run
// and per item, next to the cost of an expression, and next to the alternatives we could have
// used (node:vm in a child process under --permission; node:vm in-process as a floor that
// isolates nothing). Part of `npm run bench` (runCodeBench); alone: `npx node bench/code.bench.ts`.
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { createContext, Script } from 'node:vm';
import { pathToFileURL } from 'node:url';
import { runWorkflow } from '../src/engine/index.ts';
import { builtinNodeTypes } from '../src/nodes/registry.ts';
import { runInSandbox } from '../src/engine/sandbox/pool.ts';
import { loadQuickJS, runInVm } from '../src/engine/sandbox/vm.ts';
import { evaluateExpression } from '../src/model/expressions/index.ts';
import type { VmRequest } from '../src/engine/sandbox/protocol.ts';
import type { INode, IWorkflowBase } from '../src/model/workflow.ts';
import type { INodeExecutionData } from '../src/model/execution.ts';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x: number, digits = 3) => +x.toFixed(digits);

async function timeMedian(reps: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 3; i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

const items = (n: number): INodeExecutionData[] => Array.from({ length: n }, (_, i) => ({ json: { a: i, name: `Item Number ${i}`, tags: ['x', 'y'] } }));

function workflow(node: Omit<INode, 'id' | 'position'>): IWorkflowBase {
  return {
    name: 'code bench',
    active: false,
    nodes: [
      { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
      { id: 'n', position: [220, 0], ...node },
    ],
    connections: { Trigger: { main: [[{ node: node.name, type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
}
const codeNode = (jsCode: string, mode = 'runOnceForAllItems') => workflow({ name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode, mode } });
const noOp = () => workflow({ name: 'NoOp', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} });
const setNode = (expression: string) =>
  workflow({
    name: 'Set',
    type: 'n8n-nodes-base.set',
    typeVersion: 3.4,
    parameters: { mode: 'manual', includeOtherFields: true, assignments: { assignments: [{ id: 'b', name: 'b', value: expression, type: 'number' }] }, options: {} },
  });

async function run(wf: IWorkflowBase, input: INodeExecutionData[]): Promise<void> {
  const r = await runWorkflow({ workflow: wf, nodeTypes: builtinNodeTypes, mode: 'manual', executionId: 'bench', pinData: { Trigger: input } });
  if (r.status !== 'success') throw new Error(`bench run failed: ${r.data.resultData.error?.message}`);
}

const request = (code: string, n: number, luxon = false): VmRequest => ({
  code,
  mode: 'runOnceForAllItems',
  itemIndex: 0,
  ctxJson: JSON.stringify({ items: items(n).map((i) => ({ json: i.json })), workflow: {}, staticData: {}, nodeName: 'Code', now: Date.now(), timezone: 'UTC' }),
  timeoutMs: 10_000,
  memoryBytes: 128 * 1024 * 1024,
  maxItems: 1_000_000,
  luxon,
});

// --- The alternative: node:vm in a persistent child process under the permission model -------

const CHILD = String.raw`
const vm = require('node:vm');
process.on('message', (m) => {
  // A fresh context per run, as QuickJS gets a fresh runtime: no state survives between runs.
  const context = vm.createContext({ items: JSON.parse(m.items) });
  let result;
  try { result = JSON.stringify(new vm.Script('(() => {' + m.code + '})()').runInContext(context, { timeout: 10000 })); }
  catch (e) { result = JSON.stringify({ error: String(e) }); }
  process.send(result);
});
process.send('ready');
`;

async function childVm(): Promise<{ child: ChildProcess; startMs: number; call: (code: string, itemsJson: string) => Promise<string> }> {
  const t0 = performance.now();
  // fork runs a file; -e keeps the script inline. --permission: no fs, child processes, workers.
  const child = fork('-e', [CHILD], { execArgv: ['--permission'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] } as never);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
  });
  const startMs = performance.now() - t0;
  const call = (code: string, itemsJson: string) =>
    new Promise<string>((resolve) => {
      child.once('message', (m) => resolve(m as string));
      child.send({ code, items: itemsJson });
    });
  return { child, startMs, call };
}

export async function runCodeBench({ quick = false } = {}) {
  const reps = quick ? 5 : 15;
  const load = loadavg().map((x) => round(x, 2));

  // A new worker: thread start, QuickJS compiled and loaded, then one run (when this suite runs
  // first; later runs reuse warm workers).
  const signal = new AbortController().signal;
  const coldStart = performance.now();
  await runInSandbox({ request: request('return [];', 1), onCall: () => undefined, onConsole: () => {}, signal });
  const firstRunMs = performance.now() - coldStart;

  // Fixed cost of one run: runtime + context + prelude in-process, then through a worker.
  const QuickJS = await loadQuickJS();
  const runtimeMs = await timeMedian(reps * 4, () => {
    const rt = QuickJS.newRuntime();
    const ctx = rt.newContext();
    ctx.dispose();
    rt.dispose();
  });
  const vmRunMs = await timeMedian(reps * 4, () => runInVm(request('return [];', 1), () => undefined, () => {}));
  const poolRunMs = await timeMedian(reps * 4, () => runInSandbox({ request: request('return [];', 1), onCall: () => undefined, onConsole: () => {}, signal }));
  const luxonRunMs = await timeMedian(reps * 2, () => runInSandbox({ request: request("return [{ d: DateTime.now().toISO() }];", 1, true), onCall: () => undefined, onConsole: () => {}, signal }));
  const pool10kMs = await timeMedian(reps, () => runInSandbox({ request: request('return items;', 10_000), onCall: () => undefined, onConsole: () => {}, signal }));
  const bridgeCallsMs = await timeMedian(reps, () =>
    runInSandbox({ request: request("for (let i = 0; i < 1000; i++) $('Trigger'); return [];", 1), onCall: () => 'true', onConsole: () => {}, signal }),
  );

  // Through the engine: Code node vs. a NoOp on the same items (the difference is the Code node).
  const in10k = items(10_000);
  const in1k = items(1_000);
  const noOp10kMs = await timeMedian(reps, () => run(noOp(), in10k));
  const allItems10kMs = await timeMedian(reps, () => run(codeNode('return items;'), in10k));
  const map10kMs = await timeMedian(reps, () => run(codeNode('return items.map((i) => ({ json: { ...i.json, b: i.json.a + 1 } }));'), in10k));
  const noOp1kMs = await timeMedian(reps, () => run(noOp(), in1k));
  const perItem1kMs = await timeMedian(quick ? 2 : 5, () => run(codeNode('return { json: { ...$json, b: $json.a + 1 } };', 'runOnceForEachItem'), in1k));
  const oneItemMs = await timeMedian(reps * 2, () => run(codeNode('return items;'), items(1)));
  const oneItemNoOpMs = await timeMedian(reps * 2, () => run(noOp(), items(1)));
  const luxonCodeMs = await timeMedian(reps * 2, () => run(codeNode('return [{ d: DateTime.now().toISO() }];'), items(1)));

  // Expressions: the evaluator alone, and a Set node doing the same work per item.
  const scopes = in10k.map((i, index) => ({ $json: i.json, $itemIndex: index }));
  const expressionMs = await timeMedian(reps, () => {
    for (const s of scopes) evaluateExpression('={{ $json.a + 1 }}', s);
  });
  const set10kMs = await timeMedian(reps, () => run(setNode('={{ $json.a + 1 }}'), in10k));

  // Alternatives.
  const inProcessContext = createContext({});
  const script = new Script('(() => { return items; })()');
  const nodeVmInProcessMs = await timeMedian(reps * 4, () => {
    const c = createContext({ items: [] });
    return script.runInContext(c, { timeout: 1000 });
  });
  void inProcessContext;
  let child: Awaited<ReturnType<typeof childVm>> | undefined;
  let childVmResult: Record<string, number> | { error: string };
  try {
    const startMs = await timeMedian(quick ? 2 : 4, async () => (await childVm()).child.kill());
    child = await childVm();
    const c = child;
    const json1 = JSON.stringify([{ json: {} }]);
    const json10k = JSON.stringify(in10k);
    childVmResult = {
      processStartMs: round(startMs, 1),
      runMs: round(await timeMedian(reps * 4, () => c.call('return [];', json1))),
      allItems10kMs: round(await timeMedian(reps, () => c.call('return items;', json10k)), 2),
    };
  } catch (e) {
    childVmResult = { error: String((e as Error).message ?? e) };
  } finally {
    child?.child.kill();
  }

  const perItemUs = (ms: number, n: number) => round((ms * 1000) / n, 2);
  return {
    loadavg: load,
    note: 'medians; ms unless stated; 2 shared cores, other engineers running — compare ratios, not absolutes',
    codeRun: {
      firstRunNewWorkerMs: round(firstRunMs, 1),
      quickjsRuntimeCreateMs: round(runtimeMs),
      vmRunInProcessMs: round(vmRunMs),
      workerRoundTripRunMs: round(poolRunMs),
      workerReturnItems10kMs: round(pool10kMs, 2),
      withLuxonRunMs: round(luxonRunMs),
      bridgeLookupUs: round((bridgeCallsMs - poolRunMs) * 1000 / 1000, 2),
      engineOneItemCodeMs: round(oneItemMs),
      engineOneItemNoOpMs: round(oneItemNoOpMs),
      engineOneItemDateTimeMs: round(luxonCodeMs),
    },
    codeAllItems10k: {
      noOpMs: round(noOp10kMs, 2),
      returnItemsMs: round(allItems10kMs, 2),
      mapItemsMs: round(map10kMs, 2),
      perItemUs: perItemUs(allItems10kMs - noOp10kMs, 10_000),
      mapPerItemUs: perItemUs(map10kMs - noOp10kMs, 10_000),
    },
    codePerItemMode1k: {
      noOpMs: round(noOp1kMs, 2),
      totalMs: round(perItem1kMs, 1),
      perItemUs: perItemUs(perItem1kMs - noOp1kMs, 1_000),
    },
    expressions10k: {
      evaluatorMs: round(expressionMs, 2),
      perExpressionUs: perItemUs(expressionMs, 10_000),
      setNodeMs: round(set10kMs, 2),
      setNodePerItemUs: perItemUs(set10kMs - noOp10kMs, 10_000),
    },
    alternatives: {
      nodeVmInProcessNewContextMs: round(nodeVmInProcessMs),
      nodeVmChildPermission: childVmResult,
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  console.log(JSON.stringify(await runCodeBench({ quick }), null, 2));
  process.exit(0);
}
