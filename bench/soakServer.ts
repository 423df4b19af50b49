// The soak bench's server process (bench/soak.bench.ts): the real server (src/server/main.ts,
// imported as `npm run serve` runs it), plus an IPC channel the bench asks for the heap after a
// forced GC, the longest event-loop hold since the last sample, and heap snapshots. Bench-only:
// the product has no route for any of this. Needs --expose-gc and an IPC channel (fork/spawn
// with 'ipc').
import { writeHeapSnapshot } from 'node:v8';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('bench/soakServer.ts needs --expose-gc and an IPC channel');

// The loop's longest hold: gaps between ticks of a 10 ms interval, less 10 ms. The bench's own
// forced GCs and snapshots move `last` on, so they are not counted as the server's holds.
const TICK_MS = 10;
let last = performance.now();
let loopMaxMs = 0;
/** Holds over 50 ms since the last sample: when they ended (epoch ms) and how long they were. */
let holds: Array<{ end: number; ms: number }> = [];
setInterval(() => {
  const now = performance.now();
  const held = now - last - TICK_MS;
  loopMaxMs = Math.max(loopMaxMs, held);
  if (held > 50 && holds.length < 200) holds.push({ end: Date.now(), ms: held });
  last = now;
}, TICK_MS).unref();

export interface SoakSample {
  /** Longest event-loop hold since the previous sample (before this sample's GC), ms. */
  loopMaxMs: number;
  /** The forced full GC (two passes: the second frees what finalizers of the first let go). */
  gcMs: number;
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  arrayBuffers: number;
  holds: Array<{ end: number; ms: number }>;
}

process.on('message', (m: { type: string; id: number; path?: string }) => {
  if (m.type === 'sample') {
    const held = loopMaxMs;
    const since = holds;
    holds = [];
    const t0 = performance.now();
    gc();
    gc();
    const gcMs = performance.now() - t0;
    const mu = process.memoryUsage();
    loopMaxMs = 0;
    last = performance.now();
    const sample: SoakSample = { loopMaxMs: Math.max(0, held), gcMs, heapUsed: mu.heapUsed, heapTotal: mu.heapTotal, rss: mu.rss, external: mu.external, arrayBuffers: mu.arrayBuffers, holds: since };
    process.send!({ id: m.id, sample });
  } else if (m.type === 'snapshot') {
    const file = writeHeapSnapshot(m.path);
    last = performance.now();
    process.send!({ id: m.id, file });
  }
});

await import('../src/server/main.ts');
