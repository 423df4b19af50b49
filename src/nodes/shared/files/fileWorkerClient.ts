// Owner of the file workers (fileWorker.ts): at most two, reused between jobs, each job given a
// heap limit and a wall-clock limit; a job that passes either has its worker ended and fails
// with a clear error, and the server's event loop is never held by a parse. Rows come back in
// batches asked for one at a time, with the loop given back between them.
import { Worker } from 'node:worker_threads';
import { yieldToLoop } from '../../../model/yieldToLoop.ts';
import { fileLimits, formatMb } from './limits.ts';
import type { FileJob, FileWorkerReply, ReadSheetOptions, SheetFormat, WriteSheetOptions } from './fileWorkerProtocol.ts';

const MAX_WORKERS = 2;
const IDLE_MS = 30_000;
const WRITE_BATCH_ROWS = 2000;

/** A failure of the file itself (bad format, zip bomb, wrong password …) or of the worker's limits. */
export class FileJobError extends Error {
  readonly badFile: boolean;
  constructor(message: string, badFile: boolean, name?: string) {
    super(message);
    this.name = name && name !== 'Error' ? name : 'FileJobError';
    this.badFile = badFile;
  }
}

interface PooledWorker {
  worker: Worker;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
  /** Where the reply to the job in flight goes. */
  pending?: { resolve: (r: FileWorkerReply) => void; reject: (e: Error) => void };
  failure?: Error;
}

const idle: PooledWorker[] = [];
let live = 0;
const waiting: Array<() => void> = [];
let nextId = 1;

function spawn(): PooledWorker {
  const worker = new Worker(new URL('./fileWorker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: fileLimits.workerHeapMb, stackSizeMb: 8 },
    stdout: false,
    stderr: false,
  });
  live++;
  const pw: PooledWorker = { worker, busy: false };
  worker.on('message', (reply: FileWorkerReply) => {
    const p = pw.pending;
    pw.pending = undefined;
    p?.resolve(reply);
  });
  worker.on('error', (e: Error & { code?: string }) => {
    pw.failure =
      e.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new FileJobError(`The file needed more memory than the file worker may use (${fileLimits.workerHeapMb} MB) and its processing was stopped`, true)
        : new FileJobError(`The file worker failed: ${e.message}`, false);
  });
  worker.once('exit', () => {
    live--;
    const i = idle.indexOf(pw);
    if (i >= 0) idle.splice(i, 1);
    const p = pw.pending;
    pw.pending = undefined;
    p?.reject(pw.failure ?? new FileJobError('The file worker stopped unexpectedly', false));
    waiting.shift()?.();
  });
  return pw;
}

async function acquire(signal?: AbortSignal): Promise<PooledWorker> {
  for (;;) {
    if (signal?.aborted) throw new FileJobError('The execution was canceled', false);
    const w = idle.pop();
    if (w) {
      clearTimeout(w.idleTimer);
      w.busy = true;
      w.worker.ref();
      return w;
    }
    if (live < MAX_WORKERS) {
      const fresh = spawn();
      fresh.busy = true;
      return fresh;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function release(w: PooledWorker): void {
  w.busy = false;
  if (w.failure) return;
  w.worker.unref();
  w.idleTimer = setTimeout(() => void w.worker.terminate(), IDLE_MS);
  w.idleTimer.unref();
  idle.push(w);
  waiting.shift()?.();
}

/** Ends the idle file workers (shutdown; and a limit change takes effect with the next worker). */
export async function closeFileWorkers(): Promise<void> {
  const ending = idle.splice(0).map((w) => {
    clearTimeout(w.idleTimer);
    w.failure = new FileJobError('The file worker was closed', false);
    return w.worker.terminate();
  });
  await Promise.all(ending);
}

type JobBody = FileJob extends infer J ? (J extends FileJob ? Omit<J, 'id'> : never) : never;
type Call = (job: JobBody, transfer?: ArrayBuffer[]) => Promise<FileWorkerReply>;

/**
 * Runs `fn` with one worker to itself; `what` names the work in the time-limit error
 * ("Reading the spreadsheet"). The whole session has fileLimits.parseTimeoutMs.
 */
export async function withFileWorker<T>(what: string, signal: AbortSignal | undefined, fn: (call: Call) => Promise<T>): Promise<T> {
  const w = await acquire(signal);
  let stopped: Error | undefined;
  const stop = (e: Error) => {
    stopped = e;
    w.failure = e;
    const p = w.pending;
    w.pending = undefined;
    p?.reject(e);
    void w.worker.terminate();
  };
  const limit = fileLimits.parseTimeoutMs;
  const limitText = limit >= 1000 ? `${Math.round(limit / 1000)} s` : `${limit} ms`;
  const timer = setTimeout(() => stop(new FileJobError(`${what} took longer than ${limitText} and was stopped (SWITCHYARD_FILE_PARSE_TIMEOUT_S)`, true)), limit);
  const onAbort = () => stop(new FileJobError('The execution was canceled', false));
  signal?.addEventListener('abort', onAbort, { once: true });
  const call: Call = (job, transfer = []) =>
    new Promise<FileWorkerReply>((resolve, reject) => {
      if (stopped) return reject(stopped);
      if (w.failure) return reject(w.failure);
      w.pending = { resolve, reject };
      w.worker.postMessage({ ...job, id: nextId++ }, transfer);
    }).then((reply) => {
      if (reply.type === 'error') throw new FileJobError(reply.message, reply.badFile, reply.name);
      return reply;
    });
  try {
    return await fn(call);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    release(w);
  }
}

function checkInputSize(data: Uint8Array, what: string): void {
  if (data.byteLength > fileLimits.maxParseInputBytes) {
    throw new FileJobError(`${what} is ${formatMb(data.byteLength)}, more than the ${formatMb(fileLimits.maxParseInputBytes)} a file may have here (SWITCHYARD_FILE_PARSE_MAX_MB)`, true);
  }
}

/** Rows of a spreadsheet or CSV file (arrays when headerRow is false, as n8n gives them). */
export async function readSpreadsheetRows(data: Uint8Array, options: ReadSheetOptions, signal?: AbortSignal): Promise<unknown[]> {
  checkInputSize(data, 'The file');
  const what = options.format === 'csv' ? 'Reading the CSV file' : 'Reading the spreadsheet';
  return withFileWorker(what, signal, async (call) => {
    const copy = data.slice();
    let reply = await call({ op: 'readSheet', data: copy, options, maxDecompressedBytes: fileLimits.maxDecompressedBytes, maxZipEntries: fileLimits.maxZipEntries }, [copy.buffer as ArrayBuffer]);
    const rows: unknown[] = [];
    for (;;) {
      if (reply.type !== 'rows') throw new FileJobError('The file worker answered out of turn', false);
      for (const r of reply.rows) rows.push(r);
      if (reply.done) return rows;
      await yieldToLoop();
      reply = await call({ op: 'next' });
    }
  });
}

/** A spreadsheet file of the given rows (flat objects), written by SheetJS in the worker. */
export async function writeSpreadsheet(rows: Record<string, unknown>[], format: SheetFormat, options: WriteSheetOptions, signal?: AbortSignal): Promise<Uint8Array> {
  return withFileWorker('Writing the spreadsheet', signal, async (call) => {
    for (let at = 0; at < rows.length; at += WRITE_BATCH_ROWS) {
      await call({ op: 'writeSheetRows', rows: rows.slice(at, at + WRITE_BATCH_ROWS) });
      await yieldToLoop();
    }
    const reply = await call({ op: 'writeSheetEnd', format, options });
    if (reply.type !== 'file') throw new FileJobError('The file worker answered out of turn', false);
    return reply.data;
  });
}

/** n8n's PDF extraction result: numpages, numrender, info, metadata, text, version. */
export async function readPdf(data: Uint8Array, options: { password?: string; maxPages?: number; joinPages?: boolean }, signal?: AbortSignal): Promise<Record<string, unknown>> {
  checkInputSize(data, 'The PDF');
  return withFileWorker('Reading the PDF', signal, async (call) => {
    const copy = data.slice();
    const reply = await call({ op: 'pdf', data: copy, ...options }, [copy.buffer as ArrayBuffer]);
    if (reply.type !== 'result') throw new FileJobError('The file worker answered out of turn', false);
    return reply.value as Record<string, unknown>;
  });
}

/** An ICS calendar as ts-ics reads it (n8n's Extract From ICS), dates as ISO strings. */
export async function readIcs(text: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
  if (text.length > fileLimits.maxParseInputBytes) throw new FileJobError(`The ICS file is larger than ${formatMb(fileLimits.maxParseInputBytes)}`, true);
  return withFileWorker('Reading the ICS file', signal, async (call) => {
    const reply = await call({ op: 'ics', text });
    if (reply.type !== 'result') throw new FileJobError('The file worker answered out of turn', false);
    return reply.value as Record<string, unknown>;
  });
}
