// Issue 18: "wall with a 1,000-node workflow receiving 500 executions/s: main-thread JS per frame
// p95 ≤ 4 ms". The real server (saving of executions off through the execution-data env), the
// 1,000-node orders workflow of bench/wallScreen.ts active, webhook calls at `rate` a second from
// bench/wallLoad.ts in its own process, and the wall (/wall?ids=…, 1920 × 1080) in Debian's
// Chromium with WebGL through SwiftShader. After a warm-up, while the live updates flow:
//   traced    a CDP trace (devtools.timeline) of the page as it is: its own frames only. For each
//             frame the wall drew, the thread time of all main-thread JavaScript since the previous
//             frame (the stream's message handling, MobX, React, timers, the canvas's
//             animation-frame callback): `jsPerFrameMs`, and the same for the animation-frame
//             callbacks alone (`rafCallbacksMs`, as bench/canvas.mjs's tracedFrameCallbacks);
//             the interval between drawn frames; all JS per second of the page.
//   paced     a second trace with a no-op requestAnimationFrame probe, so every 60 Hz frame is a
//             frame: rAF intervals (frame interval) and the JS per frame of every frame.
// Also the achieved rate (the load tool's 2xx answers a second, and the wall's own per-minute
// figure), the server's and the browser's CPU. `npm run bench -- --only wall-frames [--quick]`;
// `node bench/wall-frames.bench.ts [--quick] [--rate 500] [--seconds 20]`.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { cpuSafe, cpuSeconds, openWall, sleep, startLoad, startWallServer, summary, WALL_VIEWPORT } from './wallScreen.ts';

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; data?: Record<string, unknown> } };

/** Main-thread events that run JavaScript; nested ones are counted through their outermost. */
const JS_EVENTS = new Set(['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'EvaluateScript', 'RunMicrotasks', 'FireIdleCallback', 'v8.run', 'V8.Execute', 'XHRReadyStateChange', 'XHRLoad']);

export async function trace(cdp: CDPSession, ms: number, during?: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8.execute', transferMode: 'ReportEvents' });
  const t0 = Date.now();
  if (during) await during();
  const left = ms - (Date.now() - t0);
  if (left > 0) await sleep(left);
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** The page's renderer main thread: the CrRendererMain with the most animation frames. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best = { pid: -1, tid: -1 };
  let most = -1;
  for (const m of mains) {
    const count = events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'FireAnimationFrame').length;
    if (count > most) {
      most = count;
      best = { pid: m.pid, tid: m.tid };
    }
  }
  return best;
}

export interface FrameAnalysis {
  traceMs: number;
  frames: number;
  /** All main-thread JS (thread time) from the end of the previous frame to the end of this one. */
  jsPerFrameMs: ReturnType<typeof summary>;
  /** The frame's animation-frame callbacks alone (thread time). */
  rafCallbacksMs: ReturnType<typeof summary>;
  /** The same callbacks' wall time. */
  rafCallbacksWallMs: ReturnType<typeof summary>;
  /** Between the starts of consecutive frames. */
  frameIntervalMs: ReturnType<typeof summary>;
  /** Main-thread JS (thread time) per second of the trace. */
  jsMsPerSecond: number;
  /** Top-level JS by event name (thread time, ms) over the trace. */
  jsByKind: Record<string, number>;
}

/** Frames = runs of animation-frame callbacks less than 1 ms apart. */
export function analyse(events: TraceEvent[], traceMs: number): FrameAnalysis {
  const { pid, tid } = mainThread(events);
  const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Outermost JS events (complete events nest properly on one thread).
  const top: TraceEvent[] = [];
  let until = -Infinity;
  for (const e of mine) {
    if (!JS_EVENTS.has(e.name)) continue;
    if (e.ts < until) continue;
    top.push(e);
    until = e.ts + e.dur!;
  }
  const cpu = (e: TraceEvent) => (typeof e.tdur === 'number' ? e.tdur : e.dur!) / 1000;
  const byKind: Record<string, number> = {};
  for (const e of top) byKind[e.name] = Math.round(((byKind[e.name] ?? 0) + cpu(e)) * 10) / 10;
  const frames: Array<{ start: number; end: number; rafCpu: number; rafWall: number }> = [];
  for (const e of top) {
    if (e.name !== 'FireAnimationFrame') continue;
    const last = frames[frames.length - 1];
    if (last && e.ts - last.end < 1000) {
      last.end = Math.max(last.end, e.ts + e.dur!);
      last.rafCpu += cpu(e);
      last.rafWall += e.dur! / 1000;
    } else frames.push({ start: e.ts, end: e.ts + e.dur!, rafCpu: cpu(e), rafWall: e.dur! / 1000 });
  }
  // All JS since the previous frame ended, up to this frame's end (the first frame only from its start).
  const perFrame: number[] = [];
  let j = 0;
  for (let i = 0; i < frames.length; i++) {
    const from = i === 0 ? frames[0]!.start : frames[i - 1]!.end;
    const f = frames[i]!;
    let sum = 0;
    while (j < top.length && top[j]!.ts < from) j++;
    while (j < top.length && top[j]!.ts < f.end) sum += cpu(top[j++]!);
    perFrame.push(sum);
  }
  const intervals = frames.slice(1).map((f, i) => (f.start - frames[i]!.start) / 1000);
  const total = top.reduce((a, e) => a + cpu(e), 0);
  return {
    traceMs,
    frames: frames.length,
    jsPerFrameMs: summary(perFrame.slice(1)),
    rafCallbacksMs: summary(frames.map((f) => f.rafCpu)),
    rafCallbacksWallMs: summary(frames.map((f) => f.rafWall)),
    frameIntervalMs: summary(intervals),
    jsMsPerSecond: Math.round((total / (traceMs / 1000)) * 10) / 10,
    jsByKind: byKind,
  };
}

type CanvasEl = HTMLElement & { wallCanvas: { getStats(): { frameWorkMs: number[]; frames: number; lod: string; namePx: number; displayedNodes?: number } } };

async function canvasStats(page: import('playwright-core').Page) {
  return page.evaluate(() => {
    const s = (document.querySelector('[data-testid="wall-canvas"]') as CanvasEl).wallCanvas.getStats();
    return { frames: s.frames, frameWorkMs: s.frameWorkMs, lod: s.lod, namePx: s.namePx, displayedNodes: s.displayedNodes };
  });
}

const perMinute = (page: import('playwright-core').Page) =>
  page.evaluate(() => Number(document.querySelector('[data-testid="wall-per-minute"] dd')?.textContent ?? NaN));

export async function runWallFramesBench({ quick = false, rate = 500, seconds = quick ? 8 : 20 }: { quick?: boolean; rate?: number; seconds?: number } = {}) {
  const warmup = quick ? 20 : 45;
  const server = await startWallServer();
  let wall: Awaited<ReturnType<typeof openWall>> | undefined;
  let load: ReturnType<typeof startLoad> | undefined;
  try {
    const { id, nodes } = await server.createWall(1000);
    wall = await openWall(server.url, id, nodes);
    const { page, cdp } = wall;
    const atOpen = await canvasStats(page);
    // Warm-up (the JIT on both sides, the wall's per-minute figure filling), then the traced window
    // and the paced one; the load runs through all of them.
    const total = warmup + 2 * seconds + 10;
    load = startLoad(server.url, rate, total);
    const loadAtStart = loadavg()[0]!;
    await sleep(warmup * 1000);
    const server0 = cpuSeconds(server.pid);
    const pids = wall.browserPids();
    const browser0 = pids.reduce((a, p) => a + cpuSafe(p), 0);
    const sent0 = load.sofar();
    const t0 = Date.now();
    const before = await canvasStats(page);
    const perMinuteSeen: number[] = [await perMinute(page)];
    const traced = analyse(await trace(cdp, seconds * 1000), seconds * 1000);
    const after = await canvasStats(page);
    perMinuteSeen.push(await perMinute(page));
    const elapsed = (Date.now() - t0) / 1000;
    const serverCores = (cpuSeconds(server.pid) - server0) / elapsed;
    const browserCores = (pids.reduce((a, p) => a + cpuSafe(p), 0) - browser0) / elapsed;
    const answeredPerSecond = (load.sofar() - sent0) / elapsed; // all answers, refusals included
    // The paced window: a no-op rAF loop makes every 60 Hz frame a frame.
    const paced = analyse(
      await trace(cdp, seconds * 1000, () =>
        page.evaluate(() => {
          const w = window as unknown as { __probe?: boolean };
          w.__probe = true;
          const step = () => {
            if (w.__probe) requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }),
      ),
      seconds * 1000,
    );
    await page.evaluate(() => ((window as unknown as { __probe?: boolean }).__probe = false));
    perMinuteSeen.push(await perMinute(page));
    await load.stop();
    const loadResult = await load.done;
    load = undefined;
    if (wall.errors.length) throw new Error(`wall-frames: page errors: ${wall.errors.join('; ')}`);
    const drawnFrames = after.frames - before.frames;
    const canvasWork = after.frameWorkMs.slice(-Math.min(after.frameWorkMs.length, Math.max(0, traced.frames)));
    const target = 4;
    return {
      rate,
      achieved: {
        /** Executions a second the server took (2xx answers) over the whole load. */
        acceptedPerSecond: loadResult.acceptedPerSecond,
        loadToolRequestsPerSecond: loadResult.requestsPerSecond,
        otherStatuses: loadResult.otherStatuses,
        respondedPerSecondWhileTraced: Math.round(answeredPerSecond),
        non2xx: loadResult.non2xx,
        errors: loadResult.errors,
        latencyP50Ms: loadResult.latencyP50Ms,
        latencyP99Ms: loadResult.latencyP99Ms,
        wallPerMinuteShown: perMinuteSeen,
        perSecond: loadResult.perSecond,
      },
      saving: 'off (SWITCHYARD_EXECUTIONS_DATA_SAVE_ON_SUCCESS=none, SWITCHYARD_EXECUTIONS_DATA_SAVE_ON_ERROR=none)',
      workflow: { nodes, lod: atOpen.lod, namePx: atOpen.namePx, displayedNodes: atOpen.displayedNodes },
      renderer: wall.renderer,
      viewport: WALL_VIEWPORT,
      warmupSeconds: warmup,
      traced: { ...traced, canvasRenders: drawnFrames, canvasFrameWorkMs: summary(canvasWork) },
      paced,
      cpu: { serverCores: Math.round(serverCores * 100) / 100, browserCores: Math.round(browserCores * 100) / 100 },
      loadAverage1m: { start: Math.round(loadAtStart * 100) / 100, end: Math.round(loadavg()[0]! * 100) / 100 },
      target: { jsPerFrameP95Ms: target, met: (traced.jsPerFrameMs as { p95?: number }).p95 !== undefined && (traced.jsPerFrameMs as { p95: number }).p95 <= target },
      method:
        'traced: CDP trace (devtools.timeline) of the wall as it is; a frame = a run of FireAnimationFrame events < 1 ms apart on the renderer main thread; jsPerFrameMs = thread time of all outermost JS events (FunctionCall, EventDispatch, TimerFire, FireAnimationFrame, RunMicrotasks …) from the previous frame’s end to this frame’s end; rafCallbacksMs = the frame’s animation-frame callbacks only; paced: the same with a no-op rAF loop so every 60 Hz frame counts (frameIntervalMs = rAF intervals)',
    };
  } finally {
    await load?.stop();
    await wall?.browser.close().catch(() => undefined);
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const r = await runWallFramesBench({ quick: process.argv.includes('--quick'), rate: arg('rate'), seconds: arg('seconds') });
  console.log(JSON.stringify({ ...r, achieved: { ...r.achieved, perSecond: r.achieved.perSecond.join(' ') } }, null, 2));
}
