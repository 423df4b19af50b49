// The frame parts (src/canvas/frame/): the scheduler (one request at a time, errors reported
// once, whenIdle), the render policy (compositor pan or WebGL render) and the stats windows.
import { describe, expect, it } from 'vitest';
import { FrameScheduler, MAX_REPORTED_FRAME_ERRORS, type FrameHost } from '../../src/canvas/frame/FrameScheduler.ts';
import { OVERSCAN_PX, PAN_RENDER_EVERY_FRAMES, PAN_SETTLE_MS, cameraSettled, compositeTransform, planFrame, renderedRect, type FrameFacts } from '../../src/canvas/frame/renderPolicy.ts';
import { FrameStats, STATS_WINDOW, pushBounded } from '../../src/canvas/frame/FrameStats.ts';

function fakeHost(run: (now: number) => void = () => {}) {
  const queue: Array<(now: number) => void> = [];
  const errors: string[] = [];
  let recovered = 0;
  let ready = true;
  const host: FrameHost = {
    request: (cb) => queue.push(cb),
    ready: () => ready,
    run,
    recover: () => recovered++,
    onError: (m) => errors.push(m),
  };
  return { host, queue, errors, recovered: () => recovered, setReady: (v: boolean) => (ready = v) };
}

describe('FrameScheduler', () => {
  it('requests one frame until it runs, and none after stop', () => {
    let runs = 0;
    const t = fakeHost(() => runs++);
    const f = new FrameScheduler(t.host);
    f.invalidate();
    f.invalidate();
    expect(t.queue.length).toBe(1);
    t.queue.shift()!(16);
    expect(runs).toBe(1);
    f.invalidate();
    expect(t.queue.length).toBe(1);
    f.stop();
    t.queue.shift()!(32);
    expect(runs).toBe(1);
    f.invalidate();
    expect(t.queue.length).toBe(0);
    expect(f.stopped).toBe(true);
  });

  it('skips frames before the renderer is ready', () => {
    let runs = 0;
    const t = fakeHost(() => runs++);
    t.setReady(false);
    const f = new FrameScheduler(t.host);
    f.invalidate();
    t.queue.shift()!(0);
    expect(runs).toBe(0);
  });

  it('a throwing frame is reported once per message, at most MAX_REPORTED_FRAME_ERRORS messages, and recovered every time', () => {
    let n = 0;
    const t = fakeHost(() => {
      throw new Error(`bad ${Math.floor(n++ / 2)}`);
    });
    const f = new FrameScheduler(t.host);
    for (let i = 0; i < 2 * (MAX_REPORTED_FRAME_ERRORS + 5); i++) {
      f.invalidate();
      t.queue.shift()!(i);
    }
    expect(t.errors.length).toBe(MAX_REPORTED_FRAME_ERRORS);
    expect(t.errors[0]).toBe('Canvas frame failed: bad 0');
    expect(t.recovered()).toBe(2 * (MAX_REPORTED_FRAME_ERRORS + 5));
    // The loop keeps going after an error.
    f.invalidate();
    expect(t.queue.length).toBe(1);
  });

  it('whenIdle asks for a frame and resolves when the host says idle', async () => {
    const t = fakeHost();
    const f = new FrameScheduler(t.host);
    let done = false;
    const p = f.whenIdle().then(() => (done = true));
    expect(t.queue.length).toBe(1);
    expect(f.waitingForIdle).toBe(true);
    await Promise.resolve();
    expect(done).toBe(false);
    f.resolveIdle();
    await p;
    expect(done).toBe(true);
    expect(f.waitingForIdle).toBe(false);
  });

  it('a canvas that goes is idle: waiters resolve at stop, and whenIdle after it at once', async () => {
    const t = fakeHost();
    const f = new FrameScheduler(t.host);
    const waiting = f.whenIdle();
    f.stop();
    await waiting;
    expect(f.waitingForIdle).toBe(false);
    await f.whenIdle();
    expect(t.queue.length).toBe(1);
  });
});

describe('render policy', () => {
  const cam = { x: 0, y: 0, k: 1 };
  const facts = (over: Partial<FrameFacts>): FrameFacts => ({ changed: false, moved: false, contentAnimating: false, cam, rendered: cam, settled: false, framesSinceRender: 0, ...over });

  it('renders the first frame, and on any content change', () => {
    expect(planFrame(facts({ rendered: null }))).toEqual({ kind: 'render' });
    expect(planFrame(facts({ changed: true }))).toEqual({ kind: 'render' });
    expect(planFrame(facts({ moved: true }))).toEqual({ kind: 'render' });
    expect(planFrame(facts({ contentAnimating: true }))).toEqual({ kind: 'render' });
    expect(planFrame(facts({}))).toEqual({ kind: 'none' });
  });

  it('pans a moving camera by the compositor, rendering when it settles, every few frames, or when the bitmap would show gaps', () => {
    const moved = { x: 10, y: -5, k: 1 };
    expect(planFrame(facts({ cam: moved }))).toEqual({ kind: 'composite', transform: 'translate(10px, -5px)' });
    expect(planFrame(facts({ cam: moved, settled: true }))).toEqual({ kind: 'render' });
    expect(planFrame(facts({ cam: moved, framesSinceRender: PAN_RENDER_EVERY_FRAMES }))).toEqual({ kind: 'render' });
    expect(planFrame(facts({ cam: { x: OVERSCAN_PX, y: 0, k: 1 } }))).toEqual({ kind: 'render' });
    expect(planFrame(facts({ cam: { x: 0, y: 0, k: 1.5 } }))).toEqual({ kind: 'render' });
  });

  it('a camera still between two input steps is not settled; it is after PAN_SETTLE_MS, or at once after an animation', () => {
    // Wheel events at 30 a second against 60 frames: one still frame between two steps.
    expect(cameraSettled(true, 17, false)).toBe(false);
    expect(cameraSettled(true, PAN_SETTLE_MS - 1, false)).toBe(false);
    expect(cameraSettled(true, PAN_SETTLE_MS, false)).toBe(true);
    expect(cameraSettled(true, 0, true)).toBe(true);
    expect(cameraSettled(false, 10_000, true)).toBe(false);
  });

  it('a composite zoom scales around the bitmap origin so the world stays put', () => {
    const rc = { x: 0, y: 0, k: 1 };
    const c = { x: -12.8, y: -12.8, k: 1.1 };
    // transform = translate(cam.x - (O + rc.x) * s + O) scale(s)
    expect(compositeTransform(c, rc)).toBe(`translate(${-12.8 - OVERSCAN_PX * 1.1 + OVERSCAN_PX}px, ${-12.8 - OVERSCAN_PX * 1.1 + OVERSCAN_PX}px) scale(1.1)`);
    expect(compositeTransform({ x: 0, y: 0, k: 0.7 }, rc)).toBeNull();
  });

  it('the rendered rectangle is the view plus the overscan on every side', () => {
    expect(renderedRect({ x: 0, y: 0, k: 2 }, 100, 50)).toEqual({ minX: -OVERSCAN_PX / 2, minY: -OVERSCAN_PX / 2, maxX: (100 + OVERSCAN_PX) / 2, maxY: (50 + OVERSCAN_PX) / 2 });
  });
});

describe('FrameStats', () => {
  it('keeps bounded windows', () => {
    const l: number[] = [];
    for (let i = 0; i < STATS_WINDOW + 10; i++) pushBounded(l, i);
    expect(l.length).toBe(STATS_WINDOW);
    expect(l[0]).toBe(10);
  });

  it("charges each pointer move its handler time plus its share of the next frame", () => {
    const s = new FrameStats();
    s.pointerMove(1);
    s.pointerMove(3);
    s.frameDone(10);
    expect(s.frameWorkMs).toEqual([10]);
    expect(s.pointerMoveWorkMs).toEqual([7, 7]);
    s.frameDone(4);
    expect(s.pointerMoveWorkMs).toEqual([7, 7]);
    s.rendered(5, 3);
    s.query(8, 2);
    expect([s.renderWorkMs, s.edgesRedrawn, s.queryRoundTripMs, s.queryWorkerMs]).toEqual([[5], [3], [8], [2]]);
  });
});
