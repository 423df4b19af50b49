// Binary data over the inline limit, on disk: DATA_DIR/binaryData/<executionId>/<uuid> with a
// <uuid>.json beside it (mimeType, fileName, size). Items keep the id
// 'filesystem-v2:executions/<executionId>/binary_data/<uuid>'. A folder goes with its execution;
// folders of executions that were never saved are swept once nothing can reach them any more.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BinaryDataStore } from '../../engine/types.ts';

const ID = /^filesystem-v2:executions\/(\d{1,15})\/binary_data\/([0-9a-f-]{36})$/;

export interface BinaryMetadata {
  mimeType: string;
  fileName?: string;
  fileSize: number;
}

export class BinaryNotFoundError extends Error {}

export class FilesystemBinaryStore implements BinaryDataStore {
  readonly inlineMaxBytes: number;
  readonly root: string;

  constructor(dataDir: string, inlineMaxBytes: number) {
    this.root = join(dataDir, 'binaryData');
    this.inlineMaxBytes = inlineMaxBytes;
  }

  async store(executionId: string, data: Uint8Array, meta: { mimeType: string; fileName?: string }): Promise<string> {
    if (!/^\d{1,15}$/.test(executionId)) throw new Error(`Binary data needs a numeric execution id (got "${executionId}")`);
    const dir = join(this.root, executionId);
    const uuid = randomUUID();
    await mkdir(dir, { recursive: true });
    const metadata: BinaryMetadata = { mimeType: meta.mimeType, fileName: meta.fileName, fileSize: data.byteLength };
    await writeFile(join(dir, uuid), data);
    await writeFile(join(dir, `${uuid}.json`), JSON.stringify(metadata));
    return `filesystem-v2:executions/${executionId}/binary_data/${uuid}`;
  }

  #path(id: string): { dir: string; file: string } {
    const m = ID.exec(id);
    if (!m) throw new BinaryNotFoundError(`"${id}" is not a binary data id`);
    const dir = join(this.root, m[1]);
    return { dir, file: join(dir, m[2]) };
  }

  async read(id: string): Promise<Uint8Array> {
    const { file } = this.#path(id);
    try {
      return await readFile(file);
    } catch {
      throw new BinaryNotFoundError(`Binary data ${id} could not be found`);
    }
  }

  async metadata(id: string): Promise<BinaryMetadata> {
    const { file } = this.#path(id);
    try {
      return JSON.parse(await readFile(`${file}.json`, 'utf8')) as BinaryMetadata;
    } catch {
      throw new BinaryNotFoundError(`Binary data ${id} could not be found`);
    }
  }

  async deleteExecutions(ids: Iterable<string>): Promise<void> {
    for (const id of ids) if (/^\d{1,15}$/.test(id)) await rm(join(this.root, id), { recursive: true, force: true });
  }

  /** Execution ids that have a folder and were last written before `olderThan` (ms epoch). */
  async folders(olderThan: number): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch {
      return [];
    }
    const out: string[] = [];
    for (const name of names) {
      if (!/^\d{1,15}$/.test(name)) continue;
      const s = await stat(join(this.root, name)).catch(() => undefined);
      if (s && s.mtimeMs < olderThan) out.push(name);
    }
    return out;
  }
}
