// Issue 12 row "executions dialog auto-refresh with 30 rows, 1 h open: flat memory in the
// browser", in the real editor against the real server (bench/editorSession.ts). The dialog
// runs with its real auto-refresh (every 4000 ms, the newest 30) while the instance is busy: a
// production webhook is called twice a second (each refresh brings about 8 new runs and pushes as
// many old ones out) and a 20 s in-process Wait keeps a running row, so the 1 s clock ticks too.
// Every 15 s the page's garbage is collected (CDP HeapProfiler.collectGarbage) and the JS heap,
// DOM nodes and event listeners are sampled; a least-squares line through the heap samples gives
// the growth per minute, projected to one hour. An hour in CI is too long; the projection is the
// honest short form (EXECUTIONS_BENCH_MINUTES=60 runs the real hour). Before it, a control: the
// same page and traffic for as long with the dialog closed; the dialog's share is the difference.
// The series are written to bench/results/executions-dialog-samples.json.
// EXECUTIONS_BENCH_SNAPSHOTS=1 also takes CDP heap snapshots in the open phase: after a minute, once the
// resource timing buffer is full (or at EXECUTIONS_BENCH_SNAPSHOT_MINUTE) and at its end, to
// bench/results/executions-dialog-{start,early,late}.heapsnapshot; bench/heapSnapshotDiff.ts diffs
// them (the objects that were allocated between the two and survived, by constructor and
// retainer). EXECUTIONS_BENCH_CONTROL_MINUTES sets the closed control's length (default: as long).
// Then closing and reopening: twice 20 openings, each until its rows show, then closed; the heap,
// nodes and listeners before and after each round, and the list requests in the 10 s after the
// last close (0 when the timers went with the dialog).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startEditorSession } from './editorSession.ts';

type Cdp = {
  send(method: string, params?: object): Promise<any>;
  on(event: string, listener: (params: any) => void): unknown;
  off(event: string, listener: (params: any) => void): unknown;
};

/** Writes a heap snapshot of the page (CDP HeapProfiler.takeHeapSnapshot, after a GC) to `file`. */
async function heapSnapshot(cdp: Cdp, file: string): Promise<number> {
  const chunks: string[] = [];
  const onChunk = (p: { chunk: string }) => chunks.push(p.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const text = chunks.join('');
  writeFileSync(file, text);
  return text.length;
}

interface Sample {
  minute: number;
  heapMB: number;
  /** Resource timing entries: the browser keeps up to 250 (one per request), then stops. */
  resources: number;
  nodes: number;
  listeners: number;
  rows: number;
}

function node(name: string, type: string, x: number, parameters: object, typeVersion = 1, extra: object = {}) {
  return { id: crypto.randomUUID(), name, type, typeVersion, position: [x, 300], parameters, ...extra };
}

function webhookWorkflow(name: string, path: string, second: object) {
  return {
    name,
    settings: { executionOrder: 'v1' },
    nodes: [node('Webhook', 'n8n-nodes-base.webhook', 240, { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} }, 2, { webhookId: crypto.randomUUID() }), second],
    connections: { Webhook: { main: [[{ node: (second as { name: string }).name, type: 'main', index: 0 }]] } },
  };
}

/** Least-squares slope of y over x. */
export function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

async function sample(cdp: Cdp, page: Page, t0: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = (name: string) => (metrics as Array<{ name: string; value: number }>).find((x) => x.name === name)?.value ?? NaN;
  const rows = await page.locator('[data-testid="executions-row"]').count();
  const resources = await page.evaluate(() => performance.getEntriesByType('resource').length);
  return { minute: Math.round(((Date.now() - t0) / 60_000) * 100) / 100, heapMB: Math.round((usedSize / 2 ** 20) * 100) / 100, resources, nodes: m('Nodes'), listeners: m('JSEventListeners'), rows };
}

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

export async function runExecutionsDialogBench({ quick }: { quick: boolean }) {
  const minutes = Number(process.env.EXECUTIONS_BENCH_MINUTES ?? (quick ? 1.5 : 6));
  const controlMinutes = Number(process.env.EXECUTIONS_BENCH_CONTROL_MINUTES ?? minutes);
  const snapshots = process.env.EXECUTIONS_BENCH_SNAPSHOTS === '1';
  const snapshotMinute = process.env.EXECUTIONS_BENCH_SNAPSHOT_MINUTE ? Number(process.env.EXECUTIONS_BENCH_SNAPSHOT_MINUTE) : undefined;
  const resultsDir = join(import.meta.dirname, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const snapshotFiles: Record<string, { file: string; minute: number; heapMB: number; resources: number; bytes: number }> = {};
  const session = await startEditorSession();
  let traffic = true;
  const calls = { ok: 0, failed: 0 };
  try {
    const stamp = Date.now();
    const okPath = `bench-ok-${stamp}`;
    const runPath = `bench-run-${stamp}`;
    const set = node('Set', 'n8n-nodes-base.set', 480, { assignments: { assignments: [{ id: '1', name: 'x', value: 1, type: 'number' }] }, options: {} }, 3.4);
    const wait = node('Wait', 'n8n-nodes-base.wait', 480, { resume: 'timeInterval', amount: 20, unit: 'seconds' }, 1.1);
    for (const wf of [webhookWorkflow('Bench OK', okPath, set), webhookWorkflow('Bench Running', runPath, wait)]) {
      const created = await session.rest<{ id: string }>('POST', 'workflows', wf);
      await session.rest('PATCH', `workflows/${created.id}`, { active: true });
    }
    const call = async (path: string) => {
      try {
        const res = await fetch(`${session.url}webhook/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
        await res.arrayBuffer();
        if (res.ok) calls.ok++;
        else calls.failed++;
      } catch {
        calls.failed++;
      }
    };
    for (let i = 0; i < 40; i++) await call(okPath);
    const loops = [
      (async () => {
        while (traffic) {
          await call(okPath);
          await new Promise((r) => setTimeout(r, 500));
        }
      })(),
      (async () => {
        while (traffic) {
          await call(runPath);
          for (let i = 0; i < 40 && traffic; i++) await new Promise((r) => setTimeout(r, 500));
        }
      })(),
    ];

    const page = await session.newPage();
    let listRequests = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/rest/executions')) listRequests++;
    });
    await page.goto(`${session.url}workflow`);
    await page.waitForSelector('[data-testid="sidebar-executions"]');
    const cdp = (await page.context().newCDPSession(page)) as unknown as Cdp;
    await cdp.send('Performance.enable');
    await page.waitForTimeout(2000);
    // 0. The control: the same page and traffic for the same time with the dialog closed, so
    // that what the editor does anyway (push, canvas, caches warming) is told apart from the dialog.
    const tb = Date.now();
    const baseline: Sample[] = [];
    const baseEnd = tb + controlMinutes * 60_000;
    while (Date.now() < baseEnd) {
      baseline.push(await sample(cdp, page, tb));
      await page.waitForTimeout(Math.min(15_000, Math.max(0, baseEnd - Date.now())));
    }
    baseline.push(await sample(cdp, page, tb));
    const baseFit = baseline.slice(1);
    const baseSlope = slope(baseFit.map((s) => [s.minute, s.heapMB]));
    const baseLate = baseFit.slice(Math.floor(baseFit.length / 2));
    const baseSlopeLate = slope(baseLate.map((s) => [s.minute, s.heapMB]));
    const beforeOpen = await sample(cdp, page, Date.now());

    // 1. Open for `minutes` with the real 4000 ms refresh.
    await page.click('[data-testid="sidebar-executions"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="executions-row"]').length >= 30, undefined, { timeout: 30_000 });
    const t0 = Date.now();
    const requestsAtOpen = listRequests;
    const samples: Sample[] = [];
    const end = t0 + minutes * 60_000;
    const snap = async (name: string, s: Sample) => {
      const file = join(resultsDir, `executions-dialog-${name}.heapsnapshot`);
      snapshotFiles[name] = { file, minute: s.minute, heapMB: s.heapMB, resources: s.resources, bytes: await heapSnapshot(cdp, file) };
    };
    while (Date.now() < end) {
      const s = await sample(cdp, page, t0);
      samples.push(s);
      // Early: once the browser's resource timing buffer is full (250), so that its filling is
      // not in the diff; or at the minute asked for.
      if (snapshots && !snapshotFiles.start && s.minute >= 1) await snap('start', s);
      else if (snapshots && !snapshotFiles.early && (snapshotMinute === undefined ? s.resources >= 250 : s.minute >= snapshotMinute)) await snap('early', s);
      await page.waitForTimeout(Math.min(15_000, Math.max(0, end - Date.now())));
    }
    samples.push(await sample(cdp, page, t0));
    if (snapshots) await snap('late', samples.at(-1)!);
    const refreshes = listRequests - requestsAtOpen;
    const openMinutes = (Date.now() - t0) / 60_000;
    // The first sample is taken right after the first page: the line starts at the second.
    const fit = samples.slice(1);
    const heapSlope = slope(fit.map((s) => [s.minute, s.heapMB]));
    // The second half, once the resource timing buffer is full and the code warm.
    const late = fit.slice(Math.floor(fit.length / 2));
    const heapSlopeLate = slope(late.map((s) => [s.minute, s.heapMB]));
    const nodesSlope = slope(fit.map((s) => [s.minute, s.nodes]));
    const listenersSlope = slope(fit.map((s) => [s.minute, s.listeners]));

    // 2. Close and reopen 20 times.
    await page.click('[data-testid="executions-close"]');
    await page.waitForSelector('[data-testid="executions-dialog"]', { state: 'detached' });
    await page.waitForTimeout(1000);
    const closed = await sample(cdp, page, t0);
    const reopen = async () => {
      for (let i = 0; i < 20; i++) {
        await page.click('[data-testid="sidebar-executions"]');
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="executions-row"]').length >= 10, undefined, { timeout: 30_000 });
        await page.click('[data-testid="executions-close"]');
        await page.waitForSelector('[data-testid="executions-dialog"]', { state: 'detached' });
      }
      await page.waitForTimeout(1000);
      return sample(cdp, page, t0);
    };
    const afterReopen = await reopen();
    // A second round: what the first left behind that a second does not add is warm-up (compiled
    // code, caches, the browser's resource timing buffer), not a leak.
    const afterReopen2 = await reopen();
    const requestsAtClose = listRequests;
    await page.waitForTimeout(10_000);
    const requestsAfterClose = listRequests - requestsAtClose;

    const heaps = fit.map((s) => s.heapMB);
    const raw = {
      baseline: baseline.map((s) => [s.minute, s.heapMB, s.nodes, s.listeners, s.resources]),
      open: samples.map((s) => [s.minute, s.heapMB, s.nodes, s.listeners, s.resources, s.rows]),
    };
    // bench/results/latest.json is shared by every suite run; the series go to a file of their own too.
    writeFileSync(join(resultsDir, 'executions-dialog-samples.json'), JSON.stringify({ date: new Date().toISOString(), minutes, controlMinutes, ...raw }, null, 1));
    return {
      closedControl: {
        heapFirstMB: baseFit[0]?.heapMB,
        heapLastMB: baseFit.at(-1)?.heapMB,
        heapSlopeKBPerMin: round(baseSlope * 1024, 1),
        heapSlopeSecondHalfKBPerMin: round(baseSlopeLate * 1024, 1),
        nodesMin: Math.min(...baseFit.map((s) => s.nodes)),
        nodesMax: Math.max(...baseFit.map((s) => s.nodes)),
        listenersMin: Math.min(...baseFit.map((s) => s.listeners)),
        listenersMax: Math.max(...baseFit.map((s) => s.listeners)),
      },
      note: `closed control ${controlMinutes} min, then dialog open ${round(openMinutes)} min with the real 4000 ms refresh; webhook traffic 2/s and a running row; GC + sample every 15 s`,
      open: {
        minutes: round(openMinutes),
        refreshes,
        expectedRefreshes: Math.floor((openMinutes * 60_000) / 4000),
        rowsMin: Math.min(...samples.map((s) => s.rows)),
        rowsMax: Math.max(...samples.map((s) => s.rows)),
        heapBeforeOpenMB: beforeOpen.heapMB,
        nodesBeforeOpen: beforeOpen.nodes,
        listenersBeforeOpen: beforeOpen.listeners,
        heapFirstMB: heaps[0],
        heapLastMB: heaps.at(-1),
        heapMinMB: Math.min(...heaps),
        heapMaxMB: Math.max(...heaps),
        heapSlopeKBPerMin: round(heapSlope * 1024, 1),
        heapProjected1hMB: round(heapSlope * 60, 2),
        heapSlopeSecondHalfKBPerMin: round(heapSlopeLate * 1024, 1),
        heapProjected1hSecondHalfMB: round(heapSlopeLate * 60, 2),
        /** The open dialog's own share: its slope less the closed control's. */
        dialogSlopeKBPerMin: round((heapSlope - baseSlope) * 1024, 1),
        dialogProjected1hMB: round((heapSlope - baseSlope) * 60, 2),
        dialogSlopeSecondHalfKBPerMin: round((heapSlopeLate - baseSlopeLate) * 1024, 1),
        resourceEntriesFirst: fit[0]?.resources,
        resourceEntriesLast: fit.at(-1)?.resources,
        nodesMin: Math.min(...fit.map((s) => s.nodes)),
        nodesMax: Math.max(...fit.map((s) => s.nodes)),
        nodesSlopePerMin: round(nodesSlope, 2),
        listenersMin: Math.min(...fit.map((s) => s.listeners)),
        listenersMax: Math.max(...fit.map((s) => s.listeners)),
        listenersSlopePerMin: round(listenersSlope, 2),
        samples: samples.map((s) => s.heapMB),
        nodeSamples: samples.map((s) => s.nodes),
        listenerSamples: samples.map((s) => s.listeners),
      },
      reopen: {
        openings: 20,
        heapClosedMB: closed.heapMB,
        heapAfterMB: afterReopen.heapMB,
        heapAfterSecond20MB: afterReopen2.heapMB,
        resourceEntriesAfter: afterReopen.resources,
        resourceEntriesAfterSecond20: afterReopen2.resources,
        nodesAfterSecond20: afterReopen2.nodes,
        listenersAfterSecond20: afterReopen2.listeners,
        nodesClosed: closed.nodes,
        nodesAfter: afterReopen.nodes,
        listenersClosed: closed.listeners,
        listenersAfter: afterReopen.listeners,
        listRequestsIn10sAfterClose: requestsAfterClose,
      },
      ...(snapshots ? { heapSnapshots: snapshotFiles } : {}),
      webhookCalls: calls.ok,
      webhookFailures: calls.failed,
    };
  } finally {
    traffic = false;
    await session.stop();
  }
}
