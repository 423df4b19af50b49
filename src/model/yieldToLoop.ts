// Giving the event loop back in the middle of long work, fairly.
//
// Long work (runs, large bodies, walks of big data) calls yieldToLoop() between slices. The
// waiters are resumed one per loop turn, in order: had each its own setImmediate, all those
// queued in one turn would resume in the same check phase, one after another with no timers or
// I/O between them — ten runs each holding 50 ms held the server for 500 ms. The first waiter is
// resumed one turn later than the check phase that follows its call, so that I/O always gets
// its poll phase first (called from an I/O callback, a single setImmediate runs right after it).
//
// sliceDue() says whether the server's thread has been busy for more than a slice since the loop
// was last seen free, whoever made it busy: a run that starts inside a turn where other runs
// already used the slice gives way at once. "Last seen free" is a 4 ms heartbeat (running only
// while someone asks, stopped after a second without questions) and every resumption here.

type Immediate = (callback: () => void) => unknown;
type Timer = { unref?: () => void };

/** The default slice: long work gives the loop back after this many ms. */
export const SLICE_MS = 20;
const BEAT_MS = 4;
const BEAT_IDLE_MS = 1000;

const waiters: Array<() => void> = [];
let pumping = false;
let lastFree = 0;
let lastAsked = 0;
let beat: ReturnType<typeof setInterval> | undefined;

function immediateOf(): Immediate {
  const immediate = (globalThis as { setImmediate?: Immediate }).setImmediate;
  return typeof immediate === 'function' ? immediate : (callback) => setTimeout(callback, 0);
}

function pump(): void {
  const next = waiters.shift();
  if (next) {
    lastFree = performance.now();
    next();
  }
  if (waiters.length) immediateOf()(pump);
  else pumping = false;
}

export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => {
    waiters.push(resolve);
    if (pumping) return;
    pumping = true;
    const immediate = immediateOf();
    immediate(() => immediate(pump));
  });
}

function ensureBeat(now: number): void {
  if (beat !== undefined) return;
  // Nobody asked for a second: assume the turn asking now has just begun.
  lastFree = now;
  beat = setInterval(() => {
    const at = performance.now();
    lastFree = at;
    if (at - lastAsked > BEAT_IDLE_MS) {
      clearInterval(beat);
      beat = undefined;
    }
  }, BEAT_MS);
  (beat as Timer).unref?.();
}

/** How long the thread has been busy since the loop was last seen free, ms (an upper bound, ±4 ms). */
export function heldMs(): number {
  const now = performance.now();
  lastAsked = now;
  ensureBeat(now);
  return now - lastFree;
}

/** True when long work should call yieldToLoop() before its next step. */
export function sliceDue(sliceMs = SLICE_MS): boolean {
  return heldMs() > sliceMs;
}
