// The cost of the package host's boundary (issue 15: "a community programmatic node, 10,000
// items, across the isolation boundary: report per-item cost; ≤ 20 µs per item overhead"). A
// package node that reads one parameter per item and returns a new item per input item runs in
// the package host (src/community/host, a child process under the permission model) and, for
// comparison, the same code in the server's process. Overhead per item = (host − in process) /
// items, medians of the rounds; the host is warm (loaded once). Part of `npm run bench`; alone:
// `npm run bench -- --only community-node`.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PackageHost } from '../src/server/community/PackageHost.ts';
import { taggerPayload, writeTaggerPackage } from '../tests/support/taggerPackage.ts';


const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runCommunityNodeBench({ quick = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-community-bench-'));
  const pkg = writeTaggerPackage(dir, 'n8n-nodes-bench');
  const host = new PackageHost({ packagesDir: dir });
  const rows: Array<{ items: number; hostMs: number; inProcessMs: number; overheadUsPerItem: number }> = [];
  try {
    await host.request({ kind: 'load', dir: pkg }, 'loading the bench package');
    // The same class in this process, with a `this` that answers as the host's does.
    const Tagger = (createRequire(join(pkg, 'package.json'))(join(pkg, 'dist', 'Tagger.node.js')) as { Tagger: new () => { execute(this: unknown): Promise<unknown> } }).Tagger;
    const local = new Tagger();
    for (const count of quick ? [1000, 10_000] : [1000, 10_000, 50_000]) {
      const items = Array.from({ length: count }, (_, i) => ({ json: { id: i, name: `row ${i}`, email: `user${i}@example.com` } }));
      const payload = taggerPayload('n8n-nodes-bench', items);
      const hostTimes: number[] = [];
      const localTimes: number[] = [];
      for (let round = 0; round < (quick ? 5 : 9); round++) {
        let t0 = performance.now();
        await host.request({ kind: 'execute', type: 'n8n-nodes-bench.tagger', version: 1, payload }, 'bench');
        hostTimes.push(performance.now() - t0);
        t0 = performance.now();
        await local.execute.call({ getInputData: () => items, getNodeParameter: () => 'x' });
        localTimes.push(performance.now() - t0);
      }
      const hostMs = median(hostTimes);
      const inProcessMs = median(localTimes);
      rows.push({ items: count, hostMs: Number(hostMs.toFixed(2)), inProcessMs: Number(inProcessMs.toFixed(2)), overheadUsPerItem: Number((((hostMs - inProcessMs) * 1000) / count).toFixed(2)) });
    }
  } finally {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const r of rows) console.log(`${String(r.items).padStart(6)} items: host ${r.hostMs} ms, in process ${r.inProcessMs} ms, overhead ${r.overheadUsPerItem} µs per item`);
  return { rows };
}
