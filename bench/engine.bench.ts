// Engine benchmarks (benchmark.js): a chain of 100 Set nodes passing 1,000 items, and one Set
// node over 100,000 items. Each case is run several times; medians are reported.
import Benchmark from 'benchmark';
import { runWorkflow } from '../src/engine/index.ts';
import { builtinNodeTypes } from '../src/nodes/registry.ts';
import { crypto } from '../src/nodes/Crypto/Crypto.node.ts';
import type { INode, IConnections, IWorkflowBase } from '../src/model/workflow.ts';
import type { INodeExecutionData } from '../src/model/execution.ts';

function setNode(i: number, x: number): INode {
  return {
    id: `set${i}`,
    name: `Set ${i}`,
    type: 'n8n-nodes-base.set',
    typeVersion: 3.4,
    position: [x, 300],
    parameters: {
      assignments: {
        assignments: [
          { id: `a${i}`, name: `field${i % 10}`, value: `={{ $json.n + ${i} }}`, type: 'number' },
          { id: `b${i}`, name: 'label', value: 'item', type: 'string' },
        ],
      },
      includeOtherFields: true,
      options: {},
    },
  };
}

export function setChain(nodes: number): IWorkflowBase {
  const list: INode[] = [{ id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 300], parameters: {} }];
  const connections: IConnections = {};
  let prev = 'Trigger';
  for (let i = 0; i < nodes; i++) {
    const node = setNode(i, 200 * (i + 1));
    list.push(node);
    connections[prev] = { main: [[{ node: node.name, type: 'main', index: 0 }]] };
    prev = node.name;
  }
  return { name: 'bench', active: false, nodes: list, connections, settings: { executionOrder: 'v1' } };
}

/** Trigger → Crypto (hash of an expression, output field from an expression). */
function cryptoNode(): IWorkflowBase {
  const nodes: INode[] = [
    { id: 't', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
    { id: 'c', name: 'Crypto', type: 'n8n-nodes-base.crypto', typeVersion: 1, position: [220, 0], parameters: { action: 'hash', type: 'MD5', value: '={{ $json.name }}', dataPropertyName: '={{ "h" + ($json.n % 3) }}' } },
  ];
  return { name: 'bench crypto', active: false, nodes, connections: { Trigger: { main: [[{ node: 'Crypto', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } } as IWorkflowBase;
}

export function inputItems(count: number): INodeExecutionData[] {
  return Array.from({ length: count }, (_, n) => ({ json: { n, name: `item ${n}`, tags: ['a', 'b'] } }));
}

async function runOnce(workflow: IWorkflowBase, items: number): Promise<void> {
  const r = await runWorkflow({
    workflow,
    nodeTypes: builtinNodeTypes,
    mode: 'manual',
    executionId: 'bench',
    pinData: { Trigger: inputItems(items) },
  });
  if (r.status !== 'success') throw new Error(`bench run failed: ${r.data.resultData.error?.message}`);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function bench(name: string, fn: () => Promise<void>, minSamples: number): Promise<{ name: string; medianMs: number; samples: number; rme: number }> {
  return new Promise((resolve, reject) => {
    const b = new Benchmark(name, {
      defer: true,
      minSamples,
      maxTime: 1,
      fn: (deferred: { resolve(): void }) => {
        fn().then(() => deferred.resolve(), reject);
      },
      onComplete() {
        const times = b.stats.sample.map((s: number) => s * 1000);
        resolve({ name, medianMs: median(times), samples: times.length, rme: b.stats.rme });
      },
      onError: (e: unknown) => reject(e),
    });
    b.run({ async: true });
  });
}

export async function runEngineBench({ quick = false } = {}): Promise<Record<string, unknown>> {
  const chain = setChain(100);
  const single = setChain(1);
  const results = [];
  results.push(await bench('chain of 100 Set nodes × 1,000 items', () => runOnce(chain, 1000), quick ? 3 : 5));
  const chainMs = results[0].medianMs;
  results.push(await bench('1 Set node × 100,000 items', () => runOnce(single, 100_000), quick ? 3 : 5));
  // Linearity check: half the items should take about half the time.
  results.push(await bench('chain of 100 Set nodes × 500 items', () => runOnce(chain, 500), quick ? 3 : 5));
  const ratio = chainMs / results[2].medianMs;
  // Parameters evaluated ahead (src/engine/prefetch.ts): a node without its own per-item
  // deferral, its two expressions evaluated before it runs vs as it reads them (the same
  // node type with evaluatesItemsItself set, which turns the prefetch off). Rounds alternate.
  const cryptoWf = cryptoNode();
  const prefetchCases: Array<{ name: string; medianMs: number }> = [];
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < (quick ? 3 : 7); round++) {
    for (const prefetch of [true, false]) {
      (crypto as { evaluatesItemsItself?: boolean }).evaluatesItemsItself = !prefetch;
      const t0 = performance.now();
      await runOnce(cryptoWf, 10_000);
      if (round > 0) (prefetch ? on : off).push(performance.now() - t0);
    }
  }
  delete (crypto as { evaluatesItemsItself?: boolean }).evaluatesItemsItself;
  prefetchCases.push({ name: 'Crypto × 10,000 items, 2 expressions, evaluated ahead', medianMs: Number(median(on).toFixed(1)) });
  prefetchCases.push({ name: 'Crypto × 10,000 items, 2 expressions, evaluated as read', medianMs: Number(median(off).toFixed(1)) });
  return {
    prefetch: { cases: prefetchCases, ratio: Number((median(on) / median(off)).toFixed(2)), perExpressionAndItemUs: Number((((median(on) - median(off)) * 1000) / 20_000).toFixed(2)) },
    cases: results,
    chainItemsPerSecond: Math.round((100 * 1000) / (chainMs / 1000)),
    singleItemsPerSecond: Math.round(100_000 / (results[1].medianMs / 1000)),
    linearityRatio1000vs500: Number(ratio.toFixed(2)),
  };
}
