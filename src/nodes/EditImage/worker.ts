// The Edit Image worker: decodes, edits and encodes images off the server's thread. One request
// at a time: { id, request } in, { id, result } or { id, error } out.
import { parentPort } from 'node:worker_threads';
import { ImageError, runOperations, type RunRequest } from './operations.ts';

parentPort!.on('message', async (m: { id: number; request: RunRequest }) => {
  try {
    const result = await runOperations(m.request);
    // A copy of its own, so that transferring it cannot take a pooled buffer away.
    if (result.bytes) result.bytes = new Uint8Array(result.bytes);
    parentPort!.postMessage({ id: m.id, result }, result.bytes ? [result.bytes.buffer as ArrayBuffer] : []);
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).message, known: e instanceof ImageError });
  }
});
parentPort!.postMessage({ ready: true });
