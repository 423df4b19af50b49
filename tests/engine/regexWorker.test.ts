// The regex worker (src/engine/regex) runs a pattern compiled from its first execution: V8's
// default interprets the first run, which made a 7 ms match take 58 ms in every fresh worker and
// stopped harmless patterns at the 50 ms limit (the attack suite's 300-item rows, now and then).
import { describe, expect, it } from 'vitest';
import { warmRegexWorker, workerRegexRunner } from '../../src/engine/regex/runner.ts';

describe('regex worker', () => {
  it('the first run of a pattern costs what the next runs cost (no interpreted first run)', () => {
    warmRegexWorker();
    // A pattern this worker (and V8's regexp cache) has not seen, exponential on this input.
    const source = `(a+)+$|z${process.pid}q${Date.now()}`;
    const request = { op: 'test' as const, source, flags: 'i', lastIndex: 0, input: 'a'.repeat(17) + '!' };
    const first = workerRegexRunner(request, 5_000);
    const second = workerRegexRunner(request, 5_000);
    expect(first?.ok && second?.ok).toBe(true);
    const cpu = (r: typeof first) => (r?.ok ? (r.cpuMs ?? NaN) : NaN);
    // CPU time of the worker's thread, so a busy machine does not change the ratio.
    expect(cpu(first)).toBeLessThan(3 * cpu(second) + 5);
  });
});
