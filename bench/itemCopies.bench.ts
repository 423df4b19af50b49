// Issue 14, whole-item copies: one large item (pinned, in memory) through each node that copies
// items whole — Set "include other fields", Split Out "all other fields", Merge 1 by key,
// Merge 3 combine by position (lodash merge), Execute Workflow's sub-workflow input, Compare
// Datasets "mix" — run through the engine in this process while a 2 ms interval times the
// event loop. Reported: the longest hold and the run's time, median of the rounds; and a
// small-data row (1,000 items of 10 fields through the same nodes) to show that small copies
// did not get slower. `node_modules/.bin/node bench/itemCopies.bench.ts [rounds] [small]` (small:
// 5,000 items of small data only, Compare Datasets left out: its matching is quadratic);
// `npm run bench -- --only item-copies`.
import { runWorkflow } from '../src/engine/index.ts';
import { builtinNodeTypes } from '../src/nodes/registry.ts';
import type { IConnections, IDataObject, INode, IWorkflowBase } from '../src/model/workflow.ts';

type Spec = { name: string; type: string; typeVersion: number; parameters: IDataObject };
const trigger: Spec = { name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };
const inputA: Spec = { name: 'A', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };
const inputB: Spec = { name: 'B', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };

function wf(nodes: Spec[], connections: IConnections, extra: Record<string, unknown> = {}): IWorkflowBase {
  return { id: 'copies', name: 'copies', active: false, nodes: nodes.map((n, i) => ({ id: String(i + 1), position: [i * 200, 0], ...n })) as INode[], connections, settings: { executionOrder: 'v1' }, ...extra } as IWorkflowBase;
}
const to = (node: string, index = 0) => ({ main: [[{ node, type: 'main', index }]] });
const toBoth = { main: [[{ node: 'A', type: 'main', index: 0 }, { node: 'B', type: 'main', index: 0 }]] };

const set: Spec = { name: 'Node', type: 'n8n-nodes-base.set', typeVersion: 3.4, parameters: { mode: 'manual', includeOtherFields: true, assignments: { assignments: [{ id: 'a', name: 'm', value: 7, type: 'number' }] }, options: {} } };
const splitOut: Spec = { name: 'Node', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'parts', include: 'allOtherFields', options: {} } };
const mergeKey: Spec = { name: 'Node', type: 'n8n-nodes-base.merge', typeVersion: 1, parameters: { mode: 'mergeByKey', propertyName1: 'k', propertyName2: 'k' } };
const mergePos: Spec = { name: 'Node', type: 'n8n-nodes-base.merge', typeVersion: 3, parameters: { mode: 'combine', combineBy: 'combineByPosition', options: {} } };
const compare: Spec = { name: 'Node', type: 'n8n-nodes-base.compareDatasets', typeVersion: 2.3, parameters: { mergeByFields: { values: [{ field1: 'k', field2: 'k' }] }, resolve: 'mix', preferWhenMix: 'input1', exceptWhenMix: 'm', options: {} } };
const execWf = (sub: IWorkflowBase): Spec => ({ name: 'Node', type: 'n8n-nodes-base.executeWorkflow', typeVersion: 1.1, parameters: { source: 'parameter', workflowJson: JSON.stringify(sub), mode: 'once', options: {} } });
const subWorkflow = wf([{ name: 'Start', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1, parameters: {} }, { name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} }], { Start: to('Done') });

interface Case { name: string; workflow: IWorkflowBase; pinData: Record<string, unknown[]>; check: (out: IDataObject[] | undefined) => boolean }

function cases(big: () => IDataObject, count: number): Case[] {
  const items = () => Array.from({ length: count }, (_, i) => ({ json: { ...big(), k: `k${i}`, m: i, parts: [1, 2, 3] } }));
  const one = (node: Spec) => wf([trigger, node], { Trigger: to('Node') });
  const two = (node: Spec) => wf([trigger, inputA, inputB, node], { Trigger: toBoth, A: to('Node', 0), B: to('Node', 1) });
  const n = (o: IDataObject[] | undefined, expected: number) => o?.length === expected;
  return [
    { name: 'Set, include other fields', workflow: one(set), pinData: { Trigger: items() }, check: (o) => n(o, count) },
    { name: 'Split Out, all other fields (3 parts)', workflow: one(splitOut), pinData: { Trigger: items() }, check: (o) => n(o, 3 * count) },
    { name: 'Merge 1, merge by key', workflow: two(mergeKey), pinData: { A: items(), B: items() }, check: (o) => n(o, count) },
    { name: 'Merge 3, combine by position', workflow: two(mergePos), pinData: { A: items(), B: items() }, check: (o) => n(o, count) },
    { name: 'Compare Datasets, mix', workflow: two(compare), pinData: { A: items(), B: items().map((i) => ({ json: { ...i.json, m: -1 } })) }, check: () => true },
    { name: 'Execute Workflow (sub-workflow input)', workflow: one(execWf(subWorkflow)), pinData: { Trigger: items() }, check: (o) => n(o, count) },
  ];
}

async function timed(c: Case): Promise<{ held: number; ms: number; ok: boolean }> {
  let last = performance.now();
  let held = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    held = Math.max(held, now - last);
    last = now;
  }, 2);
  const t0 = performance.now();
  try {
    const run = await runWorkflow({ workflow: c.workflow, nodeTypes: builtinNodeTypes, mode: 'manual', executionId: 'copies', pinData: c.pinData as never });
    const ms = performance.now() - t0;
    const out = run.data.resultData.runData.Node?.[0]?.data?.main?.[0]?.map((i) => i.json);
    const ok = run.status === 'success' && c.check(out);
    if (!ok) console.error(c.name, run.status, run.data.resultData.error?.message);
    return { held, ms, ok };
  } finally {
    clearInterval(timer);
  }
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const round = (v: number) => Math.round(v * 10) / 10;

export async function runItemCopiesBench({ quick = false, rounds = quick ? 3 : 5, smallOnly = false }: { quick?: boolean; rounds?: number; smallOnly?: boolean } = {}) {
  if (smallOnly) return runSmall(quick ? 5 : 9);
  // One item of ~1.9M values: an array of 1.9M numbers with an object every 100th (19,000 objects).
  const bigList = Array.from({ length: 1_900_000 }, (_, i) => (i % 100 === 0 ? { i, s: 'x' + i } : i));
  const large = cases(() => ({ list: bigList }), 1);
  const small = cases(() => ({ a: 1, b: 'two', c: true, d: null, e: { f: 1, g: [1, 2] }, h: 'x'.repeat(20), i: 3.5, j: [{ z: 1 }] }), 1000);
  const rows: Array<{ name: string; largeHeldMs: number; largeRunMs: number; smallRunMs: number; ok: boolean }> = [];
  for (let c = 0; c < large.length; c++) {
    const held: number[] = [];
    const ms: number[] = [];
    const smallMs: number[] = [];
    let ok = true;
    for (let r = 0; r < rounds; r++) {
      const a = await timed(large[c]);
      held.push(a.held);
      ms.push(a.ms);
      const b = await timed(small[c]);
      smallMs.push(b.ms);
      ok &&= a.ok && b.ok;
    }
    rows.push({ name: large[c].name, largeHeldMs: round(median(held)), largeRunMs: round(median(ms)), smallRunMs: round(median(smallMs)), ok });
  }
  return rows;
}

/** Through `npm run bench`: the large-item rows and the small-data rows. */
export async function runItemCopiesSuite({ quick = false } = {}) {
  return { large: await runItemCopiesBench({ quick }), small: await runSmall(quick ? 5 : 9) };
}

/** Small data only: 5,000 items of 10 fields through each node, median run time of `rounds`. */
async function runSmall(rounds: number) {
  const small = cases(() => ({ a: 1, b: 'two', c: true, d: null, e: { f: 1, g: [1, 2] }, h: 'x'.repeat(20), i: 3.5, j: [{ z: 1 }] }), 5000).filter((c) => !c.name.startsWith('Compare'));
  const rows: Array<{ name: string; smallRunMs: number; ok: boolean }> = [];
  for (const c of small) {
    const ms: number[] = [];
    let ok = true;
    for (let r = 0; r < rounds; r++) {
      const b = await timed(c);
      ms.push(b.ms);
      ok &&= b.ok;
    }
    rows.push({ name: c.name, smallRunMs: round(median(ms)), ok });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runItemCopiesBench({ rounds: Number(process.argv[2] ?? 5), smallOnly: process.argv[3] === 'small' });
  console.table(rows);
  process.exit(0);
}
