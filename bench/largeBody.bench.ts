// Large bodies against a real server (issue 14): a JSON body of 1, 4 and 15 MB sent by curl from
// another process (so that sending and receiving are not counted as the server's work) to a
// webhook that saves the run and answers with the last node's item (the whole body), and as a
// workflow's pinned data to POST /rest/workflows; the saved execution is read back with
// GET /rest/executions/:id; the same rows go to the webhook as XML and as a form. Reported per case: the longest the server's event loop was held
// (gaps of a 2 ms interval) and the slowest GET /rest/settings answered meanwhile (asked back to
// back). Part of `npm run bench`; alone: `npm run bench -- --only large-body`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chain, live, node, webhookNode, workflow, type Live } from '../tests/server/triggerHelpers.ts';
import { watchLoop } from '../tests/security/attacks.ts';

interface Row {
  case: string;
  megabytes: number;
  loopDelayMaxMs: number;
  settingsMaxMs: number;
  status: number;
  ms: number;
}

function body(megabytes: number): string {
  const rows = Math.round((megabytes * 1e6) / 95);
  return JSON.stringify({ rows: Array.from({ length: rows }, (_, i) => ({ id: i, name: `row ${i}`, email: `user${i}@example.com`, tags: ['a', 'b'], ok: true })) });
}

/** The same rows as XML elements. */
function xmlBody(megabytes: number): string {
  const rows = Math.round((megabytes * 1e6) / 95);
  return `<rows>${Array.from({ length: rows }, (_, i) => `<row><id>${i}</id><name>row ${i}</name><email>user${i}@example.com</email><ok>true</ok></row>`).join('')}</rows>`;
}

/** A form of 9,000 fields (n8n's parser keeps 10,000) with percent-encoded values. */
function formBody(megabytes: number): string {
  const value = encodeURIComponent('zürich & co, '.repeat(Math.round((megabytes * 1e6) / 9000 / 30)));
  return Array.from({ length: 9000 }, (_, i) => `field${i}=${value}`).join('&');
}

/** curl in its own process: the answer is discarded, its status printed. */
function curl(url: string, file: string | undefined, method = 'POST', contentType = 'application/json'): Promise<number> {
  const args = ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-X', method, url];
  if (file) args.push('-H', `content-type: ${contentType}`, '--data-binary', `@${file}`);
  return new Promise((resolve, reject) => {
    const c = spawn('curl', args);
    let out = '';
    c.stdout.on('data', (d: Buffer) => (out += d.toString()));
    c.on('error', reject);
    c.on('exit', () => resolve(Number(out)));
  });
}

async function probe(t: Live, action: () => Promise<number>): Promise<{ loopDelayMaxMs: number; settingsMaxMs: number; status: number; ms: number }> {
  const watch = watchLoop(t);
  await watch.ready;
  const started = performance.now();
  const status = await action();
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 100));
  const { latencies, loopDelayMaxMs } = await watch.stop();
  return { loopDelayMaxMs: Number(loopDelayMaxMs.toFixed(1)), settingsMaxMs: Number(Math.max(...latencies).toFixed(1)), status, ms: Math.round(ms) };
}

export async function runLargeBodyBench({ quick = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-large-body-'));
  const t = await live({});
  try {
    await t.api('GET', '/settings');
    const hook = webhookNode({ path: 'large-body-bench', httpMethod: 'POST', responseMode: 'lastNode' });
    const done = node('Done', 'n8n-nodes-base.noOp', 1);
    await t.activate(workflow('Large body bench', [hook, done], chain(hook, done)));
    const rows: Row[] = [];
    for (const megabytes of quick ? [1, 4] : [1, 4, 15]) {
      const text = body(megabytes);
      const file = join(dir, `${megabytes}.json`);
      writeFileSync(file, text);
      const xml = join(dir, `${megabytes}.xml`);
      writeFileSync(xml, xmlBody(megabytes));
      const form = join(dir, `${megabytes}.form`);
      writeFileSync(form, formBody(megabytes));
      const pinned = join(dir, `${megabytes}-workflow.json`);
      writeFileSync(pinned, JSON.stringify({ name: `Pinned ${megabytes} MB`, nodes: [{ id: 'n', name: 'Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }], connections: {}, pinData: { Trigger: [{ json: JSON.parse(text) }] } }));
      for (let round = 0; round < (quick ? 1 : 3); round++) {
        const hookRow = await probe(t, () => curl(`${t.url}webhook/large-body-bench`, file));
        rows.push({ case: 'webhook, run saved, Last Node answer', megabytes, ...hookRow });
        const ids = (await t.api('GET', '/executions?limit=1')).body.data.results;
        const readRow = await probe(t, () => curl(`${t.url}rest/executions/${ids[0].id}`, undefined, 'GET'));
        rows.push({ case: 'GET /rest/executions/:id of it', megabytes, ...readRow });
        const restRow = await probe(t, () => curl(`${t.url}rest/workflows`, pinned));
        rows.push({ case: 'POST /rest/workflows with it pinned', megabytes, ...restRow });
        const xmlRow = await probe(t, () => curl(`${t.url}webhook/large-body-bench`, xml, 'POST', 'application/xml'));
        rows.push({ case: 'webhook, the rows as XML', megabytes, ...xmlRow });
        const formRow = await probe(t, () => curl(`${t.url}webhook/large-body-bench`, form, 'POST', 'application/x-www-form-urlencoded'));
        rows.push({ case: 'webhook, a form (9,000 fields)', megabytes, ...formRow });
      }
    }
    // Medians over the rounds per case and size.
    const keys = [...new Set(rows.map((r) => `${r.case}|${r.megabytes}`))];
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const summary = keys.map((k) => {
      const of = rows.filter((r) => `${r.case}|${r.megabytes}` === k);
      return { case: of[0].case, megabytes: of[0].megabytes, status: of[0].status, loopDelayMaxMsMedian: median(of.map((r) => r.loopDelayMaxMs)), loopDelayMaxMsMax: Math.max(...of.map((r) => r.loopDelayMaxMs)), settingsMaxMsMedian: median(of.map((r) => r.settingsMaxMs)), msMedian: median(of.map((r) => r.ms)) };
    });
    for (const s of summary) console.log(`${`${s.case}, ${s.megabytes} MB`.padEnd(52)} loop held ${String(s.loopDelayMaxMsMedian).padStart(6)} ms (max ${s.loopDelayMaxMsMax})  settings ${String(s.settingsMaxMsMedian).padStart(6)} ms  took ${s.msMedian} ms  HTTP ${s.status}`);
    return { summary, rows };
  } finally {
    await t.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
