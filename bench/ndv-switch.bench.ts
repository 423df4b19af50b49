// Opening the node details view of a Switch with 50 rules (issue 11 follow-up: "a Switch node with
// 50 rules takes ~0.7 s in one long task to draw its parameters panel"), in the real editor
// against the real server (bench/editorSession.ts). Each open runs under the CDP Profiler (1 ms
// sampling) and is timed from `ui.openNdv` to the frame after the last rule's filter row is in the
// page. Reported per open: wall time, main-thread script time (profile samples that are neither
// idle, '(program)' — native work such as style and layout — nor GC; sampled on the wall clock,
// so on a loaded machine it counts time the thread waited for a core) and GC; then the same opens
// under a CDP trace for the main thread's CPU (thread) time, all work included, and its longest
// task's; medians of the runs; the long tasks (> 50 ms) meanwhile. NDV_SWITCH_PROFILE=1 prints the functions with the most
// self time, summed over the runs.
import type { CDPSession, Page } from 'playwright-core';
import { MANUAL_TRIGGER, median, startEditorSession, switchRule as rule } from './editorSession.ts';

const W = `window.__switchyard`;
const RULES = 50;

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string } };
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork']);
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Self time per node id (ms) from the samples. */
function selfTimes(p: Profile): Map<number, number> {
  const t = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    t.set(p.samples[i], (t.get(p.samples[i]) ?? 0) + dt);
  }
  return t;
}

function split(p: Profile): { script: number; program: number; gc: number; idle: number } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const out = { script: 0, program: 0, gc: 0, idle: 0 };
  for (const [id, ms] of selfTimes(p)) {
    const name = byId.get(id)!.callFrame.functionName;
    if (name === '(idle)') out.idle += ms;
    else if (name === '(program)') out.program += ms;
    else if (name === '(garbage collector)') out.gc += ms;
    else out.script += ms;
  }
  return out;
}

async function openOnce(page: Page, cdp: CDPSession, hot: Map<string, number> | undefined, trace: boolean) {
  await page.waitForTimeout(300);
  await page.evaluate(() => (window.__longTasks.length = 0));
  const events: TraceEvent[] = [];
  const collect = (e: { value: unknown[] }) => void events.push(...(e.value as TraceEvent[]));
  if (trace) {
    cdp.on('Tracing.dataCollected', collect);
    await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline', transferMode: 'ReportEvents' });
  } else await cdp.send('Profiler.start');
  const ms = await page.evaluate(
    async ({ rules }) => {
      const t0 = performance.now();
      (window as unknown as { __switchyard: { ui: { openNdv(id: string): void } } }).__switchyard.ui.openNdv('s');
      await new Promise<void>((resolve, reject) => {
        const check = () =>
          document.querySelectorAll('[data-testid="parameter-input-options.fallbackOutput"]').length && [...document.querySelectorAll<HTMLInputElement>('[data-testid="parameter-rules"] input')].some((i) => i.value === `Status ${rules - 1}`)
            ? resolve()
            : performance.now() - t0 > 20_000
              ? reject(new Error('the 50 rules were not drawn'))
              : requestAnimationFrame(check);
        check();
      });
      await new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    },
    { rules: RULES },
  );
  const longTasks = await page.evaluate(() => window.__longTasks.map((d) => Math.round(d)));
  if (trace) {
    // The renderer main thread's tasks during the open: thread (CPU) time is the work itself, what
    // wall time adds on this shared machine is waiting for a core.
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const tasks = events.filter((e) => e.ph === 'X' && TASK_NAMES.has(e.name) && mains.has(`${e.pid}:${e.tid}`));
    const busy = new Map<string, number>();
    for (const t of tasks) busy.set(`${t.pid}:${t.tid}`, (busy.get(`${t.pid}:${t.tid}`) ?? 0) + (t.dur ?? 0));
    const main = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const mine = tasks.filter((t) => `${t.pid}:${t.tid}` === main);
    await page.evaluate(`${W}.ui.closeNdv(true)`);
    return { ms: Math.round(ms), cpuMs: mine.reduce((a, t) => a + (t.tdur ?? 0), 0) / 1000, longestCpuMs: Math.max(0, ...mine.map((t) => (t.tdur ?? 0) / 1000)), script: 0, program: 0, gc: 0, idle: 0, longTasks };
  }
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  if (hot) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const [id, t] of selfTimes(profile)) {
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      hot.set(key, (hot.get(key) ?? 0) + t);
    }
  }
  await page.evaluate(`${W}.ui.closeNdv(true)`);
  return { ms: Math.round(ms), cpuMs: 0, longestCpuMs: 0, ...split(profile), longTasks };
}

export async function runNdvSwitchBench({ quick }: { quick: boolean }) {
  const runs = quick ? 3 : 9;
  const session = await startEditorSession();
  try {
    const wfId = await session.createWorkflow({
      name: 'Switch bench',
      nodes: [
        MANUAL_TRIGGER,
        { id: 's', name: 'Switch', type: 'n8n-nodes-base.switch', typeVersion: 3.2, position: [460, 300], parameters: { mode: 'rules', rules: { values: Array.from({ length: RULES }, (_, i) => rule(i)) }, options: { fallbackOutput: 'none' } } },
      ],
      connections: { Trigger: { main: [[{ node: 'Switch', type: 'main', index: 0 }]] } },
    });
    const page = await session.newPage();
    if (process.env.NDV_SWITCH_PROFILE) {
      // Who forces style: calls of checkVisibility with their time, per open.
      await page.addInitScript(() => {
        const w = window as unknown as { __cv: { n: number; ms: number; stacks: Record<string, number> } };
        w.__cv = { n: 0, ms: 0, stacks: {} };
        const orig = Element.prototype.checkVisibility;
        Element.prototype.checkVisibility = function (this: Element, o?: CheckVisibilityOptions) {
          const t = performance.now();
          const r = orig.call(this, o);
          const d = performance.now() - t;
          w.__cv.n++;
          w.__cv.ms += d;
          if (d > 5) {
            const k = (new Error().stack ?? '').split('\n').slice(2, 6).join(' < ');
            w.__cv.stacks[k] = (w.__cv.stacks[k] ?? 0) + d;
          }
          return r;
        };
      });
    }
    await session.openWorkflow(page, wfId, 2);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    const hot = process.env.NDV_SWITCH_PROFILE ? new Map<string, number>() : undefined;
    // The first open loads the NDV's code and warms the JIT; it is reported on its own.
    const first = await openOnce(page, cdp, undefined, false);
    const all = [];
    for (let r = 0; r < runs; r++) all.push(await openOnce(page, cdp, hot, false));
    // The same opens under a trace (not at the same time as the profiler, which adds its own work).
    const traced = [];
    for (let r = 0; r < runs; r++) traced.push(await openOnce(page, cdp, undefined, true));
    if (hot) {
      console.log('checkVisibility', JSON.stringify(await page.evaluate(() => (window as unknown as { __cv: unknown }).__cv), null, 1));
      const top = [...hot].sort((a, b) => b[1] - a[1]).slice(0, 40);
      for (const [k, t] of top) console.log(`${(t / runs).toFixed(1).padStart(7)} ms  ${k}`);
    }
    const r1 = (x: number) => Math.round(x * 10) / 10;
    return {
      data: { rules: RULES, runs },
      firstOpen: { ms: first.ms, scriptMs: r1(first.script), programMs: r1(first.program), gcMs: r1(first.gc), longTasks: first.longTasks },
      open: {
        msMedian: median(all.map((x) => x.ms)),
        scriptMsMedian: r1(median(all.map((x) => x.script))),
        programMsMedian: r1(median(all.map((x) => x.program))),
        gcMsMedian: r1(median(all.map((x) => x.gc))),
        ms: all.map((x) => x.ms),
        scriptMs: all.map((x) => Math.round(x.script)),
        longTasks: all.map((x) => x.longTasks),
      },
      openTraced: {
        msMedian: median(traced.map((x) => x.ms)),
        mainThreadCpuMsMedian: r1(median(traced.map((x) => x.cpuMs))),
        longestTaskCpuMsMedian: r1(median(traced.map((x) => x.longestCpuMs))),
        cpuMs: traced.map((x) => Math.round(x.cpuMs)),
      },
    };
  } finally {
    await session.stop();
  }
}
