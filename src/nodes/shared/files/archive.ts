// Zip and gzip with fflate (pure JavaScript, what n8n's Compression node uses), streamed in
// small pieces so that (1) the bytes an archive inflates to are counted as they come out and a
// zip bomb is stopped at the limit with a clear error, never held in memory whole, and (2) the
// event loop is given back every few milliseconds instead of being held for a whole archive.
import { Gunzip, Gzip, Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough, type UnzipFile } from 'fflate';
import { yieldToLoop } from '../../../model/yieldToLoop.ts';
import { fileLimits, formatMb } from './limits.ts';

/** Compressed bytes pushed per step: deflate expands at most ~1032×, so one step yields ≤ ~16 MB. */
const IN_CHUNK = 16 * 1024;
/** Uncompressed bytes pushed per step when compressing (deflate runs ~30–80 MB/s here). */
const OUT_CHUNK = 256 * 1024;
const SLICE_MS = 8;

export class DecompressedSizeExceededError extends Error {
  constructor(limit: number, what: string) {
    super(`The archive expands to more than ${formatMb(limit)}${what ? ` (stopped at "${what}")` : ''}; it is refused as a possible zip bomb`);
    this.name = 'DecompressedSizeExceededError';
  }
}

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** Gives the loop back when the current slice has run SLICE_MS; a no-op inside a worker. */
export function slicer(enabled = true): () => Promise<void> {
  let start = performance.now();
  return async () => {
    if (!enabled) return;
    if (performance.now() - start < SLICE_MS) return;
    await yieldToLoop();
    start = performance.now();
  };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export interface UnzippedEntry {
  name: string;
  data: Uint8Array;
}

export interface BoundOptions {
  maxBytes?: number;
  maxEntries?: number;
  /** Give the event loop back between steps (default true; a worker passes false). */
  yieldToLoop?: boolean;
  /** Keep only the entries whose name passes (the others are still counted and checked). */
  keep?: (name: string) => boolean;
  signal?: AbortSignal;
}

function flateMessage(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m;
}

/**
 * Every entry of a zip archive, inflated with the total bounded. Directory entries (names
 * ending in "/") are left out. Fails on a damaged archive, on an entry compressed with a method
 * other than stored or deflate, and past maxBytes / maxEntries.
 */
export async function unzipBounded(data: Uint8Array, options: BoundOptions = {}): Promise<UnzippedEntry[]> {
  const maxBytes = options.maxBytes ?? fileLimits.maxDecompressedBytes;
  const maxEntries = options.maxEntries ?? fileLimits.maxZipEntries;
  const step = slicer(options.yieldToLoop ?? true);
  if (data.byteLength < 22 || data[0] !== 0x50 || data[1] !== 0x4b) throw new ArchiveError('The file is not a zip archive (it does not start with the zip signature "PK")');
  const entries: Array<{ name: string; chunks: Uint8Array[]; size: number; done: boolean; keep: boolean }> = [];
  let total = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    if (entries.length >= maxEntries) {
      failure = new ArchiveError(`The archive has more than ${maxEntries} entries; it is refused`);
      return;
    }
    if (file.compression !== 0 && file.compression !== 8) {
      failure = new ArchiveError(`The entry "${file.name}" uses compression method ${file.compression}; only stored and deflate entries can be read`);
      return;
    }
    const entry = { name: file.name, chunks: [] as Uint8Array[], size: 0, done: false, keep: !file.name.endsWith('/') && (options.keep?.(file.name) ?? true) };
    entries.push(entry);
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = new ArchiveError(`The entry "${file.name}" is damaged: ${flateMessage(err)}`);
        return;
      }
      total += chunk.byteLength;
      entry.size += chunk.byteLength;
      if (total > maxBytes) {
        failure = new DecompressedSizeExceededError(maxBytes, file.name);
        file.terminate();
        return;
      }
      if (entry.keep && chunk.byteLength) entry.chunks.push(chunk);
      if (final) entry.done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < data.byteLength && !failure; at += IN_CHUNK) {
      if (options.signal?.aborted) throw new ArchiveError('The execution was canceled');
      const end = Math.min(at + IN_CHUNK, data.byteLength);
      unzip.push(data.subarray(at, end), end === data.byteLength);
      await step();
    }
  } catch (e) {
    if (failure) throw failure;
    throw new ArchiveError(`The zip archive is damaged: ${flateMessage(e)}`);
  }
  if (failure) throw failure;
  if (!entries.length) throw new ArchiveError('The zip archive has no entries, or it is damaged');
  const unfinished = entries.find((e) => !e.done && e.size > 0);
  if (unfinished) throw new ArchiveError(`The zip archive is truncated: the entry "${unfinished.name}" ends early`);
  return entries.filter((e) => e.keep).map((e) => ({ name: e.name, data: concat(e.chunks, e.size) }));
}

/** A gzip stream inflated with its size bounded. */
export async function gunzipBounded(data: Uint8Array, options: BoundOptions = {}): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? fileLimits.maxDecompressedBytes;
  const step = slicer(options.yieldToLoop ?? true);
  if (data.byteLength < 18 || data[0] !== 0x1f || data[1] !== 0x8b) throw new ArchiveError('The file is not gzip data (it does not start with the gzip signature)');
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  let failure: Error | undefined;
  const gunzip = new Gunzip((chunk, final) => {
    if (failure) return;
    total += chunk.byteLength;
    if (total > maxBytes) {
      failure = new DecompressedSizeExceededError(maxBytes, '');
      return;
    }
    if (chunk.byteLength) chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < data.byteLength && !failure; at += IN_CHUNK) {
      if (options.signal?.aborted) throw new ArchiveError('The execution was canceled');
      const end = Math.min(at + IN_CHUNK, data.byteLength);
      gunzip.push(data.subarray(at, end), end === data.byteLength);
      await step();
    }
  } catch (e) {
    if (failure) throw failure;
    throw new ArchiveError(`The gzip data is damaged: ${flateMessage(e)}`);
  }
  if (failure) throw failure;
  if (!ended) throw new ArchiveError('The gzip data is truncated');
  return concat(chunks, total);
}

export interface ZipInput {
  name: string;
  data: Uint8Array;
  /** 0 stores the entry as it is (already compressed formats). */
  level: 0 | 6;
}

/** A zip archive of the given files, deflated in steps. */
export async function zipFiles(files: ZipInput[], options: { yieldToLoop?: boolean } = {}): Promise<Uint8Array> {
  const step = slicer(options.yieldToLoop ?? true);
  const chunks: Uint8Array[] = [];
  let total = 0;
  let failure: Error | undefined;
  let ended = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      return;
    }
    chunks.push(chunk);
    total += chunk.byteLength;
    if (final) ended = true;
  });
  for (const f of files) {
    const entry = f.level === 0 ? new ZipPassThrough(f.name) : new ZipDeflate(f.name, { level: f.level });
    zip.add(entry);
    if (!f.data.byteLength) entry.push(new Uint8Array(0), true);
    for (let at = 0; at < f.data.byteLength; at += OUT_CHUNK) {
      const end = Math.min(at + OUT_CHUNK, f.data.byteLength);
      entry.push(f.data.subarray(at, end), end === f.data.byteLength);
      await step();
    }
    if (failure) throw failure;
  }
  zip.end();
  if (failure) throw failure;
  if (!ended) throw new ArchiveError('The zip archive could not be finished');
  return concat(chunks, total);
}

/** Gzip of the data, deflated in steps. */
export async function gzipData(data: Uint8Array, options: { fileName?: string; yieldToLoop?: boolean } = {}): Promise<Uint8Array> {
  const step = slicer(options.yieldToLoop ?? true);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const gzip = new Gzip({ level: 6, ...(options.fileName ? { filename: options.fileName } : {}) }, (chunk) => {
    chunks.push(chunk);
    total += chunk.byteLength;
  });
  if (!data.byteLength) gzip.push(new Uint8Array(0), true);
  for (let at = 0; at < data.byteLength; at += OUT_CHUNK) {
    const end = Math.min(at + OUT_CHUNK, data.byteLength);
    gzip.push(data.subarray(at, end), end === data.byteLength);
    await step();
  }
  return concat(chunks, total);
}
