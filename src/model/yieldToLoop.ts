// Giving the event loop back in the middle of long work. One setImmediate is not enough: called
// from an I/O callback (an HTTP request, a database answer) it runs in the same loop turn's
// check phase, right after, with no timers or I/O in between, so the holds on both sides of it
// add up. The second setImmediate lands after the next turn's timers and I/O.

type Immediate = (callback: () => void) => unknown;

export function yieldToLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: Immediate }).setImmediate;
  if (typeof immediate !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => immediate(() => immediate(resolve)));
}
