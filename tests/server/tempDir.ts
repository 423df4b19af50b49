import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh temporary data folder. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'switchyard-test-'));
}
