// Bounds for the file nodes (Extract From File, Convert to File, Spreadsheet File, Compression,
// Move Binary Data): files come from strangers, so sizes, decompressed sizes and parse times are
// capped, each with a clear error. Each bound can be changed by an environment variable.

function fromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const MB = 1024 * 1024;

export const fileLimits = {
  /** Bytes one decompression (all entries of one archive, or one gzip stream) may produce. */
  maxDecompressedBytes: fromEnv('SWITCHYARD_MAX_DECOMPRESSED_MB', 256) * MB,
  /** Entries of one zip archive. */
  maxZipEntries: fromEnv('SWITCHYARD_MAX_ZIP_ENTRIES', 10_000),
  /** Size of one spreadsheet / PDF / ICS file handed to the parser. */
  maxParseInputBytes: fromEnv('SWITCHYARD_FILE_PARSE_MAX_MB', 100) * MB,
  /** Wall-clock time one parse or write may take in the file worker before it is stopped. */
  parseTimeoutMs: fromEnv('SWITCHYARD_FILE_PARSE_TIMEOUT_S', 120) * 1000,
  /** Heap of the file worker, MB. */
  workerHeapMb: fromEnv('SWITCHYARD_FILE_WORKER_HEAP_MB', 1024),
};

export function formatMb(bytes: number): string {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
