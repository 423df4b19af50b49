// `npm run bench [-- --quick] [-- --only engine,canvas,expressions]`: runs the benchmark suites,
// writes bench/results/latest.json and prints a table.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only'));
const only = onlyArg ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : args[args.indexOf(onlyArg) + 1]).split(',') : undefined;
const wanted = (s) => !only || only.includes(s);

const suites = [
  { name: 'engine', file: 'engine.bench.ts', fn: 'runEngineBench' },
  { name: 'expressions', file: 'expressions.bench.ts', fn: 'runExpressionBench' },
  { name: 'canvas', file: 'canvas.mjs', fn: 'runCanvasBench' },
  { name: 'server', file: 'server.bench.ts', fn: 'runServerBench' },
  { name: 'auth', file: 'auth.bench.ts', fn: 'runAuthBench' },
  { name: 'webhook', file: 'webhook.bench.ts', fn: 'runWebhookBench' },
  { name: 'code', file: 'code.bench.ts', fn: 'runCodeBench' },
  { name: 'ndv-data', file: 'ndv-data.bench.ts', fn: 'runNdvDataBench' },
  { name: 'ndv-pin', file: 'ndv-pin.bench.ts', fn: 'runNdvPinBench' },
  { name: 'ndv-expressions', file: 'ndv-expressions.bench.ts', fn: 'runNdvExpressionsBench' },
  { name: 'ndv-parameters', file: 'ndv-parameters.bench.ts', fn: 'runNdvParametersBench' },
  { name: 'ndv-switch', file: 'ndv-switch.bench.ts', fn: 'runNdvSwitchBench' },
  { name: 'executions-dialog', file: 'executions-dialog.bench.ts', fn: 'runExecutionsDialogBench' },
  { name: 'executions', file: 'executions.bench.ts', fn: 'runExecutionsBench' },
  { name: 'open-list', file: 'open-list.bench.ts', fn: 'runOpenListBench' },
  { name: 'templates', file: 'templates.bench.ts', fn: 'runTemplatesBench' },
  { name: 'editor-open', file: 'editor-open.bench.ts', fn: 'runEditorOpenBench' },
  { name: 'editor-pan', file: 'editor-pan.bench.ts', fn: 'runEditorPanBench' },
  { name: 'oauth', file: 'oauth.bench.ts', fn: 'runOauthBench' },
  { name: 'attack', file: 'attack.bench.ts', fn: 'runAttackBench' },
  { name: 'large-body', file: 'largeBody.bench.ts', fn: 'runLargeBodyBench' },
  { name: 'item-copies', file: 'itemCopies.bench.ts', fn: 'runItemCopiesSuite' },
  { name: 'community-node', file: 'communityNode.bench.ts', fn: 'runCommunityNodeBench' },
  { name: 'declarative-node', file: 'declarativeNode.bench.ts', fn: 'runDeclarativeNodeBench' },
  { name: 'databases', file: 'databases.bench.ts', fn: 'runDatabasesBench' },
  { name: 'queue', file: 'queue.bench.ts', fn: 'runQueueBench' },
  { name: 'wall', file: 'wall.bench.ts', fn: 'runWallBench' },
  { name: 'wall-frames', file: 'wall-frames.bench.ts', fn: 'runWallFramesBench' },
  { name: 'wall-soak', file: 'wall-soak.bench.ts', fn: 'runWallSoakBench' },
  { name: 'soak', file: 'soak.bench.ts', fn: 'runSoakBench' },
];

const results = {
  date: new Date().toISOString(),
  quick,
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  suites: {},
};

const started = Date.now();
for (const s of suites) {
  if (!wanted(s.name)) continue;
  const path = join(here, s.file);
  if (!existsSync(path)) {
    results.suites[s.name] = { error: `${s.file} not found` };
    continue;
  }
  const t0 = Date.now();
  process.stdout.write(`running ${s.name} bench${quick ? ' (quick)' : ''} …\n`);
  try {
    const mod = await import(pathToFileURL(path).href);
    const fn = mod[s.fn];
    if (typeof fn !== 'function') throw new Error(`${s.file} does not export ${s.fn}`);
    results.suites[s.name] = { ...(await fn({ quick })), seconds: Math.round((Date.now() - t0) / 1000) };
  } catch (e) {
    results.suites[s.name] = { error: String(e?.stack ?? e) };
    process.exitCode = 1;
  }
}
results.totalSeconds = Math.round((Date.now() - started) / 1000);

mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'latest.json'), JSON.stringify(results, null, 2));

// Table: every numeric leaf, one row per metric.
function rows(prefix, value, out) {
  if (value === null || value === undefined) return out;
  if (typeof value === 'number') out.push([prefix, value]);
  else if (Array.isArray(value) && value.length > 5 && value.every((v) => typeof v === 'number')) {
    // Long series (RSS per second, raw samples) stay in the JSON; the table shows their range.
    out.push([`${prefix} (n=${value.length}) min`, Math.min(...value)]);
    out.push([`${prefix} (n=${value.length}) max`, Math.max(...value)]);
  } else if (Array.isArray(value)) value.forEach((v, i) => rows(`${prefix}[${v?.name ?? v?.nodes ?? i}]`, v, out));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) if (k !== 'name') rows(prefix ? `${prefix}.${k}` : k, v, out);
  else if (typeof value === 'string' && prefix.endsWith('error')) out.push([prefix, value.split('\n')[0]]);
  return out;
}
const table = rows('', results.suites, []);
const width = Math.max(...table.map(([k]) => k.length), 10);
console.log(`\n${'metric'.padEnd(width)}  value`);
console.log(`${'-'.repeat(width)}  -----`);
for (const [k, v] of table) console.log(`${k.padEnd(width)}  ${typeof v === 'number' ? (Number.isInteger(v) ? v : v.toFixed(2)) : v}`);
console.log(`\nwrote bench/results/latest.json (${results.totalSeconds}s)`);
setTimeout(() => process.exit(process.exitCode ?? 0), 100).unref();
