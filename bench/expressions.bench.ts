// Expression evaluator throughput: evaluations per second over 100,000 items, median of
// several runs, for the shapes workflows use most. Run: npx node bench/expressions.bench.ts
// Writes bench/results/expressions.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { evaluateExpression } from '../src/model/expressions/index.ts';

const ITEMS = 100_000;
const RUNS = 7;

const items = Array.from({ length: ITEMS }, (_, i) => ({
  json: { a: i, name: `Item Number ${i}`, email: `user${i}@example.com`, list: [i, i + 1, i + 2, i + 3] },
}));

// Scope shaped like the engine's (src/model/dataProxy.ts): a base object with getters and a
// tiny per-item object whose prototype is the base.
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
const scopes = items.map((_, i) => {
  const s = Object.create(base) as Record<string | symbol, unknown>;
  s[ITEM] = i;
  return s as Record<string, unknown>;
});

const cases: Record<string, string> = {
  'member + add': '={{ $json.a + 1 }}',
  'two segments': '=A-{{ $json.a }}-{{ $itemIndex }}',
  'map with arrow': '={{ $json.list.map(x => x * 2) }}',
  'extension call': '={{ $json.name.toSnakeCase() }}',
};

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const results: Record<string, { evaluationsPerSecond: number; medianMs: number; runsMs: number[] }> = {};
let sink: unknown;
for (const [name, expression] of Object.entries(cases)) {
  for (let i = 0; i < 20_000; i++) sink = evaluateExpression(expression, scopes[i % ITEMS]); // warm-up
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < ITEMS; i++) sink = evaluateExpression(expression, scopes[i]);
    runs.push(performance.now() - t0);
  }
  const ms = median(runs);
  results[name] = { evaluationsPerSecond: Math.round((ITEMS / ms) * 1000), medianMs: +ms.toFixed(2), runsMs: runs.map((x) => +x.toFixed(2)) };
  console.log(`${name.padEnd(16)} ${expression.padEnd(40)} ${results[name].evaluationsPerSecond.toLocaleString('en-US').padStart(12)} evals/s (median ${ms.toFixed(1)} ms / ${ITEMS} items)`);
}
void sink;

mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/expressions.json', import.meta.url), JSON.stringify({ items: ITEMS, runs: RUNS, node: process.version, results }, null, 2));
