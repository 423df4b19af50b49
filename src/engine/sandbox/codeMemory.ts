// The QuickJS memory of one Code / Function run: SWITCHYARD_CODE_MEMORY_MB (whole MB, 16–4096,
// default 128). The server's configuration refuses a bad value at start (config.ts); the
// engine reads the same variable, and falls back to the default where nothing checked it.
export const CODE_MEMORY_MB_DEFAULT = 128;
export const CODE_MEMORY_MB_MIN = 16;
export const CODE_MEMORY_MB_MAX = 4096;

/** The value of `raw` in MB, or a message saying why it is not one. */
export function parseCodeMemoryMb(raw: string | undefined): number | string {
  if (raw === undefined || raw.trim() === '') return CODE_MEMORY_MB_DEFAULT;
  const n = Number(raw.trim());
  if (!Number.isInteger(n) || n < CODE_MEMORY_MB_MIN || n > CODE_MEMORY_MB_MAX) {
    return `SWITCHYARD_CODE_MEMORY_MB must be a whole number of MB from ${CODE_MEMORY_MB_MIN} to ${CODE_MEMORY_MB_MAX} (got "${raw}")`;
  }
  return n;
}

export function codeMemoryMb(env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env): number {
  const v = parseCodeMemoryMb(env.SWITCHYARD_CODE_MEMORY_MB);
  return typeof v === 'number' ? v : CODE_MEMORY_MB_DEFAULT;
}
