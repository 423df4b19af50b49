// yieldToLoop gives the event loop a whole turn: from an I/O callback (where request handlers
// run), timers due meanwhile fire before the work goes on. One setImmediate would not let them.
import { readFile } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { yieldToLoop } from '../../src/model/yieldToLoop.ts';

/** Runs `work` inside an I/O callback (the poll phase), as a request handler runs. */
function fromIo(work: () => Promise<boolean>): Promise<boolean> {
  return new Promise((resolve, reject) => readFile(import.meta.filename, () => void work().then(resolve, reject)));
}

describe('yieldToLoop', () => {
  it('lets a due timer run before going on, from an I/O callback', async () => {
    const fired = await fromIo(async () => {
      let timer = false;
      setTimeout(() => (timer = true), 0);
      const until = performance.now() + 5;
      while (performance.now() < until) {
        /* hold the loop past the timer's due time */
      }
      await yieldToLoop();
      return timer;
    });
    expect(fired).toBe(true);
  });

  it('one setImmediate would not (the reason for two)', async () => {
    const fired = await fromIo(async () => {
      let timer = false;
      setTimeout(() => (timer = true), 0);
      const until = performance.now() + 5;
      while (performance.now() < until) {
        /* hold */
      }
      await new Promise((resolve) => setImmediate(resolve));
      return timer;
    });
    expect(fired).toBe(false);
  });
});
