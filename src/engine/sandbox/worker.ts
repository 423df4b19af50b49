// Sandbox worker: runs user code in QuickJS off the engine's thread, so a runaway program can be
// terminated without touching the server. Data proxy lookups block on a shared buffer until
// the engine answers.
import { parentPort, workerData } from 'node:worker_threads';
import { loadQuickJS, quickJSDamaged, runInVm, VmError } from './vm.ts';
import { CTRL_ERROR, CTRL_WAITING, SAB_HEADER_BYTES, UNDEFINED_LENGTH, type MainToWorker, type WorkerToMain } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('sandbox worker started outside a worker thread');
const { sab, maxMemoryBytes } = workerData as { sab: SharedArrayBuffer; maxMemoryBytes: number };
const ctrl = new Int32Array(sab, 0, 4);
const decoder = new TextDecoder();

const send = (m: WorkerToMain) => port.postMessage(m);

function bridge(op: string, args: string): string | undefined {
  Atomics.store(ctrl, 0, CTRL_WAITING);
  send({ type: 'call', op, args });
  Atomics.wait(ctrl, 0, CTRL_WAITING);
  const state = Atomics.load(ctrl, 0);
  const length = Atomics.load(ctrl, 1);
  const text = length === UNDEFINED_LENGTH ? undefined : decoder.decode(new Uint8Array(sab, SAB_HEADER_BYTES, length).slice());
  if (state === CTRL_ERROR) {
    const e = JSON.parse(text ?? '{}') as { name?: string; message?: string };
    const err = new Error(e.message ?? 'Error');
    err.name = e.name ?? 'Error';
    throw err;
  }
  return text;
}

port.on('message', (msg: MainToWorker) => {
  if (msg.type !== 'run') return;
  runInVm(msg.request, bridge, (level, message) => send({ type: 'console', level, message }))
    .then((r) => send({ type: 'done', result: r.result, staticData: r.staticData, restart: quickJSDamaged() }))
    .catch((e: unknown) => {
      // Anything else came out of QuickJS itself (a WebAssembly trap, the native stack): the
      // runtime is in doubt, and 'internal' makes the pool replace this worker.
      const info = e instanceof VmError ? e.info : { kind: 'internal' as const, name: 'Error', message: `The code sandbox failed (${(e as Error)?.name ?? 'Error'}: ${(e as Error)?.message ?? String(e)}); it has been restarted` };
      send({ type: 'failed', error: info, restart: quickJSDamaged() });
    });
});

await loadQuickJS(maxMemoryBytes);
send({ type: 'ready' });
