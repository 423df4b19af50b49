// Pausing between batches of requests (the Batching option), cancelled with the run.

export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Before item `itemIndex`: wait when a new batch starts (batch size 0 counts as 1). */
export async function waitForBatch(itemIndex: number, batchSize: number, batchInterval: number, signal: AbortSignal): Promise<void> {
  if (itemIndex === 0 || batchSize < 0 || batchInterval <= 0) return;
  const size = batchSize > 0 ? batchSize : 1;
  if (itemIndex % size === 0) await pause(batchInterval, signal);
}
