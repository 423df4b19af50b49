// Opening a workflow in the real editor as a user waits for it (issue 18): navigation start in a
// new tab of a browser whose cache is warm (a returning user) → the first frame after the
// workflow is in the store and the canvas has drawn every visible node (whenIdle), with the
// phases that lead there: document, app scripts run (DOMContentLoaded), settings, sign-in, node
// types, the workflow's GET, the store filled, the canvas idle.
// The same workflow on the wall screen (/wall?ids=<id>): navigation start → its fitted canvas idle.
import type { BrowserContext } from 'playwright-core';
import { startEditorSession } from './editorSession.ts';
import { generateWorkflow } from './generateWorkflow.ts';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.floor(s.length / 2)]! * 10) / 10 : NaN;
};

type Phases = Record<string, number>;

async function openOnce(tabs: BrowserContext, url: string, nodes: number): Promise<Phases> {
  const tab = await tabs.newPage();
  try {
    await tab.goto(url, { waitUntil: 'commit' });
    const phases = await tab.evaluate(
      (count) =>
        new Promise<Record<string, number>>((resolve, reject) => {
          type W = { __switchyard?: { workflow: { nodes: Map<string, unknown> } }; __switchyardCanvas?: { whenIdle(): Promise<void> } };
          const w = window as unknown as W;
          const out: Record<string, number> = {};
          const timer = setTimeout(() => reject(new Error('not open after 60 s')), 60_000);
          const poll = () => {
            if (out.store === undefined && w.__switchyard?.workflow.nodes.size === count) out.store = performance.now();
            if (out.store !== undefined && w.__switchyardCanvas) {
              void w.__switchyardCanvas.whenIdle().then(() =>
                requestAnimationFrame(() => {
                  out.drawn = performance.now();
                  clearTimeout(timer);
                  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
                  out.document = nav.responseEnd;
                  out.scriptsRun = nav.domContentLoadedEventEnd;
                  for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
                    const p = new URL(e.name).pathname;
                    const key = p.endsWith('/rest/settings') ? 'settings' : p.endsWith('/rest/login') ? 'login' : p.endsWith('/rest/node-types') ? 'nodeTypes' : /\/rest\/workflows\/[^/]+$/.test(p) ? 'workflowGet' : undefined;
                    if (key && out[key] === undefined) out[key] = e.responseEnd;
                  }
                  resolve(out);
                }),
              );
              return;
            }
            requestAnimationFrame(poll);
          };
          poll();
        }),
      nodes,
    );
    return phases;
  } finally {
    await tab.close();
  }
}

/**
 * The wall (`/wall?ids=<id>`, signed in) in a new tab: navigation start → the first frame after
 * its canvas is fitted and has drawn every visible node (the panel's canvas handle appears once
 * the renderer is up and the fit applied; then whenIdle).
 */
async function openWallOnce(tabs: BrowserContext, url: string): Promise<number> {
  const tab = await tabs.newPage();
  try {
    await tab.goto(url, { waitUntil: 'commit' });
    return await tab.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          type El = HTMLElement & { wallCanvas?: { whenIdle(): Promise<void> } };
          const timer = setTimeout(() => reject(new Error('wall not drawn after 60 s')), 60_000);
          const poll = () => {
            const c = (document.querySelector('[data-testid="wall-canvas"]') as El | null)?.wallCanvas;
            if (!c) return void requestAnimationFrame(poll);
            void c.whenIdle().then(() =>
              requestAnimationFrame(() => {
                clearTimeout(timer);
                resolve(performance.now());
              }),
            );
          };
          poll();
        }),
    );
  } finally {
    await tab.close();
  }
}

export async function runEditorOpenBench({ quick }: { quick?: boolean } = {}) {
  const session = await startEditorSession();
  try {
    const runs = quick ? 3 : 7;
    const sizes = quick ? [1000] : [1000, 10000];
    const tabs = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const out: Record<string, unknown> = {};
    for (const n of sizes) {
      const wf = generateWorkflow(n, { seed: 7 });
      const id = await session.createWorkflow({ name: `open ${n}`, nodes: wf.nodes, connections: wf.connections });
      const url = `${session.url}workflow/${id}`;
      await openOnce(tabs, url, n); // warms the browser's cache and the server
      const all: Phases[] = [];
      for (let r = 0; r < runs; r++) {
        await new Promise((res) => setTimeout(res, 500));
        all.push(await openOnce(tabs, url, n));
      }
      const keys = ['document', 'scriptsRun', 'settings', 'login', 'nodeTypes', 'workflowGet', 'store', 'drawn'];
      const phases: Record<string, number> = {};
      for (const k of keys) phases[k] = median(all.map((p) => p[k] ?? NaN));
      out[`open${n}`] = { drawnMs: { median: phases.drawn, runs: all.map((p) => Math.round(p.drawn!)) }, phasesMedianMs: phases };
      // The same workflow on the wall (issue 18: the open budget holds there too).
      const wallUrl = `${session.url}wall?ids=${id}`;
      await openWallOnce(tabs, wallUrl);
      const wall: number[] = [];
      for (let r = 0; r < runs; r++) {
        await new Promise((res) => setTimeout(res, 500));
        wall.push(await openWallOnce(tabs, wallUrl));
      }
      out[`wall${n}`] = { drawnMs: { median: median(wall), runs: wall.map(Math.round) } };
    }
    return { ...out, budgets: { open1000Ms: 1000, open10000Ms: 2000 } };
  } finally {
    await session.stop();
  }
}
