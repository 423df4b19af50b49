// Expression evaluator throughput: evaluations per second over 100,000 items (median of
// several runs) for the shapes workflows use most. Part of `npm run bench` (runExpressionBench);
// run alone with `npx node bench/expressions.bench.ts`, which also writes
// bench/results/expressions.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { evaluateExpression } from '../src/model/expressions/index.ts';

const ITEMS = 100_000;

const CASES: Record<string, string> = {
  'member + add': '={{ $json.a + 1 }}',
  'two segments': '=A-{{ $json.a }}-{{ $itemIndex }}',
  'map with arrow': '={{ $json.list.map(x => x * 2) }}',
  'extension call': '={{ $json.name.toSnakeCase() }}',
};

/** Per-item scopes shaped like the engine's (src/model/dataProxy.ts): getters on a shared base. */
function makeScopes(): Record<string, unknown>[] {
  const items = Array.from({ length: ITEMS }, (_, i) => ({
    json: { a: i, name: `Item Number ${i}`, email: `user${i}@example.com`, list: [i, i + 1, i + 2, i + 3] },
  }));
  const ITEM = Symbol('item');
  const base: Record<string | symbol, unknown> = {};
  Object.defineProperty(base, '$json', {
    get(this: { [ITEM]: number }) {
      return items[this[ITEM]].json;
    },
    enumerable: true,
  });
  Object.defineProperty(base, '$itemIndex', {
    get(this: { [ITEM]: number }) {
      return this[ITEM];
    },
    enumerable: true,
  });
  return items.map((_, i) => {
    const s = Object.create(base) as Record<string | symbol, unknown>;
    s[ITEM] = i;
    return s as Record<string, unknown>;
  });
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export interface ExpressionBenchCase {
  name: string;
  expression: string;
  evaluationsPerSecond: number;
  medianMs: number;
  runsMs: number[];
}

export async function runExpressionBench({ quick = false } = {}): Promise<{ items: number; cases: ExpressionBenchCase[] }> {
  const runs = quick ? 3 : 7;
  const scopes = makeScopes();
  const cases: ExpressionBenchCase[] = [];
  let sink: unknown;
  for (const [name, expression] of Object.entries(CASES)) {
    for (let i = 0; i < 20_000; i++) sink = evaluateExpression(expression, scopes[i % ITEMS]); // warm-up
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      for (let i = 0; i < ITEMS; i++) sink = evaluateExpression(expression, scopes[i]);
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    cases.push({ name, expression, evaluationsPerSecond: Math.round((ITEMS / ms) * 1000), medianMs: +ms.toFixed(2), runsMs: times.map((x) => +x.toFixed(2)) });
  }
  void sink;
  return { items: ITEMS, cases };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runExpressionBench();
  for (const c of result.cases) {
    console.log(`${c.name.padEnd(16)} ${c.expression.padEnd(40)} ${c.evaluationsPerSecond.toLocaleString('en-US').padStart(12)} evals/s (median ${c.medianMs} ms / ${ITEMS} items)`);
  }
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/expressions.json', import.meta.url), JSON.stringify({ node: process.version, ...result }, null, 2));
}
